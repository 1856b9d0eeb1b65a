package sim

import (
	"lockstep/sim/c11"
	"lockstep/sim/program"
)

// ModificationOrder describes the last most writes (at least one) of the
// modification order of the cell at addr under c11, oldest first, the
// latest last and marked Latest, as a read's candidates are described,
// and how many older writes it left out. It returns nil and 0 under sc,
// where a cell holds only its latest value.
func (m *Machine) ModificationOrder(addr program.Word, most int) ([]c11.Candidate, int) {
	if m.weak == nil || addr < program.FirstAddress || int(addr) >= len(m.prog.Cells) {
		return nil, 0
	}
	h := m.weak.History(addr)
	older := max(len(h)-max(most, 1), 0)
	out := make([]c11.Candidate, 0, len(h)-older)
	for i := older; i < len(h); i++ {
		w := &h[i]
		c := c11.Candidate{Source: w.Source(), Value: w.Val, Step: int(w.Step), Latest: i == len(h)-1}
		if w.Thread >= 0 {
			c.Thread = m.prog.Threads[w.Thread].Name
			if w.Label >= 0 {
				c.Label = m.prog.Label(int(w.Label))
			}
		}
		out = append(out, c)
	}
	return out, older
}

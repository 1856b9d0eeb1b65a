package hb

import (
	"fmt"

	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// An Access is the access a race check was made for: thread Thread, in
// coroutine Coroutine, at step Step and label Label, reading or writing
// (Verb: "reads", "writes") Cell.
type Access struct {
	Thread, Coroutine int
	Step, Label       int
	Cell              *program.Cell
	Verb              string
}

// Race is the data race between access a and the earlier access e, which
// was a read when read is set, as an outcome that says what nothing
// ordered and, when s explains races, which write lacked its release.
func (s *State) Race(p *program.Program, a Access, e Epoch, read bool) outcome.Outcome {
	earlier := "wrote"
	if read {
		earlier = "read"
	}
	other := p.Threads[e.thread].Name
	me := p.Threads[a.Thread].Name
	when := fmt.Sprintf("at step %d", e.step+1)
	if e.label >= 0 {
		when += " (" + p.Label(int(e.label)) + ")"
	} else {
		when += " (constructing it)"
	}
	msg := fmt.Sprintf("data race on %s: %s %s it at step %d (%s) and %s %s it %s, and nothing orders the two",
		a.Cell.Name, me, a.Verb, a.Step+1, p.Label(a.Label), other, earlier, when)
	d := outcome.Detail{Label: p.Label(a.Label), Access: a.Verb, Cell: a.Cell.Name,
		OtherThread: other, OtherAccess: earlier, OtherStep: int(e.step)}
	if e.label >= 0 {
		d.OtherLabel = p.Label(int(e.label))
	}
	d.Missing = s.missingRelease(p, a.Thread, int(e.thread), e.step)
	if mr := d.Missing; mr != nil {
		msg += fmt.Sprintf(": %s's %s on %s at step %d (%s) is %s, without release, so %s's acquire of %s does not make %s's earlier writes visible",
			mr.Writer, mr.Op, mr.Cell, mr.Step+1, mr.Label, mr.Order, mr.Reader, mr.Cell, mr.Writer)
	}
	return outcome.Outcome{Kind: outcome.DataRace, Message: msg, Step: a.Step, CauseStep: -1, Thread: me,
		Coroutine: p.Coroutines[a.Coroutine].Name, Detail: d}
}

// missingRelease explains a race: the reader t acquired last from some
// atomic cell; if the writer w wrote that cell after its access without
// release, that write is where the release is missing. It returns nil
// when there is no such write, or s does not explain races.
func (s *State) missingRelease(p *program.Program, t, w int, after int32) *outcome.MissingRelease {
	a := s.lastAcq[t]
	if a == 0 || s.writes == nil {
		return nil
	}
	c := &p.Cells[a]
	aw := s.writes[c.Slot*s.n+w]
	if aw.Step < after || program.Releases(aw.Order) {
		return nil
	}
	return &outcome.MissingRelease{Writer: p.Threads[w].Name, Reader: p.Threads[t].Name, Op: aw.Op, Cell: c.Name,
		Step: int(aw.Step), Label: p.Label(int(aw.Label)), Order: program.OrderName(aw.Order)}
}

package playground

import (
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/web/playground/protocol"
)

// candidateOf is the wire form of a write of the cell at addr, or of the
// end of its modification order (a store's place), which has no value.
func candidateOf(p *program.Program, addr program.Word, c c11.Candidate) protocol.Candidate {
	if c.Source == c11.Latest {
		return protocol.Candidate{Step: -1, Latest: true}
	}
	out := protocol.Candidate{From: c.Source.String(), Value: p.FormatCell(addr, c.Value),
		Thread: c.Thread, Label: c.Label, Step: c.Step, Latest: c.Latest}
	if c.Source == c11.Init {
		out.Step = -1
	}
	return out
}

// candidatesOf is the wire form of writes of the cell at addr.
func candidatesOf(p *program.Program, addr program.Word, cs []c11.Candidate) []protocol.Candidate {
	out := make([]protocol.Candidate, len(cs))
	for i, c := range cs {
		out[i] = candidateOf(p, addr, c)
	}
	return out
}

// readOf is the wire form of a read; nil for none.
func readOf(p *program.Program, rc *c11.ReadChoice) *protocol.Read {
	if rc == nil {
		return nil
	}
	return &protocol.Read{Cell: rc.Cell, Chosen: rc.Chosen, Stale: rc.Stale(), Candidates: candidatesOf(p, rc.Addr, rc.Candidates)}
}

// placeOf is the wire form of a store's places; nil for none.
func placeOf(p *program.Program, pc *c11.PlaceChoice) *protocol.Place {
	if pc == nil {
		return nil
	}
	return &protocol.Place{Cell: pc.Cell, Chosen: pc.Chosen, Places: candidatesOf(p, pc.Addr, pc.Places)}
}

// choices is the read a thread's next step makes, when it may return more
// than one write: what the user chooses from.
func choices(p *program.Program, rec record.Step) *protocol.Read {
	if rec.Read == nil || len(rec.Read.Candidates) < 2 {
		return nil
	}
	return readOf(p, rec.Read)
}

// places is the store a thread's next step makes, when it may take more
// than one place in its cell's modification order: what the user
// chooses from.
func places(p *program.Program, rec record.Step) *protocol.Place {
	if rec.Place == nil || len(rec.Place.Places) < 2 {
		return nil
	}
	return placeOf(p, rec.Place)
}

// orderShown is how many writes of a cell's modification order a state
// lists: the latest ones.
const orderShown = 8

// ordersOf are, under c11, the modification orders of m's atomic cells
// that hold more than one write besides their initial value (with one,
// the order says no more than the cell's value), in address order.
func ordersOf(p *program.Program, m *sim.Machine) []protocol.ModOrder {
	var out []protocol.ModOrder
	for a := program.FirstAddress; int(a) < len(p.Cells); a++ {
		if !p.Cells[a].Atomic {
			continue
		}
		ws, older := m.ModificationOrder(a, orderShown)
		if older+len(ws) < 3 {
			continue
		}
		out = append(out, protocol.ModOrder{Cell: p.CellName(a), Writes: candidatesOf(p, a, ws), Older: older})
	}
	return out
}

// namedSchedule returns the lesson's schedule called name, or nil.
func namedSchedule(l *scenarios.Scenario, name string) *scenarios.Schedule {
	for i := range l.Schedules {
		if l.Schedules[i].Name == name {
			return &l.Schedules[i]
		}
	}
	return nil
}

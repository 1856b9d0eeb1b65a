package playground

import (
	"lockstep/scenarios"
	"lockstep/sim/c11"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/web/playground/protocol"
)

// readOf is the wire form of a read; nil for none.
func readOf(p *program.Program, rc *c11.ReadChoice) *protocol.Read {
	if rc == nil {
		return nil
	}
	r := &protocol.Read{Cell: rc.Cell, Chosen: rc.Chosen, Stale: rc.Stale(), Candidates: make([]protocol.Candidate, len(rc.Candidates))}
	for i, c := range rc.Candidates {
		r.Candidates[i] = protocol.Candidate{From: c.Source.String(), Value: p.FormatCell(rc.Addr, c.Value),
			Thread: c.Thread, Label: c.Label, Step: c.Step, Latest: c.Latest}
		if c.Source == c11.Init {
			r.Candidates[i].Step = -1
		}
	}
	return r
}

// choices is the read a thread's next step makes, when it may return more
// than one write: what the user chooses from.
func choices(p *program.Program, rec record.Step) *protocol.Read {
	if rec.Read == nil || len(rec.Read.Candidates) < 2 {
		return nil
	}
	return readOf(p, rec.Read)
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

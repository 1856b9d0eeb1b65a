package playground

import (
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/program"
)

// readInfo is a step's read under c11: the writes it could return, oldest
// first, the one it returned, and whether that one was stale (not the
// latest).
type readInfo struct {
	Cell       string          `json:"cell"`
	Candidates []candidateInfo `json:"candidates"`
	Chosen     int             `json:"chosen"`
	Stale      bool            `json:"stale"`
}

// candidateInfo is one write a read could return. From is how the step
// command and a schedule name it ("init", or the writer's step).
type candidateInfo struct {
	From   string `json:"from"`
	Value  string `json:"value"`
	Thread string `json:"thread,omitempty"`
	Label  string `json:"label,omitempty"`
	Step   int    `json:"step"`
	Latest bool   `json:"latest"`
}

// readOf is the wire form of a read; nil for none.
func readOf(p *program.Program, rc *c11.ReadChoice) *readInfo {
	if rc == nil {
		return nil
	}
	r := &readInfo{Cell: rc.Cell, Chosen: rc.Chosen, Stale: rc.Stale(), Candidates: make([]candidateInfo, len(rc.Candidates))}
	for i, c := range rc.Candidates {
		r.Candidates[i] = candidateInfo{From: c.Source.String(), Value: p.FormatCell(rc.Addr, c.Value),
			Thread: c.Thread, Label: c.Label, Step: c.Step, Latest: c.Latest}
		if c.Source == c11.Init {
			r.Candidates[i].Step = -1
		}
	}
	return r
}

// choices is the read a thread's next step makes, when it may return more
// than one write: what the user chooses from.
func choices(p *program.Program, rec sim.Record) *readInfo {
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

package trace

import (
	"errors"
	"strings"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
	"lockstep/sim/snapshot"
)

// A Trace is one execution of a program, step by step, with the state the
// primitive was left in after each step.
type Trace struct {
	Program  *program.Program
	Start    snapshot.Snapshot
	Steps    []Step
	Outcome  outcome.Outcome
	Schedule schedule.Schedule // the schedule performed, labels included
}

// Step is one step of a trace.
type Step struct {
	Record record.Step
	After  snapshot.Snapshot
	// Changed names the cells whose value or liveness the step changed.
	Changed []string
}

// Execute runs p along sched, then lets the remaining threads run without
// preemption (sim.Replay's continuation), recording every step with its
// source location. A schedule that cannot be followed is an error wrapping
// schedule.ErrInvalid. The run is bounded by the machine's step limit.
func Execute(p *program.Program, sched schedule.Schedule) (*Trace, error) {
	return ExecuteMemory(p, sched, sim.SC)
}

// ExecuteMemory is Execute under memory model mm: under sim.C11 the
// schedule's sources choose the writes its reads return.
func ExecuteMemory(p *program.Program, sched schedule.Schedule, mm sim.MemoryModel) (*Trace, error) {
	m := sim.New(p, sim.Options{Record: true, Locations: true, Memory: mm})
	t := &Trace{Program: p, Start: snapshot.Of(m)}
	r := &sim.Replay{Schedule: sched}
	before := t.Start
	var buf []int
	for !m.Finished() {
		th, err := r.Choose(m, m.Enabled(buf[:0]))
		if err != nil {
			return nil, err
		}
		rec, err := m.Step(th)
		if err != nil {
			return nil, err
		}
		after := snapshot.Of(m)
		t.Steps = append(t.Steps, Step{Record: rec, After: after, Changed: changedCells(before, after)})
		before = after
	}
	t.Outcome = m.Outcome()
	t.Schedule = m.Schedule()
	if t.Outcome.Kind == "" {
		return nil, errors.New("the run ended without an outcome")
	}
	return t, nil
}

// changedCells lists the cells whose value or liveness differs.
func changedCells(before, after snapshot.Snapshot) []string {
	var out []string
	for i, c := range after.Cells {
		if b := before.Cells[i]; b.Raw != c.Raw || b.Live != c.Live {
			out = append(out, c.Name)
		}
	}
	return out
}

// State shows the primitive's fields, the shared data and the
// non-empty waiter lists of a snapshot: "m_count=0 m_state=&W1.awaiter
// list(m_state)=[W1]".
func State(p *program.Program, s snapshot.Snapshot) string {
	var parts []string
	for _, c := range s.Cells {
		ob := &p.Objects[p.Cells[c.Addr].Object]
		if ob.Kind != program.PrimitiveObject && ob.Kind != program.DataObject {
			continue
		}
		parts = append(parts, strings.TrimPrefix(c.Name, ob.Name+".")+"="+c.Value)
	}
	for _, l := range s.Lists {
		if len(l.Nodes) == 0 {
			continue
		}
		nodes := make([]string, len(l.Nodes))
		for i, n := range l.Nodes {
			nodes[i] = n.Coroutine
			if !n.Live {
				nodes[i] += "(dead)"
			}
		}
		list := "list(" + l.Name + ")=[" + strings.Join(nodes, " ")
		if l.Cycle {
			list += " ...cycle"
		}
		parts = append(parts, list+"]")
	}
	return strings.Join(parts, " ")
}

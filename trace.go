package main

import (
	"errors"
	"strings"

	"lockstep/sim"
)

// A trace is one execution of a program, step by step, with the state the
// primitive was left in after each step.
type trace struct {
	prog     *sim.Program
	start    sim.Snapshot
	steps    []traceStep
	outcome  sim.Outcome
	schedule sim.Schedule
}

// traceStep is one step of a trace.
type traceStep struct {
	rec   sim.Record
	after sim.Snapshot
	// changed names the cells whose value or liveness the step changed.
	changed []string
}

// execute runs p along sched, then lets the remaining threads run without
// preemption (sim.Continue), recording every step. A schedule that cannot
// be followed is an error wrapping sim.ErrSchedule.
func execute(p *sim.Program, sched sim.Schedule) (*trace, error) {
	m := sim.New(p, sim.Options{Record: true, Locations: true})
	t := &trace{prog: p, start: m.Snapshot()}
	r := &sim.Replay{Schedule: sched}
	before := t.start
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
		after := m.Snapshot()
		t.steps = append(t.steps, traceStep{rec: rec, after: after, changed: changedCells(before, after)})
		before = after
	}
	t.outcome = m.Outcome()
	t.schedule = m.Schedule()
	if t.outcome.Kind == "" {
		return nil, errors.New("the run ended without an outcome")
	}
	return t, nil
}

// changedCells lists the cells whose value or liveness differs.
func changedCells(before, after sim.Snapshot) []string {
	var out []string
	for i, c := range after.Cells {
		if b := before.Cells[i]; b.Raw != c.Raw || b.Live != c.Live {
			out = append(out, c.Name)
		}
	}
	return out
}

// stateText shows the primitive's fields, the shared data and the
// non-empty waiter lists of a snapshot: "m_count=0 m_state=&W1.awaiter
// list(m_state)=[W1]".
func stateText(p *sim.Program, s sim.Snapshot) string {
	var parts []string
	for _, c := range s.Cells {
		ob := &p.Objects[p.Cells[c.Addr].Object]
		if ob.Kind != sim.PrimitiveObject && ob.Kind != sim.DataObject {
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

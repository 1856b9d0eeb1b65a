package explore

import (
	"fmt"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// A Counterexample is one execution with a given outcome: sim.ReplaySchedule
// of Schedule reaches Outcome.
type Counterexample struct {
	Kind        outcome.Kind
	Schedule    schedule.Schedule // every step, with its label
	Steps       int
	Preemptions int
	Outcome     outcome.Outcome // the outcome of the replay, with its message
}

// Found reports whether the result has a counterexample of kind k.
func (r *Result) Found(k outcome.Kind) bool {
	for _, c := range r.Counterexamples {
		if c.Kind == k {
			return true
		}
	}
	return false
}

// check replays every counterexample and fills in its outcome, steps and
// preemptions.
func (r *Result) check(p *program.Program) error {
	for i := range r.Counterexamples {
		c := &r.Counterexamples[i]
		m, out, err := sim.ReplaySchedule(p, c.Schedule, sim.Options{})
		if err != nil {
			return fmt.Errorf("explore: the %s counterexample does not replay: %w", c.Kind, err)
		}
		if out.Kind != c.Kind || m.Steps() != len(c.Schedule) {
			return fmt.Errorf("explore: the %s counterexample replays to %s after %d steps, not %d",
				c.Kind, out.Kind, m.Steps(), len(c.Schedule))
		}
		n, err := Preemptions(p, c.Schedule)
		if err != nil {
			return fmt.Errorf("explore: the %s counterexample: %w", c.Kind, err)
		}
		c.Steps, c.Preemptions, c.Outcome = len(c.Schedule), n, out
	}
	return nil
}

// Preemptions counts the steps of s where the thread changes although the
// previous one could still have moved, on p.
func Preemptions(p *program.Program, s schedule.Schedule) (int, error) {
	m := sim.New(p, sim.Options{})
	n, last := 0, -1
	for i, c := range s {
		t := p.Thread(c.Thread)
		if t < 0 {
			return 0, fmt.Errorf("step %d: no thread %q", i+1, c.Thread)
		}
		if last >= 0 && t != last && m.CanMove(last) {
			n++
		}
		if _, err := m.Step(t); err != nil {
			return 0, fmt.Errorf("step %d: %w", i+1, err)
		}
		last = t
	}
	return n, nil
}

// schedulePath turns a path of threads into a schedule with labels, by
// replaying it.
func schedulePath(p *program.Program, path []int16) schedule.Schedule {
	m := sim.New(p, sim.Options{})
	s := make(schedule.Schedule, 0, len(path))
	for _, t := range path {
		s = append(s, schedule.Choice{Thread: p.Threads[t].Name, Label: m.NextLabel(int(t))})
		m.QuietStep(int(t))
	}
	return s
}

// inKindOrder sorts counterexamples by their kind's place in outcome.Kinds.
func inKindOrder(cs []Counterexample) []Counterexample {
	return outcome.InKindOrder(cs, func(c Counterexample) outcome.Kind { return c.Kind })
}

package explore_test

import (
	"context"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
)

// TestOnFoundAnnouncesEachKindOnce: every sc strategy but random tells
// OnFound of each kind it finds, once, with an execution that replays to
// that kind, and of no kind it does not find.
func TestOnFoundAnnouncesEachKindOnce(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2})
	for _, o := range []explore.Options{
		{Strategy: explore.FindThenProve, MaxPreemptions: 2},
		{Strategy: explore.Exhaustive},
		{Strategy: explore.Exhaustive, Workers: 2},
		{Strategy: explore.PreemptionBounded, MaxPreemptions: 1},
	} {
		seen := map[outcome.Kind]int{}
		o.OnFound = func(c explore.Counterexample) {
			seen[c.Kind]++
			_, out, err := sim.ReplaySchedule(p, c.Schedule, sim.Options{})
			if err != nil || out.Kind != c.Kind || c.Outcome.Kind != c.Kind || c.Steps != len(c.Schedule) {
				t.Errorf("%s: announced %s (%d steps) replays to %s (%v)", o.Strategy, c.Kind, c.Steps, out.Kind, err)
			}
		}
		r, err := explore.Explore(context.Background(), p, o)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Counterexamples {
			if seen[c.Kind] != 1 {
				t.Errorf("%s (workers %d): %s announced %d times, want once", o.Strategy, o.Workers, c.Kind, seen[c.Kind])
			}
		}
		if len(seen) != len(r.Counterexamples) || len(seen) == 0 {
			t.Errorf("%s (workers %d): announced %v, found %d kinds", o.Strategy, o.Workers, seen, len(r.Counterexamples))
		}
	}
}

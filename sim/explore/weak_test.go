package explore_test

import (
	"testing"
	"time"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
)

// TestWeakEventMissingRelease is B4 under c11: tinyCoro's event lets the
// setter read the waiter's handle stale (bad-resume) and, with two
// waiters, its m_next stale (a lost wakeup caused by the stale read);
// the fixed event (E7 releases) has neither, in every strategy. Random
// runs find the stale handle; the stale m_next needs more luck.
func TestWeakEventMissingRelease(t *testing.T) {
	for _, strategy := range explore.Strategies {
		t.Run(string(strategy), func(t *testing.T) {
			o := explore.Options{Memory: sim.C11, Strategy: strategy, MaxPreemptions: 1, Runs: 2000, Seed: 1}
			p := build(t, "event-missing-release", "tinycoro", map[string]int{"waiters": 2})
			start := time.Now()
			r := search(t, p, o)
			t.Logf("tinycoro: %v in %v: %d states, %d executions, outcomes %v", kinds(r), time.Since(start), r.States, r.Executions, r.Outcomes)
			for _, k := range []outcome.Kind{outcome.BadResume, outcome.LostWakeup} {
				if !r.Found(k) && (k == outcome.BadResume || strategy != explore.Randomized) {
					t.Errorf("tinycoro under c11: no %s (found %v)", k, kinds(r))
				}
			}
			for _, c := range r.Counterexamples {
				t.Logf("%s in %d steps, %d preemptions: %s", c.Kind, c.Steps, c.Preemptions, c.Schedule)
				if c.Kind == outcome.LostWakeup && c.Outcome.Detail.Stale == nil {
					t.Errorf("the lost wakeup names no stale read: %s", c.Outcome.Message)
				}
			}
			f := search(t, build(t, "event-missing-release", "fixed", map[string]int{"waiters": 2}), o)
			if len(f.Counterexamples) > 0 || strategy == explore.Exhaustive && !f.Complete {
				t.Errorf("fixed under c11: complete=%v, found %v", f.Complete, kinds(f))
			}
		})
	}
}

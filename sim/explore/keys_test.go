package explore_test

import (
	"context"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim/explore"
)

// TestIncrementalKeys searches every lesson and variant, at its own size
// and at 3 of everything, with and without symmetry and the reduction, and
// checks every state key the search computes step by step against the key
// computed from scratch (a difference panics). The lessons between them
// park, wake, submit inline and drop, use semaphores and lock queues, race,
// and free awaiters and frames: whatever a step can change.
func TestIncrementalKeys(t *testing.T) {
	t.Parallel()
	// Under the race detector, every third lesson: each is searched on
	// one thread, where the detector finds nothing.
	all := lessons(t).All()
	if raceShrink() {
		all = sample(all, 3)
	}
	for _, s := range all {
		for i, v := range s.Variants {
			sizes := []map[string]int{nil, verifySize(s)}
			if i > 0 && !longChecks() {
				sizes = sizes[:1] // the larger size on the first variant alone
			}
			for _, params := range sizes {
				p := build(t, s.ID, v, params)
				opts := []explore.Options{{MaxStates: 3000}}
				if params == nil {
					opts = append(opts, explore.Options{MaxStates: 3000, NoReduction: true},
						explore.Options{MaxStates: 3000, NoSymmetry: true},
						explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: 1, MaxStates: 3000})
				}
				for _, o := range opts {
					if _, err := explore.CheckingKeys(context.Background(), p, o); err != nil {
						t.Errorf("%s/%s %v %+v: %v", s.ID, v, params, o, err)
					}
				}
			}
		}
	}
}

// TestIncrementalKeysLockQueue checks every key of whole searches of the
// mutex benchmark (testdata/mutex-two-rounds.jsonc), whose lockers park
// in a lock queue that each hand-over reorders, against the key from
// scratch, and that checking changes no count.
func TestIncrementalKeysLockQueue(t *testing.T) {
	t.Parallel()
	s, err := scenarios.ReadFile("testdata/mutex-two-rounds.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range s.Variants {
		p, err := s.Build(v, map[string]int{"lockers": 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []explore.Options{{Workers: 1}, {Workers: 1, NoSymmetry: true}} {
			r, err := explore.CheckingKeys(context.Background(), p, o)
			if err != nil {
				t.Fatalf("%s %+v: %v", v, o, err)
			}
			want := search(t, p, o)
			if !r.Complete || r.States != want.States || r.Executions.Cmp(want.Executions) != 0 {
				t.Errorf("%s %+v: checked %d states %v executions, want %d %v", v, o, r.States, r.Executions, want.States, want.Executions)
			}
		}
	}
}

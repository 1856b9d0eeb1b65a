package explore_test

import (
	"fmt"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
)

// TestWorkersSameResult runs searches with one worker and with several:
// the results are the same, and Progress (which counts its calls in a
// variable of its own, checked by the race detector) is never called from
// two goroutines at once.
func TestWorkersSameResult(t *testing.T) {
	buggy := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2})
	fixed := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 2, "workers": 3})
	for i, tt := range []struct {
		p *sim.Program
		o explore.Options
	}{
		{buggy, explore.Options{}},
		{buggy, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2}},
		{buggy, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2, Want: sim.LostWakeup}},
		{fixed, explore.Options{}},
		{fixed, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 1}},
	} {
		t.Run(fmt.Sprintf("%d/%s/%s", i, tt.o.Strategy, tt.o.Want), func(t *testing.T) {
			var want explore.Result
			for _, workers := range []int{1, 2, 4} {
				o := tt.o
				o.Workers = workers
				calls := 0
				o.ProgressEvery = 8
				o.Progress = func(explore.Progress) { calls++ }
				r := search(t, tt.p, o)
				if workers == 1 {
					want = r
					continue
				}
				if fmt.Sprintf("%+v", r) != fmt.Sprintf("%+v", want) {
					t.Errorf("%d workers: %+v\nwant, as with one: %+v", workers, r, want)
				}
			}
		})
	}
}

package explore_test

import (
	"context"
	"fmt"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
)

// TestExploreMemoryBudget stops searches, sc and c11, on one worker and
// on several, at their memory budget: the cache stays within it, and the
// search says why it stopped. The same search without a budget completes
// past it, so the budget is what stopped it.
func TestExploreMemoryBudget(t *testing.T) {
	const budget = 1 << 19
	cases := []struct {
		memory  sim.MemoryModel
		params  map[string]int
		workers int
	}{
		{sim.SC, map[string]int{"waiters": 6, "workers": 7}, 1},
		{sim.SC, map[string]int{"waiters": 6, "workers": 7}, 4},
		{sim.C11, map[string]int{"waiters": 3, "workers": 2}, 1},
		{sim.C11, map[string]int{"waiters": 3, "workers": 2}, 4},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/workers=%d", c.memory, c.workers), func(t *testing.T) {
			p := build(t, "wg-lost-wakeup", "fixed", c.params)
			o := explore.Options{Memory: c.memory, Workers: c.workers}
			full, err := explore.Explore(context.Background(), p, o)
			if err != nil {
				t.Fatal(err)
			}
			if !full.Complete || full.MemoryBytes <= budget {
				t.Fatalf("without a budget: complete=%v (%s) in %d bytes; the case needs a complete search past %d", full.Complete, full.Stopped, full.MemoryBytes, budget)
			}
			o.MaxMemory = budget
			r, err := explore.Explore(context.Background(), p, o)
			if err != nil {
				t.Fatal(err)
			}
			if r.Complete || r.Stopped != explore.StopMemory || r.MemoryBytes > budget {
				t.Errorf("budget %d: complete=%v stopped=%q in %d bytes, %d states", budget, r.Complete, r.Stopped, r.MemoryBytes, r.States)
			}
		})
	}
}

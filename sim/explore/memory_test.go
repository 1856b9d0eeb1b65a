package explore_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
)

// TestExploreMemoryBudget stops searches, sc and c11, on one worker and
// on several, at their memory budget: the cache stays within it, and the
// search says why it stopped. The same search without a budget completes
// past it, so the budget is what stopped it.
func TestExploreMemoryBudget(t *testing.T) {
	budget, sc, c11 := int64(1<<19), map[string]int{"waiters": 6, "workers": 7}, map[string]int{"waiters": 3, "workers": 2}
	if raceShrink() {
		// Under the race detector, three quarters of the budget (four
		// workers start at 256 KB) and an sc search of 530 KB, not
		// 1.1 MB: half the states, on one worker and on four all the
		// same.
		budget, sc = 3<<17, map[string]int{"waiters": 5, "workers": 7}
	}
	cases := []struct {
		memory  sim.MemoryModel
		params  map[string]int
		workers int
	}{
		{sim.SC, sc, 1},
		{sim.SC, sc, 4},
		{sim.C11, c11, 1},
		{sim.C11, c11, 4},
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

// TestLevelBytes: the memory a search counts for a depth of its path is
// within a factor of what a machine of the program allocates, on a
// program of few threads and one of many, so that the budget bounds what
// the path really holds.
func TestLevelBytes(t *testing.T) {
	for _, params := range []map[string]int{{"waiters": 2, "workers": 2}, {"waiters": 32, "workers": 32}} {
		p := build(t, "wg-lost-wakeup", "fixed", params)
		const n = 100
		ms := make([]*sim.Machine, n)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for i := range ms {
			ms[i] = sim.New(p, sim.Options{})
		}
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(ms)
		got, est := int64(after.TotalAlloc-before.TotalAlloc)/n, explore.LevelBytes(p)
		t.Logf("%v: a machine allocates %d bytes; a depth is counted as %d", params, got, est)
		if est < got*7/10 || est > got*2 {
			t.Errorf("%v: a machine allocates %d bytes, a depth is counted as %d; want within 0.7 to 2 times", params, got, est)
		}
	}
}

// TestStoppedSearchKeepsItsBugs: a default search that its memory budget
// stops before its bounded phase has searched the bound of the bugs its
// first runs found still reports them: "no bug found" after a bug was
// announced would be false. The search at 16/17 finds the lost wakeup
// in its first runs (one preemption) and stops within the bound 0.
func TestStoppedSearchKeepsItsBugs(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 16, "workers": 17})
	r, err := explore.Explore(context.Background(), p, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2, Workers: 1, MaxMemory: 4 << 20})
	if err != nil {
		t.Fatal(err)
	}
	if r.Complete || r.Stopped != explore.StopMemory {
		t.Fatalf("complete=%v stopped=%q; want the budget to stop the search", r.Complete, r.Stopped)
	}
	if len(r.Phases) == 0 || r.Phases[0].Bound != 0 || r.Phases[0].Stopped == "" {
		t.Fatalf("phases %+v; want the bounded phase stopped at bound 0", r.Phases)
	}
	if !r.Found("lost-wakeup") {
		t.Errorf("found %v; want the lost wakeup the search ran into", r.Counterexamples)
	}
}

// TestStoppedPhasesKeepTheFewestPreemptions: when both phases of a
// default search stop short, neither's counterexamples are the smallest;
// the result keeps the bounded phase's, which need the fewest preemptions
// it saw (one, for the lost wakeup at 6/7), not the exhaustive phase's
// first (eleven).
func TestStoppedPhasesKeepTheFewestPreemptions(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 6, "workers": 7})
	r, err := explore.Explore(context.Background(), p, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2, Workers: 1, MaxStates: 20000})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Phases) != 2 || r.Phases[0].Stopped != "max-states" || r.Phases[1].Complete {
		t.Fatalf("phases %+v; want both stopped short", r.Phases)
	}
	for _, c := range r.Counterexamples {
		if c.Preemptions > 1 {
			t.Errorf("%s in %d steps, %d preemptions; want the bounded phase's, of one", c.Kind, c.Steps, c.Preemptions)
		}
	}
	if len(r.Counterexamples) == 0 {
		t.Error("no counterexample")
	}
}

package explore_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// findings is what a search found, as Options.Workers must not change it:
// completeness, counts, outcome kinds and counterexamples, of the result
// and of each phase. The states cached and their memory may differ: which
// of two symmetric states a worker meets first decides which keys the
// cache holds.
func findings(r explore.Result) string {
	s := fmt.Sprintf("%s complete=%v stopped=%q reduced=%v bound=%d executions=%v outcomes=%v observations=%v\n",
		r.Strategy, r.Complete, r.Stopped, r.Reduced, r.Bound, r.Executions, r.Outcomes, r.Observations)
	for _, c := range r.Counterexamples {
		s += fmt.Sprintf("  %s in %d steps, %d preemptions: %s\n", c.Kind, c.Steps, c.Preemptions, c.Schedule)
	}
	for _, ph := range r.Phases {
		s += "phase " + findings(ph)
	}
	return s
}

// sameWithWorkers searches p with o on 1, 2, 4 and 8 workers and reports
// where the findings differ from those of the search alone.
func sameWithWorkers(t *testing.T, name string, p *program.Program, o explore.Options) {
	t.Helper()
	o.Workers = 1
	want := findings(search(t, p, o))
	for _, workers := range []int{2, 4, 8} {
		o.Workers = workers
		calls := 0
		o.ProgressEvery = 8
		o.Progress = func(explore.Progress) { calls++ }
		if got := findings(search(t, p, o)); got != want {
			t.Errorf("%s on %d workers:\n%s\nwant, as on one:\n%s", name, workers, got, want)
		}
	}
}

// TestWorkersSameResult runs searches with one worker and with several:
// the findings are the same, and Progress (which counts its calls in a
// variable of its own, checked by the race detector) is never called from
// two goroutines at once.
func TestWorkersSameResult(t *testing.T) {
	buggy := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2})
	fixed := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 2, "workers": 3})
	for i, tt := range []struct {
		p *program.Program
		o explore.Options
	}{
		{buggy, explore.Options{}},
		{buggy, explore.Options{NoReduction: true, NoSymmetry: true}},
		{buggy, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2}},
		{buggy, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2, Want: outcome.LostWakeup}},
		{buggy, explore.Options{From: schedule.Schedule{{Thread: "W1"}, {Thread: "D1"}}}},
		{fixed, explore.Options{}},
		{fixed, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 1}},
	} {
		t.Run(fmt.Sprintf("%d/%s/%s", i, tt.o.Strategy, tt.o.Want), func(t *testing.T) {
			sameWithWorkers(t, "", tt.p, tt.o)
		})
	}
}

// TestWorkersCatalog searches every lesson and variant of the catalog at
// its own size, exhaustively, on one worker and on several.
func TestWorkersCatalog(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every lesson four times")
	}
	for i, s := range lessons(t).All() {
		// Under raceShrink, every other lesson: the workers' goroutines
		// are what the race detector is for, and half the catalog
		// still runs every kind of primitive on them.
		if raceShrink() && i%2 == 1 {
			continue
		}
		for _, v := range sample(s.Variants, 2) {
			t.Run(s.ID+"/"+v, func(t *testing.T) {
				p := build(t, s.ID, v, nil)
				o := explore.Options{MaxStates: 200_000}
				sameWithWorkers(t, s.ID+"/"+v, p, o)
			})
		}
	}
}

// TestWorkersRandomPrograms searches random programs, with and without
// the reduction and symmetry, on one worker and on several: among them,
// compare-and-swap loops (randomCASProgram), whose failing swaps the
// reduction takes alone.
func TestWorkersRandomPrograms(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 29))
	for i := range 40 {
		p, desc := randomProgram(t, rng, i%3 == 0)
		switch i % 4 {
		case 3:
			p, desc = randomGroupProgram(t, rng, 3, 3)
		case 1:
			p, desc = randomCASProgram(t, rng)
		}
		for _, o := range []explore.Options{{}, {NoReduction: true}, {NoSymmetry: true}} {
			sameWithWorkers(t, fmt.Sprintf("program %d (%s), %+v", i, desc, o), p, o)
		}
	}
}

// TestWorkersStop stops parallel searches by their state bound and by
// cancellation: each ends incomplete, for that reason, with every worker
// returned when Explore returns. (The test runs alone, as it does not call
// t.Parallel: no other search runs while it looks at the stacks.)
func TestWorkersStop(t *testing.T) {
	// A search large enough (about 45,000 states) that the workers cannot
	// finish it before they see the cancellation, which each checks every
	// 64 states.
	p := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 7, "workers": 8})
	defer func() {
		// A worker still searching has the search's frames on its stack.
		// (Counting goroutines would not do: a worker's goroutine ends
		// just after the WaitGroup has counted it done.)
		buf := make([]byte, 1<<20)
		stacks := string(buf[:runtime.Stack(buf, true)])
		if strings.Contains(stacks, "lockstep/sim/explore.(*dfs)") {
			t.Errorf("a worker outlived Explore:\n%s", stacks)
		}
	}()
	r := search(t, p, explore.Options{Workers: 4, MaxStates: 500})
	if r.Complete || r.Stopped != "max-states" || r.States > 500 {
		t.Errorf("MaxStates 500: complete=%v stopped=%q states=%d", r.Complete, r.Stopped, r.States)
	}
	ctx, cancel := context.WithCancel(context.Background())
	o := explore.Options{Workers: 4, ProgressEvery: 64}
	o.Progress = func(explore.Progress) { cancel() }
	r, err := explore.Explore(ctx, p, o)
	if err != nil {
		t.Fatal(err)
	}
	if r.Complete || r.Stopped != "canceled" {
		t.Errorf("canceled: complete=%v stopped=%q", r.Complete, r.Stopped)
	}
}

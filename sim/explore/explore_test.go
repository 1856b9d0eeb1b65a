package explore_test

import (
	"context"
	"maps"
	"math/big"
	"reflect"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// bruteForce runs every execution of p one by one, without caching, and
// counts them by outcome kind.
func bruteForce(t *testing.T, p *program.Program) map[outcome.Kind]int64 {
	t.Helper()
	counts := map[outcome.Kind]int64{}
	var walk func(m *sim.Machine)
	walk = func(m *sim.Machine) {
		if m.Finished() {
			counts[m.Outcome().Kind]++
			return
		}
		for _, th := range m.Enabled(nil) {
			c := m.Clone()
			if _, err := c.Step(th); err != nil {
				t.Fatal(err)
			}
			walk(c)
		}
	}
	walk(sim.New(p, sim.Options{}))
	return counts
}

// TestExhaustiveCountsEveryExecution compares the counts the exhaustive
// search computes through its cache, with symmetry and without, with
// running every execution, on programs small enough to run them all.
func TestExhaustiveCountsEveryExecution(t *testing.T) {
	cases := []struct {
		id, variant string
		params      map[string]int
	}{
		{"wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 1, "workers": 1}},
		{"wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 1, "workers": 2}},
		{"wg-lost-wakeup", "fixed", map[string]int{"waiters": 1, "workers": 2}},
		{"wg-lost-wakeup", "go", map[string]int{"waiters": 2, "workers": 1}},
		{"wg-premature-release", "tinycoro", nil},
		{"go-wg-add-during-wait", "go", nil},
		{"event-basic", "tinycoro", map[string]int{"waiters": 1}},
		{"latch-basic", "tinycoro", map[string]int{"waiters": 1, "workers": 2}},
		{"mutex-lifo-guess", "lifo", map[string]int{"lockers": 2}},
		// The engine runs coroutines inline on the waker's thread.
		{"engine-queue-full", "tinycoro", nil},
		{"event-dropped-task", "engine-fixed", nil},
	}
	for _, c := range cases {
		t.Run(c.id+"/"+c.variant, func(t *testing.T) {
			p := build(t, c.id, c.variant, c.params)
			want := bruteForce(t, p)
			var total int64
			for _, n := range want {
				total += n
			}
			for _, sym := range []bool{true, false} {
				r := search(t, p, explore.Options{NoSymmetry: !sym, NoReduction: true})
				if !r.Complete || small(r.Executions) != total || !maps.Equal(smallCounts(r.Outcomes), want) {
					t.Errorf("symmetry %v: complete=%v, %d executions %v; want %d executions %v",
						sym, r.Complete, r.Executions, r.Outcomes, total, want)
				}
				for _, ce := range r.Counterexamples {
					if want[ce.Kind] == 0 {
						t.Errorf("counterexample of kind %s, which no execution has", ce.Kind)
					}
				}
			}
			// With the reduction, fewer executions, but the same kinds.
			r := search(t, p, explore.Options{})
			if !r.Complete || !sameKeys(r.Outcomes, want) || r.Executions.Cmp(big.NewInt(total)) > 0 {
				t.Errorf("reduced: complete=%v, %d executions %v; want the kinds of %v in at most %d",
					r.Complete, r.Executions, r.Outcomes, want, total)
			}
		})
	}
}

// small is n, or -1 when it does not fit an int64.
func small(n *big.Int) int64 {
	if n == nil || !n.IsInt64() {
		return -1
	}
	return n.Int64()
}

// smallCounts is m with each count as small has it.
func smallCounts(m map[outcome.Kind]*big.Int) map[outcome.Kind]int64 {
	out := map[outcome.Kind]int64{}
	for k, n := range m {
		out[k] = small(n)
	}
	return out
}

// sameCounts reports whether a and b count the same executions by kind.
func sameCounts(a, b map[outcome.Kind]*big.Int) bool {
	return maps.EqualFunc(a, b, func(x, y *big.Int) bool { return x.Cmp(y) == 0 })
}

func sameKeys[A, B any](a map[outcome.Kind]A, b map[outcome.Kind]B) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if _, ok := b[k]; !ok {
			return false
		}
	}
	return true
}

// TestSymmetryKeepsCounts checks, on programs too large to run one by one,
// that symmetry reduction merges states without changing the executions
// counted (which it would if it merged states that are not symmetric).
func TestSymmetryKeepsCounts(t *testing.T) {
	cases := []struct {
		id, variant string
		params      map[string]int
	}{
		{"wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 3, "workers": 2}},
		{"wg-lost-wakeup", "fixed", map[string]int{"waiters": 2, "workers": 3}},
		{"wg-basic", "go", map[string]int{"waiters": 3, "workers": 2}},
		{"event-basic", "fixed", map[string]int{"waiters": 3}},
		{"mutex-handoff", "tinycoro", map[string]int{"lockers": 3}},
		{"wg-uaf", "tinycoro", nil},
	}
	for _, c := range cases {
		t.Run(c.id+"/"+c.variant, func(t *testing.T) {
			p := build(t, c.id, c.variant, c.params)
			with := search(t, p, explore.Options{NoReduction: true})
			without := search(t, p, explore.Options{NoReduction: true, NoSymmetry: true})
			if with.Executions.Cmp(without.Executions) != 0 || !sameCounts(with.Outcomes, without.Outcomes) {
				t.Errorf("with symmetry %d %v, without %d %v", with.Executions, with.Outcomes, without.Executions, without.Outcomes)
			}
			if with.States > without.States {
				t.Errorf("with symmetry %d states, without %d: the reduction added states", with.States, without.States)
			}
			if len(with.Counterexamples) != len(without.Counterexamples) {
				t.Fatalf("counterexamples: with %v, without %v", kinds(with), kinds(without))
			}
			for i, a := range with.Counterexamples {
				b := without.Counterexamples[i]
				if a.Kind != b.Kind || a.Steps != b.Steps || a.Preemptions != b.Preemptions {
					t.Errorf("smallest %s: %d steps %d preemptions with symmetry, %s %d/%d without",
						a.Kind, a.Steps, a.Preemptions, b.Kind, b.Steps, b.Preemptions)
				}
			}
			t.Logf("%d executions: %d states with symmetry, %d without", with.Executions, with.States, without.States)
		})
	}
}

// TestExploreDeterministic runs each strategy twice.
func TestExploreDeterministic(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 3})
	for _, o := range []explore.Options{
		{Strategy: explore.Exhaustive},
		{Strategy: explore.PreemptionBounded, MaxPreemptions: 2},
		{Strategy: explore.Randomized, Runs: 300, Seed: 3},
		{Strategy: explore.Randomized, Runs: 300, Seed: 3, Depth: 3},
	} {
		a, b := search(t, p, o), search(t, p, o)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s depth %d: two searches differ:\n%+v\n%+v", o.Strategy, o.Depth, a, b)
		}
	}
	a := search(t, p, explore.Options{Strategy: explore.Randomized, Runs: 300, Seed: 3})
	b := search(t, p, explore.Options{Strategy: explore.Randomized, Runs: 300, Seed: 4})
	if reflect.DeepEqual(a.Outcomes, b.Outcomes) {
		t.Errorf("seeds 3 and 4 gave the same counts %v: the seed is not used", a.Outcomes)
	}
}

// TestPreemptionBounds checks the bounds: no lost wakeup without a
// preemption, one with one; a bound that leaves nothing out is complete.
func TestPreemptionBounds(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 1, "workers": 1})
	r0 := search(t, p, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: 0})
	if r0.Found(outcome.LostWakeup) || r0.Complete || r0.Stopped != "max-preemptions" || r0.Bound != 0 {
		t.Errorf("bound 0: found %v, complete=%v (%s), bound %d; want no lost wakeup, incomplete at bound 0",
			kinds(r0), r0.Complete, r0.Stopped, r0.Bound)
	}
	all := search(t, p, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: -1})
	ex := search(t, p, explore.Options{NoReduction: true})
	if !all.Complete || all.Executions.Cmp(ex.Executions) != 0 || !sameCounts(all.Outcomes, ex.Outcomes) {
		t.Errorf("unbounded: complete=%v at bound %d, %d executions %v; want complete with the exhaustive %d %v",
			all.Complete, all.Bound, all.Executions, all.Outcomes, ex.Executions, ex.Outcomes)
	}
	for _, c := range all.Counterexamples {
		if c.Preemptions != 1 {
			t.Errorf("%s with %d preemptions, want 1 (the fewest)", c.Kind, c.Preemptions)
		}
	}
}

// TestFirstCounterexampleLarge finds the lost wakeup at 12 waiters and 13
// workers, with the fewest steps: the waiter that parks takes 6 steps, the
// others 4 each, the workers one each and the last one more.
func TestFirstCounterexampleLarge(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 12, "workers": 13})
	r := search(t, p, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: 1, Want: outcome.LostWakeup})
	if !r.Found(outcome.LostWakeup) || r.Stopped != "first-counterexample" {
		t.Fatalf("found %v (%s), want a lost wakeup", kinds(r), r.Stopped)
	}
	for _, c := range r.Counterexamples {
		if c.Kind == outcome.LostWakeup && (c.Steps != 6+4*11+13+1 || c.Preemptions != 1) {
			t.Errorf("lost wakeup in %d steps, %d preemptions; want 64 and 1", c.Steps, c.Preemptions)
		}
	}
}

// TestExploreLimits stops searches on the state bound and on cancellation.
func TestExploreLimits(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 3, "workers": 3})
	r := search(t, p, explore.Options{MaxStates: 100})
	if r.Complete || r.Stopped != "max-states" || r.States != 100 {
		t.Errorf("max 100 states: complete=%v (%s), %d states", r.Complete, r.Stopped, r.States)
	}
	// Large enough that the search calls back before it completes.
	big := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 4, "workers": 5})
	ctx, cancel := context.WithCancel(context.Background())
	calls := 0
	r, err := explore.Explore(ctx, big, explore.Options{ProgressEvery: 1024, Progress: func(pr explore.Progress) {
		calls++
		if pr.States > 0 {
			cancel()
		}
	}})
	if err != nil || r.Complete || r.Stopped != "canceled" || calls == 0 {
		t.Errorf("cancelled: complete=%v (%s), %d progress calls, err %v", r.Complete, r.Stopped, calls, err)
	}
	cancel()
	if _, err := explore.Explore(context.Background(), p, explore.Options{Want: "nonsense"}); err == nil {
		t.Error("Want: an unknown kind was accepted")
	}
	if _, err := explore.ParseStrategy("dfs"); err == nil {
		t.Error(`ParseStrategy("dfs") succeeded`)
	}
}

// TestRandomStrategies finds the lost wakeup at 2 waiters and 2 workers by
// uniform and by PCT runs, and counts every run.
func TestRandomStrategies(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2})
	for _, depth := range []int{0, 2} {
		r := search(t, p, explore.Options{Strategy: explore.Randomized, Runs: 2000, Seed: 1, Depth: depth})
		var sum int64
		for _, n := range r.Outcomes {
			sum += small(n)
		}
		if small(r.Executions) != 2000 || sum != 2000 || r.Complete || r.Stopped != "runs" {
			t.Errorf("depth %d: %d executions, outcomes sum to %d, complete=%v (%s)", depth, r.Executions, sum, r.Complete, r.Stopped)
		}
		if !r.Found(outcome.LostWakeup) {
			t.Errorf("depth %d: 2000 runs found %v, no lost wakeup", depth, kinds(r))
		}
	}
}

// TestExploreSpinForever checks a program that can run forever: S spins
// until F sets a flag. A schedule that never runs F repeats one state, the
// search reports a step-limit run, and its counterexample replays to the
// step limit.
func TestExploreSpinForever(t *testing.T) {
	f := fixture.New()
	sh := f.Shared()
	spin := f.Op("spin", "P", func(x program.Exec) {
		if x.Load(sh.Flag, program.Acquire) == 0 {
			x.Goto(x.PC())
			return
		}
		x.Return()
	})
	set := f.Op("set", "F", func(x program.Exec) {
		x.Store(sh.Flag, 1, program.Release)
		x.Return()
	})
	f.Thread("S", spin)
	f.Thread("F", set)
	p := f.Program(t)
	p.StepLimit = 50
	for _, strategy := range []explore.Strategy{explore.Exhaustive, explore.PreemptionBounded} {
		r := search(t, p, explore.Options{Strategy: strategy, MaxPreemptions: -1})
		if !r.Found(outcome.StepLimit) {
			t.Fatalf("%s: found %v, outcomes %v; want a step-limit run", strategy, kinds(r), r.Outcomes)
		}
		for _, c := range r.Counterexamples {
			if c.Kind == outcome.StepLimit && c.Steps != 50 {
				t.Errorf("%s: step-limit counterexample of %d steps, want the limit, 50", strategy, c.Steps)
			}
		}
		if r.Outcomes[outcome.OK] == nil {
			t.Errorf("%s: outcomes %v, want ok runs too", strategy, r.Outcomes)
		}
	}
}

// TestPreemptions counts the preemptions of schedules of a park and a wake.
func TestPreemptions(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.ParkOp(d))
	f.Thread("B", f.SetOp(d), f.WakeOp(d, 1))
	p := f.Program(t)
	for text, want := range map[string]int{"A A B B B A A": 0, "A B A B B A A": 2, "B A A B B A A": 1} {
		s, _ := schedule.Parse(text)
		if got, err := explore.Preemptions(p, s); got != want || err != nil {
			t.Errorf("Preemptions(%q) = %d, %v; want %d", text, got, err, want)
		}
	}
}

// TestCountsAreExact verifies the fixed wait_group at 3 waiters and 5
// workers, whose executions are more than an int64 holds, with symmetry
// and without: the counts agree exactly, and the kinds add up to them.
func TestCountsAreExact(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 3, "workers": 5})
	with := search(t, p, explore.Options{})
	without := search(t, p, explore.Options{NoSymmetry: true})
	if with.Executions.IsInt64() {
		t.Fatalf("%v executions; want more than an int64 holds", with.Executions)
	}
	if with.Executions.Cmp(without.Executions) != 0 || !sameCounts(with.Outcomes, without.Outcomes) {
		t.Errorf("with symmetry %v %v, without %v %v", with.Executions, with.Outcomes, without.Executions, without.Outcomes)
	}
	sum := new(big.Int)
	for _, n := range with.Outcomes {
		sum.Add(sum, n)
	}
	if sum.Cmp(with.Executions) != 0 {
		t.Errorf("outcomes %v sum to %v; want the %v executions", with.Outcomes, sum, with.Executions)
	}
}

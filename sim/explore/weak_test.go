package explore_test

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
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

// TestWeakCountsPast64Bits counts the executions of six alike threads of
// six steps each that only read a cell no one writes, under c11 without the reduction:
// every interleaving is one execution, 36!/(6!)^6 of them, far past
// 64 bits, and the count must be exact (a search that held counts at
// 2^63 added two of them to 0).
func TestWeakCountsPast64Bits(t *testing.T) {
	const threads, steps = 6, 6
	f := fixture.New()
	x := f.Data(program.Field{Name: "x", Kind: program.Int64})
	code := make([]func(program.Exec), steps)
	for s := range code {
		code[s] = func(e program.Exec) { e.Read(x); fixture.Next(e) }
	}
	code[steps-1] = func(e program.Exec) { e.Read(x); e.Return() }
	op := f.Op("idle", "I", code...)
	for i := range threads {
		f.Thread(fmt.Sprintf("T%d", i), op)
	}
	p := f.Program(t)
	for i := range threads {
		p.Coroutines[i].Group = "alike"
	}
	want := new(big.Int).MulRange(1, threads*steps)
	fact := new(big.Int).MulRange(1, steps)
	for range threads {
		want.Quo(want, fact)
	}
	r := search(t, p, explore.Options{Strategy: explore.Exhaustive, Memory: sim.C11, NoReduction: true})
	if !r.Complete || r.Executions.Cmp(want) != 0 || r.Outcomes[outcome.OK].Cmp(want) != 0 {
		t.Errorf("complete %v, %v executions, outcomes %v; want %v, all ok", r.Complete, r.Executions, r.Outcomes, want)
	}
}

// TestWeakStoppedSearchCounterexamples stops c11 searches of buggy lessons
// at a few states, wherever that falls: each must end incomplete, with a
// counterexample for every bug kind it counted, each replaying to its kind
// (Explore replays them). A search that stopped cached nothing on the path
// it stopped on, so no counterexample could be read off the cache, and
// Explore failed.
func TestWeakStoppedSearchCounterexamples(t *testing.T) {
	lessons := []struct {
		id     string
		params map[string]int
	}{
		{"event-missing-release", map[string]int{"waiters": 2}},
		{"latch-basic", nil},
		{"wg-lost-wakeup", map[string]int{"waiters": 2, "workers": 2}},
	}
	for _, l := range lessons {
		p := build(t, l.id, "tinycoro", l.params)
		for _, strategy := range []explore.Strategy{explore.Exhaustive, explore.PreemptionBounded, explore.FindThenProve} {
			for _, max := range []int64{1, 7, 60, 300} {
				name := fmt.Sprintf("%s/%s/%d", l.id, strategy, max)
				r, err := explore.Explore(context.Background(), p, explore.Options{Memory: sim.C11, Strategy: strategy, MaxStates: max})
				if err != nil {
					t.Errorf("%s: %v", name, err)
					continue
				}
				if r.Complete {
					t.Errorf("%s: complete in %d states", name, r.States)
				}
				for k := range r.Outcomes {
					if k != outcome.OK && !r.Found(k) {
						t.Errorf("%s: counted %s but gives no counterexample", name, k)
					}
				}
			}
		}
	}
}

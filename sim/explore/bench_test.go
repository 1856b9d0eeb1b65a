package explore_test

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// BenchmarkExploreFirstCounterexample is the time to the first, smallest
// lost wakeup in tinyCoro's wait_group (wg-lost-wakeup), by the
// preemption-bounded strategy, at waiters/workers from 1/2 to 16/17.
//
//	go test ./sim/explore -run '^$' -bench FirstCounterexample
func BenchmarkExploreFirstCounterexample(b *testing.B) {
	for _, size := range [][2]int{{1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {12, 13}, {16, 17}} {
		b.Run(fmt.Sprintf("%d-%d", size[0], size[1]), func(b *testing.B) {
			p := build(b, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": size[0], "workers": size[1]})
			var r explore.Result
			for b.Loop() {
				r = search(b, p, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: 1, Want: outcome.LostWakeup})
			}
			for _, c := range r.Counterexamples {
				if c.Kind == outcome.LostWakeup {
					b.ReportMetric(float64(c.Steps), "steps")
					b.ReportMetric(float64(c.Preemptions), "preemptions")
					return
				}
			}
			b.Fatalf("no lost wakeup: %v", kinds(r))
		})
	}
}

// BenchmarkExploreVerifyFixed is the exhaustive verification of the fixed
// wait_group (Design A) at waiters/workers 3/3, 4/5 and 5/6 (5/6, some
// seconds, is skipped with -short): time, states cached, and the cache's
// memory. The goals: 4/5 within a second, 5/6 within 30 seconds and 1 GB.
//
//	go test ./sim/explore -run '^$' -bench VerifyFixed -benchtime 1x
func BenchmarkExploreVerifyFixed(b *testing.B) {
	for _, size := range [][2]int{{3, 3}, {4, 5}, {5, 6}} {
		b.Run(fmt.Sprintf("%d-%d", size[0], size[1]), func(b *testing.B) {
			if testing.Short() && size[0] >= 5 {
				b.Skip("5/6 takes seconds")
			}
			benchVerify(b, size, explore.Options{})
		})
	}
}

// BenchmarkExploreVerifyWorkers is BenchmarkExploreVerifyFixed at 4/5
// and 5/6 (skipped with -short) on one worker and on two: the parallel
// search's time, states cached and the cache's memory. On an idle
// machine, two workers should take a little over half the time of one.
//
//	go test ./sim/explore -run '^$' -bench VerifyWorkers -benchtime 1x
func BenchmarkExploreVerifyWorkers(b *testing.B) {
	for _, size := range [][2]int{{4, 5}, {5, 6}} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%d-%d/workers=%d", size[0], size[1], workers), func(b *testing.B) {
				if testing.Short() && size[0] >= 5 {
					b.Skip("5/6 takes seconds")
				}
				benchVerify(b, size, explore.Options{Workers: workers})
			})
		}
	}
}

// BenchmarkExploreBuggy is the complete exhaustive search of tinyCoro's
// wait_group (every execution counted, the smallest counterexample of
// each bug) at waiters/workers 3/3 and 4/5, and 6/7 (millions of states,
// skipped with -short; its goal is 10 seconds of CPU time).
func BenchmarkExploreBuggy(b *testing.B) {
	for _, size := range [][2]int{{3, 3}, {4, 5}, {6, 7}} {
		b.Run(fmt.Sprintf("%d-%d", size[0], size[1]), func(b *testing.B) {
			if testing.Short() && size[0] >= 6 {
				b.Skip("6/7 takes a minute")
			}
			p := build(b, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": size[0], "workers": size[1]})
			var r explore.Result
			cpu := startCPU()
			for b.Loop() {
				r = search(b, p, explore.Options{})
			}
			if !r.Complete || !r.Found(outcome.LostWakeup) {
				b.Fatalf("complete=%v, found %v", r.Complete, kinds(r))
			}
			b.ReportMetric(float64(r.States), "states")
			cpu.report(b, r.States)
		})
	}
}

// BenchmarkExploreDefaultFirst is the time to the first lost wakeup at 16
// waiters and 17 workers with the default strategy of lockstep explore
// (FindThenProve, up to 2 preemptions, on every CPU), stopping at it.
func BenchmarkExploreDefaultFirst(b *testing.B) {
	p := build(b, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 16, "workers": 17})
	var r explore.Result
	for b.Loop() {
		r = search(b, p, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2,
			Want: outcome.LostWakeup, Workers: runtime.NumCPU()})
	}
	if len(r.Counterexamples) != 1 || r.Counterexamples[0].Preemptions != 1 {
		b.Fatalf("found %v; want one lost wakeup with one preemption", kinds(r))
	}
	b.ReportMetric(float64(r.Counterexamples[0].Steps), "steps")
}

// BenchmarkExploreMutexTwoRounds verifies tinyCoro's mutex with 4 lockers
// that each lock twice (testdata/mutex-two-rounds.jsonc), exhaustively.
func BenchmarkExploreMutexTwoRounds(b *testing.B) {
	p := mutexTwoRounds(b, nil)
	var r explore.Result
	for b.Loop() {
		r = search(b, p, explore.Options{})
	}
	if !r.Complete || len(r.Counterexamples) > 0 {
		b.Fatalf("complete=%v (%s), found %v", r.Complete, r.Stopped, kinds(r))
	}
	b.ReportMetric(float64(r.States), "states")
}

// BenchmarkExploreMutexFiveLockers is BenchmarkExploreMutexTwoRounds with
// 5 lockers (--set lockers=5), each locking twice: over half a million
// states, skipped with -short. Its goal is one second.
func BenchmarkExploreMutexFiveLockers(b *testing.B) {
	if testing.Short() {
		b.Skip("seconds")
	}
	p := mutexTwoRounds(b, map[string]int{"lockers": 5})
	var r explore.Result
	cpu := startCPU()
	for b.Loop() {
		r = search(b, p, explore.Options{})
	}
	if !r.Complete || len(r.Counterexamples) > 0 {
		b.Fatalf("complete=%v (%s), found %v", r.Complete, r.Stopped, kinds(r))
	}
	b.ReportMetric(float64(r.States), "states")
	cpu.report(b, r.States)
}

// mutexTwoRounds builds testdata/mutex-two-rounds.jsonc with tinyCoro's
// mutex and the parameters set.
func mutexTwoRounds(b *testing.B, set map[string]int) *program.Program {
	s, err := scenarios.ReadFile("testdata/mutex-two-rounds.jsonc")
	if err != nil {
		b.Fatal(err)
	}
	p, err := s.Build("tinycoro", set)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

// BenchmarkExploreC11 verifies the fixed wait_group under the c11 memory
// model, exhaustively, at waiters/workers 2/2 and 2/3 (3/3, 467,809
// states in about 7 seconds, only without -short): time, states cached,
// and the cache's memory. Its goal is 3/4 within 10 seconds, not
// yet met (see the README).
//
//	go test ./sim/explore -run '^$' -bench C11 -benchtime 1x
func BenchmarkExploreC11(b *testing.B) {
	for _, size := range [][2]int{{2, 2}, {2, 3}, {3, 3}} {
		b.Run(fmt.Sprintf("%d-%d", size[0], size[1]), func(b *testing.B) {
			if testing.Short() && size[0] >= 3 {
				b.Skip("3/3 takes seconds")
			}
			benchVerify(b, size, explore.Options{Strategy: explore.Exhaustive, Memory: sim.C11})
		})
	}
	for _, size := range [][2]int{{2, 3}, {3, 3}} {
		b.Run(fmt.Sprintf("%d-%d-workers-2", size[0], size[1]), func(b *testing.B) {
			if testing.Short() && size[0] >= 3 {
				b.Skip("3/3 takes seconds")
			}
			benchVerify(b, size, explore.Options{Strategy: explore.Exhaustive, Memory: sim.C11, Workers: 2})
		})
	}
}

// benchVerify verifies the fixed wait_group at size (waiters, workers)
// with o, and reports the states cached and the cache's memory; it fails
// unless the search is complete and finds no bug.
func benchVerify(b *testing.B, size [2]int, o explore.Options) {
	p := build(b, "wg-lost-wakeup", "fixed", map[string]int{"waiters": size[0], "workers": size[1]})
	var r explore.Result
	for b.Loop() {
		r = search(b, p, o)
	}
	if !r.Complete || len(r.Counterexamples) > 0 {
		b.Fatalf("complete=%v (%s), found %v", r.Complete, r.Stopped, kinds(r))
	}
	b.ReportMetric(float64(r.States), "states")
	b.ReportMetric(float64(r.MemoryBytes)/(1<<20), "cache-MB")
}

// BenchmarkExplorePerState is the exhaustive verification of the fixed
// wait_group on one worker at waiters/workers 4/5, 6/7, 8/9 and 9/10
// (6/7 and up, seconds each, are skipped with -short), reporting the
// time and the CPU time per state cached: a search whose steps and keys
// cost the same at every size reports the same cpu-ns/state at 4/5 and
// at 9/10. The goal: 9/10's within 1.2 times 4/5's. On a shared machine
// the CPU time is the figure to compare.
//
//	go test ./sim/explore -run '^$' -bench PerState -benchtime 1x
func BenchmarkExplorePerState(b *testing.B) {
	for _, size := range [][2]int{{4, 5}, {6, 7}, {8, 9}, {9, 10}} {
		b.Run(fmt.Sprintf("%d-%d", size[0], size[1]), func(b *testing.B) {
			if testing.Short() && size[0] >= 6 {
				b.Skip("6/7 and up take seconds")
			}
			p := build(b, "wg-lost-wakeup", "fixed", map[string]int{"waiters": size[0], "workers": size[1]})
			var r explore.Result
			cpu := startCPU()
			for b.Loop() {
				r = search(b, p, explore.Options{Strategy: explore.Exhaustive, Workers: 1})
			}
			if !r.Complete || len(r.Counterexamples) > 0 {
				b.Fatalf("complete=%v (%s), found %v", r.Complete, r.Stopped, kinds(r))
			}
			b.ReportMetric(float64(r.States), "states")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(r.States), "ns/state")
			cpu.report(b, r.States)
		})
	}
}

// cpuMeter measures the CPU time of a benchmark's loop (see processCPU).
type cpuMeter struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuMeter {
	d, ok := processCPU()
	return cpuMeter{d, ok}
}

// used is the CPU time the process used since startCPU; ok is false
// where CPU time cannot be read.
func (c cpuMeter) used() (d time.Duration, ok bool) {
	end, ok := processCPU()
	if !ok || !c.ok {
		return 0, false
	}
	return end - c.start, true
}

// report reports the CPU time per iteration, and per state when states
// is positive, since startCPU; nothing where CPU time cannot be read.
func (c cpuMeter) report(b *testing.B, states int64) {
	end, ok := processCPU()
	if !ok || !c.ok {
		return
	}
	per := float64(end-c.start) / float64(b.N)
	b.ReportMetric(per, "cpu-ns/op")
	if states > 0 {
		b.ReportMetric(per/float64(states), "cpu-ns/state")
	}
}

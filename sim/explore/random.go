package explore

import (
	"context"
	"math/big"
	"math/rand/v2"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// exploreRandom runs the random strategy: o.Runs executions, each choosing
// uniformly among the threads that can move (o.Depth == 0) or by PCT.
//
// PCT (Burckhardt et al., probabilistic concurrency testing) gives the
// threads distinct random priorities above Depth and always moves the
// highest-priority thread that can; at Depth-1 step indices drawn at random
// from the length of the longest run so far, the thread about to move
// drops to priority Depth-1, Depth-2, ... 1. A bug that needs Depth
// ordering constraints is found by one run with probability at least
// 1/(threads × steps^(Depth-1)).
func exploreRandom(ctx context.Context, p *program.Program, o Options) (Result, error) {
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	n := len(p.Threads)
	initial := sim.New(p, sim.Options{})
	m := sim.New(p, sim.Options{})
	var (
		path    []int16
		en      []int
		prio    = make([]int, n)
		changes []int
		best    [numKinds][]int16
		bestPre [numKinds]int
		have    [numKinds]bool
		counts  [numKinds]int64
		longest = 1
		res     Result
	)
	var run int64
	for run = 0; run < o.Runs; run++ {
		if run&63 == 0 && ctx.Err() != nil {
			res.Stopped = "canceled"
			break
		}
		m.CopyFrom(initial)
		path = path[:0]
		if o.Depth > 0 {
			for i, v := range rng.Perm(n) {
				prio[i] = o.Depth + v
			}
			changes = changes[:0]
			for range o.Depth - 1 {
				changes = append(changes, 1+rng.IntN(longest))
			}
		}
		preemptions, prev := 0, -1
		for !m.Finished() {
			en = m.Enabled(en[:0])
			t := en[0]
			if o.Depth == 0 {
				t = en[rng.IntN(len(en))]
			} else {
				for _, u := range en {
					if prio[u] > prio[t] {
						t = u
					}
				}
				for j, at := range changes {
					if at == len(path)+1 {
						prio[t] = o.Depth - 1 - j
					}
				}
				for _, u := range en {
					if prio[u] > prio[t] {
						t = u
					}
				}
			}
			if prev >= 0 && t != prev && m.CanMove(prev) {
				preemptions++
			}
			m.QuietStep(t)
			path = append(path, int16(t))
			prev = t
		}
		longest = max(longest, len(path))
		k := outcome.Index(m.Outcome().Kind)
		counts[k]++
		if k != 0 && (!have[k] || len(path) < len(best[k]) || len(path) == len(best[k]) && preemptions < bestPre[k]) {
			best[k] = append(best[k][:0], path...)
			bestPre[k] = preemptions
			have[k] = true
		}
		if o.Progress != nil && (run+1)%o.ProgressEvery == 0 {
			var found []outcome.Kind
			for i := 1; i < numKinds; i++ {
				if have[i] {
					found = append(found, outcome.Kinds[i])
				}
			}
			o.Progress(Progress{Executions: run + 1, Found: found})
		}
		if k != 0 && o.stopsAt(outcome.Kinds[k]) {
			res.Stopped = "first-counterexample"
			run++
			break
		}
	}
	if res.Stopped == "" {
		res.Stopped = "runs"
	}
	res.Executions = big.NewInt(run)
	res.Outcomes = map[outcome.Kind]*big.Int{}
	for k, c := range counts {
		if c > 0 {
			res.Outcomes[outcome.Kinds[k]] = big.NewInt(c)
		}
	}
	for k := 1; k < numKinds; k++ {
		if have[k] {
			res.Counterexamples = append(res.Counterexamples, Counterexample{Kind: outcome.Kinds[k], Schedule: schedulePath(p, best[k])})
		}
	}
	return res, nil
}

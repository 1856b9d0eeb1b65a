package explore

import (
	"context"
	"errors"
	"fmt"

	"lockstep/sim"
	"lockstep/sim/explore/weak"
	"lockstep/sim/program"
)

// exploreWeak runs o's strategy under the c11 memory model: the strategies
// as under sc, each built of package weak's searches. Explore has checked
// o and filled in its defaults.
func exploreWeak(ctx context.Context, p *program.Program, o Options) (Result, error) {
	var res Result
	switch o.Strategy {
	case Exhaustive:
		res = fromWeak(weak.Exhaustive(ctx, p, o.weakOptions(p)))
		// As under sc (see Explore): a complete reduced search that found
		// a bug is done again without the reduction, for exact counts and
		// the smallest counterexamples, when that one finishes.
		if res.Reduced && res.Complete && len(res.Counterexamples) > 0 && !o.stopsAtAny() {
			full := o
			full.NoReduction = true
			if f := fromWeak(weak.Exhaustive(ctx, p, full.weakOptions(p))); f.Complete {
				f.States += res.States
				res = f
			}
		}
	case PreemptionBounded:
		res = fromWeak(weak.Bounded(ctx, p, o.weakOptions(p)))
	case FindThenProve:
		// The bounded phase, then, unless it found what the search was
		// to stop at or was stopped, the exhaustive proof (on o.Workers),
		// one after the other. As under sc (see
		// exploreFindThenProve), a search not to stop at its first bug
		// caps the bounded phase at findStates.
		bo := o
		if !o.stopsAtAny() {
			bo.MaxStates = min(o.MaxStates, findStates)
		}
		bounded := fromWeak(weak.Bounded(ctx, p, bo.weakOptions(p)))
		bounded.Strategy, bounded.Memory = PreemptionBounded, sim.C11
		if bounded.Complete || ctx.Err() != nil || bounded.Stopped == "first-counterexample" ||
			bounded.Stopped == "max-states" && o.stopsAtAny() {
			res = merge(bounded)
			break
		}
		full := fromWeak(weak.Exhaustive(ctx, p, o.weakOptions(p)))
		full.Strategy, full.Memory = Exhaustive, sim.C11
		res = merge(bounded, full)
	case Randomized:
		if o.Runs <= 0 {
			o.Runs = 1000
		}
		if o.Depth != 0 {
			return Result{}, errors.New("explore: PCT is not available under the c11 memory model; use Depth 0")
		}
		res = fromWeak(weak.Random(ctx, p, o.weakOptions(p)))
	default:
		return Result{}, fmt.Errorf("unknown strategy %q", o.Strategy)
	}
	res.Strategy, res.Memory = o.Strategy, sim.C11
	return res, checkWeak(p, &res)
}

// weakOptions is what a c11 search of p reads of o.
func (o *Options) weakOptions(p *program.Program) weak.Options {
	w := weak.Options{MaxStates: o.MaxStates, MaxMemory: o.MaxMemory, MaxPreemptions: o.MaxPreemptions, Runs: o.Runs, Seed: o.Seed,
		StopAtFirst: o.StopAtFirst, Want: o.Want, NoSymmetry: o.NoSymmetry, Observe: o.Observe,
		ProgressEvery: o.ProgressEvery, Workers: o.Workers, CheckKeys: o.checkKeys}
	if report := o.Progress; report != nil {
		w.Progress = func(states, executions int64) { report(Progress{States: states, Executions: executions}) }
	}
	if !o.NoReduction {
		w.Reduction = func(keeps func(m *sim.Machine, c, i int) bool) weak.Reducer {
			r := newReducer(p)
			r.weak, r.keeps = true, keeps
			return r
		}
	}
	return w
}

// fromWeak is the Result of a c11 search, without its strategy and
// memory model.
func fromWeak(r weak.Result) Result {
	res := Result{Complete: r.Complete, Stopped: r.Stopped, Executions: r.Executions, Reduced: r.Reduced,
		States: r.States, Bound: r.Bound, Outcomes: r.Outcomes, MemoryBytes: r.MemoryBytes,
		Observations: r.Observations}
	if r.Counterexamples != nil {
		res.Counterexamples = make([]Counterexample, len(r.Counterexamples))
		for i, c := range r.Counterexamples {
			res.Counterexamples[i] = Counterexample(c)
		}
	}
	return res
}

// checkWeak replays every counterexample under c11 and fills in its
// outcome, steps and preemptions (see weak.Check).
func checkWeak(p *program.Program, r *Result) error {
	cs := make([]weak.Counterexample, len(r.Counterexamples))
	for i, c := range r.Counterexamples {
		cs[i] = weak.Counterexample(c)
	}
	err := weak.Check(p, cs)
	for i, c := range cs {
		r.Counterexamples[i] = Counterexample(c)
	}
	return err
}

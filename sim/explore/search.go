package explore

import (
	"context"
	"fmt"
	"math/big"

	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// exploreExhaustive runs the exhaustive strategy.
func exploreExhaustive(ctx context.Context, p *program.Program, o Options) (Result, error) {
	if len(outcome.Kinds) != numKinds {
		return Result{}, fmt.Errorf("explore: %d outcome kinds, the explorer knows %d", len(outcome.Kinds), numKinds)
	}
	// The reduction keeps every kind but not every order: a bug's smallest
	// execution may be one it left out. A complete reduced search that
	// found a bug is done again without it, for exact counts and the
	// smallest counterexamples, unless that one cannot finish; its own
	// counterexamples are then not needed.
	ms := statekey.Learn(p)
	e, root := exhaustive(ctx, p, &o, ms, !o.NoReduction)
	res := e.result(root)
	if !o.NoReduction && !o.stopsAtAny() && res.Complete && e.foundBug() {
		f, froot := exhaustive(ctx, p, &o, ms, false)
		if f.stop == "" {
			r := f.result(froot)
			r.Counterexamples = f.counterexamples(froot, true)
			r.States += res.States
			return r, nil
		}
		if ctx.Err() != nil {
			// Cancelled on the way to the exact counts: the reduced
			// search's counterexamples, as it ran into them, and no claim
			// that the search is done.
			res.Complete, res.Stopped = false, "canceled"
			res.States += f.states()
		}
	}
	res.Counterexamples = e.counterexamples(root, res.Complete)
	return res, nil
}

// exhaustive runs one exhaustive search, again while a step shows the
// models wrong, and returns it with the summary of every execution: on
// o.Workers goroutines (see parallel), unless it has one or is to stop at
// its first bug, whose finding would then depend on the workers' pace.
func exhaustive(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, reduce bool) (*dfs, *cache.Summary) {
	if o.Workers > 1 && !o.stopsAtAny() {
		return exhaustiveParallel(ctx, p, o, ms, reduce)
	}
	return exhaustiveAlone(ctx, p, o, ms, reduce)
}

// exhaustiveAlone is exhaustive on the calling goroutine alone.
func exhaustiveAlone(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, reduce bool) (*dfs, *cache.Summary) {
	var red *reducer
	if reduce {
		red = newReducer(p)
	}
	for {
		e := newDFS(ctx, p, o, ms)
		if e.red = red; red != nil {
			red.keeps = e.k.KeepsLocal
		}
		root := e.run()
		if e.stop != relearn {
			return e, root
		}
	}
}

// result is what search e found, root being the summary of every
// execution, without its counterexamples.
func (e *dfs) result(root *cache.Summary) Result {
	res := Result{Complete: e.stop == "", Stopped: e.stop, States: e.states(),
		MemoryBytes: e.cacheBytes(), Reduced: e.red != nil}
	res.fill(root)
	return res
}

// foundBug reports whether the search saw an execution of a kind other
// than ok.
func (e *dfs) foundBug() bool {
	for k := 1; k < numKinds; k++ {
		if e.bestSet[k] {
			return true
		}
	}
	return false
}

// explorePreemption runs the preemption-bounded strategy: bounds 0, 1, 2...
// each searched completely, until a bound leaves no execution out, the
// maximum bound is searched, or the search is stopped.
func explorePreemption(ctx context.Context, p *program.Program, o Options) (Result, error) {
	if len(outcome.Kinds) != numKinds {
		return Result{}, fmt.Errorf("explore: %d outcome kinds, the explorer knows %d", len(outcome.Kinds), numKinds)
	}
	var res Result
	var have [numKinds]bool
	var found []Counterexample
	pr := &probe{p: p, ctx: ctx, want: func(k int) bool { return o.stopsAt(outcome.Kinds[k]) }, tell: o.announce}
	// The probe runs first: with a kind to stop at, its runs with one
	// preemption often end the search before any complete bound is done.
	// It places no preemption a bound of 0 forbids.
	pb := 1
	if o.MaxPreemptions == 0 {
		pb = 0
	}
	pr.run(pb)
	if pr.stop || pr.wanted {
		return pr.result(pb, ctx), nil
	}
	ms := statekey.Learn(p)
	for b := 0; ; b++ {
		e := newDFS(ctx, p, &o, ms)
		e.bounded, e.bound = true, b
		root := e.run()
		for e.stop == relearn {
			e = newDFS(ctx, p, &o, ms)
			e.bounded, e.bound = true, b
			root = e.run()
		}
		res.States += int64(e.store.Len())
		res.MemoryBytes = max(res.MemoryBytes, e.store.Bytes())
		res.Bound = b
		res.Outcomes = nil
		res.fill(root)
		// A kind first seen at this bound needs this many preemptions; its
		// counterexample is the shortest among them.
		for _, c := range e.counterexamples(root, e.stop == "") {
			if k := outcome.Index(c.Kind); !have[k] {
				have[k] = true
				found = append(found, c)
			}
		}
		// A kind the probe found that the search did not (it stopped
		// early) keeps the probe's execution: at this bound when the
		// probe's needs no more preemptions, and at any once the search
		// stops here, so a kind found is never left out of the result.
		for k := 1; k < numKinds; k++ {
			if pr.have[k] && !have[k] && (pr.bpre[k] <= b || e.stop != "") {
				have[k] = true
				found = append(found, Counterexample{Kind: outcome.Kinds[k], Schedule: schedulePath(p, pr.best[k])})
			}
		}
		if e.stop != "" {
			res.Stopped = e.stop
			break
		}
		if !e.cut {
			res.Complete = true
			break
		}
		if o.MaxPreemptions >= 0 && b >= o.MaxPreemptions {
			res.Stopped = "max-preemptions"
			break
		}
	}
	res.Counterexamples = inKindOrder(found)
	return res, nil
}

// fill sets the execution counts from the summary of the start state.
func (r *Result) fill(root *cache.Summary) {
	r.Executions = root.Executions()
	r.Outcomes = map[outcome.Kind]*big.Int{}
	for k := range numKinds {
		if n := root.ExecutionsOf(k); root.Kinds()&(1<<k) != 0 && n.Sign() > 0 {
			r.Outcomes[outcome.Kinds[k]] = n
		}
	}
}

// counterexamples returns one execution per kind other than ok that the
// search saw: the smallest one when the search was complete, else the
// shortest one it ran into.
func (e *dfs) counterexamples(root *cache.Summary, complete bool) []Counterexample {
	var out []Counterexample
	for k := 1; k < numKinds; k++ {
		if !e.bestSet[k] {
			continue
		}
		path := e.best[k]
		if complete && root.Kinds()&(1<<k) != 0 && root.MinSteps(k) != cache.NoSteps {
			if p := e.minimal(k); p != nil {
				path = p
			}
		}
		full := append(append([]int16(nil), e.o.prefix...), path...)
		out = append(out, Counterexample{Kind: outcome.Kinds[k], Schedule: schedulePath(e.p, full)})
	}
	return out
}

// result is the result of a search that the probe ended: what its runs
// found.
func (pr *probe) result(bound int, ctx context.Context) Result {
	res := Result{Stopped: "first-counterexample", Executions: big.NewInt(pr.runs), Bound: bound,
		Outcomes: map[outcome.Kind]*big.Int{}}
	if ctx.Err() != nil {
		res.Stopped = "canceled"
	}
	for k, c := range pr.count {
		if c > 0 {
			res.Outcomes[outcome.Kinds[k]] = big.NewInt(c)
		}
	}
	for k := 1; k < numKinds; k++ {
		if pr.have[k] {
			res.Counterexamples = append(res.Counterexamples, Counterexample{Kind: outcome.Kinds[k], Schedule: schedulePath(pr.p, pr.best[k])})
		}
	}
	return res
}

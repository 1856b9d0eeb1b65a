package explore

import (
	"context"
	"math"

	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// findStates bounds the states FindThenProve's bounded phase caches when
// the search is not to stop at its first bug: a program with no bug
// within few preemptions is then proved by the exhaustive phase without
// first paying for a large bounded one. A bounded phase that reaches it
// stops (max-states) and the exhaustive phase runs.
const findStates = 1 << 14

// exploreFindThenProve runs the FindThenProve strategy: the bounded phase,
// then, unless the search was to stop at what that phase found or was
// stopped, the exhaustive phase; and merges the two. The phases run one
// after the other, each on every worker it may use: the bounded phase, on
// one, is short (findStates), and the exhaustive one runs on o.Workers.
func exploreFindThenProve(ctx context.Context, p *program.Program, o Options) (Result, error) {
	bo := o
	bo.Strategy = PreemptionBounded
	if !o.stopsAtAny() {
		bo.MaxStates = min(o.MaxStates, findStates)
	}
	bounded, err := explorePreemption(ctx, p, bo)
	bounded.Strategy = PreemptionBounded
	if err != nil || bounded.Complete || ctx.Err() != nil || bounded.Stopped == "first-counterexample" ||
		bounded.Stopped == "max-states" && o.stopsAtAny() {
		return merge(bounded), err
	}
	full := provePhase(ctx, p, o)
	if full.err != nil {
		return full.res, full.err
	}
	return fewestPreemptionsFirst(p, merge(bounded, full.res)), nil
}

// fewestPreemptionsFirst replaces, in a merged result whose bounded phase
// was cut short at findStates, each counterexample by the other phase's
// of its kind when that one has fewer preemptions, or as many and fewer
// steps: the smallest either phase found, in the bounded strategy's order
// (the fewest preemptions, then the fewest steps), as Find the bug's.
func fewestPreemptionsFirst(p *program.Program, r Result) Result {
	if len(r.Phases) != 2 || r.Phases[0].Stopped != "max-states" {
		return r
	}
	size := func(c Counterexample) [2]int {
		n, err := Preemptions(p, c.Schedule)
		if err != nil {
			return [2]int{math.MaxInt, math.MaxInt}
		}
		return [2]int{n, len(c.Schedule)}
	}
	for i, c := range r.Counterexamples {
		for _, o := range r.Phases[0].Counterexamples {
			if o.Kind != c.Kind {
				continue
			}
			if a, b := size(o), size(c); a[0] < b[0] || a[0] == b[0] && a[1] < b[1] {
				r.Counterexamples[i] = o
			}
		}
	}
	return r
}

// phase is the result of FindThenProve's exhaustive phase.
type phase struct {
	res Result
	err error
}

// provePhase runs FindThenProve's exhaustive phase.
func provePhase(ctx context.Context, p *program.Program, o Options) phase {
	o.Strategy = Exhaustive
	res, err := exploreExhaustive(ctx, p, o)
	res.Strategy = Exhaustive
	return phase{res, err}
}

// merge is the result of FindThenProve's phases: the last one's counts,
// completeness and observations, the states of all, the bounded phase's bound, and one
// counterexample per kind, from the earliest phase that found the kind.
// A bounded phase cut short at findStates comes after a complete
// exhaustive phase: the bound it was searching was not searched through,
// so its counterexamples may not be the smallest, and the complete
// phase's are (fewestPreemptionsFirst then compares the two). Before an
// exhaustive phase that was stopped too it keeps its place: neither
// phase's are the smallest, and the bounded phase's need the fewest
// preemptions it saw.
func merge(phases ...Result) Result {
	order := phases
	if len(phases) == 2 && phases[0].Stopped == "max-states" && phases[1].Complete {
		order = []Result{phases[1], phases[0]}
	}
	last := phases[len(phases)-1]
	res := Result{Complete: last.Complete, Stopped: last.Stopped, Executions: last.Executions,
		Outcomes: last.Outcomes, Reduced: last.Reduced, Bound: phases[0].Bound, Phases: phases,
		Observations: last.Observations, Memory: last.Memory}
	var have [numKinds]bool
	var found []Counterexample
	for _, ph := range order {
		res.States += ph.States
		res.MemoryBytes = max(res.MemoryBytes, ph.MemoryBytes)
		for _, c := range ph.Counterexamples {
			if k := outcome.Index(c.Kind); !have[k] {
				have[k] = true
				found = append(found, c)
			}
		}
	}
	res.Counterexamples = inKindOrder(found)
	return res
}

package explore

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"lockstep/sim"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// Strategy is how Explore chooses the executions it runs.
type Strategy string

// The strategies.
const (
	// Exhaustive visits every reachable state once: a depth-first search
	// with state caching over the complete state (see package statekey),
	// symmetry reduction between the coroutines of a group, and a
	// partial-order reduction that takes steps nobody else can observe
	// alone (see reducer) and caches only the states where threads have a
	// choice. It
	// counts executions through the cache, without running them one by
	// one, and finds for each outcome kind a counterexample with the
	// fewest steps, then the fewest preemptions. When the reduced search
	// finds a bug it searches again without the reduction, so that bugs
	// come with exact counts and smallest counterexamples.
	Exhaustive Strategy = "exhaustive"
	// PreemptionBounded searches the executions with at most 0, then 1, 2...
	// preemptions (a preemption is a switch away from a thread that could
	// still move), as CHESS does, up to Options.MaxPreemptions. Each
	// bound is searched completely, with caching; counterexamples have the
	// fewest preemptions, then the fewest steps. A probe runs first (see
	// probe): every single preemption placed along one run, which finds
	// most bugs in milliseconds and ends the search when asked to stop at
	// the first (StopAtFirst, Want).
	PreemptionBounded Strategy = "preemption"
	// Randomized runs Options.Runs executions chosen at random from
	// Options.Seed: uniformly among the threads that can move, or by
	// PCT (probabilistic concurrency testing) with Options.Depth.
	Randomized Strategy = "random"
	// FindThenProve finds first, then proves: it runs PreemptionBounded
	// (bounds 0, 1... up to Options.MaxPreemptions), which finds most bugs
	// fast and with the fewest preemptions, then Exhaustive for the proof
	// and the exact counts. A search that stops at its first bug
	// (StopAtFirst, Want) ends with the bounded phase when that finds one;
	// any other caps the bounded phase at findStates states a bound.
	// The result holds both phases (Result.Phases); its counterexamples are
	// the bounded phase's, with those of the kinds only the exhaustive phase
	// found, and its counts are the last phase's.
	FindThenProve Strategy = "auto"
)

// Strategies lists the strategies, in the order help shows them.
var Strategies = []Strategy{FindThenProve, Exhaustive, PreemptionBounded, Randomized}

// ParseStrategy reads a strategy's name.
func ParseStrategy(s string) (Strategy, error) {
	for _, v := range Strategies {
		if string(v) == s {
			return v, nil
		}
	}
	return "", fmt.Errorf("unknown strategy %q (want auto, exhaustive, preemption or random)", s)
}

// DefaultMaxStates bounds the states a search caches when the options set
// no bound: 40 to 60 bytes each.
const DefaultMaxStates = 25_000_000

// StopMemory is Result.Stopped for a search that reached its memory
// budget (Options.MaxMemory).
const StopMemory = cache.OutOfMemory

// DefaultMaxMemory is the memory budget a server's and the command line's
// searches run under unless told otherwise (Options.MaxMemory).
const DefaultMaxMemory = 256 << 20

// Options configure a search. The zero value is an exhaustive search
// with symmetry reduction and the default memory bound.
type Options struct {
	Strategy Strategy
	// MaxPreemptions is the highest preemption bound PreemptionBounded (and
	// FindThenProve's bounded phase) searches (0 counts: only
	// non-preemptive executions). Negative: no bound; the search goes on
	// until a bound leaves nothing out.
	MaxPreemptions int
	// Runs is the number of executions Randomized runs (default 1000).
	Runs int64
	// Seed seeds Randomized: the same seed gives the same runs.
	Seed uint64
	// Depth makes Randomized use PCT with bug depth Depth (at least 1): each
	// run gives the threads random priorities and lowers the running one's
	// at Depth-1 random steps. 0 chooses uniformly at each step.
	Depth int
	// MaxStates bounds the states cached (the search's memory); a search
	// that reaches it stops with Complete false. 0: DefaultMaxStates.
	MaxStates int64
	// MaxMemory bounds the bytes a search holds, all workers together:
	// its state cache (Result.MemoryBytes) and the machines along each
	// worker's path (an estimate, most of the memory of a program of many
	// threads); a search that would take them past the bound stops with
	// Complete false and Stopped StopMemory. 0: no bound but MaxStates.
	MaxMemory int64
	// StopAtFirst stops the search at the first execution whose outcome is
	// not ok, which is then the only counterexample (not necessarily the
	// smallest).
	StopAtFirst bool
	// Want stops the search as soon as it finds an execution of this kind
	// ("" for none); the result then has counterexamples of this kind only.
	Want outcome.Kind
	// NoSymmetry turns symmetry reduction off.
	NoSymmetry bool
	// NoReduction turns the exhaustive search's partial-order reduction
	// off, so that it counts every interleaving.
	NoReduction bool
	// Memory is the memory model the executions run under. Under
	// sim.C11 a step's read choices are part of the search (see package weak).
	Memory sim.MemoryModel
	// Observe, when set, names what an execution's final state shows
	// (a litmus test's registers); Result.Observations lists the names.
	Observe func(m *sim.Machine) string
	// Workers is how many goroutines a search may use at once (0 counts
	// as 1: only the caller's; at most 32 are used). With two or more,
	// an exhaustive search (Exhaustive, FindThenProve's exhaustive phase)
	// runs on that many over one shared state cache (see parallel),
	// unless it is to stop at its first bug (StopAtFirst, Want), which
	// the workers' pace would then choose. Its counts, outcome kinds and
	// counterexamples are the same whatever Workers; the states it caches
	// may differ by a few, as two symmetric states may have two keys and
	// which of them the workers meet depends on their pace.
	Workers int
	// Progress, when set, is called from the goroutine that called
	// Explore, never from two at once, every ProgressEvery states searched
	// (executions run, for Randomized; default 65536) by the search
	// reporting. The engine keeps no clock: the caller times the search.
	Progress      func(Progress)
	ProgressEvery int64
	// OnFound, when set, is called the first time the search runs into
	// an execution of each outcome kind other than ok, with that
	// execution: the first one found, not necessarily the smallest the
	// result will hold. Calls come one at a time, possibly from a
	// worker's goroutine. The sc strategies but random call it (not c11).
	OnFound func(Counterexample)
	// From starts the search at the state that performing exactly From's
	// steps reaches, instead of at the start: the executions counted are
	// those that begin with From, and every counterexample begins with
	// it. A playground asks with it whether a goal can still be reached
	// from where a reader stands. Only Exhaustive takes it.
	From schedule.Schedule

	// start is the machine after From, and prefix From's threads, set by
	// Explore.
	start  *sim.Machine
	prefix []int16
	// announce tells OnFound of each kind first found, set by Explore.
	announce *announcer

	// checkKeys checks every state key computed incrementally against
	// the key computed from scratch, wideKeys keys every state as a
	// program too large for incremental keys, keepStale keys stale
	// snapshots as they are, and noFailAlone takes no compare and swap
	// that can only fail alone (see dfs.failsAlike) (tests).
	checkKeys, wideKeys, keepStale, noFailAlone bool
}

// Progress is a search's progress so far.
type Progress struct {
	States     int64          // states cached
	Executions int64          // executions run to their end so far (not those counted through the cache)
	Bound      int            // the preemption bound being searched (PreemptionBounded)
	Found      []outcome.Kind // outcome kinds other than ok seen so far
}

// Result is what a search found. The same program and options give
// the same result.
type Result struct {
	Strategy Strategy
	// Complete says every execution of the program was covered: an
	// exhaustive search that ran to its end, or a preemption bound that
	// left no execution out. A randomized search is never complete.
	Complete bool
	// Stopped says why an incomplete search ended: "max-states",
	// StopMemory, "canceled", "first-counterexample", "max-preemptions", "runs".
	Stopped string
	// Executions is the number of executions covered: run one by one
	// (Randomized), or counted through the cached states (a state's
	// executions are counted once however many paths reach it). It is
	// exact, however large, and never nil in a result Explore returns.
	Executions *big.Int
	// Reduced says Executions and Outcomes count the executions of the
	// partial-order reduced search: executions that differ only in the
	// order of independent steps count once. The exhaustive strategy
	// reduces unless told not to, and when a reduced search finds a bug
	// it searches again without reduction (when that search can finish),
	// so a bug is always reported with exact counts.
	Reduced bool
	// States is the number of states cached: distinct up to symmetry,
	// where threads have a choice (Exhaustive, with the reduction: a state
	// with a step searched alone is walked through, not cached); with the
	// last thread and the preemptions left (PreemptionBounded, summed over
	// the bounds searched).
	States int64
	// Bound is the last preemption bound searched (PreemptionBounded).
	Bound int
	// Outcomes counts the executions by outcome kind, exactly; a kind
	// with no execution has no entry.
	Outcomes map[outcome.Kind]*big.Int
	// Counterexamples has one execution for each kind other than ok that
	// was found, in the order of Kinds.
	Counterexamples []Counterexample
	// MemoryBytes is the size of the state cache at the end (the largest
	// of the phases', for FindThenProve).
	MemoryBytes int64
	// Observations are the distinct names Options.Observe gave the final
	// states, sorted (c11 searches only).
	Observations []string
	// Memory is the memory model searched.
	Memory sim.MemoryModel
	// Phases holds FindThenProve's phases in the order they ran: the
	// preemption-bounded search, then the exhaustive one when it ran.
	// Each is a Result of its own strategy, without Phases. Nil for the
	// other strategies.
	Phases []Result
}

// Explore searches p's executions as o says. The error reports bad options
// or an internal inconsistency (a counterexample that does not replay);
// cancelling ctx stops the search with an incomplete result and no error.
func Explore(ctx context.Context, p *program.Program, o Options) (Result, error) {
	if o.Strategy == "" {
		o.Strategy = Exhaustive
	}
	if o.Want != "" && !outcome.ValidKind(o.Want) {
		return Result{}, fmt.Errorf("unknown outcome kind %q", o.Want)
	}
	if o.MaxStates <= 0 {
		o.MaxStates = DefaultMaxStates
	}
	if o.ProgressEvery <= 0 {
		o.ProgressEvery = 1 << 16
	}
	if err := o.startFrom(p); err != nil {
		return Result{}, err
	}
	if o.Memory == sim.C11 {
		return exploreWeak(ctx, p, o)
	}
	o.announce = newAnnouncer(p, &o)
	var res Result
	var err error
	switch o.Strategy {
	case Exhaustive:
		res, err = exploreExhaustive(ctx, p, o)
	case PreemptionBounded:
		res, err = explorePreemption(ctx, p, o)
	case FindThenProve:
		res, err = exploreFindThenProve(ctx, p, o)
	case Randomized:
		if o.Runs <= 0 {
			o.Runs = 1000
		}
		if o.Depth < 0 {
			return Result{}, errors.New("PCT depth must be 0 (uniform) or more")
		}
		res, err = exploreRandom(ctx, p, o)
	default:
		return Result{}, fmt.Errorf("unknown strategy %q", o.Strategy)
	}
	if res.Executions == nil {
		res.Executions = new(big.Int)
	}
	if res.Outcomes == nil {
		res.Outcomes = map[outcome.Kind]*big.Int{}
	}
	if err != nil {
		return res, err
	}
	res.Strategy = o.Strategy
	if o.Want != "" {
		res.onlyOf(o.Want)
	}
	if err := res.check(p); err != nil {
		return res, err
	}
	for i := range res.Phases {
		if err := res.Phases[i].check(p); err != nil {
			return res, err
		}
	}
	return res, nil
}

// onlyOf keeps only the counterexamples of kind k, in r and its phases:
// a search asked to stop at k reports k alone.
func (r *Result) onlyOf(k outcome.Kind) {
	var keep []Counterexample
	for _, c := range r.Counterexamples {
		if c.Kind == k {
			keep = append(keep, c)
		}
	}
	r.Counterexamples = keep
	for i := range r.Phases {
		r.Phases[i].onlyOf(k)
	}
}

// startFrom sets the search's first state: the start, or the state after
// o.From, which only the exhaustive strategy takes.
func (o *Options) startFrom(p *program.Program) error {
	o.start, o.prefix = sim.New(p, sim.Options{}), nil
	if len(o.From) == 0 {
		return nil
	}
	if o.Strategy != Exhaustive {
		return fmt.Errorf("a search from a state other than the start must be exhaustive, not %s", o.Strategy)
	}
	if o.Memory == sim.C11 {
		return errors.New("a search from a state other than the start is not available under the c11 memory model")
	}
	m, err := sim.ReplayPrefix(p, o.From, sim.Options{})
	if err != nil {
		return err
	}
	o.start = m
	for _, c := range o.From {
		o.prefix = append(o.prefix, int16(p.Thread(c.Thread)))
	}
	return nil
}

// stopsAtAny reports whether some finding ends the search.
func (o *Options) stopsAtAny() bool { return o.StopAtFirst || o.Want != "" }

// stopsAt reports whether finding an execution of kind k (not ok) ends
// the search.
func (o *Options) stopsAt(k outcome.Kind) bool {
	return o.StopAtFirst || o.Want != "" && k == o.Want
}

// numKinds is len(Kinds), as a constant for arrays.
const numKinds = cache.NumKinds

package weak

import (
	"context"
	"math/big"

	"lockstep/sim"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/statekey"
)

// Options configure a c11 search: what of explore.Options it reads, with
// the defaults already applied by the caller.
type Options struct {
	// MaxStates bounds the states a search caches; one that reaches it
	// stops with Complete false (max-states).
	MaxStates int64
	// MaxMemory bounds the bytes the search's state cache and its paths'
	// machines may hold (explore.Options.MaxMemory; 0: no bound); one that
	// reaches it stops with Complete false (memory).
	MaxMemory int64
	// MaxPreemptions is the highest bound Bounded searches (negative:
	// until a bound leaves nothing out).
	MaxPreemptions int
	// Runs and Seed are Random's: how many executions, from which seed.
	Runs int64
	Seed uint64
	// StopAtFirst stops a search at its first execution whose outcome is
	// not ok; Want ("" for none) at its first of that kind.
	StopAtFirst bool
	Want        outcome.Kind
	// NoSymmetry turns the key's renaming of symmetric members off, as
	// does Observe.
	NoSymmetry bool
	// Observe, when set, names what an execution's final state shows;
	// Result.Observations lists the names.
	Observe func(m *sim.Machine) string
	// Progress, when set, is called on the caller's goroutine with the
	// states cached and the executions ended so far, about every
	// ProgressEvery states visited (at least 1024 apart).
	Progress      func(states, executions int64)
	ProgressEvery int64
	// CheckKeys checks every state key the exhaustive search computes
	// from the keyer's cache against the key computed from scratch: a
	// difference panics. For tests.
	CheckKeys bool
	// Workers is how many goroutines an exhaustive search that is not to
	// stop at its first bug may use (see exhaustiveParallel); 0 or 1: the
	// caller's alone.
	Workers int
	// Reduction, when set, makes the partial-order reduction an
	// exhaustive search (not a bounded one) asks which steps to take
	// alone; nil: none. keeps says which locals the search's key holds
	// (statekey.Keyer.KeepsLocal): the reducer looks at no other, nor at
	// writes no thread may read again (sim.Machine.EachReadable), so that
	// it decides alike for the states of one key.
	Reduction func(keeps func(m *sim.Machine, c, i int) bool) Reducer
}

// Reducer is the partial-order reduction as the exhaustive search asks it:
// the sc search's, whose rules hold under c11 once a cell counts as
// reachable when any write a read may still return names it. The search
// takes alone a resume from a thread's own run queue, or a step of a
// coroutine c from m to child that Private approves and whose read, if
// any, may return one write only.
type Reducer interface {
	// Public reports whether a step from label pc of operation op was
	// seen accessing a cell that is not its coroutine's own (such a step
	// is not tried again).
	Public(op, pc int) bool
	// MarkPublic notes that a step from label pc of operation op did.
	MarkPublic(op, pc int)
	// Private reports whether the step c took from m to child commutes
	// with every other thread's steps until it.
	Private(m, child *sim.Machine, c int) bool
	// OwnAccess reports whether the step c just took into child accessed
	// its own frame, awaiter or context, as a private step must.
	OwnAccess(child *sim.Machine, c int) bool
}

// Result is what a c11 search found: explore.Result's fields that the
// search fills in, with their meaning there.
type Result struct {
	Complete        bool
	Stopped         string
	Executions      *big.Int
	Reduced         bool
	States          int64
	Bound           int
	Outcomes        map[outcome.Kind]*big.Int
	Counterexamples []Counterexample
	MemoryBytes     int64
	Observations    []string
}

// Counterexample is one execution with a given outcome, the read choices
// in its schedule (S@S3<1). Its fields are explore.Counterexample's, which
// converts it; Steps, Preemptions and Outcome are filled in by Check.
type Counterexample struct {
	Kind        outcome.Kind
	Schedule    schedule.Schedule
	Steps       int
	Preemptions int
	Outcome     outcome.Outcome
}

// StateKey returns the key under which an unbounded exhaustive search
// caches p's machines (c11 state included), with or without symmetry.
func StateKey(p *program.Program, symmetric bool) func(*sim.Machine) statekey.Key {
	s := newSearch(context.Background(), p, &Options{NoSymmetry: !symmetric}, nil, false)
	return func(m *sim.Machine) statekey.Key { return s.key(m, -1, 0) }
}

// stopsAt reports whether finding an execution of kind k (not ok) ends
// the search.
func (o *Options) stopsAt(k outcome.Kind) bool {
	return o.StopAtFirst || o.Want != "" && k == o.Want
}

// numKinds is len(outcome.Kinds), as a constant for arrays.
const numKinds = cache.NumKinds

// inKindOrder sorts counterexamples by their kind's place in outcome.Kinds.
func inKindOrder(cs []Counterexample) []Counterexample {
	return outcome.InKindOrder(cs, func(c Counterexample) outcome.Kind { return c.Kind })
}

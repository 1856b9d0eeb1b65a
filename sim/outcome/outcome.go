package outcome

import (
	"cmp"
	"slices"
)

// Kind names an outcome or a finding. The vocabulary is fixed; the web and
// command line show these strings as they are.
type Kind string

// The outcome kinds.
const (
	OK               Kind = "ok"
	LostWakeup       Kind = "lost-wakeup"       // quiescent; a waiter is parked though its condition holds
	Deadlock         Kind = "deadlock"          // quiescent; waiters are parked and their condition does not hold
	UseAfterFree     Kind = "use-after-free"    // an access to a node or frame after its lifetime ended
	DoubleResume     Kind = "double-resume"     // a coroutine resumed while not suspended
	PrematureRelease Kind = "premature-release" // a waiter released though its condition never held since it parked
	DataRace         Kind = "data-race"         // two plain accesses not ordered by happens-before
	MutualExclusion  Kind = "mutual-exclusion"  // two coroutines hold one lock
	Panic            Kind = "panic"             // a Go panic, with Go's message
	DroppedTask      Kind = "dropped-task"      // submit_task dropped a handle: never resumed
	Assertion        Kind = "assertion"         // a scenario's own expectation failed
	StepLimit        Kind = "step-limit"        // the run was cut at the step limit
	BadResume        Kind = "bad-resume"        // submit_task resumed a stale handle (c11: a null or not-yet-written one)
)

// Kinds lists every kind, in the order reports show them.
var Kinds = []Kind{OK, LostWakeup, Deadlock, UseAfterFree, DoubleResume, PrematureRelease,
	DataRace, MutualExclusion, Panic, DroppedTask, Assertion, StepLimit, BadResume}

// Index is k's place in Kinds, or -1 when k is not in the vocabulary.
func Index(k Kind) int { return slices.Index(Kinds, k) }

// ValidKind reports whether k is in the vocabulary.
func ValidKind(k Kind) bool { return Index(k) >= 0 }

// InKindOrder returns a copy of xs ordered by the place of their kinds in
// Kinds (the order reports show them), those of one kind in the order of
// xs; kind says an element's kind.
func InKindOrder[T any](xs []T, kind func(T) Kind) []T {
	out := slices.Clone(xs)
	slices.SortStableFunc(out, func(a, b T) int { return cmp.Compare(Index(kind(a)), Index(kind(b))) })
	return out
}

// An Outcome is the verdict of a run, or one finding within it.
type Outcome struct {
	Kind Kind
	// Message says in plain words what went wrong and where.
	Message string
	// Step is the index of the guilty step, or -1 when no single step is
	// (an ok run, a deadlock). For a lost wakeup and a dropped task it is
	// the step at which the waiter parked.
	Step int
	// CauseStep is the step that made the verdict inevitable when that is
	// not Step, or -1. A waiter parked at Step is lost because of what
	// another coroutine did at CauseStep: the add(-1) that made the
	// condition hold without waking anyone, the drain that found the
	// stack empty before the waiter pushed, the submit_task that dropped
	// its handle. Detail.CauseBy and Detail.CauseLabel say who and where.
	CauseStep int
	// Thread and Coroutine name who performed the guilty step ("" if none).
	Thread, Coroutine string
	// Detail is what Message says, as data (see Detail).
	Detail Detail
}

// Fatal reports whether a finding of kind k ends the run at once.
func Fatal(k Kind) bool {
	switch k {
	case UseAfterFree, DoubleResume, PrematureRelease, MutualExclusion, Panic, Assertion, StepLimit, BadResume:
		return true
	}
	return false
}

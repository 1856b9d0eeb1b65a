// Package outcome is the vocabulary of what a run of the step machine
// concludes: the verdict (an Outcome of a fixed Kind: ok, a lost wakeup,
// a use after free...), what its message says as data (Detail, for the
// words of each language), the coroutine states the verdicts name
// (Status), and why a thread cannot move (Blocked).
//
// The machine (lockstep/sim) finds the verdicts; lockstep/sim/words puts
// them into words; the searches count executions by Kind.
//
// # Imports
//
// The standard library, lockstep/sim/program and lockstep/sim/c11 (a
// stale read named as a cause) only.
package outcome

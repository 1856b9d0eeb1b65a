// Package schedule is a run's schedule as human-readable data: the threads
// that move, one per step, each optionally with the label its step must
// have and, under the c11 memory model, the write its read returns
// ("W1@G4 D1 S@S3<5"). Parse reads the text form and String writes it
// back exactly; Tokens finds the text behind a step.
//
// An Error says, as data, why a schedule does not parse or cannot be
// followed (the machine, lockstep/sim, follows schedules and reports the
// second kind); lockstep/sim/words says it in each language.
//
// # Imports
//
// The standard library, lockstep/sim/c11 (a read's source) and
// lockstep/sim/outcome (why a thread cannot move) only.
package schedule

// Package record is what a run of the step machine leaves behind, one
// Step per step performed: the access it made (operation, cell, operands,
// memory orders, what it read, whether a compare-and-swap succeeded),
// its label and place in the source, the changes of coroutines' lives it
// caused (Events: parked, queued, resumed inline, dropped, finished...),
// what the detectors found at it, and under the c11 model the writes its
// read could return.
//
// The machine (lockstep/sim) fills records in as it steps, from the
// running code: nothing in them is scripted. The views read them: the
// playground's timeline, the words (lockstep/sim/words), the traces
// (lockstep/sim/trace).
//
// # Imports
//
// The standard library and the vocabularies of programs, outcomes and
// the c11 model (lockstep/sim/program, lockstep/sim/outcome,
// lockstep/sim/c11).
package record

// Package sim is a deterministic step scheduler for the coroutine runtime
// tinyCoro's primitives depend on: contexts, coroutines, awaiters living in
// coroutine frames, and shared memory.
//
// # Vocabulary
//
// A Program (package lockstep/sim/program) is a compiled scenario: the
// memory layout (objects and their cells), the threads, the coroutines with
// their scripts, and the operations those scripts call. It never changes
// once built. A Machine runs one; its Exec is what the operations' steps
// call.
//
// A thread is the worker thread of one context. It has a FIFO run queue, a
// num_wait counter in memory, and a stack of running coroutines: the bottom
// one is the coroutine it is running, the ones above were resumed inline on
// it by a waker (the full-queue path of submit_task).
//
// A coroutine runs a script of operations on one context. It is running,
// runnable (in a run queue), parked (suspended in a primitive) or done. Its
// frame holds its awaiter node; the awaiter lives from the call that creates
// it to the end of await_resume, and the frame until the coroutine finishes.
//
// A step is one labelled action of an operation: one atomic operation with
// its memory order(s), one plain access to a shared field, one runtime call,
// or a thread taking the next coroutine off its run queue. A Machine
// performs one step at a time, on the thread a scheduler names. Every step
// yields a record (package lockstep/sim/record).
//
// A Schedule (package lockstep/sim/schedule) is the list of threads that
// moved, optionally with the label each step must have: "W1 W1 D1 D1 W1"
// or "W1@G4 D1@D2 W1". The Replay scheduler follows one.
//
// An Outcome (package lockstep/sim/outcome) is the verdict of a run: ok,
// or the first fatal finding, or what the final state shows (a lost
// wakeup, a deadlock, a dropped task), or the first data race. The
// machine's detectors find it.
//
// # What is modelled
//
// Under the sc memory model (the default) each step sees the latest value
// of every cell; under c11 a read may return an older write that
// coherence and happens-before allow (package lockstep/sim/c11). Either
// way the machine computes happens-before from the memory orders the
// steps use (package lockstep/sim/hb): two plain accesses to one field
// that it does not order, one of them a write, are a data race, which is
// how a missing release shows even when no stale value is read. Weak CAS
// never fails spuriously.
//
// # Bounds
//
// A run never hangs and never crashes its caller: it stops at a step limit,
// and a panic in a primitive or script is caught and becomes an outcome.
//
// # The surface for searches
//
// Searches (lockstep/sim/explore, keyed by lockstep/sim/statekey) use only
// exported API. To step cheaply, Machine.CopyFrom copies a state into a
// machine's own buffers (sharing the race detector's last accesses until
// a step writes them: hb.State.CopyFrom) and Machine.QuietStep steps
// without recording or keeping the schedule; LastAccess says what the
// last step did (its access, whether it acquired, its use of locals, what
// a compare-and-swap expected and whether it swapped), SetLocal lets a
// search run a step again with another value in a local, and Over says
// whether the run ended on a fatal finding or the step limit. To hash and
// compare states, view.go holds read-only views: Memory, ObjectLive,
// Stack, Queue, Coroutine (a CoroutineView of one coroutine's control
// state), Clocks, LastWrites and LastReads (the happens-before state and
// the race epochs, in package hb's types), Queued, Raced and PeekFunc;
// Program.Slots, ObjectAt and CoroutineOfHandle describe the layout.
// Views alias the machine: they must not be modified, and hold until it
// next steps or is copied into. A field added to the machine's state must
// be weighed against the state key (see the field list in
// search_fields_test.go).
//
// # Imports
//
// The standard library and sim's own vocabularies (program, outcome,
// schedule, record, c11, hb) only: sim knows nothing of the primitives,
// the lessons or the playground, and its searches and views (explore,
// statekey, snapshot, words, trace) import sim, never the other way
// round.
package sim

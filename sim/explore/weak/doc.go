// Package weak searches a program's executions under the c11 memory model
// (sim.C11), where a step that reads also chooses which of the writes the
// read may return. A move is a thread and that choice, by the write's place
// among the read's candidates; a counterexample's schedule carries the
// choices (S@S3<1) and replays.
//
// # What it owns
//
// The c11 searches the explore package's strategies are built of:
// Exhaustive, a depth-first search that caches every state it finishes
// with the executions below it and reads the smallest counterexamples off
// its cache; Bounded, the same search with at most 0, 1, 2... preemptions;
// Random, uniform runs (no PCT); and Check, which replays counterexamples
// under c11. It owns the search's state key (StateKey): the sc key
// (package statekey) together with the c11 state in the canonical form
// sim.Machine.MemoryKey writes, under the key's renaming of symmetric
// members. Which strategy runs, with which defaults, and what a Result
// reports are the explore package's, which converts this package's
// Options, Result and Counterexample from and to its own.
//
// # Contracts
//
//   - The same program and options give the same result (Random: the same
//     seed). Workers changes only how fast a complete exhaustive search
//     ends and what it caches (Result.States, MemoryBytes): its workers
//     give up for the search alone when they meet a bug or a cycle (see
//     exhaustiveParallel). (With the reduction, which decides from what
//     the key keeps of a state, a worker may take a step alone where
//     another has found its label public: reduced counts may then
//     differ.) A search keeps no clock, starts goroutines only
//     for Exhaustive with Workers above one, all returned before it does,
//     and shares nothing with other searches: any number may run at once.
//   - The state key holds a coroutine's locals only where a model of the
//     program's locals (statekey.LearnLocals) holds that they may still
//     be read. Every step a search performs is checked against the model;
//     a step that shows it wrong corrects it, and the search starts again
//     (stop reason relearn, never returned), so that its counts are those
//     of a search that knew the model from the start.
//   - A complete search counts every execution exactly, by outcome kind,
//     and gives for each kind other than ok one with the fewest steps
//     (Bounded: the fewest preemptions, then the fewest steps), unless the
//     reduction is on (Result.Reduced): its counts are then the reduced
//     executions' and its counterexamples not necessarily the smallest.
//   - A search stops at MaxStates cached states, at its memory budget
//     (MaxMemory, stopped memory), on cancellation of its
//     context, or at the first counterexample asked for (StopAtFirst,
//     Want), with Complete false and Stopped saying why; Bounded also
//     at MaxPreemptions (max-preemptions). The states on the path it
//     stopped on are cached too, with what was found below them, so that
//     it gives a counterexample for every kind it counted.
//   - The partial-order reduction is not this package's: Exhaustive asks
//     the Reducer it is given which steps to take alone, and adds to its
//     rules only that a step whose read may return more than one write is
//     never taken alone.
//
// # Imports
//
// The standard library, lockstep/sim (exported API only) and its
// packages c11, outcome, program and schedule, lockstep/sim/statekey, and
// lockstep/sim/explore/internal/cache for the state caches, summaries and
// the crew of a parallel search.
// Never lockstep/sim/explore, which imports this package and hands it
// what it needs of its own (the reducer, as a Reducer), nor the lessons
// (lockstep/scenarios) or the playground.
package weak

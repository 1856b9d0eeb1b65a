// Package explore searches a program's executions for bugs, or proves
// there are none: an exhaustive depth-first search with state caching,
// symmetry reduction and partial-order reduction; a preemption-bounded
// search (as CHESS does) with a fast probe; and randomized runs, uniform or
// PCT. Explore runs one, as Options say, and returns a Result: executions
// counted by outcome kind, and for each kind other than ok a
// Counterexample, a schedule that sim.ReplaySchedule replays to it.
//
// # What it owns
//
// The strategies and their options and results; the depth-first search
// (dfs), which counts executions through the states it caches; the same
// search on several goroutines over one shared cache (parallel); the
// partial-order reduction (reducer); the probe and the random runs; and
// the smallest counterexamples (minimal). The state cache and its exact
// counts are the internal cache package's (cache.Store, cache.Shared,
// cache.Summary); how a state is keyed, and the models of the program the
// key rests on, are the statekey package's. Under the c11 memory model
// (Options.Memory) the strategies are built of the weak package's
// searches, which also choose what each read returns; explore applies
// the options' defaults, merges FindThenProve's phases, and hands the
// weak package its partial-order reduction (as a weak.Reducer).
//
// # Contracts
//
//   - The same program and options give the same result (Randomized:
//     the same seed). Options.Workers changes only how fast a complete
//     exhaustive search ends and what it caches (Result.States and
//     MemoryBytes): its counts, outcome kinds and counterexamples are
//     those of the search on one goroutine, as a state's summary is saved
//     only once all its children's are known, and a search that meets a
//     cycle runs again on one goroutine (see parallel). A search stopped
//     early (MaxStates, cancellation) covers what its workers reached.
//   - The package keeps no clock, and starts goroutines only for an
//     exhaustive search with Workers above one, all returned before
//     Explore does; the caller times a search and may cancel it.
//   - Every counterexample is checked before Explore returns: it replays to
//     its kind in exactly its steps (an error otherwise).
//   - A search whose step shows the models wrong starts again with the
//     corrected models (stop reason relearn, never returned), so its counts
//     are those of a search that knew them from the start.
//   - A search stops at MaxStates cached states, at its memory budget
//     (MaxMemory, stopped memory), on cancellation of its
//     context, or at the first counterexample asked for, with Complete
//     false and Stopped saying why.
//   - Searches share nothing: any number may run at once, each on its
//     own goroutine (and its workers').
//
// # Imports
//
// The standard library, lockstep/sim (exported API only),
// lockstep/sim/statekey, lockstep/sim/explore/internal/cache and
// lockstep/sim/explore/weak (which never imports explore). Never the
// lessons (lockstep/scenarios, which only its tests use) nor the
// playground.
package explore

// Package cache holds what an exhaustive search knows of the states it has
// visited: per state, a Summary of the executions from it (how many, of
// which outcome kinds, how many of each, and the fewest steps to one of
// each), kept exactly however large; a Store from state keys to summaries,
// for a search on one goroutine; and a Shared store for a search on
// several, which also says which workers are searching each state still in
// progress, with the Crew of its workers (whether they are to stop, why,
// and the first state's summary once one finished it), which the sc
// search and the c11 one (package weak) share.
//
// # Contracts
//
//   - Counts are exact: 64 bits while they fit, math/big past that.
//   - A Store is for one goroutine. A Shared store and a Crew may be used
//     by any number at once; each state's summary is saved once, by the
//     first worker to finish it.
//   - Outcome kinds are numbered as sim.Kinds lists them, ok first; the
//     package knows only how many there are (NumKinds).
//
// # Imports
//
// The standard library and lockstep/sim/statekey (for the Key type) only.
package cache

import "math"

// NumKinds is the number of outcome kinds, len(sim.Kinds), as a constant
// for arrays.
const NumKinds = 13

// NoSteps is a fewest-steps count for a kind no execution reaches.
const NoSteps = math.MaxUint32

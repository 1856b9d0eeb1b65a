package explore

import (
	"context"

	"lockstep/sim"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/explore/weak"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// CheckingKeys is Explore with every state key the search computes
// incrementally checked against the key computed from scratch: a
// difference panics.
func CheckingKeys(ctx context.Context, p *program.Program, o Options) (Result, error) {
	o.checkKeys = true
	return Explore(ctx, p, o)
}

// KeepingStale is CheckingKeys with stale snapshots keyed as they are
// (see statekey.Options.KeepStale).
func KeepingStale(ctx context.Context, p *program.Program, o Options) (Result, error) {
	o.checkKeys, o.keepStale = true, true
	return Explore(ctx, p, o)
}

// FailingTogether is CheckingKeys with the partial-order reduction's
// steps alone but no compare and swap that can only fail (see
// dfs.failsAlike).
func FailingTogether(ctx context.Context, p *program.Program, o Options) (Result, error) {
	o.checkKeys, o.noFailAlone = true, true
	return Explore(ctx, p, o)
}

// WideKeys is Explore with every state keyed as in a program too large
// for incremental keys (see statekey.Options.Wide).
func WideKeys(ctx context.Context, p *program.Program, o Options) (Result, error) {
	o.wideKeys = true
	return Explore(ctx, p, o)
}

// WeakKeys returns the state key the c11 search gives p's machines, with
// or without symmetry (as an exhaustive search without preemption bounds
// computes it).
func WeakKeys(p *program.Program, symmetric bool) func(*sim.Machine) statekey.Key {
	return weak.StateKey(p, symmetric)
}

// LevelBytes is cache.LevelBytes: the memory a depth of a search's path
// is taken to hold.
func LevelBytes(p *program.Program) int64 { return cache.LevelBytes(p) }

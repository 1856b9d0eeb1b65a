package sim

import "context"

// ExploreCheckingKeys is Explore with every state key the search computes
// incrementally checked against the key computed from scratch: a
// difference panics.
func ExploreCheckingKeys(ctx context.Context, p *Program, o ExploreOptions) (ExploreResult, error) {
	o.checkKeys = true
	return Explore(ctx, p, o)
}

// ExploreWideKeys is Explore with every state keyed as in a program too
// large for incremental keys (see keyer.clocksWide).
func ExploreWideKeys(ctx context.Context, p *Program, o ExploreOptions) (ExploreResult, error) {
	o.wideKeys = true
	return Explore(ctx, p, o)
}

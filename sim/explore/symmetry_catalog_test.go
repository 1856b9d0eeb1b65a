package explore_test

import (
	"maps"
	"math/big"
	"testing"

	"lockstep/sim/explore"
)

// TestSymmetryKeepsKinds searches every lesson and variant of the catalog
// at its own size with and without symmetry, every interleaving counted:
// both count the same executions of each outcome kind. A key that renames
// coroutines another one tells apart (when_all's children, whose frames
// the parent destroys in order) divides the executions among the kinds
// otherwise. Searches that reach the state bound are left out, and at
// least the lessons with spawned children must complete.
func TestSymmetryKeepsKinds(t *testing.T) {
	mustComplete := map[string]bool{"when-all-cross-thread": true, "when-all-inline": true}
	compared, least := 0, 20
	if raceShrink() {
		least = 10
	}
	for i, s := range lessons(t).All() {
		// Under raceShrink, every other lesson (those that must
		// complete always).
		if raceShrink() && i%2 == 1 && !mustComplete[s.ID] {
			continue
		}
		for _, v := range s.Variants {
			p := build(t, s.ID, v, nil)
			o := explore.Options{Strategy: explore.Exhaustive, NoReduction: true, MaxStates: 20_000}
			sym := search(t, p, o)
			o.NoSymmetry = true
			plain := search(t, p, o)
			if !sym.Complete || !plain.Complete {
				if mustComplete[s.ID] {
					t.Errorf("%s/%s: not complete (%s, %s)", s.ID, v, sym.Stopped, plain.Stopped)
				}
				continue
			}
			compared++
			if !maps.EqualFunc(sym.Outcomes, plain.Outcomes, func(a, b *big.Int) bool { return a.Cmp(b) == 0 }) {
				t.Errorf("%s/%s: with symmetry %v, without %v", s.ID, v, sym.Outcomes, plain.Outcomes)
			}
		}
	}
	if compared < least {
		t.Errorf("only %d lesson variants compared", compared)
	}
}

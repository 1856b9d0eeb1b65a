package explore_test

import (
	"testing"

	"lockstep/sim/explore"
)

// TestChallengeFixesHold checks what a challenge's "prove the fix" asks
// Verify to show: on the fix variant, at the lesson's parameters, every
// execution is covered and none reaches the challenge's kind.
func TestChallengeFixesHold(t *testing.T) {
	for _, s := range lessons(t).All() {
		c, err := s.Challenge()
		if err != nil {
			t.Fatal(err)
		}
		if c == nil || c.Fix == "" {
			continue
		}
		r := search(t, build(t, s.ID, c.Fix, nil), explore.Options{})
		if !r.Complete || r.Found(c.Kind) {
			t.Errorf("%s on %s: complete %v, found %v; want no %s", s.ID, c.Fix, r.Complete, r.Counterexamples, c.Kind)
		}
	}
}

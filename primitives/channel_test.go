package primitives_test

import (
	"testing"

	"lockstep/sim"
	"lockstep/sim/outcome"
)

// TestChannelRandom runs two producers, two consumers and a closer on the
// fixed channel under many random schedules, at capacities 0, 1 and 2:
// every run ends ok, and the channel ends closed, its mutex free and its
// queues empty.
func TestChannelRandom(t *testing.T) {
	for _, capacity := range []string{"0", "1", "2"} {
		s := parse(t, "channel", []string{"fixed"}, `"init": {"capacity": "`+capacity+`"},`, `[
			{"name": "P", "count": "2", "script": "send 7; send 8"},
			{"name": "C", "count": "2", "script": "recv; recv"},
			{"name": "X", "script": "close"}]`)
		p := build(t, s, "fixed", nil)
		for seed := range uint64(randomRuns) {
			m, out := runRandom(t, p, seed, sim.Options{})
			if out.Kind != outcome.OK || len(m.Findings()) > 0 {
				t.Fatalf("capacity %s, seed %d: %s: %s (schedule %s)", capacity, seed, out.Kind, out.Message, m.Schedule())
			}
			for cell, want := range map[string]string{"mtx.m_state": "nolocked(1)",
				"producer_cv.m_head": "nullptr", "consumer_cv.m_head": "nullptr"} {
				if got := cellValue(t, m, cell); got != want {
					t.Fatalf("capacity %s, seed %d: %s ends %s, want %s", capacity, seed, cell, got, want)
				}
			}
			if got := cellValue(t, m, "ch.m_close"); got == "open(2)" {
				t.Fatalf("capacity %s, seed %d: the channel ends open", capacity, seed)
			}
		}
	}
}

package explore_test

import (
	"maps"
	"slices"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// kindsFrom runs every execution that begins with prefix, one by one with
// no cache and no reduction, and returns the kinds they end in.
func kindsFrom(t *testing.T, p *program.Program, prefix schedule.Schedule) map[outcome.Kind]bool {
	t.Helper()
	m, err := sim.ReplayPrefix(p, prefix, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[outcome.Kind]bool{}
	var walk func(m *sim.Machine)
	walk = func(m *sim.Machine) {
		if m.Finished() {
			out[m.Outcome().Kind] = true
			return
		}
		for _, th := range m.Enabled(nil) {
			c := m.Clone()
			if _, err := c.Step(th); err != nil {
				t.Fatal(err)
			}
			walk(c)
		}
	}
	walk(m)
	return out
}

// TestFromCountsWhatFollowsThePrefix checks a search from a state against
// every execution run one by one from it: the same kinds, each
// counterexample beginning with the prefix and replaying to its kind.
func TestFromCountsWhatFollowsThePrefix(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", nil)
	lost, err := schedule.Parse("W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6")
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(lost) + 1 {
		prefix := lost[:n]
		r := search(t, p, explore.Options{From: prefix})
		if !r.Complete {
			t.Fatalf("from %v: not complete (%s)", prefix, r.Stopped)
		}
		got := map[outcome.Kind]bool{}
		for k := range r.Outcomes {
			got[k] = true
		}
		if want := kindsFrom(t, p, prefix); !maps.Equal(got, want) {
			t.Errorf("from %v: kinds %v; want %v", prefix, got, want)
		}
		if !r.Found(outcome.LostWakeup) {
			t.Errorf("from %v: no lost wakeup, though the schedule goes on to one", prefix)
		}
		for _, c := range r.Counterexamples {
			if len(c.Schedule) < n || !slices.EqualFunc(c.Schedule[:n], prefix, func(a, b schedule.Choice) bool { return a.Thread == b.Thread }) {
				t.Errorf("from %v: the %s counterexample %v does not begin with it", prefix, c.Kind, c.Schedule)
			}
		}
	}
}

// TestFromProvesAGoalGone checks that once the waiter has pushed itself
// before done() runs, no execution loses it, and that the search says so
// completely, asked for that kind only.
func TestFromProvesAGoalGone(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", nil)
	pushed, err := schedule.Parse("W1*6")
	if err != nil {
		t.Fatal(err)
	}
	r := search(t, p, explore.Options{From: pushed, Want: outcome.LostWakeup})
	if !r.Complete || r.Found(outcome.LostWakeup) {
		t.Errorf("from W1*6: complete %v, found %v; want complete without a lost wakeup", r.Complete, r.Counterexamples)
	}
	if kindsFrom(t, p, pushed)[outcome.LostWakeup] {
		t.Fatal("the brute force finds a lost wakeup after W1*6")
	}
	r = search(t, p, explore.Options{Want: outcome.LostWakeup})
	if r.Complete || !r.Found(outcome.LostWakeup) {
		t.Errorf("from the start: complete %v, found %v; want stopped at a lost wakeup", r.Complete, r.Counterexamples)
	}
}

// TestFromRefusesWhatItCannotDo checks the errors: a prefix that cannot be
// followed, and a strategy other than the exhaustive one.
func TestFromRefusesWhatItCannotDo(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", nil)
	bad, _ := schedule.Parse("D1 D1 D1 D1")
	if _, err := explore.Explore(t.Context(), p, explore.Options{From: bad}); err == nil {
		t.Error("a prefix past D1's end: no error")
	}
	w, _ := schedule.Parse("W1")
	if _, err := explore.Explore(t.Context(), p, explore.Options{From: w, Strategy: explore.PreemptionBounded}); err == nil {
		t.Error("a preemption-bounded search from a prefix: no error")
	}
}

package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
)

// TestCounterexampleLengths asks the explorer, as Find the bug does (the
// preemption-bounded search, fewest preemptions first), for a
// counterexample of every bug a catalog lesson's schedules expect, on the
// variant that has it, at the lesson's default parameters, under sc. Each
// must replay to its kind with the preemptions it claims, and a search
// bounded one preemption lower must find none of that kind with fewer:
// the counterexample is minimal in preemptions. The lengths go to the test's log, with how many
// a class can follow in 30 steps or fewer.
func TestCounterexampleLengths(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every bug of the catalog")
	}
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	short, all := 0, 0
	for _, l := range cat.All() {
		for _, v := range l.Variants {
			var kinds []outcome.Kind
			for _, s := range l.Schedules {
				// The c11 lessons' bugs are the c11 search's, not this one's.
				if k, ok := s.Expect[v]; ok && s.Memory == "" && k != outcome.OK && !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
			if len(kinds) == 0 {
				continue
			}
			prog, err := l.Build(v, nil)
			if err != nil {
				t.Fatalf("%s/%s: %v", l.ID, v, err)
			}
			for _, k := range kinds {
				r, err := explore.Explore(t.Context(), prog, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: -1, Want: k})
				if err != nil {
					t.Fatalf("%s/%s %s: %v", l.ID, v, k, err)
				}
				if len(r.Counterexamples) == 0 {
					t.Errorf("%s/%s: the search finds no %s (stopped: %s)", l.ID, v, k, r.Stopped)
					continue
				}
				c := r.Counterexamples[0]
				all++
				if c.Steps <= 30 {
					short++
				}
				lines = append(lines, fmt.Sprintf("%-24s %-13s %-18s %4d steps, %d preemptions", l.ID, v, k, c.Steps, c.Preemptions))
				if _, out, err := sim.ReplaySchedule(prog, c.Schedule, sim.Options{}); err != nil || out.Kind != k {
					t.Errorf("%s/%s: the %s counterexample replays to %s (%v)", l.ID, v, k, out.Kind, err)
				}
				if n, err := explore.Preemptions(prog, c.Schedule); err != nil || n != c.Preemptions || len(c.Schedule) != c.Steps {
					t.Errorf("%s/%s: the %s counterexample has %d steps, %d preemptions (%v); it claims %d, %d", l.ID, v, k, len(c.Schedule), n, err, c.Steps, c.Preemptions)
				}
				if c.Preemptions > 0 {
					lower, err := explore.Explore(t.Context(), prog, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: c.Preemptions - 1, Want: k})
					if err != nil {
						t.Fatalf("%s/%s %s: %v", l.ID, v, k, err)
					}
					if len(lower.Counterexamples) > 0 && lower.Counterexamples[0].Preemptions < c.Preemptions {
						t.Errorf("%s/%s: a %s with %d preemptions exists; the counterexample has %d", l.ID, v, k, lower.Counterexamples[0].Preemptions, c.Preemptions)
					}
				}
			}
		}
	}
	t.Logf("counterexamples of the catalog's bugs, %d of %d in at most 30 steps:\n%s", short, all, strings.Join(lines, "\n"))
}

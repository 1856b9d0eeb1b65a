package explore_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

func lessons(t testing.TB) *scenarios.Catalog {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func build(t testing.TB, id, variant string, params map[string]int) *program.Program {
	t.Helper()
	s, err := lessons(t).Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Build(variant, params)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func search(t testing.TB, p *program.Program, o explore.Options) explore.Result {
	t.Helper()
	r, err := explore.Explore(context.Background(), p, o)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// expected is the set of outcome kinds other than ok that a lesson's
// schedules expect of variant v.
func expected(s *scenarios.Scenario, v string) []outcome.Kind {
	var out []outcome.Kind
	for _, sc := range s.Schedules {
		if k, ok := sc.Expect[v]; ok && sc.MemoryModel() == sim.SC && k != outcome.OK && !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// correct reports whether variant v of a lesson is meant to be bug-free:
// a fixed variant, the real mutex or condition variable, or Go's
// WaitGroup, where every schedule of the lesson expects ok.
func correct(s *scenarios.Scenario, v string) bool {
	named := v == "fixed" || v == "go" ||
		v == "tinycoro" && slices.Contains([]string{"mutex", "condition_variable"}, s.Primitive)
	return named && len(expected(s, v)) == 0
}

// verifySize is the lesson's parameters at 3 waiters / 3 workers (every
// parameter at 3).
func verifySize(s *scenarios.Scenario) map[string]int {
	out := map[string]int{}
	for k := range s.Params {
		out[k] = 3
	}
	return out
}

// TestExploreCatalog runs the explorer over every lesson and variant: it
// must find every bug kind a lesson's schedules show, and prove the correct
// variants free of any finding.
func TestExploreCatalog(t *testing.T) {
	for _, s := range lessons(t).All() {
		for _, v := range s.Variants {
			want := expected(s, v)
			switch {
			case len(want) > 0:
				t.Run(s.ID+"/"+v, func(t *testing.T) {
					r := search(t, build(t, s.ID, v, nil), explore.Options{})
					if !r.Complete {
						t.Fatalf("search incomplete (%s) after %d states", r.Stopped, r.States)
					}
					for _, k := range want {
						if !r.Found(k) {
							t.Errorf("found %v, want a %s counterexample too", kinds(r), k)
						}
					}
					t.Logf("%d executions, %d states: %v", r.Executions, r.States, r.Outcomes)
				})
			case correct(s, v):
				t.Run(s.ID+"/"+v+"/verify", func(t *testing.T) {
					size := verifySize(s)
					if raceShrink() {
						// Under the race detector, at the lesson's own
						// size: the search runs on one thread, where
						// the detector finds nothing.
						size = nil
					}
					r := search(t, build(t, s.ID, v, size), explore.Options{})
					if !r.Complete {
						t.Fatalf("search incomplete (%s) after %d states", r.Stopped, r.States)
					}
					for _, c := range r.Counterexamples {
						if misuse(v, c) {
							t.Logf("the script misuses the primitive in other orders: %s after %s: %s", c.Kind, c.Schedule, c.Outcome.Message)
							continue
						}
						t.Errorf("found %s after %s: %s", c.Kind, c.Schedule, c.Outcome.Message)
					}
					t.Logf("verified at %v: %d executions, %d states", size, r.Executions, r.States)
				})
			}
		}
	}
}

// misuse reports whether a counterexample of variant v shows the lesson's
// script using the primitive in a way its contract forbids, rather than a
// fault of the primitive. Some lessons' scripts allow such orders besides
// the one they show:
//   - Go's WaitGroup panics ("sync: negative WaitGroup counter", "sync:
//     WaitGroup misuse...", "sync: WaitGroup is reused...");
//   - a deadlock: in that order the script never brings the count to zero;
//   - in Go's WaitGroup, an Add while a previous Wait has not returned
//     (reuse, which Go's contract forbids) lets a semaphore permit meant
//     for the old round go to a new waiter: a premature release, which Go
//     itself reports a step later as "WaitGroup is reused before previous
//     Wait has returned".
func misuse(v string, c explore.Counterexample) bool {
	switch c.Kind {
	case outcome.Deadlock:
		return true
	case outcome.Panic:
		return strings.HasPrefix(c.Outcome.Message, "panic: sync: ")
	case outcome.PrematureRelease:
		return v == "go"
	}
	return false
}

func kinds(r explore.Result) []outcome.Kind {
	var out []outcome.Kind
	for _, c := range r.Counterexamples {
		out = append(out, c.Kind)
	}
	return out
}

// TestLostWakeupMinimal checks the counterexample for tinyCoro's lost wakeup
// at 1 waiter and 1 worker: the lesson's schedule, one preemption, and it
// replays to a lost wakeup.
func TestLostWakeupMinimal(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 1, "workers": 1})
	r := search(t, p, explore.Options{})
	var c *explore.Counterexample
	for i := range r.Counterexamples {
		if r.Counterexamples[i].Kind == outcome.LostWakeup {
			c = &r.Counterexamples[i]
		}
	}
	if c == nil {
		t.Fatalf("found %v, want a lost wakeup", kinds(r))
	}
	const want = "W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6"
	if got := c.Schedule.String(); got != want || c.Steps != 8 || c.Preemptions != 1 {
		t.Errorf("counterexample %q (%d steps, %d preemptions), want %q (8 steps, 1 preemption)", got, c.Steps, c.Preemptions, want)
	}
	parsed, err := schedule.Parse(c.Schedule.String())
	if err != nil {
		t.Fatal(err)
	}
	m, out, err := sim.ReplaySchedule(p, parsed, sim.Options{})
	if err != nil || out.Kind != outcome.LostWakeup || m.Steps() != 8 {
		t.Errorf("replay: %v after %d steps (err %v), want lost-wakeup after 8", out.Kind, m.Steps(), err)
	}
}

// TestCounterexamplesReplay replays every counterexample of every strategy
// on a lesson with two bugs.
func TestCounterexamplesReplay(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2})
	for _, o := range []explore.Options{
		{Strategy: explore.Exhaustive},
		{Strategy: explore.PreemptionBounded, MaxPreemptions: 1},
		{Strategy: explore.Randomized, Runs: 500, Seed: 7},
		{Strategy: explore.Randomized, Runs: 500, Seed: 7, Depth: 2},
	} {
		r := search(t, p, o)
		if len(r.Counterexamples) == 0 {
			t.Errorf("%s (depth %d): no counterexample", o.Strategy, o.Depth)
		}
		for _, c := range r.Counterexamples {
			_, out, err := sim.ReplaySchedule(p, c.Schedule, sim.Options{})
			if err != nil || out.Kind != c.Kind {
				t.Errorf("%s: %s counterexample %s replays to %s (err %v)", o.Strategy, c.Kind, c.Schedule, out.Kind, err)
			}
		}
	}
}

// TestChannelCloseRace checks the bug the explorer finds in tinyCoro's
// channel beyond the lesson that shows it: any receiver that waits while
// close() runs can miss it, so in some order channel-basic's receiver
// waits for ever on a closed channel, what it waits for holding (a lost
// wakeup), and the fixed close never does.
func TestChannelCloseRace(t *testing.T) {
	r := search(t, build(t, "channel-basic", "tinycoro", nil), explore.Options{})
	if !r.Found(outcome.LostWakeup) || r.Found(outcome.Deadlock) {
		t.Errorf("channel-basic/tinycoro: found %v, want the lost wakeup of a missed close and no deadlock", kinds(r))
	}
	r = search(t, build(t, "channel-basic", "fixed", nil), explore.Options{})
	if !r.Complete || len(r.Counterexamples) > 0 {
		t.Errorf("channel-basic/fixed: complete %v, found %v; want every execution ok", r.Complete, kinds(r))
	}
}

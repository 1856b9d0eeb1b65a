package primitives_test

import (
	"fmt"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// wgRounds is a wait_group used for two rounds by three waiters and three
// workers. Each worker ends round 1 with done(), then counts itself into
// round 2 with add(1) and ends it with done(): the count never goes below
// zero and ends at zero, so whatever the schedule, every waiter must be
// released and none too early.
const wgRounds = `[
	{"name": "W", "count": "3", "script": "repeat 2 { wait }"},
	{"name": "D", "count": "3", "script": "done; add 1; done"}
]`

// wgOneRound is the plain use: the count is set before anyone waits (Add
// before Wait), three waiters, three workers.
const wgOneRound = `[
	{"name": "W", "count": "3", "script": "wait"},
	{"name": "D", "count": "3", "script": "done"}
]`

// TestWaitGroupFixedRandom runs the fixed wait_group under many seeded
// random schedules: no run has any finding. The same runs on tinyCoro's
// wait_group must find something, or the scenarios would prove nothing.
func TestWaitGroupFixedRandom(t *testing.T) {
	seeds := uint64(3000)
	if testing.Short() {
		seeds = 300
	}
	for _, tt := range []struct{ name, coroutines string }{{"one-round", wgOneRound}, {"rounds", wgRounds}} {
		t.Run(tt.name, func(t *testing.T) {
			s := wgScenario(t, tt.coroutines)
			fixed, tinycoro := wgBuild(t, s, "fixed"), wgBuild(t, s, "tinycoro")
			buggy := map[outcome.Kind]int{}
			for seed := range seeds {
				m, out := wgRandom(t, fixed, seed)
				if f := m.Findings(); out.Kind != outcome.OK || len(f) > 0 {
					t.Fatalf("fixed, seed %d: outcome %s, findings %v\nschedule: %s", seed, out.Kind, f, m.Schedule())
				}
				if _, out := wgRandom(t, tinycoro, seed); out.Kind != outcome.OK {
					buggy[out.Kind]++
				}
			}
			if len(buggy) == 0 {
				t.Errorf("tinycoro passed all %d seeds: the scenario exercises nothing", seeds)
			}
			t.Logf("tinycoro over %d seeds: %v", seeds, buggy)
		})
	}
}

// TestGoWaitGroupRandom runs Go's WaitGroup under many seeded random
// schedules with the count added before anyone waits: no wakeup is lost,
// nobody is released early, and nothing panics.
func TestGoWaitGroupRandom(t *testing.T) {
	seeds := uint64(3000)
	if testing.Short() {
		seeds = 300
	}
	s := wgScenario(t, wgOneRound)
	p := wgBuild(t, s, "go")
	for seed := range seeds {
		m, out := wgRandom(t, p, seed)
		if f := m.Findings(); out.Kind != outcome.OK || len(f) > 0 {
			t.Fatalf("seed %d: outcome %s, findings %v\nschedule: %s", seed, out.Kind, f, m.Schedule())
		}
	}
}

// wgScenario is a wait_group lesson for a test: the given coroutines, the
// count starting at 3, the tinycoro, fixed and go variants.
func wgScenario(t *testing.T, coroutines string) *scenarios.Scenario {
	t.Helper()
	text := fmt.Sprintf(`{"id": "wg-test", "primitive": "wait_group", "variants": ["tinycoro", "fixed", "go"],
		"title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"},
		"narrative": {"en": ["n"], "zh": ["n"]},
		"init": {"count": "3"},
		"coroutines": %s,
		"schedules": [{"name": "any", "title": {"en": "a", "zh": "a"}, "steps": "",
			"expect": {"tinycoro": "ok", "fixed": "ok", "go": "ok"}}]}`, coroutines)
	s, err := scenarios.Parse("wg-test.jsonc", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// wgBuild compiles s for variant.
func wgBuild(t *testing.T, s *scenarios.Scenario, variant string) *program.Program {
	t.Helper()
	p, err := s.Build(variant, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// wgRandom runs p under the random scheduler seeded with seed.
func wgRandom(t *testing.T, p *program.Program, seed uint64) (*sim.Machine, outcome.Outcome) {
	t.Helper()
	m := sim.New(p, sim.Options{})
	out, err := sim.Run(m, sim.NewRandom(seed))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return m, out
}

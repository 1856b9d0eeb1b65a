package primitives_test

import (
	"strings"
	"testing"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// contended is a mutex lesson with four coroutines that each take the lock
// three times, half of them through lock_guard.
func contended(t *testing.T, fifo bool) func(variant string) *program.Program {
	t.Helper()
	extra := ""
	if fifo {
		extra = `"fifo": true,`
	}
	s := parse(t, "mutex", []string{"tinycoro", "lifo"}, extra, `[
		{"name": "L", "count": "2", "script": "repeat 3 { lock; cs; unlock }"},
		{"name": "G", "count": "2", "script": "repeat 3 { lock_guard; cs; unlock }"}]`)
	return func(variant string) *program.Program { return build(t, s, variant, nil) }
}

// TestMutexExclusion runs both mutexes under many random schedules: no two
// holders, no race on the critical section's counter, every lock taken.
func TestMutexExclusion(t *testing.T) {
	prog := contended(t, false)
	for _, v := range []string{"tinycoro", "lifo"} {
		t.Run(v, func(t *testing.T) {
			p := prog(v)
			for seed := range uint64(randomRuns) {
				m, out := runRandom(t, p, seed, sim.Options{})
				if out.Kind != outcome.OK || len(m.Findings()) > 0 {
					t.Fatalf("seed %d: %s: %s (schedule %s)", seed, out.Kind, out.Message, m.Schedule())
				}
				if got := cellValue(t, m, "shared.counter"); got != "12" {
					t.Fatalf("seed %d: counter %s, want 12", seed, got)
				}
				if got := cellValue(t, m, "mtx.m_state"); got != "nolocked(1)" {
					t.Fatalf("seed %d: m_state ends %s, want nolocked(1)", seed, got)
				}
			}
		})
	}
}

// TestMutexFIFO checks that tinyCoro's mutex grants the lock in queueing
// order under random schedules, and that the FIFO check does catch the
// LIFO guess.
func TestMutexFIFO(t *testing.T) {
	prog := contended(t, true)
	assertions := 0
	for seed := range uint64(randomRuns) {
		m, out := runRandom(t, prog("tinycoro"), seed, sim.Options{})
		if out.Kind != outcome.OK {
			t.Fatalf("tinycoro, seed %d: %s: %s (schedule %s)", seed, out.Kind, out.Message, m.Schedule())
		}
		if _, out := runRandom(t, prog("lifo"), seed, sim.Options{}); out.Kind == outcome.Assertion {
			assertions++
		}
	}
	if assertions == 0 {
		t.Errorf("lifo never broke FIFO order in %d random runs", randomRuns)
	}
}

// TestMutexHandoff follows mutex-handoff's contended schedule: tinycoro
// reverses the batch and hands the lock to L2 then L3, the second unlock
// going from U1 straight to U5a; lifo pops L3 first after a failed CAS.
func TestMutexHandoff(t *testing.T) {
	s := lesson(t, "mutex-handoff")
	steps, err := schedule.Parse(s.Schedules[0].Steps)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		variant string
		unlock  map[string]string // per coroutine, the labels of its unlock
		order   string            // who resumed from a handoff, in order
	}{
		{"tinycoro", map[string]string{
			"L1": "U1 U2 U3 U4a U4b U4a U4b U5a U5b U6",
			"L2": "U1 U5a U5b U6",
			"L3": "U1 U2",
		}, "L2 L3"},
		{"lifo", map[string]string{
			"L1": "V1 V3 V4 V1 V3 V4 V5",
			"L3": "V1 V3 V4 V5",
			"L2": "V1 V2",
		}, "L3 L2"},
	}
	for _, c := range cases {
		m, out, err := sim.ReplaySchedule(build(t, s, c.variant, nil), steps, sim.Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		if out.Kind != outcome.OK {
			t.Errorf("%s: outcome %s: %s", c.variant, out.Kind, out.Message)
		}
		for co, want := range c.unlock {
			var unlock []string
			for _, l := range labelsOf(m, co) {
				if l[0] == 'U' || l[0] == 'V' {
					unlock = append(unlock, l)
				}
			}
			if got := joined(unlock); got != want {
				t.Errorf("%s: %s unlocked with %s, want %s", c.variant, co, got, want)
			}
		}
		var resumed []string
		p := m.Program()
		for _, r := range m.Records() {
			if r.Op == program.OpResume {
				resumed = append(resumed, p.Coroutines[r.Coroutine].Name)
			}
		}
		if got := strings.Join(resumed, " "); got != c.order {
			t.Errorf("%s: handed to %s, want %s", c.variant, got, c.order)
		}
	}
}

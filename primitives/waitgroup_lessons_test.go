package primitives_test

import (
	"slices"
	"testing"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
)

// wgLessonIDs are the wait_group lessons, each of which must be in the
// catalog and list the three variants.
var wgLessonIDs = []string{
	"wg-basic", "wg-lost-wakeup", "wg-uaf", "wg-frame-reuse", "wg-premature-release", "wg-add-negative",
	"go-wg-negative", "go-wg-add-during-wait", "go-wg-reuse", "go-wg-wait-before-add",
}

// TestWaitGroupLessons replays every schedule of every wait_group lesson on
// every variant and checks the outcome the lesson states.
func TestWaitGroupLessons(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range wgLessonIDs {
		s, err := cat.Lookup(id)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, v := range []string{"tinycoro", "fixed", "go"} {
			if !slices.Contains(s.Variants, v) {
				t.Errorf("%s does not list variant %s", id, v)
			}
		}
	}
	for _, s := range cat.All() {
		if s.Primitive != "wait_group" {
			continue
		}
		for _, sc := range s.Schedules {
			for _, v := range s.Variants {
				t.Run(s.ID+"/"+sc.Name+"/"+v, func(t *testing.T) {
					_, out := wgReplay(t, s, sc.Name, v)
					if want := sc.Expect[v]; out.Kind != want {
						t.Errorf("outcome %s (%s), want %s", out.Kind, out.Message, want)
					}
				})
			}
		}
	}
}

// TestWaitGroupPanics checks who panics, where, and that the message is
// Go's own, word for word.
func TestWaitGroupPanics(t *testing.T) {
	const (
		negative = "panic: sync: negative WaitGroup counter"
		misuse   = "panic: sync: WaitGroup misuse: Add called concurrently with Wait"
		reused   = "panic: sync: WaitGroup is reused before previous Wait has returned"
	)
	tests := []struct {
		lesson, schedule, variant string
		coroutine, label, message string
	}{
		{"go-wg-negative", "extra-done", "go", "T", "GA1", negative},
		{"go-wg-negative", "extra-done", "fixed", "T", "P1", negative},
		{"go-wg-add-during-wait", "add-in-release", "go", "A", "GA1", misuse},
		{"go-wg-reuse", "early-add", "go", "W", "GW4", reused},
		{"wg-frame-reuse", "reuse", "go", "L", "GW4", reused},
	}
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.lesson+"/"+tt.variant, func(t *testing.T) {
			s, err := cat.Lookup(tt.lesson)
			if err != nil {
				t.Fatal(err)
			}
			m, out := wgReplay(t, s, tt.schedule, tt.variant)
			if out.Kind != outcome.Panic || out.Message != tt.message {
				t.Fatalf("outcome %s %q, want panic %q", out.Kind, out.Message, tt.message)
			}
			if out.Coroutine != tt.coroutine {
				t.Errorf("panicked in %s, want %s", out.Coroutine, tt.coroutine)
			}
			r := m.Records()[out.Step]
			if got := primitives.LabelName(r.Label); got != tt.label {
				t.Errorf("panicked at %s, want %s", got, tt.label)
			}
		})
	}
}

// TestWaitGroupLostWakeupTrace checks that the lost wakeup happens the way
// the digest tells it: on tinycoro the waiter checks the count and reads an
// empty stack, done() runs whole, then the waiter's CAS succeeds and it
// parks; on fixed the push CAS fails and the retry sees zero; on go the
// registering CAS fails and the retry sees zero.
func TestWaitGroupLostWakeupTrace(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		variant, want string
	}{
		{"tinycoro", "W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6"},
		{"fixed", "W1@Q1 W1@Q2 W1@Q3 W1@Q4 D1@P1 D1@P2 W1@Q5 W1@Q3 W1@Q6"},
		{"go", "W1@GW1 D1@GA1 W1@GW2 W1@GW1"},
	}
	for _, tt := range tests {
		m, _ := wgReplay(t, s, "lost", tt.variant)
		if got := m.Schedule().String(); got != tt.want {
			t.Errorf("%s performed %s, want %s", tt.variant, got, tt.want)
		}
	}
}

// wgReplay runs the lesson's named schedule on variant, recording.
func wgReplay(t *testing.T, s *scenarios.Scenario, name, variant string) (*sim.Machine, outcome.Outcome) {
	t.Helper()
	i := slices.IndexFunc(s.Schedules, func(sc scenarios.Schedule) bool { return sc.Name == name })
	if i < 0 {
		t.Fatalf("%s has no schedule %s", s.ID, name)
	}
	p, err := s.Build(variant, nil)
	if err != nil {
		t.Fatal(err)
	}
	steps, err := schedule.Parse(s.Schedules[i].For(variant))
	if err != nil {
		t.Fatal(err)
	}
	m, out, err := sim.ReplaySchedule(p, steps, sim.Options{Record: true})
	if err != nil {
		t.Fatalf("%s/%s on %s: %v", s.ID, name, variant, err)
	}
	return m, out
}

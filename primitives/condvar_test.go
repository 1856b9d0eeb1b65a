package primitives_test

import (
	"testing"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
)

// TestCondVarRandom runs three waiters with a predicate, a producer that
// notifies too early, then for real, and a locker, under many random
// schedules: every run ends ok, every waiter went through the critical
// section holding the lock, and the mutex and the queue end empty.
func TestCondVarRandom(t *testing.T) {
	s := parse(t, "condition_variable", []string{"tinycoro"}, "", `[
		{"name": "W", "count": "3", "script": "lock; wait_ready; cs; unlock"},
		{"name": "P", "script": "notify_all; lock; set_ready; unlock; notify_one; notify_all"},
		{"name": "L", "script": "lock_guard { cs }"}]`)
	p := build(t, s, "tinycoro", nil)
	for seed := range uint64(randomRuns) {
		m, out := runRandom(t, p, seed, sim.Options{})
		if out.Kind != outcome.OK || len(m.Findings()) > 0 {
			t.Fatalf("seed %d: %s: %s (schedule %s)", seed, out.Kind, out.Message, m.Schedule())
		}
		for cell, want := range map[string]string{"shared.counter": "4", "mtx.m_state": "nolocked(1)",
			"cv.m_head": "nullptr", "cv.m_tail": "nullptr", "cv.m_lock": "0"} {
			if got := cellValue(t, m, cell); got != want {
				t.Fatalf("seed %d: %s ends %s, want %s", seed, cell, got, want)
			}
		}
	}
}

// TestCondVarSpin checks that a thread that finds the spinlock taken
// cannot move until the holder releases it, and says why.
func TestCondVarSpin(t *testing.T) {
	s := parse(t, "condition_variable", []string{"tinycoro"}, "", `[
		{"name": "A", "script": "notify_one"},
		{"name": "B", "script": "notify_one"}]`)
	p := build(t, s, "tinycoro", nil)
	sched, err := schedule.Parse("A@NO1 B@NO1")
	if err != nil {
		t.Fatal(err)
	}
	m, err := sim.ReplayPrefix(p, sched, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	b := p.Thread("B")
	if m.CanMove(b) || m.Why(b) != "B spins until another thread changes cv.m_lock" {
		t.Errorf("B can move: %v (%s); want it spinning on cv.m_lock", m.CanMove(b), m.Why(b))
	}
	out, err := sim.Run(m, &sim.Replay{})
	if err != nil || out.Kind != outcome.OK {
		t.Errorf("the rest of the run: %s (%v); want ok", out.Kind, err)
	}
}

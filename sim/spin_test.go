package sim_test

import (
	"reflect"
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// spinProgram is a thread L that takes a lock (stores 1) and never gives
// it back, and a thread S that spins until it reads the lock free
// (Exec.Spin after each busy read), then returns.
func spinProgram(t *testing.T) *program.Program {
	f := fixture.New()
	d := f.Data(program.Field{Name: "lock", Kind: program.Int64, Atomic: true})
	f.Thread("L", f.Op("take", "T", func(x program.Exec) { x.Store(d, 1, program.Release); x.Return() }))
	f.Thread("S", f.Op("spin", "S", func(x program.Exec) {
		if x.Load(d, program.Acquire) != 0 {
			x.Goto(x.PC())
			x.Spin(d, 1)
			return
		}
		x.Return()
	}))
	return f.Program(t)
}

// TestSpinWaitsForAWrite checks the await semantics of a spin: a spinning
// thread cannot move until a write it has not read is there to read, so
// a spin on a lock no one will free is one blocked step and the run a
// deadlock that names the spinner and its cell; under c11 its re-read
// returns only a newer write, and its first read may still return the
// lock's initial value.
func TestSpinWaitsForAWrite(t *testing.T) {
	for _, mm := range []sim.MemoryModel{sim.SC, sim.C11} {
		p := spinProgram(t)
		s, _ := schedule.Parse("L S")
		m, _, err := sim.ReplaySchedule(p, s, sim.Options{Memory: mm})
		if err != nil {
			t.Fatal(err)
		}
		if !m.Finished() || m.CanMove(1) {
			t.Fatalf("%s: S can move after reading the lock held, with no new write to read", mm)
		}
		o := m.Outcome()
		if o.Kind != outcome.Deadlock || o.Detail.Reason != outcome.Spinning ||
			!reflect.DeepEqual(o.Detail.Spins, []string{"S"}) || !reflect.DeepEqual(o.Detail.Cells, []string{"d.lock"}) {
			t.Errorf("%s: %+v, want a deadlock of S spinning on d.lock", mm, o)
		}
		if o.Message != "no thread can move and S spins on d.lock: no thread will write it again" {
			t.Errorf("%s: %q", mm, o.Message)
		}
	}
	// Under c11 the first read may return the initial value: S is through.
	s, _ := schedule.Parse("L S<init")
	m, _, err := sim.ReplaySchedule(spinProgram(t), s, sim.Options{Memory: sim.C11})
	if err != nil || m.Outcome().Kind != outcome.OK {
		t.Errorf("L S<init under c11: %v, %v; want S through", err, m.Outcome())
	}
}

// TestDeadlockWithoutCondition: a primitive that declares no wait
// condition (a written one without open) deadlocks without the verdict
// claiming a condition that does not hold.
func TestDeadlockWithoutCondition(t *testing.T) {
	f := fixture.New()
	d := f.Data(program.Field{Name: "flag", Kind: program.Int64, Atomic: true})
	op := f.Op("park", "K", func(x program.Exec) { x.Store(d, 1, program.Relaxed); x.Suspend(x.PC() + 1) },
		func(x program.Exec) { x.Load(d, program.Relaxed); x.Return() })
	f.Ops[op].Awaits = true
	f.Thread("A", op)
	p := f.Program(t)
	p.Facts = program.Facts{}
	_, o := fixture.Replay(t, p, "A")
	if o.Kind != outcome.Deadlock || o.Message != "no thread can move and A still waits" {
		t.Errorf("%+v, want a deadlock of A with no condition named", o)
	}
}

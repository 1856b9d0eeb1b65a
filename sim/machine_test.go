package sim_test

import (
	"errors"
	"reflect"
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/snapshot"
)

// parkWake is A parking and B setting the flag and waking it.
func parkWake(t *testing.T) (*program.Program, fixture.Shared) {
	t.Helper()
	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.ParkOp(d))
	f.Thread("B", f.SetOp(d), f.WakeOp(d, 1))
	p := f.Program(t)
	fixture.OpenWhenFlag(p, d)
	return p, d
}

// step performs steps on the named threads, failing the test on an error.
func step(t *testing.T, m *sim.Machine, threads ...string) {
	t.Helper()
	for _, name := range threads {
		if _, err := m.Step(m.Program().Thread(name)); err != nil {
			t.Fatalf("Step(%s) = %v", name, err)
		}
	}
}

func TestCloneIsIndependent(t *testing.T) {
	p, d := parkWake(t)
	m := sim.New(p, sim.Options{Record: true})
	step(t, m, "A")
	before := snapshot.Of(m)
	c := m.Clone()
	step(t, c, "B", "A", "B")
	if got := snapshot.Of(m); !reflect.DeepEqual(got, before) {
		t.Errorf("stepping the clone changed the original:\n got %+v\nwant %+v", got, before)
	}
	if m.Steps() != 1 || len(m.Records()) != 1 || m.Schedule().Threads().String() != "A" {
		t.Errorf("original: %d steps, %d records, schedule %q; want 1, 1, %q", m.Steps(), len(m.Records()), m.Schedule(), "A")
	}
	if m.Peek(d.Flag) != 0 || c.Peek(d.Flag) != 1 {
		t.Errorf("flag: original %d, clone %d; want 0, 1", m.Peek(d.Flag), c.Peek(d.Flag))
	}
	step(t, m, "A")
	if got, want := m.Records()[1].Thread, 0; got != want {
		t.Errorf("original's step 1 ran on thread %d, want %d", got, want)
	}
	if got := c.Records()[1].Thread; got != 1 {
		t.Errorf("the original's step overwrote the clone's record: step 1 on thread %d, want 1", got)
	}
	if got, want := c.Schedule().String(), "A@K1 B@S1 A@K2 B@Z1"; got != want {
		t.Errorf("clone's schedule = %q, want %q", got, want)
	}
	if got, want := m.Schedule().String(), "A@K1 A@K2"; got != want {
		t.Errorf("original's schedule = %q, want %q", got, want)
	}
}

func TestPendingDoesNotStep(t *testing.T) {
	p, _ := parkWake(t)
	m := sim.New(p, sim.Options{Record: true, Locations: true})
	step(t, m, "A", "A", "B")
	for _, name := range []string{"A", "B"} {
		th := p.Thread(name)
		before, steps, sched := snapshot.Of(m), m.Steps(), m.Schedule().String()
		rec, ok := m.Pending(th)
		if got := snapshot.Of(m); !reflect.DeepEqual(got, before) || m.Steps() != steps || m.Schedule().String() != sched {
			t.Fatalf("Pending(%s) changed the machine", name)
		}
		if name == "A" {
			if ok {
				t.Errorf("Pending(A) = %+v, true; A is parked and cannot move", rec)
			}
			continue
		}
		if !ok {
			t.Fatalf("Pending(B) = false, want the record of B's next step")
		}
		got, err := m.Clone().Step(th)
		if err != nil || !reflect.DeepEqual(got, rec) {
			t.Errorf("Pending(B) = %+v, but the step performs %+v (%v)", rec, got, err)
		}
		if rec.Loc.File != "fixture.go" {
			t.Errorf("Pending(B).Loc = %+v, want a place in fixture.go", rec.Loc)
		}
	}
}

func TestRandomIsDeterministic(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	inc := f.Op("inc", "I",
		func(x program.Exec) { x.FetchAdd(d.Flag, 1, program.Relaxed); fixture.Next(x) },
		func(x program.Exec) { x.FetchAdd(d.Flag, 1, program.Relaxed); fixture.Next(x) },
		func(x program.Exec) { x.FetchAdd(d.Flag, 1, program.Relaxed); x.Return() })
	for _, name := range []string{"A", "B", "C"} {
		f.Thread(name, inc)
	}
	p := f.Program(t)
	run := func(seed uint64) string {
		m := sim.New(p, sim.Options{})
		out, err := sim.Run(m, sim.NewRandom(seed))
		if err != nil || out.Kind != outcome.OK || m.Steps() != 9 {
			t.Fatalf("seed %d: %s after %d steps, %v; want ok after 9", seed, out.Kind, m.Steps(), err)
		}
		return m.Schedule().String()
	}
	distinct := map[string]bool{}
	for seed := range uint64(20) {
		a, b := run(seed), run(seed)
		if a != b {
			t.Errorf("seed %d gave %q, then %q", seed, a, b)
		}
		distinct[a] = true
	}
	if len(distinct) < 2 {
		t.Errorf("20 seeds gave %d schedule(s), want the seed to matter", len(distinct))
	}
}

// Continue keeps the last thread moving while it can: no preemption.
func TestContinue(t *testing.T) {
	p, _ := parkWake(t)
	m := sim.New(p, sim.Options{})
	out, err := sim.Run(m, sim.Continue{})
	if err != nil || out.Kind != outcome.OK {
		t.Fatalf("Run(Continue) = %s, %v; want ok", out.Kind, err)
	}
	if got, want := m.Schedule().String(), "A@K1 A@K2 B@S1 B@Z1 B@Z2 A A@K3"; got != want {
		t.Errorf("schedule = %q, want %q", got, want)
	}
}

func TestStepErrors(t *testing.T) {
	p, _ := parkWake(t)
	m := sim.New(p, sim.Options{})
	if _, err := m.Step(5); err == nil {
		t.Errorf("Step(5) = nil error, want no thread 5")
	}
	step(t, m, "A", "A")
	if _, err := m.Step(0); err == nil || m.Why(0) != "A is parked in park" {
		t.Errorf("Step(A) on a parked A = %v, Why = %q; want an error and %q", err, m.Why(0), "A is parked in park")
	}
	if _, err := sim.Run(m, sim.Continue{}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Step(1); !errors.Is(err, sim.ErrBlocked) {
		t.Errorf("Step after every coroutine finished = %v, want ErrBlocked", err)
	}

	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.Op("boom", "X", func(x program.Exec) { x.Load(d.Flag, program.Relaxed); panic("boom") }))
	f.Thread("B", f.SetOp(d))
	m = sim.New(f.Program(t), sim.Options{})
	step(t, m, "A")
	if _, err := m.Step(1); err != sim.ErrFinished || m.CanMove(1) || len(m.Enabled(nil)) != 0 {
		t.Errorf("Step after a fatal finding = %v, CanMove = %v; want ErrFinished, false", err, m.CanMove(1))
	}
}

// Snapshot shows values symbolically: handles, contexts, awaiters, and the
// coroutines' states.
func TestSnapshot(t *testing.T) {
	p, _ := parkWake(t)
	m := sim.New(p, sim.Options{})
	step(t, m, "A", "A")
	s := snapshot.Of(m)
	values := map[string]string{}
	for _, c := range s.Cells {
		values[c.Name] = c.Value
	}
	want := map[string]string{"d.slot": "&A.awaiter", "A.awaiter.m_await_coro": "handle(A)", "A.awaiter.m_ctx": "&A.ctx"}
	for k, v := range want {
		if values[k] != v {
			t.Errorf("%s = %q, want %q", k, values[k], v)
		}
	}
	a := s.Coroutines[0]
	if a.Status != outcome.Parked || a.Op != "park" || a.Label != "K3" || !a.AwaiterLive {
		t.Errorf("A = %+v, want parked in park at K3 with a live awaiter", a)
	}
}

package sim_test

import (
	"testing"

	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// suspendingOp declares "wait": K1 publishes the coroutine's handle, K2
// puts the awaiter in the slot, where a waker finds it, and says so with
// Suspending (unless plain), K3 is a step of await_suspend after that, K4
// parks and K5 runs once the coroutine is resumed.
func suspendingOp(f *fixture.Fixture, d fixture.Shared, plain bool) int {
	op := f.Op("wait", "K",
		func(x program.Exec) { x.Write(x.Awaiter()+1, x.Handle()); fixture.Next(x) },
		func(x program.Exec) {
			x.Exchange(d.Slot, x.Awaiter(), program.AcqRel)
			if !plain {
				x.Suspending()
			}
			fixture.Next(x)
		},
		func(x program.Exec) { x.Load(d.Flag, program.Relaxed); fixture.Next(x) },
		func(x program.Exec) { x.Load(d.Flag, program.Relaxed); x.Suspend(x.PC() + 1) },
		func(x program.Exec) { x.Load(d.Flag, program.Acquire); x.Return() })
	f.Ops[op].Awaits = true
	return op
}

// A waker may resume a coroutine whose await_suspend has published its
// awaiter and goes on: the coroutine is queued while it still runs, and
// when its await_suspend ends it leaves the stack for the queue.
func TestResumedWhileSuspending(t *testing.T) {
	for _, tt := range []struct {
		name   string
		plain  bool
		engine *program.Engine
		want   outcome.Kind
		step   int
	}{
		{name: "queued", want: outcome.OK, step: -1},
		{name: "not published", plain: true, want: outcome.DoubleResume, step: 3},
		{name: "inline", engine: &program.Engine{DepthCap: 4096}, want: outcome.DoubleResume, step: 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			f.Thread("A", suspendingOp(f, d, tt.plain))
			f.Thread("B", f.WakeOp(d, 1))
			p := f.Program(t)
			p.Engine = tt.engine
			m, out := fixture.Replay(t, p, "A A B B A A A A")
			checkOutcome(t, out, tt.want, tt.step)
			if tt.want != outcome.OK {
				return
			}
			if got := m.Schedule().String(); got != "A@K1 A@K2 B@Z1 B@Z2 A@K3 A@K4 A A@K5" {
				t.Errorf("schedule %s; want A queued at Z2, leaving its stack at K4 and resumed from its queue", got)
			}
		})
	}
}

// BeginAwait constructs the awaiter inside an operation, with the fields
// after the first three given; EndAwait ends it, and a read after that is
// a use after free.
func TestBeginAwait(t *testing.T) {
	f2 := fixture.New()
	f2.Shared()
	op2 := f2.Op("await", "Y",
		func(x program.Exec) { x.BeginAwait(7); x.SetLocal(0, x.Read(x.Awaiter()+3)); fixture.Next(x) },
		func(x program.Exec) { x.EndAwait(); x.Read(x.Awaiter() + 3); x.Return() })
	f2.ThreadWith("A", []program.Field{{Name: "m_cond", Kind: program.Int64}}, op2)
	p2 := f2.Program(t)
	m, out := fixture.Replay(t, p2, "A A")
	checkOutcome(t, out, outcome.UseAfterFree, 1, "A reads A.awaiter.m_cond at step 2 (Y2), but A's awaiter ended at step 2")
	if got := m.Records()[0].Result; got != 7 {
		t.Errorf("step 0 read m_cond = %d; want 7, as BeginAwait constructed it", got)
	}
}

// An "if" in a script tests what the call before it returned
// (Exec.Result): JumpIfNot skips the block when it returned false.
func TestJumpIfNot(t *testing.T) {
	for _, flag := range []program.Word{0, 1} {
		f := fixture.New()
		d := f.Shared()
		try := f.Op("try", "T", func(x program.Exec) { x.Result(x.Load(d.Flag, program.Relaxed) == 1); x.Return() })
		mark := f.Op("mark", "X", func(x program.Exec) { x.Write(d.X, 1); x.Return() })
		f.Thread("A", try)
		p := f.Program(t)
		p.Cells[d.Flag].Init = flag
		p.Coroutines[0].Script = []program.Instr{{Kind: program.Call, Op: try}, {Kind: program.JumpIfNot, Arg: 3}, {Kind: program.Call, Op: mark}}
		m, _ := fixture.Replay(t, p, "")
		if got, want := m.Steps(), 1+int(flag); got != want {
			t.Errorf("flag %d: %d steps (%s); want %d", flag, got, m.Schedule(), want)
		}
	}
}

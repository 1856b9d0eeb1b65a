package sim_test

import (
	"testing"

	"lockstep/sim"
)

// suspendingOp declares "wait": K1 publishes the coroutine's handle, K2
// puts the awaiter in the slot, where a waker finds it, and says so with
// Suspending (unless plain), K3 is a step of await_suspend after that, K4
// parks and K5 runs once the coroutine is resumed.
func (f *fixture) suspendingOp(d shared, plain bool) int {
	op := f.op("wait", "K",
		func(x *sim.Exec) { x.Write(x.Awaiter()+1, x.Handle()); next(x) },
		func(x *sim.Exec) {
			x.Exchange(d.slot, x.Awaiter(), sim.AcqRel)
			if !plain {
				x.Suspending()
			}
			next(x)
		},
		func(x *sim.Exec) { x.Load(d.flag, sim.Relaxed); next(x) },
		func(x *sim.Exec) { x.Load(d.flag, sim.Relaxed); x.Suspend(x.PC() + 1) },
		func(x *sim.Exec) { x.Load(d.flag, sim.Acquire); x.Return() })
	f.ops[op].Awaits = true
	return op
}

// A waker may resume a coroutine whose await_suspend has published its
// awaiter and goes on: the coroutine is queued while it still runs, and
// when its await_suspend ends it leaves the stack for the queue.
func TestResumedWhileSuspending(t *testing.T) {
	for _, tt := range []struct {
		name   string
		plain  bool
		submit sim.SubmitMode
		want   sim.Kind
		step   int
	}{
		{name: "queued", want: sim.OK, step: -1},
		{name: "not published", plain: true, want: sim.DoubleResume, step: 3},
		{name: "inline", submit: sim.Inline, want: sim.DoubleResume, step: 3},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture()
			d := f.shared()
			f.thread("A", f.suspendingOp(d, tt.plain))
			f.thread("B", f.wakeOp(d, 1))
			p := f.program(t)
			p.Submit = tt.submit
			m, out := replay(t, p, "A A B B A A A A")
			checkOutcome(t, out, tt.want, tt.step)
			if tt.want != sim.OK {
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
	f2 := newFixture()
	f2.shared()
	op2 := f2.op("await", "Y",
		func(x *sim.Exec) { x.BeginAwait(7); x.SetLocal(0, x.Read(x.Awaiter()+3)); next(x) },
		func(x *sim.Exec) { x.EndAwait(); x.Read(x.Awaiter() + 3); x.Return() })
	f2.threadWith("A", []sim.Field{{Name: "m_cond", Kind: sim.Int64}}, op2)
	p2 := f2.program(t)
	m, out := replay(t, p2, "A A")
	checkOutcome(t, out, sim.UseAfterFree, 1, "A reads A.awaiter.m_cond at step 1 (Y2), but A's awaiter ended at step 1")
	if got := m.Records()[0].Result; got != 7 {
		t.Errorf("step 0 read m_cond = %d; want 7, as BeginAwait constructed it", got)
	}
}

// An "if" in a script tests what the call before it returned
// (Exec.Result): JumpIfNot skips the block when it returned false.
func TestJumpIfNot(t *testing.T) {
	for _, flag := range []sim.Word{0, 1} {
		f := newFixture()
		d := f.shared()
		try := f.op("try", "T", func(x *sim.Exec) { x.Result(x.Load(d.flag, sim.Relaxed) == 1); x.Return() })
		mark := f.op("mark", "X", func(x *sim.Exec) { x.Write(d.x, 1); x.Return() })
		f.thread("A", try)
		p := f.program(t)
		p.Cells[d.flag].Init = flag
		p.Coroutines[0].Script = []sim.Instr{{Kind: sim.Call, Op: try}, {Kind: sim.JumpIfNot, Arg: 3}, {Kind: sim.Call, Op: mark}}
		m, _ := replay(t, p, "")
		if got, want := m.Steps(), 1+int(flag); got != want {
			t.Errorf("flag %d: %d steps (%s); want %d", flag, got, m.Schedule(), want)
		}
	}
}

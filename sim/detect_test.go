package sim_test

import (
	"strings"
	"testing"

	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// checkOutcome fails the test unless out has kind want, step step and a
// message containing every one of msg.
func checkOutcome(t *testing.T, out outcome.Outcome, want outcome.Kind, step int, msg ...string) {
	t.Helper()
	if out.Kind != want || out.Step != step {
		t.Fatalf("outcome = %s at step %d (%s), want %s at step %d", out.Kind, out.Step, out.Message, want, step)
	}
	for _, s := range msg {
		if !strings.Contains(out.Message, s) {
			t.Errorf("message = %q, want it to contain %q", out.Message, s)
		}
	}
}

func TestUseAfterFree(t *testing.T) {
	tests := []struct {
		name     string
		idle     bool // A's script goes on after its wait, so its frame stays
		schedule string
		step     int
		msg      string
	}{
		{name: "frame destroyed", schedule: "A B", step: 1,
			msg: "B reads A.awaiter.m_next at step 2 (R1), but A finished at step 1 and its frame was destroyed"},
		{name: "awaiter ended", idle: true, schedule: "A B", step: 1,
			msg: "B reads A.awaiter.m_next at step 2 (R1), but A's awaiter ended at step 1, when A returned from its wait"},
		{name: "not constructed yet", schedule: "B", step: 0,
			msg: "B reads A.awaiter.m_next at step 1 (R1), but A.awaiter has not been constructed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			wait := f.Op("wait", "W", func(x program.Exec) { x.Write(x.Awaiter()+1, x.Handle()); x.Return() })
			f.Ops[wait].Awaits = true
			ops := []int{wait}
			if tt.idle {
				ops = append(ops, f.Op("idle", "I", func(x program.Exec) { x.Load(d.Flag, program.Relaxed); x.Return() }))
			}
			f.Thread("A", ops...)
			var awaiterA program.Word
			peek := f.Op("peek", "R", func(x program.Exec) { x.Read(awaiterA); x.Return() })
			f.Thread("B", peek)
			p := f.Program(t)
			awaiterA = p.Coroutines[0].Awaiter
			m, out := fixture.Replay(t, p, tt.schedule)
			checkOutcome(t, out, outcome.UseAfterFree, tt.step, tt.msg)
			if got := m.Records()[tt.step].Findings; len(got) != 1 || got[0].Kind != outcome.UseAfterFree {
				t.Errorf("findings of step %d = %v, want the use-after-free", tt.step, got)
			}
			if !m.Finished() || m.CanMove(1) {
				t.Errorf("the run goes on after a fatal finding")
			}
		})
	}
}

func TestDoubleResume(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.ParkOp(d))
	f.Thread("B", f.WakeOp(d, 2))
	_, out := fixture.Replay(t, f.Program(t), "A A B B B")
	checkOutcome(t, out, outcome.DoubleResume, 4,
		"B resumes A at step 5 (Z3), but A is not suspended: it is already runnable")
}

func TestPrematureRelease(t *testing.T) {
	tests := []struct {
		name   string
		set    bool // B sets the flag before waking A
		want   outcome.Kind
		step   int
		detail string
	}{
		{name: "woken before the condition held", want: outcome.PrematureRelease, step: 3,
			detail: "B releases A at step 4 (Z2), but d.flag == 1 has not held since A parked at step 2"},
		{name: "woken after the condition held", set: true, want: outcome.OK, step: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			f.Thread("A", f.ParkOp(d))
			ops := []int{f.WakeOp(d, 1)}
			if tt.set {
				ops = []int{f.SetOp(d), ops[0]}
			}
			f.Thread("B", ops...)
			p := f.Program(t)
			fixture.OpenWhenFlag(p, d)
			_, out := fixture.Replay(t, p, "A A B B")
			checkOutcome(t, out, tt.want, tt.step, tt.detail)
		})
	}
}

// A run in which no thread can move is judged by the state it ends in.
func TestQuiescence(t *testing.T) {
	tests := []struct {
		name   string
		engine *program.Engine
		wake   bool // B wakes A after setting the flag
		set    bool
		want   outcome.Kind
		step   int
		cause  int // the step the verdict blames, when not step
		msg    string
	}{
		{name: "lost wakeup", set: true, want: outcome.LostWakeup, step: 1, cause: 3,
			msg: "A parked at step 2 and d.flag == 1 holds, but B made it hold at step 4 (S1) without waking A"},
		{name: "deadlock", want: outcome.Deadlock, step: -1, cause: -1,
			msg: "no thread can move and A still waits: d.flag == 1 does not hold"},
		{name: "dropped task", engine: &program.Engine{}, set: true, wake: true, want: outcome.DroppedTask, step: 1, cause: 5,
			msg: "A parked at step 2, and submit_task dropped its handle at step 6 (B's Z2)"},
		{name: "woken", set: true, wake: true, want: outcome.OK, step: -1, cause: -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			f.Thread("A", f.ParkOp(d))
			ops := []int{f.Op("noop", "N", func(x program.Exec) { x.Load(d.Flag, program.Relaxed); x.Return() })}
			if tt.set {
				ops = append(ops, f.SetOp(d))
			}
			if tt.wake {
				ops = append(ops, f.WakeOp(d, 1))
			}
			f.Thread("B", ops...)
			p := f.Program(t)
			p.Engine = tt.engine
			fixture.OpenWhenFlag(p, d)
			_, out := fixture.Replay(t, p, "A A")
			checkOutcome(t, out, tt.want, tt.step, tt.msg)
			if out.CauseStep != tt.cause {
				t.Errorf("CauseStep = %d, want %d", out.CauseStep, tt.cause)
			}
		})
	}
}

// With the inline submit mode the woken coroutine runs on the waker's
// thread, above the waker, until it parks or finishes.
func TestInlineResume(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.ParkOp(d))
	f.Thread("B", f.SetOp(d), f.WakeOp(d, 1))
	p := f.Program(t)
	p.Engine = &program.Engine{DepthCap: 4096}
	fixture.OpenWhenFlag(p, d)
	m, out := fixture.Replay(t, p, "A A B B B B")
	checkOutcome(t, out, outcome.OK, -1)
	r := m.Records()[5]
	if r.Thread != 1 || r.Coroutine != 0 || p.Label(r.Label) != "K3" {
		t.Errorf("step 5 ran coroutine %d at %s on thread %d, want A at K3 on B", r.Coroutine, p.Label(r.Label), r.Thread)
	}
}

func TestStepLimit(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.Op("spin", "L", func(x program.Exec) { x.Load(d.Flag, program.Relaxed); x.Goto(x.PC()) }))
	p := f.Program(t)
	p.StepLimit = 10
	m, out := fixture.Replay(t, p, "")
	checkOutcome(t, out, outcome.StepLimit, 9, "stopped after 10 steps")
	if m.Steps() != 10 || !m.Finished() {
		t.Errorf("Steps() = %d, Finished() = %v; want 10, true", m.Steps(), m.Finished())
	}
}

// A Go panic in an operation, or a step that breaks the one-access rule,
// ends the run with a panic outcome instead of crashing the caller.
func TestPanics(t *testing.T) {
	tests := []struct {
		name string
		step func(x program.Exec, d fixture.Shared)
		msg  string
		// engine says the machine, not the operation's code, found the
		// fault; such outcomes do not name a thread.
	}{
		{name: "Go panic", step: func(x program.Exec, d fixture.Shared) { x.Load(d.Flag, program.Relaxed); panic("boom") }, msg: "boom"},
		{name: "index out of range", step: func(x program.Exec, d fixture.Shared) {
			var a []int
			_ = a[x.Load(d.Flag, program.Relaxed)]
		}, msg: "index out of range"},
		{name: "primitive panics", step: func(x program.Exec, d fixture.Shared) {
			x.Load(d.Flag, program.Relaxed)
			x.Panic("sync: negative WaitGroup counter")
		}, msg: "panic: sync: negative WaitGroup counter"},
		{name: "no access", step: func(x program.Exec, d fixture.Shared) { x.Return() }, msg: "sim: step B1 of bad made no memory access"},
		{name: "two accesses", step: func(x program.Exec, d fixture.Shared) {
			x.Load(d.Flag, program.Relaxed)
			x.Load(d.Flag, program.Relaxed)
			x.Return()
		}, msg: "sim: step B1 makes a second memory access (load)"},
		{name: "no next", step: func(x program.Exec, d fixture.Shared) { x.Load(d.Flag, program.Relaxed) },
			msg: "sim: step B1 of bad did not say where to go next"},
		{name: "nil dereference", step: func(x program.Exec, d fixture.Shared) { x.Load(0, program.Relaxed); x.Return() },
			msg: "invalid memory address or nil pointer dereference"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			f.Thread("A", f.Op("bad", "B", func(x program.Exec) { tt.step(x, d) }))
			_, out := fixture.Replay(t, f.Program(t), "A")
			checkOutcome(t, out, outcome.Panic, 0, tt.msg)
			if out.Thread != "A" || out.Coroutine != "A" {
				t.Errorf("outcome names thread %q, coroutine %q; want A, A", out.Thread, out.Coroutine)
			}
		})
	}
}

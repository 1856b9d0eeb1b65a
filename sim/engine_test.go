package sim_test

import (
	"strings"
	"testing"

	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// engineProgram: A and B share A's context (B queued behind A); each
// parks with its awaiter in a slot of its own (K1 handle, K2 publish and
// park, K3 after the wakeup). C submits A's awaiter and D B's (Z1 load,
// Z2 submit), each from a thread of its own.
func engineProgram(t *testing.T, e *program.Engine) *program.Program {
	f := fixture.New()
	slots := f.Data(program.Field{Name: "a", Kind: program.Pointer, Atomic: true}, program.Field{Name: "b", Kind: program.Pointer, Atomic: true})
	park := func(slot program.Word) int {
		op := f.Op("park", "K",
			func(x program.Exec) { x.Write(x.Awaiter()+program.FieldAwaitCoro, x.Handle()); fixture.Next(x) },
			func(x program.Exec) { x.Exchange(slot, x.Awaiter(), program.AcqRel); x.Suspend(x.PC() + 1) },
			func(x program.Exec) { x.FetchAdd(x.Context(), 1, program.AcqRel); x.Return() })
		f.Ops[op].Awaits = true
		return op
	}
	wake := func(slot program.Word) int {
		return f.Op("wake", "Z",
			func(x program.Exec) { x.SetLocal(0, x.Load(slot, program.Acquire)); fixture.Next(x) },
			func(x program.Exec) { x.Submit(x.Local(0)); x.Return() })
	}
	f.Thread("A", park(slots))
	f.Thread("B", park(slots+1), park(slots))
	f.Thread("C", wake(slots))
	f.Thread("D", wake(slots+1))
	p := f.Program(t)
	p.Coroutines[1].Thread = 0 // B runs on A's thread and context
	p.Engine = e
	return p
}

// A submit to a full queue runs the coroutine inline on the waker's
// thread and counts it in the target's depth counter, a plain field the
// waker writes from its own thread: two wakers on two threads race on it.
// The fixed engine counts in the waker's own context: no race.
func TestEngineInlineDepthRace(t *testing.T) {
	const sched = "A A A A A C C D D"
	m, _ := fixture.Replay(t, engineProgram(t, &program.Engine{QueueCap: 0, DepthCap: 4}), sched)
	if f := m.Records()[8].Findings; len(f) != 1 || f[0].Kind != outcome.DataRace ||
		!strings.Contains(f[0].Message, "data race on A.ctx.m_max_recursive_depth: D reads it at step 9 (Z2) and C wrote it at step 7 (Z2)") {
		t.Errorf("step 8's findings %v; want the race on A's depth counter", f)
	}
	r := m.Records()[6]
	if len(r.Events) == 0 || r.Events[0].Kind != record.Inline {
		t.Errorf("step 6 events %v; want A resumed inline", r.Events)
	}
	m, _ = fixture.Replay(t, engineProgram(t, &program.Engine{QueueCap: 0, DepthCap: 4, Fixed: true}), sched)
	for _, r := range m.Records() {
		for _, f := range r.Findings {
			if f.Kind == outcome.DataRace {
				t.Errorf("fixed engine: %s", f.Message)
			}
		}
	}
}

// While the queue has room a submit enqueues; once it is full the next
// one runs inline; at the depth cap it drops the handle, unless the
// engine is fixed, which puts it in the queue beyond its capacity.
func TestEngineQueueInlineDrop(t *testing.T) {
	tests := []struct {
		name  string
		e     program.Engine
		sched string
		want  outcome.Kind
		event record.EventKind // the event of D's submit (step 8)
	}{
		{"room", program.Engine{QueueCap: 2, DepthCap: 4}, "A A A A A C C D D", outcome.OK, record.Queued},
		{"queued, then full", program.Engine{QueueCap: 1, DepthCap: 4}, "A A A A A C C D D", outcome.OK, record.Inline},
		{"full", program.Engine{QueueCap: 0, DepthCap: 4}, "A A A A A D D", outcome.OK, record.Inline},
		{"cap", program.Engine{QueueCap: 0, DepthCap: 0}, "A A A A A D D", outcome.DroppedTask, record.Dropped},
		{"fixed cap", program.Engine{QueueCap: 0, DepthCap: 0, Fixed: true}, "A A A A A D D", outcome.OK, record.Queued},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, out := fixture.Replay(t, engineProgram(t, &tt.e), tt.sched)
			if out.Kind != tt.want && !(tt.want == outcome.OK && out.Kind == outcome.Deadlock || out.Kind == outcome.DataRace) {
				t.Errorf("outcome %s (%s); want %s", out.Kind, out.Message, tt.want)
			}
			r := m.Records()[len(strings.Fields(tt.sched))-1]
			if len(r.Events) == 0 || r.Events[0].Kind != tt.event {
				t.Errorf("the submit's events %v; want %v first", r.Events, tt.event)
			}
		})
	}
}

// An awaiter's m_ctx is local_context(): after an inline resume, the
// waker's context. B, resumed inline on D's thread, returns from its
// first wait on A's context (its awaiter's m_ctx), then constructs its
// next awaiter with D's.
func TestLocalContextAfterInline(t *testing.T) {
	m, _ := fixture.Replay(t, engineProgram(t, &program.Engine{QueueCap: 0, DepthCap: 4}), "A A A A A D D D D")
	p := m.Program()
	if r := m.Records()[7]; r.Thread != 3 || p.CellName(r.Addr) != "A.ctx.num_wait" {
		t.Errorf("B's K3 on thread %d adds to %s; want thread 3 (D) and A.ctx.num_wait", r.Thread, p.CellName(r.Addr))
	}
	if got, want := m.Peek(p.Coroutines[1].Awaiter+program.FieldCtx), p.Threads[3].Context; got != want {
		t.Errorf("B's new awaiter has m_ctx %s; want D's context %s", p.Format(program.Context, nil, got), p.Format(program.Context, nil, want))
	}
}

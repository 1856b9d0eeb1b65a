package words

import (
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// The lessons never reach some outcomes (a double resume, a broken
// mutual exclusion, the step limit, the engine's own panics): these tests
// build tiny programs by hand that do, and say their outcomes in both
// languages.

// hand is a program built by hand: one shared atomic word, and one thread
// per coroutine, each running one operation.
type hand struct {
	*fixture.Fixture
	word program.Word
}

// op declares an operation (fixture.Fixture.Op) with its role, and whether
// it constructs an awaiter.
func (h *hand) op(name, prefix string, role program.OpRole, awaits bool, steps ...func(x program.Exec)) int {
	op := h.Op(name, prefix, steps...)
	h.Ops[op].Role, h.Ops[op].Awaits = role, awaits
	return op
}

func TestMessagesOfHandBuiltOutcomes(t *testing.T) {
	tests := []struct {
		name     string
		build    func(h *hand, p **program.Program)
		schedule string
		kind     outcome.Kind
		reason   outcome.Reason
	}{
		{name: "double resume", schedule: "A A B B", kind: outcome.DoubleResume, build: func(h *hand, p **program.Program) {
			// A publishes its handle in its awaiter and parks; B resumes it twice.
			h.Thread("A", h.op("park", "K", program.Waiting, true,
				func(x program.Exec) { x.Write(x.Awaiter()+1, x.Handle()); fixture.Next(x) },
				func(x program.Exec) { x.Store(h.word, x.Awaiter(), program.Release); x.Suspend(x.PC() + 1) },
				func(x program.Exec) { x.Load(h.word, program.Acquire); x.Return() }))
			h.Thread("B", h.op("wake", "Z", program.Plain, false,
				func(x program.Exec) { x.SetLocal(0, x.Load(h.word, program.Acquire)); fixture.Next(x) },
				func(x program.Exec) { x.Submit(x.Local(0)); fixture.Next(x) },
				func(x program.Exec) { x.Submit(x.Local(0)); x.Return() }))
		}},
		{name: "mutual exclusion", schedule: "A B", kind: outcome.MutualExclusion, build: func(h *hand, p **program.Program) {
			// Both take the lock at once; A still holds it when B gets it.
			lock := h.op("lock", "L", program.Lock, false, func(x program.Exec) { x.FetchAdd(h.word, 1, program.Acquire); x.Return() })
			h.Thread("A", lock, h.op("cs", "C", program.Plain, false, func(x program.Exec) { x.Load(h.word, program.Relaxed); x.Return() }))
			h.Thread("B", lock)
		}},
		{name: "step limit", schedule: "", kind: outcome.StepLimit, build: func(h *hand, p **program.Program) {
			h.Thread("A", h.op("spin", "S", program.Plain, false, func(x program.Exec) { x.Load(h.word, program.Relaxed); x.Goto(x.PC()) }))
		}},
		{name: "no access", schedule: "A", kind: outcome.Panic, reason: outcome.NoAccess, build: func(h *hand, p **program.Program) {
			h.Thread("A", h.op("bad", "B", program.Plain, false, func(x program.Exec) { x.Return() }))
		}},
		{name: "no next", schedule: "A", kind: outcome.Panic, reason: outcome.NoNext, build: func(h *hand, p **program.Program) {
			h.Thread("A", h.op("bad", "B", program.Plain, false, func(x program.Exec) { x.Load(h.word, program.Relaxed) }))
		}},
		{name: "nil pointer", schedule: "A", kind: outcome.Panic, reason: outcome.NilPointer, build: func(h *hand, p **program.Program) {
			h.Thread("A", h.op("bad", "B", program.Plain, false, func(x program.Exec) { x.Load(0, program.Relaxed); x.Return() }))
		}},
		{name: "recovered panic", schedule: "A", kind: outcome.Panic, reason: outcome.GoPanic, build: func(h *hand, p **program.Program) {
			h.Thread("A", h.op("bad", "B", program.Plain, false, func(x program.Exec) {
				var a []int
				_ = a[x.Load(h.word, program.Relaxed)]
			}))
		}},
		{name: "not a handle", schedule: "A", kind: outcome.Panic, reason: outcome.NotHandle, build: func(h *hand, p **program.Program) {
			// The fresh awaiter's m_await_coro is null.
			h.Thread("A", h.op("bad", "B", program.Plain, true, func(x program.Exec) { x.Submit(x.Awaiter()); x.Return() }))
		}},
		{name: "not constructed", schedule: "B", kind: outcome.UseAfterFree, reason: outcome.NotConstructed, build: func(h *hand, p **program.Program) {
			h.Thread("A", h.op("wait", "W", program.Plain, true, func(x program.Exec) { x.Load(h.word, program.Relaxed); x.Return() }))
			h.Thread("B", h.op("peek", "P", program.Plain, false, func(x program.Exec) { x.Read((*p).Coroutines[0].Awaiter); x.Return() }))
		}},
		{name: "resume a finished coroutine", schedule: "A B B", kind: outcome.UseAfterFree, reason: outcome.ResumeFinished, build: func(h *hand, p **program.Program) {
			h.Thread("A", h.op("quit", "Q", program.Plain, false, func(x program.Exec) { x.Load(h.word, program.Relaxed); x.Return() }))
			h.Thread("B", h.op("wake", "Z", program.Plain, true,
				func(x program.Exec) { x.Write(x.Awaiter()+1, (*p).Coroutines[0].Frame); fixture.Next(x) },
				func(x program.Exec) { x.Submit(x.Awaiter()); x.Return() }))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &hand{Fixture: fixture.New()}
			h.word = h.Data(program.Field{Name: "word", Kind: program.Int64, Atomic: true})
			var p *program.Program
			tt.build(h, &p)
			p = h.Program(t)
			if tt.kind == outcome.StepLimit {
				p.StepLimit = 5
			}
			sched, err := schedule.Parse(tt.schedule)
			if err != nil {
				t.Fatal(err)
			}
			m, out, _ := sim.ReplaySchedule(p, sched, sim.Options{Record: true})
			if out.Kind != tt.kind || out.Detail.Reason != tt.reason {
				t.Fatalf("outcome %s/%s (%q); want %s/%s", out.Kind, out.Detail.Reason, out.Message, tt.kind, tt.reason)
			}
			checkMessage(t, out)
			for th := range p.Threads {
				if en := Blocked(m.Blocked(th), "en"); en != m.Why(th) {
					t.Errorf("thread %d: blocked says %q; the engine says %q", th, en, m.Why(th))
				}
				checkChinese(t, Blocked(m.Blocked(th), "zh"))
			}
		})
	}
}

package words

import (
	"testing"

	"lockstep/sim"
)

// The lessons never reach some outcomes (a double resume, a broken
// mutual exclusion, the step limit, the engine's own panics): these tests
// build tiny programs by hand that do, and say their outcomes in both
// languages.

// handProgram is a program built by hand: one shared atomic word, and one
// thread per coroutine, each running one operation.
type handProgram struct {
	l      *sim.Layout
	labels []string
	ops    []sim.Op
	word   sim.Word
}

func newHandProgram() *handProgram {
	h := &handProgram{l: sim.NewLayout(), labels: []string{"?"}}
	h.word = h.l.Add("d", sim.DataObject, -1, "", sim.Field{Name: "word", Kind: sim.Int64, Atomic: true})
	return h
}

// op declares an operation whose steps are labelled prefix1, prefix2...
func (h *handProgram) op(name, prefix string, role sim.OpRole, awaits bool, steps ...func(x *sim.Exec)) int {
	entry := len(h.labels)
	for i := range steps {
		h.labels = append(h.labels, prefix+string(rune('1'+i)))
	}
	h.ops = append(h.ops, sim.Op{Name: name, Entry: entry, Role: role, Awaits: awaits,
		Code: func(x *sim.Exec) { steps[x.PC()-entry](x) }})
	return len(h.ops) - 1
}

// thread adds a thread and its coroutine, both named name, running ops.
func (h *handProgram) thread(name string, ops ...int) {
	p := h.l.Program()
	co := len(p.Coroutines)
	ctx := h.l.Add(name+".ctx", sim.ContextObject, -1, name, sim.Field{Name: "num_wait", Kind: sim.Int64, Atomic: true})
	frame := h.l.Add(name+".frame", sim.FrameObject, co, name, sim.Field{Name: "resume", Kind: sim.Pointer})
	aw := h.l.Add(name+".awaiter", sim.AwaiterObject, co, name,
		sim.Field{Name: "m_next", Kind: sim.Pointer},
		sim.Field{Name: "m_await_coro", Kind: sim.Handle},
		sim.Field{Name: "m_ctx", Kind: sim.Context})
	script := make([]sim.Instr, len(ops))
	for i, op := range ops {
		script[i] = sim.Instr{Kind: sim.Call, Op: op}
	}
	p.Threads = append(p.Threads, sim.ThreadSpec{Name: name, Context: ctx})
	p.Coroutines = append(p.Coroutines, sim.CoroutineSpec{Name: name, Thread: len(p.Threads) - 1,
		Frame: frame, Awaiter: aw, Script: script})
}

func (h *handProgram) program(t *testing.T) *sim.Program {
	t.Helper()
	p := h.l.Program()
	p.Ops = h.ops
	labels := h.labels
	p.LabelName = func(pc int) string {
		if pc > 0 && pc < len(labels) {
			return labels[pc]
		}
		return "?"
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestMessagesOfHandBuiltOutcomes(t *testing.T) {
	next := func(x *sim.Exec) { x.Goto(x.PC() + 1) }
	tests := []struct {
		name     string
		build    func(h *handProgram, p **sim.Program)
		schedule string
		kind     sim.Kind
		reason   sim.Reason
	}{
		{name: "double resume", schedule: "A A B B", kind: sim.DoubleResume, build: func(h *handProgram, p **sim.Program) {
			// A publishes its handle in its awaiter and parks; B resumes it twice.
			h.thread("A", h.op("park", "K", sim.Waiting, true,
				func(x *sim.Exec) { x.Write(x.Awaiter()+1, x.Handle()); next(x) },
				func(x *sim.Exec) { x.Store(h.word, x.Awaiter(), sim.Release); x.Suspend(x.PC() + 1) },
				func(x *sim.Exec) { x.Load(h.word, sim.Acquire); x.Return() }))
			h.thread("B", h.op("wake", "Z", sim.Plain, false,
				func(x *sim.Exec) { x.SetLocal(0, x.Load(h.word, sim.Acquire)); next(x) },
				func(x *sim.Exec) { x.Submit(x.Local(0)); next(x) },
				func(x *sim.Exec) { x.Submit(x.Local(0)); x.Return() }))
		}},
		{name: "mutual exclusion", schedule: "A B", kind: sim.MutualExclusion, build: func(h *handProgram, p **sim.Program) {
			// Both take the lock at once; A still holds it when B gets it.
			lock := h.op("lock", "L", sim.Lock, false, func(x *sim.Exec) { x.FetchAdd(h.word, 1, sim.Acquire); x.Return() })
			h.thread("A", lock, h.op("cs", "C", sim.Plain, false, func(x *sim.Exec) { x.Load(h.word, sim.Relaxed); x.Return() }))
			h.thread("B", lock)
		}},
		{name: "step limit", schedule: "", kind: sim.StepLimit, build: func(h *handProgram, p **sim.Program) {
			h.thread("A", h.op("spin", "S", sim.Plain, false, func(x *sim.Exec) { x.Load(h.word, sim.Relaxed); x.Goto(x.PC()) }))
		}},
		{name: "no access", schedule: "A", kind: sim.Panic, reason: sim.NoAccess, build: func(h *handProgram, p **sim.Program) {
			h.thread("A", h.op("bad", "B", sim.Plain, false, func(x *sim.Exec) { x.Return() }))
		}},
		{name: "no next", schedule: "A", kind: sim.Panic, reason: sim.NoNext, build: func(h *handProgram, p **sim.Program) {
			h.thread("A", h.op("bad", "B", sim.Plain, false, func(x *sim.Exec) { x.Load(h.word, sim.Relaxed) }))
		}},
		{name: "nil pointer", schedule: "A", kind: sim.Panic, reason: sim.NilPointer, build: func(h *handProgram, p **sim.Program) {
			h.thread("A", h.op("bad", "B", sim.Plain, false, func(x *sim.Exec) { x.Load(0, sim.Relaxed); x.Return() }))
		}},
		{name: "recovered panic", schedule: "A", kind: sim.Panic, reason: sim.GoPanic, build: func(h *handProgram, p **sim.Program) {
			h.thread("A", h.op("bad", "B", sim.Plain, false, func(x *sim.Exec) {
				var a []int
				_ = a[x.Load(h.word, sim.Relaxed)]
			}))
		}},
		{name: "not a handle", schedule: "A", kind: sim.Panic, reason: sim.NotHandle, build: func(h *handProgram, p **sim.Program) {
			// The fresh awaiter's m_await_coro is null.
			h.thread("A", h.op("bad", "B", sim.Plain, true, func(x *sim.Exec) { x.Submit(x.Awaiter()); x.Return() }))
		}},
		{name: "not constructed", schedule: "B", kind: sim.UseAfterFree, reason: sim.NotConstructed, build: func(h *handProgram, p **sim.Program) {
			h.thread("A", h.op("wait", "W", sim.Plain, true, func(x *sim.Exec) { x.Load(h.word, sim.Relaxed); x.Return() }))
			h.thread("B", h.op("peek", "P", sim.Plain, false, func(x *sim.Exec) { x.Read((*p).Coroutines[0].Awaiter); x.Return() }))
		}},
		{name: "resume a finished coroutine", schedule: "A B B", kind: sim.UseAfterFree, reason: sim.ResumeFinished, build: func(h *handProgram, p **sim.Program) {
			h.thread("A", h.op("quit", "Q", sim.Plain, false, func(x *sim.Exec) { x.Load(h.word, sim.Relaxed); x.Return() }))
			h.thread("B", h.op("wake", "Z", sim.Plain, true,
				func(x *sim.Exec) { x.Write(x.Awaiter()+1, (*p).Coroutines[0].Frame); next(x) },
				func(x *sim.Exec) { x.Submit(x.Awaiter()); x.Return() }))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newHandProgram()
			var p *sim.Program
			tt.build(h, &p)
			p = h.program(t)
			if tt.kind == sim.StepLimit {
				p.StepLimit = 5
			}
			sched, err := sim.ParseSchedule(tt.schedule)
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

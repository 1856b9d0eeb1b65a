package sim_test

import (
	"fmt"
	"testing"

	"lockstep/sim"
)

// A fixture builds a small program by hand: shared data first, then one
// context, frame and awaiter per thread, each thread running one coroutine
// of the same name.
type fixture struct {
	l      *sim.Layout
	labels []string // labels[pc] names step label pc; 0 is unused
	ops    []sim.Op
}

func newFixture() *fixture {
	return &fixture{l: sim.NewLayout(), labels: []string{"?"}}
}

// data adds the shared object "d" and returns its address.
func (f *fixture) data(fields ...sim.Field) sim.Word {
	return f.l.Add("d", sim.DataObject, -1, "", fields...)
}

// op declares an operation whose steps are labelled prefix1, prefix2...;
// step i runs steps[i-1], which must say where to go next. It returns the
// operation's index.
func (f *fixture) op(name, prefix string, steps ...func(x *sim.Exec)) int {
	entry := len(f.labels)
	for i := range steps {
		f.labels = append(f.labels, fmt.Sprintf("%s%d", prefix, i+1))
	}
	f.ops = append(f.ops, sim.Op{Name: name, Entry: entry, Code: func(x *sim.Exec) { steps[x.PC()-entry](x) }})
	return len(f.ops) - 1
}

// label returns the pc of a label declared with op.
func (f *fixture) label(t *testing.T, name string) int {
	t.Helper()
	for pc, l := range f.labels {
		if l == name {
			return pc
		}
	}
	t.Fatalf("no label %s", name)
	return 0
}

// thread adds a thread and a coroutine, both named name, whose script
// calls the operations ops in order.
func (f *fixture) thread(name string, ops ...int) { f.threadWith(name, nil, ops...) }

// threadWith is thread with an awaiter that has the fields extra after
// the three every awaiter has.
func (f *fixture) threadWith(name string, extra []sim.Field, ops ...int) {
	p := f.l.Program()
	co := len(p.Coroutines)
	ctx := f.l.Add(name+".ctx", sim.ContextObject, -1, name, sim.Field{Name: "num_wait", Kind: sim.Int64, Atomic: true})
	frame := f.l.Add(name+".frame", sim.FrameObject, co, name, sim.Field{Name: "resume", Kind: sim.Pointer})
	aw := f.l.Add(name+".awaiter", sim.AwaiterObject, co, name, append([]sim.Field{
		{Name: "m_next", Kind: sim.Pointer},
		{Name: "m_await_coro", Kind: sim.Handle},
		{Name: "m_ctx", Kind: sim.Context}}, extra...)...)
	script := make([]sim.Instr, len(ops))
	for i, op := range ops {
		script[i] = sim.Instr{Kind: sim.Call, Op: op}
	}
	p.Threads = append(p.Threads, sim.ThreadSpec{Name: name, Context: ctx})
	p.Coroutines = append(p.Coroutines, sim.CoroutineSpec{Name: name, Thread: len(p.Threads) - 1,
		Frame: frame, Awaiter: aw, Script: script})
}

// program finishes the program and validates it.
func (f *fixture) program(t *testing.T) *sim.Program {
	t.Helper()
	p := f.l.Program()
	p.Ops = f.ops
	labels := f.labels
	p.LabelName = func(pc int) string {
		if pc > 0 && pc < len(labels) {
			return labels[pc]
		}
		return "?"
	}
	if err := p.Validate(); err != nil {
		t.Fatalf("Validate() = %v", err)
	}
	return p
}

// next continues an operation at its following label.
func next(x *sim.Exec) { x.Goto(x.PC() + 1) }

// replay runs p along schedule (then Continue) and fails the test on a
// schedule error.
func replay(t *testing.T, p *sim.Program, schedule string) (*sim.Machine, sim.Outcome) {
	t.Helper()
	s, err := sim.ParseSchedule(schedule)
	if err != nil {
		t.Fatalf("ParseSchedule(%q) = %v", schedule, err)
	}
	m, out, err := sim.ReplaySchedule(p, s, sim.Options{Record: true, Locations: true})
	if err != nil {
		t.Fatalf("ReplaySchedule(%q) = %v", schedule, err)
	}
	return m, out
}

// The shared data of most tests: a plain field x, an atomic flag and an
// atomic pointer slot for handing an awaiter from one thread to another.
type shared struct{ x, flag, slot sim.Word }

func (f *fixture) shared() shared {
	base := f.data(
		sim.Field{Name: "x", Kind: sim.Int64},
		sim.Field{Name: "flag", Kind: sim.Int64, Atomic: true},
		sim.Field{Name: "slot", Kind: sim.Pointer, Atomic: true})
	return shared{x: base, flag: base + 1, slot: base + 2}
}

// parkOp declares "park": K1 publishes the coroutine's handle in its
// awaiter, K2 puts the awaiter in the slot and parks, K3 runs once it is
// resumed. It constructs an awaiter and is a Waiting operation.
func (f *fixture) parkOp(d shared) int {
	op := f.op("park", "K",
		func(x *sim.Exec) { x.Write(x.Awaiter()+1, x.Handle()); next(x) },
		func(x *sim.Exec) { x.Exchange(d.slot, x.Awaiter(), sim.AcqRel); x.Suspend(x.PC() + 1) },
		func(x *sim.Exec) { x.Load(d.flag, sim.Acquire); x.Return() })
	f.ops[op].Awaits = true
	f.ops[op].Role = sim.Waiting
	return op
}

// wakeOp declares "wake": Z1 takes the awaiter from the slot, then it is
// submitted times times (Z2, Z3...).
func (f *fixture) wakeOp(d shared, times int) int {
	steps := []func(x *sim.Exec){func(x *sim.Exec) { x.SetLocal(0, x.Load(d.slot, sim.Acquire)); next(x) }}
	for i := range times {
		last := i == times-1
		steps = append(steps, func(x *sim.Exec) {
			x.Submit(x.Local(0))
			if last {
				x.Return()
				return
			}
			next(x)
		})
	}
	return f.op("wake", "Z", steps...)
}

// setOp declares "set": S1 stores 1 in the flag with release.
func (f *fixture) setOp(d shared) int {
	return f.op("set", "S", func(x *sim.Exec) { x.Store(d.flag, 1, sim.Release); x.Return() })
}

// openWhenFlag makes the flag the wait condition of Waiting operations.
func openWhenFlag(p *sim.Program, d shared) {
	p.Facts = sim.Facts{Open: func(peek sim.Peek) bool { return peek(d.flag) == 1 }, Condition: "d.flag == 1"}
}

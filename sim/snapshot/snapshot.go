package snapshot

import (
	"slices"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// A Snapshot is the machine's state between two steps, in symbolic form.
type Snapshot struct {
	Cells      []CellState
	Lists      []ListState
	Threads    []ThreadState
	Coroutines []CoroutineState
}

// CellState is one cell: its name, its value shown symbolically and raw.
type CellState struct {
	Addr   program.Word
	Name   string
	Object string
	Value  string
	Raw    program.Word
	Atomic bool
	// Live is false once the cell's object has ended (a dead awaiter, a
	// destroyed frame) or before it was constructed.
	Live bool
}

// ListState is an intrusive waiter list, head first.
type ListState struct {
	Name  string
	Head  string // the head pointer, symbolically
	Nodes []NodeState
	// Cycle is true when following m_next came back to a node already
	// listed (frame reuse can do that); the walk stops there.
	Cycle bool
	// Coroutine and Local name the local a list hangs from, when it hangs
	// from an operation's local (done()'s head, after it took the stack)
	// rather than from the primitive; Name is then "D1.head".
	Coroutine, Local string
}

// NodeState is one awaiter in a list.
type NodeState struct {
	Addr      program.Word
	Name      string // "W1.awaiter"
	Coroutine string
	Live      bool
}

// ThreadState is one worker thread.
type ThreadState struct {
	Name    string
	Stack   []string // running coroutines, bottom first (inline resumes above)
	Queue   []string // run queue, front first
	NumWait int64
}

// CoroutineState is one coroutine.
type CoroutineState struct {
	Name        string
	Thread      string // where it runs or is queued
	Status      outcome.Status
	Op          string // operation in progress ("" between operations)
	Label       string // label of its next step
	FrameLive   bool
	AwaiterLive bool
	Dropped     bool
	Holder      bool
	// Locals are the operation's pointers into a waiter list that are
	// live at its label (Op.Pointers), in declaration order.
	Locals []LocalState
}

// LocalState is a local that points into a waiter list.
type LocalState struct {
	Name  string // its name in the code: "head"
	Value string // its value, shown symbolically: "&W1.awaiter"
	Raw   program.Word
}

// Of returns the state of m between two steps. It reads m through its
// views and performs no step.
func Of(m *sim.Machine) Snapshot {
	p := m.Program()
	mem := m.Memory()
	live := func(a program.Word) bool { return m.ObjectLive(p.Cells[a].Object) }
	var s Snapshot
	for a := program.FirstAddress; a < program.Word(len(p.Cells)); a++ {
		c := &p.Cells[a]
		s.Cells = append(s.Cells, CellState{Addr: a, Name: c.Name, Object: p.Objects[c.Object].Name,
			Value: p.Format(c.Kind, c.Names, mem[a]), Raw: mem[a], Atomic: c.Atomic, Live: live(a)})
	}
	peek := m.PeekFunc()
	for _, l := range p.Facts.Lists {
		s.Lists = append(s.Lists, walk(p, peek, live, l.Name, l.Head(peek)))
	}
	for t := range p.Threads {
		ts := ThreadState{Name: p.Threads[t].Name, NumWait: int64(mem[p.Threads[t].Context])}
		for _, c := range m.Stack(t) {
			ts.Stack = append(ts.Stack, p.Coroutines[c].Name)
		}
		for _, c := range m.Queue(t) {
			ts.Queue = append(ts.Queue, p.Coroutines[c].Name)
		}
		s.Threads = append(s.Threads, ts)
	}
	for i, spec := range p.Coroutines {
		co := m.Coroutine(i)
		cs := CoroutineState{Name: spec.Name, Thread: p.Threads[co.Thread()].Name, Status: co.Status(),
			FrameLive: live(spec.Frame), AwaiterLive: live(spec.Awaiter),
			Dropped: co.Dropped(), Holder: co.Holder()}
		if co.Op() >= 0 {
			cs.Op = p.Ops[co.Op()].Name
			cs.Label = p.Label(co.PC())
			s.Lists = pointers(p, peek, live, co, &cs, s.Lists)
		}
		s.Coroutines = append(s.Coroutines, cs)
	}
	return s
}

// pointers fills cs.Locals with the coroutine's live pointers into waiter
// lists, and appends to lists the list each non-null one leads to.
func pointers(p *program.Program, peek program.Peek, live func(program.Word) bool, co sim.CoroutineView, cs *CoroutineState, lists []ListState) []ListState {
	if co.Status() == outcome.Done || !co.Started() {
		return lists
	}
	for _, pt := range p.Ops[co.Op()].Pointers {
		if pt.Slot < 0 || pt.Slot >= program.NumLocals || !slices.Contains(pt.Labels, co.PC()) {
			continue
		}
		v := co.Local(pt.Slot)
		cs.Locals = append(cs.Locals, LocalState{Name: pt.Name, Value: p.Format(program.Pointer, nil, v), Raw: v})
		if v == 0 {
			continue
		}
		l := walk(p, peek, live, cs.Name+"."+pt.Name, v)
		l.Coroutine, l.Local = cs.Name, pt.Name
		lists = append(lists, l)
	}
	return lists
}

// walk follows an intrusive list from head through m_next, without
// performing steps.
func walk(p *program.Program, peek program.Peek, live func(program.Word) bool, name string, head program.Word) ListState {
	ls := ListState{Name: name, Head: p.Format(program.Pointer, nil, head)}
	seen := map[program.Word]bool{}
	for a := head; a != 0; a = peek(a + program.FieldNext) {
		o := p.ObjectAt(a)
		if o == nil || o.Kind != program.AwaiterObject || o.Base != a {
			break
		}
		if seen[a] {
			ls.Cycle = true
			break
		}
		seen[a] = true
		ls.Nodes = append(ls.Nodes, NodeState{Addr: a, Name: o.Name, Coroutine: o.Owner, Live: live(a)})
	}
	return ls
}

package sim

// A Snapshot is the machine's state between two steps, in symbolic form.
type Snapshot struct {
	Cells      []CellState
	Lists      []ListState
	Threads    []ThreadState
	Coroutines []CoroutineState
}

// CellState is one cell: its name, its value shown symbolically and raw.
type CellState struct {
	Addr   Word
	Name   string
	Object string
	Value  string
	Raw    Word
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
}

// NodeState is one awaiter in a list.
type NodeState struct {
	Addr      Word
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
	Status      Status
	Op          string // operation in progress ("" between operations)
	Label       string // label of its next step
	FrameLive   bool
	AwaiterLive bool
	Dropped     bool
	Holder      bool
}

// Snapshot returns the current state.
func (m *Machine) Snapshot() Snapshot {
	p := m.prog
	var s Snapshot
	for a := FirstAddress; a < Word(len(p.Cells)); a++ {
		c := &p.Cells[a]
		s.Cells = append(s.Cells, CellState{Addr: a, Name: c.Name, Object: p.Objects[c.Object].Name,
			Value: p.Format(c.Kind, c.Names, m.mem[a]), Raw: m.mem[a], Atomic: c.Atomic, Live: m.ended[c.Object] == 0})
	}
	for _, l := range p.Facts.Lists {
		s.Lists = append(s.Lists, m.walk(l))
	}
	for t, th := range m.threads {
		ts := ThreadState{Name: p.Threads[t].Name, NumWait: int64(m.mem[p.Threads[t].Context])}
		for _, c := range th.stack {
			ts.Stack = append(ts.Stack, p.Coroutines[c].Name)
		}
		for _, c := range th.queue {
			ts.Queue = append(ts.Queue, p.Coroutines[c].Name)
		}
		s.Threads = append(s.Threads, ts)
	}
	for i, spec := range p.Coroutines {
		co := &m.coros[i]
		cs := CoroutineState{Name: spec.Name, Thread: p.Threads[co.thread].Name, Status: co.status,
			FrameLive:   m.ended[p.Cells[spec.Frame].Object] == 0,
			AwaiterLive: m.ended[p.Cells[spec.Awaiter].Object] == 0,
			Dropped:     co.dropped, Holder: co.holder}
		if co.op >= 0 {
			cs.Op = p.Ops[co.op].Name
			cs.Label = p.Label(int(co.pc))
		}
		s.Coroutines = append(s.Coroutines, cs)
	}
	return s
}

// walk follows an intrusive list from its head through m_next, without
// performing steps.
func (m *Machine) walk(l List) ListState {
	p := m.prog
	head := l.Head(m.peek)
	ls := ListState{Name: l.Name, Head: p.Format(Pointer, nil, head)}
	seen := map[Word]bool{}
	for a := head; a != 0; a = m.peek(a + FieldNext) {
		o := p.ObjectAt(a)
		if o == nil || o.Kind != AwaiterObject || o.Base != a {
			break
		}
		if seen[a] {
			ls.Cycle = true
			break
		}
		seen[a] = true
		ls.Nodes = append(ls.Nodes, NodeState{Addr: a, Name: o.Name, Coroutine: o.Owner, Live: m.ended[p.Cells[a].Object] == 0})
	}
	return ls
}

package primitives

// WhenAll is tinyCoro v1.2's when_all (when_all.hpp, spec §2.7) over its
// latch. The parent's co_await submits each child (a script's "spawn",
// operator co_await's submit_to_scheduler), then waits on the latch's
// event; the awaitable is a temporary, and at the end of the co_await its
// destructor destroys the children's frames (~when_all_task). Each child
// ends in its final_suspend, whose await_suspend counts the latch down;
// then the child's worker, back in exec_task, calls handle.done() on the
// child's frame. The children's frames belong to the awaitable: they
// outlive the children until the parent destroys them.
//
//	co_await:      E1 … E9 (the latch's event), then
//	WD1            ~when_all_task: child i's handle.destroy(), one step each
//	final_suspend: L1, S1 … S4 (the latch's count_down), then
//	WX1            exec_task: handle.done() reads the child's frame
//
// B12: the parent may destroy a child's frame before the child's worker
// reaches WX1, on another thread or inline, when the last count_down
// submits the parent and the engine runs it on the child's thread. The
// event's B1 also hits the parent's awaiter (S4 after S3).
//
// Variants: FixedEvent embeds the fixed event (no B1, B12 remains); Fixed
// also applies the digest's fix (§4.1): the children destroy themselves
// after their last access, and the awaitable's destructor only checks the
// result handed over (WF1 reads the latch count: every child counted down).
type WhenAll struct {
	Count      int64 // the number of children (the latch's count)
	FixedEvent bool  // embed EventFixed
	Fixed      bool  // the digest's fix: children free their own frames

	count    Word
	ev       eventBase
	children []Word // the children's handles (BindChildren)
}

// Fields implements Primitive: the latch.
func (w *WhenAll) Fields() []Field {
	return []Field{
		{Name: "m_count", Kind: Int64, Atomic: true, Init: Word(w.Count)},
		{Name: "m_ev.m_state", Kind: Pointer, Atomic: true, Self: "set(this)", InitSelf: w.Count == 0},
	}
}

// Bind implements Primitive.
func (w *WhenAll) Bind(base Word) {
	w.count = base
	if w.FixedEvent || w.Fixed {
		w.ev = eventFixed(base+1, 0)
	} else {
		w.ev = eventAsWritten(base+1, 0)
	}
}

// BindChildren implements Parent.
func (w *WhenAll) BindChildren(handles []Word) { w.children = handles }

// OwnsChildFrames implements Parent: as written, the awaitable destroys
// the children's frames; fixed, each child frees its own.
func (w *WhenAll) OwnsChildFrames() bool { return !w.Fixed }

// Ops implements Primitive.
func (w *WhenAll) Ops() []Operation {
	return []Operation{
		{Name: "co_await", Entry: E1, Awaits: true, Role: Waiting, Step: w.coAwait, Lines: w.coAwaitLines()},
		{Name: "final_suspend", Entry: L1, Step: w.finalSuspend, Lines: Listing(Lines(nil, L1), Indent(w.ev.setLines()), Lines(nil, WX1)),
			Pointers: w.ev.wakePointers()},
	}
}

// Facts implements Primitive.
func (w *WhenAll) Facts() Facts {
	return Facts{
		Open:      func(p Peek) bool { return int64(p(w.count)) <= 0 },
		Condition: "m_count <= 0",
		Lists:     []List{{Name: "m_ev.m_state", Head: w.ev.waiters}},
	}
}

// returnTo is a Mem whose Return goes on at label pc: an operation that
// runs another's steps, then steps of its own.
type returnTo struct {
	Mem
	pc int
}

func (r returnTo) Return() { r.Mem.Goto(r.pc) }

// coAwait is the parent's co_await: the latch's wait, then the
// awaitable's destruction.
func (w *WhenAll) coAwait(m Mem) {
	switch m.PC() {
	case WD1:
		m.Destroy(w.children[m.Local(child)]) // ~when_all_task: the frame is freed
		w.nextChild(m, WD1)
	case WF1:
		m.Load(w.count, Acquire) // the results are in: every child counted down
		m.Return()
	default:
		after := WD1
		if w.Fixed {
			after = WF1
		}
		w.ev.wait(returnTo{m, after})
	}
}

// child is the local holding the index of the child being destroyed.
const child = 5

// nextChild goes on to the next child at label pc, or returns.
func (w *WhenAll) nextChild(m Mem, pc int) {
	if i := m.Local(child) + 1; int(i) < len(w.children) {
		m.SetLocal(child, i)
		m.Goto(pc)
		return
	}
	m.Return()
}

// finalSuspend is a child's final_suspend: the latch's count_down, then
// exec_task's handle.done() on the child's frame.
func (w *WhenAll) finalSuspend(m Mem) {
	switch m.PC() {
	case L1:
		if int64(m.FetchAdd(w.count, neg(1), AcqRel)) <= 1 {
			m.Goto(S1)
			return
		}
		m.Goto(WX1)
	case WX1:
		m.Read(m.Handle()) // handle.done(): the frame's resume pointer
		m.Return()
	default:
		w.ev.set(returnTo{m, WX1})
	}
}

var whenAllLabels = map[int]labelText{
	WD1: {"~when_all: ~when_all_task destroys child i's frame (handle.destroy())", "handle.destroy(); // ~when_all_task of child i"},
	WF1: {"fixed ~when_all: m_count.load(acquire): every child counted down; the children free their own frames", "m_count.load(acquire);"},
	WX1: {"exec_task(child), after resume() returns: handle.done() reads the child's frame", "if (handle.done()) ...; // after resume() returns"},
}

package primitives

// Latch is tinyCoro v1.2's latch (latch.hpp): a count and an embedded
// event<>. Waiters wait on the event; the count_down that takes the count
// to zero sets it. With Fixed the embedded event is EventFixed, otherwise
// it is Event as written.
//
// Layout: m_count is an atomic<int64>; m_ev.m_state is the event's word,
// whose "set" sentinel is its own address (the embedded event's `this`).
// A latch constructed with count 0 starts with its event set.
//
//	L1 count_down(): if m_count.fetch_sub(1, acq_rel) <= 1: m_ev.set() (S1...)
//	   wait() is m_ev.wait(): E1...E9
//
// Waiters never read m_count and the event never unsets, so there is no
// window between a check and a push. Extra count_downs set the event again,
// which does nothing. The latch inherits the event's bugs: B1 (S4 after
// S3) and B4 (E7 acquires only) (latch-basic).
type Latch struct {
	Count int64 // initial m_count
	Fixed bool  // embed EventFixed rather than Event

	count Word // address of m_count
	ev    eventBase
}

// Fields implements Primitive.
func (l *Latch) Fields() []Field {
	return []Field{
		{Name: "m_count", Kind: Int64, Atomic: true, Init: Word(l.Count)},
		{Name: "m_ev.m_state", Kind: Pointer, Atomic: true, Self: "set(this)", InitSelf: l.Count == 0},
	}
}

// Bind implements Primitive.
func (l *Latch) Bind(base Word) {
	l.count = base
	if l.Fixed {
		l.ev = eventFixed(base+1, 0)
	} else {
		l.ev = eventAsWritten(base+1, 0)
	}
}

// Ops implements Primitive.
func (l *Latch) Ops() []Operation {
	return []Operation{
		{Name: "wait", Entry: E1, Awaits: true, Role: Waiting, Step: l.ev.wait, Lines: l.ev.waitLines()},
		{Name: "count_down", Entry: L1, Step: l.countDown, Lines: append(Lines(nil, L1), Indent(l.ev.setLines())...), Pointers: l.ev.wakePointers()},
	}
}

// Guards implements Guarder: latch_guard, whose destructor calls
// count_down().
func (l *Latch) Guards() []Guard {
	return []Guard{{Name: "latch_guard", Exit: "count_down"}}
}

// Facts implements Primitive.
func (l *Latch) Facts() Facts {
	return Facts{
		Open:      func(p Peek) bool { return int64(p(l.count)) <= 0 },
		Condition: "m_count <= 0",
		Lists:     []List{{Name: "m_ev.m_state", Head: l.ev.waiters}},
	}
}

// countDown is latch.count_down(): L1, then the event's set from S1.
func (l *Latch) countDown(m Mem) {
	if m.PC() != L1 {
		l.ev.set(m)
		return
	}
	if int64(m.FetchAdd(l.count, neg(1), AcqRel)) <= 1 {
		m.Goto(S1)
		return
	}
	m.Return()
}

var latchLabels = map[int]labelText{
	L1: {"count_down(): if m_count.fetch_sub(1, acq_rel) <= 1: m_ev.set()", "if (m_count.fetch_sub(1, acq_rel) <= 1) m_ev.set();"},
}

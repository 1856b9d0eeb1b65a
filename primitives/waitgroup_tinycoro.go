package primitives

// WaitGroup is tinyCoro v1.2's wait_group, ported step for step as written
// (wait_group.hpp, wait_group.cpp), bugs included.
//
// Layout: m_count is an atomic<int32>; m_state is an atomic<awaiter*>,
// nullptr or the head of a LIFO stack of awaiters linked by m_next. There
// is no sentinel: "released" is read from m_count == 0.
//
//	G1 await_suspend(h): m_await_coro = h            plain
//	G2   m_ctx.register_wait()
//	G3   loop: if m_count.load(acquire) == 0: return false (don't park: G7)
//	G4     head = m_state.load(acquire)
//	G5     m_next = head                            plain
//	G6     CAS_weak(m_state: head -> this, acq_rel/relaxed); ok: park, else G3
//	G7 await_resume: m_ctx.unregister_wait()
//	A1 add(n): m_count.fetch_add(n, acq_rel)        never wakes, never checks the sign
//	D1 done(): if m_count.fetch_sub(1, acq_rel) != 1: return
//	D2   head = m_state.exchange(nullptr, acq_rel)
//	D3   while head: head->resume()                 submit_task
//	D4     head = head->m_next                      read AFTER the resume
//
// Bugs (scenarios in parentheses):
//   - B5, lost wakeup: G3 reads count 1, G4 reads nullptr, then done's D1 and
//     D2 find nobody to wake, and G6's CAS still succeeds: the waiter parks
//     forever (wg-lost-wakeup).
//   - B2, use-after-free: D4 reads m_next after D3 handed the waiter back; it
//     may have returned, ended its awaiter or finished (wg-uaf), or awaited
//     again with the same node in the next round (wg-frame-reuse).
//   - B6, premature release: D1 and D2 are two steps; an add and a new
//     waiter between them are drained by the old round (wg-premature-release).
//   - B7: an add(-n) that reaches zero never wakes anyone, and the count
//     goes negative silently (wg-add-negative).
//
// The fix is WaitGroupFixed: count and head in one word.
type WaitGroup struct {
	Count int32 // initial m_count

	count, state Word // addresses of m_count and m_state
}

// Fields implements Primitive.
func (wg *WaitGroup) Fields() []Field {
	return []Field{
		{Name: "m_count", Kind: Int32, Atomic: true, Init: Word(int64(wg.Count))},
		{Name: "m_state", Kind: Pointer, Atomic: true},
	}
}

// Bind implements Primitive.
func (wg *WaitGroup) Bind(base Word) { wg.count, wg.state = base, base+1 }

// Ops implements Primitive.
func (wg *WaitGroup) Ops() []Operation {
	return []Operation{
		{Name: "wait", Entry: G1, Awaits: true, Role: Waiting, Step: wg.wait, Lines: Lines(nil, G1, G2, G3, G4, G5, G6, G7)},
		{Name: "add", Entry: A1, HasArg: true, Step: wg.add, Lines: Lines(nil, A1)},
		{Name: "done", Entry: D1, Step: wg.done, Lines: Lines(nil, D1, D2, D3, D4),
			Pointers: []ListPointer{{Slot: LocalHead, Name: "head", Labels: []int{D3, D4}}}},
	}
}

// Facts implements Primitive.
func (wg *WaitGroup) Facts() Facts {
	return Facts{
		Open:      func(p Peek) bool { return p(wg.count) == 0 },
		Condition: "m_count == 0",
		Lists:     []List{{Name: "m_state", Head: func(p Peek) Word { return p(wg.state) }}},
	}
}

// wait is co_await wg.wait(): the awaiter's await_suspend and await_resume.
func (wg *WaitGroup) wait(m Mem) {
	self := m.Awaiter()
	switch m.PC() {
	case G1:
		m.Write(self+AwaitCoro, m.Handle())
		m.Goto(G2)
	case G2:
		registerWait(m)
		m.Goto(G3)
	case G3:
		if m.Load(wg.count, Acquire) == 0 {
			m.Goto(G7) // await_suspend returns false: no suspension
			return
		}
		m.Goto(G4)
	case G4:
		m.SetLocal(LocalHead, m.Load(wg.state, Acquire))
		m.Goto(G5)
	case G5:
		m.Write(self+Next, m.Local(LocalHead))
		m.Goto(G6)
	case G6:
		if _, ok := m.CompareAndSwap(wg.state, m.Local(LocalHead), self, AcqRel, Relaxed); ok {
			m.Suspend(G7)
			return
		}
		m.Goto(G3)
	case G7:
		unregisterWait(m)
		m.Return()
	}
}

// add is wg.add(n).
func (wg *WaitGroup) add(m Mem) {
	m.FetchAdd(wg.count, m.Arg(), AcqRel)
	m.Return()
}

// done is wg.done().
func (wg *WaitGroup) done(m Mem) {
	switch m.PC() {
	case D1:
		if int32(m.FetchAdd(wg.count, neg(1), AcqRel)) != 1 {
			m.Return()
			return
		}
		m.Goto(D2)
	case D2:
		m.SetLocal(LocalHead, m.Exchange(wg.state, Null, AcqRel))
		wakeNext(m, D3)
	case D3:
		m.Submit(m.Local(LocalHead)) // head->resume()
		m.Goto(D4)
	case D4:
		m.SetLocal(LocalHead, m.Read(m.Local(LocalHead)+Next)) // after the resume: B2
		wakeNext(m, D3)
	}
}

// wakeNext continues a wake loop at label at while the list has a node.
func wakeNext(m Mem, at int) {
	if m.Local(LocalHead) == Null {
		m.Return()
		return
	}
	m.Goto(at)
}

var waitGroupLabels = map[int]labelText{
	G1: {"await_suspend: m_await_coro = h", "m_await_coro = h;"},
	G2: {"m_ctx.register_wait()", "m_ctx.register_wait();"},
	G3: {"if m_count.load(acquire) == 0: don't suspend", "if (m_count.load(acquire) == 0) return false;"},
	G4: {"head = m_state.load(acquire)", "auto head = m_state.load(acquire);"},
	G5: {"m_next = head", "m_next = head;"},
	G6: {"CAS m_state: head -> this (acq_rel); success parks, failure retries", "if (!m_state.compare_exchange_weak(head, this, acq_rel, relaxed)) goto G3;"},
	G7: {"await_resume: m_ctx.unregister_wait()", "m_ctx.unregister_wait();"},
	A1: {"add(n): m_count.fetch_add(n, acq_rel)", "m_count.fetch_add(n, acq_rel);"},
	D1: {"done(): if m_count.fetch_sub(1, acq_rel) != 1: return", "if (m_count.fetch_sub(1, acq_rel) != 1) return;"},
	D2: {"head = m_state.exchange(nullptr, acq_rel): take the whole stack", "auto head = m_state.exchange(nullptr, acq_rel);"},
	D3: {"head->resume(): submit_task(head->m_await_coro)", "while (head) { head->resume();"},
	D4: {"head = head->m_next, read after the resume", "  head = head->m_next; }"},
}

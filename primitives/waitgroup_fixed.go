package primitives

// WaitGroupFixed is the digest's Design A: tinyCoro's wait_group with the
// count and the waiter stack in one atomic word, so that "the count is not
// zero" and "I am on the stack" become true together, and "the count is
// zero" and "the stack is taken" too.
//
// Layout of m_state (one 64-bit word, compared and swapped as a unit):
//
//	bits 63..32  count, an int32
//	bits 31..0   head, the address of the newest parked awaiter (0 = nullptr);
//	             the awaiters below it are linked by m_next
//
// Invariant: count == 0 implies head == nullptr. It holds at the start;
// wait pushes only while count != 0 and keeps the count; an add that
// reaches zero clears head in the same CAS; any other add keeps head.
//
//	P1 add(delta), done() = add(-1): old = m_state.load(acquire)
//	     n = old.count + delta; n < 0: panic
//	P2   CAS(m_state: old -> n == 0 ? (0, nullptr) : (n, old.head), acq_rel/acquire)
//	     fail: P1; n != 0 or old.head == nullptr: return
//	P3   wake loop: next = cur->m_next              plain, BEFORE the resume
//	P4     cur->resume(); cur = next               submit_task; cur is not touched again
//	Q1 await_suspend(h): m_await_coro = h          plain
//	Q2   m_ctx.register_wait()
//	Q3   loop: old = m_state.load(acquire); old.count == 0: don't park (Q6)
//	Q4     m_next = old.head                       plain; old.head is never dereferenced
//	Q5     CAS(m_state: old -> (old.count, this), release/acquire); ok: park, else Q3
//	Q6 await_resume: m_ctx.unregister_wait()
//
// Linearization points: for add, done and a wait that parks, the successful
// CAS (P2, Q5); for a wait that does not park, the load at Q3 that saw
// count 0.
//
// Why tinyCoro's bugs cannot happen here:
//   - B5, lost wakeup: a waiter parks only through a Q5 CAS that saw
//     count != 0. From then on its node stays reachable from head until a
//     P2 CAS sets count to zero, and that CAS takes the whole chain and its
//     thread resumes every node of it. A done between Q3 and Q5 changes the
//     word, so the Q5 CAS fails and the retry sees count 0 (wg-lost-wakeup).
//   - B6, premature release: a node is taken only by the CAS that set count
//     to zero while the node was on the stack, that is after the waiter's own
//     push. Zeroing and taking are one CAS, so one round's zero can never
//     take a later round's waiter (wg-premature-release).
//   - B2, use-after-free: P3 copies m_next out before P4 hands the waiter
//     back; nothing reads the node after its resume, whether the waiter
//     finishes (wg-uaf) or awaits again with the same node (wg-frame-reuse).
//   - B7: any add that reaches zero wakes, not only done(), and a negative
//     count panics with Go's message (wg-add-negative).
//
// ABA is harmless: the CAS compares the whole pair, and a waiter's decision
// depends only on the pair at the instant of its CAS; it never reads
// through old.head.
//
// Memory order: every P2 CAS is acq_rel on the one word, so the writes
// before any done() happen before the zeroing CAS; a waiter that loads
// count 0 at Q3 acquires them, and a parked waiter is resumed through its
// context's queue after that CAS. Q5's release publishes m_await_coro and
// m_next to the P2 CAS that takes the node.
type WaitGroupFixed struct {
	Count int32 // initial count

	state Word // address of m_state
}

// pairCount is the count half of a (count, head) word.
func pairCount(w Word) int32 { return int32(w >> 32) }

// pairHead is the head half of a (count, head) word.
func pairHead(w Word) Word { return w & 0xffffffff }

// pair packs a count and a head address into one word.
func pair(count int32, head Word) Word { return Word(uint32(count))<<32 | head&0xffffffff }

// Fields implements Primitive.
func (wg *WaitGroupFixed) Fields() []Field {
	return []Field{{Name: "m_state", Kind: PairCountHead, Atomic: true, Init: pair(wg.Count, Null)}}
}

// Bind implements Primitive.
func (wg *WaitGroupFixed) Bind(base Word) { wg.state = base }

// Ops implements Primitive.
func (wg *WaitGroupFixed) Ops() []Operation {
	return []Operation{
		{Name: "wait", Entry: Q1, Awaits: true, Role: Waiting, Step: wg.wait, Lines: Lines(nil, Q1, Q2, Q3, Q4, Q5, Q6)},
		{Name: "add", Entry: P1, HasArg: true, Step: func(m Mem) { wg.add(m, int32(m.Arg())) }, Lines: Lines(nil, P1, P2, P3, P4), Pointers: wakeLoop},
		{Name: "done", Entry: P1, Step: func(m Mem) { wg.add(m, -1) }, Lines: Lines(doneIsAddMinusOne, P1, P2, P3, P4), Pointers: wakeLoop},
	}
}

// Facts implements Primitive.
func (wg *WaitGroupFixed) Facts() Facts {
	return Facts{
		Open:      func(p Peek) bool { return pairCount(p(wg.state)) == 0 },
		Condition: "count == 0",
		Lists:     []List{{Name: "m_state", Head: func(p Peek) Word { return pairHead(p(wg.state)) }}},
	}
}

// wakeLoop are add's pointers: the node it wakes, and the next one,
// copied out before the resume.
var wakeLoop = []ListPointer{{Slot: LocalCur, Name: "cur", Labels: []int{P3, P4}}, {Slot: LocalNext, Name: "next", Labels: []int{P4}}}

// doneIsAddMinusOne is done()'s first line: add(-1).
var doneIsAddMinusOne = map[int]string{
	P1: "auto old = m_state.load(acquire); n = old.count - 1; if (n < 0) panic();",
}

// wait is co_await wg.wait().
func (wg *WaitGroupFixed) wait(m Mem) {
	self := m.Awaiter()
	switch m.PC() {
	case Q1:
		m.Write(self+AwaitCoro, m.Handle())
		m.Goto(Q2)
	case Q2:
		registerWait(m)
		m.Goto(Q3)
	case Q3:
		old := m.Load(wg.state, Acquire)
		if pairCount(old) == 0 {
			m.Goto(Q6) // await_suspend returns false: no suspension
			return
		}
		m.SetLocal(LocalHead, old)
		m.Goto(Q4)
	case Q4:
		m.Write(self+Next, pairHead(m.Local(LocalHead)))
		m.Goto(Q5)
	case Q5:
		old := m.Local(LocalHead)
		if _, ok := m.CompareAndSwap(wg.state, old, pair(pairCount(old), self), Release, Acquire); ok {
			m.Suspend(Q6)
			return
		}
		m.Goto(Q3)
	case Q6:
		unregisterWait(m)
		m.Return()
	}
}

// add is wg.add(delta); done() is add(-1).
func (wg *WaitGroupFixed) add(m Mem, delta int32) {
	switch m.PC() {
	case P1:
		old := m.Load(wg.state, Acquire)
		if int64(pairCount(old))+int64(delta) < 0 {
			m.Panic("sync: negative WaitGroup counter")
			return
		}
		m.SetLocal(LocalHead, old)
		m.Goto(P2)
	case P2:
		old := m.Local(LocalHead)
		n := pairCount(old) + delta
		nw := pair(n, pairHead(old))
		if n == 0 {
			nw = pair(0, Null) // reaching zero takes the whole stack
		}
		if _, ok := m.CompareAndSwap(wg.state, old, nw, AcqRel, Acquire); !ok {
			m.Goto(P1)
			return
		}
		if n != 0 || pairHead(old) == Null {
			m.Return()
			return
		}
		m.SetLocal(LocalCur, pairHead(old))
		m.Goto(P3)
	case P3:
		m.SetLocal(LocalNext, m.Read(m.Local(LocalCur)+Next)) // copy out before the resume
		m.Goto(P4)
	case P4:
		m.Submit(m.Local(LocalCur))
		m.SetLocal(LocalCur, m.Local(LocalNext))
		if m.Local(LocalCur) == Null {
			m.Return()
			return
		}
		m.Goto(P3)
	}
}

var waitGroupFixedLabels = map[int]labelText{
	P1: {"add(delta): old = m_state.load(acquire); a negative count panics", "auto old = m_state.load(acquire); n = old.count + delta; if (n < 0) panic();"},
	P2: {"CAS m_state: old -> (count+delta, head), or (0, nullptr) when it reaches zero", "if (!m_state.compare_exchange_weak(old, n ? pair{n, old.head} : pair{0, nullptr}, acq_rel, acquire)) goto P1;"},
	P3: {"next = cur->m_next, read before the resume", "for (cur = n ? nullptr : old.head; cur; cur = next) { next = cur->m_next;"},
	P4: {"cur->resume(): submit_task(cur->m_await_coro); cur = next", "  cur->resume(); }"},
	Q1: {"await_suspend: m_await_coro = h", "m_await_coro = h;"},
	Q2: {"m_ctx.register_wait()", "m_ctx.register_wait();"},
	Q3: {"old = m_state.load(acquire); if old.count == 0: don't suspend", "auto old = m_state.load(acquire); if (old.count == 0) return false;"},
	Q4: {"m_next = old.head", "m_next = old.head;"},
	Q5: {"CAS m_state: old -> (old.count, this) (release); success parks, failure retries", "if (!m_state.compare_exchange_weak(old, pair{old.count, this}, release, acquire)) goto Q3;"},
	Q6: {"await_resume: m_ctx.unregister_wait()", "m_ctx.unregister_wait();"},
}

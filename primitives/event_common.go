package primitives

// eventBase is tinyCoro's detail::event_base (event.hpp, event.cpp) at some
// address: the steps of co_await ev.wait() and of ev.set() that the event
// variants and the latch (which embeds an event<>) have in common. A variant
// supplies the two things that differ: E7's success order and the wake loop
// (eventAsWritten, eventFixed).
//
// Layout: m_state is an atomic<void*> holding
//
//	nullptr   not set, no waiters
//	this      set; terminal, there is no reset()
//	other     not set; the head of a LIFO stack of awaiters linked by m_next
//
// where `this` is the event_base's own address, which is the address of
// m_state, its first member. For event<T> the value follows m_state.
//
// The "set" flag and the waiter stack share one word, so there is no lost
// wakeup: a set (S1) between a waiter's load (E4) and its push (E7) makes
// the push fail, and the retry sees `this`. Before set the word only grows
// by pushes and nothing pops single nodes, so there is no ABA either.
type eventBase struct {
	this  Word // address of m_state: the event_base's `this`, the "set" sentinel
	value Word // address of event<T>'s value; 0 for event<void>

	push      Order     // E7's success order
	firstWake int       // the label the wake loop starts at
	wake      func(Mem) // the wake loop's steps (S3, S4), in the variant's order
	// code are the lines the variant writes its own way (Operation.Lines).
	code map[int]string
}

// eventFields are the members of an event: m_state, then the value of an
// event<T>. set says the event is constructed set (event(true)).
func eventFields(set, value bool) []Field {
	fs := []Field{{Name: "m_state", Kind: Pointer, Atomic: true, Self: "set(this)", InitSelf: set}}
	if value {
		fs = append(fs, Field{Name: "m_value", Kind: Int64})
	}
	return fs
}

// ops are the event's operations: wait, and set (set v for an event<T>).
func (e *eventBase) ops() []Operation {
	set := Operation{Name: "set", Entry: S1, Step: e.set}
	if e.value != 0 {
		set.Entry, set.HasArg = S0, true
	}
	set.Lines, set.Pointers = e.setLines(), e.wakePointers()
	return []Operation{
		{Name: "wait", Entry: E1, Awaits: true, Role: Waiting, Step: e.wait, Lines: e.waitLines()},
		set,
	}
}

// waitLines are wait's lines: E10 only for an event<T>, and E7 with the
// variant's success order.
func (e *eventBase) waitLines() []Line {
	labels := []int{E1, E2, E3, E4, E5, E6, E7, E9}
	if e.value != 0 {
		labels = append(labels, E10)
	}
	return Lines(e.code, labels...)
}

// wakePointers are the wake loop's pointers: cur, and in the fixed loop
// the next node, copied out before the submit.
func (e *eventBase) wakePointers() []ListPointer {
	if e.firstWake == S4 {
		return []ListPointer{{Slot: LocalCur, Name: "cur", Labels: []int{S4, S3}}, {Slot: LocalNext, Name: "next", Labels: []int{S3}}}
	}
	return []ListPointer{{Slot: LocalCur, Name: "cur", Labels: []int{S3, S4}}}
}

// setLines are set's lines: S0 only for an event<T>, then S1 and the wake
// loop in the variant's order.
func (e *eventBase) setLines() []Line {
	labels := []int{S1, S3, S4}
	if e.firstWake == S4 {
		labels = []int{S1, S4, S3}
	}
	if e.value != 0 {
		labels = append([]int{S0}, labels...)
	}
	return Lines(e.code, labels...)
}

// facts describe an event: open once set, one waiter stack.
func (e *eventBase) facts() Facts {
	return Facts{
		Open:      e.isSet,
		Condition: "m_state == this (set)",
		Lists:     []List{{Name: "m_state", Head: e.waiters}},
	}
}

// guards are an event<>'s guard: event_guard, whose destructor calls
// set(). An event<T> has none (its set takes the value).
func (e *eventBase) guards() []Guard {
	if e.value != 0 {
		return nil
	}
	return []Guard{{Name: "event_guard", Exit: "set"}}
}

// isSet is is_set(): m_state holds the event's own address.
func (e *eventBase) isSet(p Peek) bool { return p(e.this) == e.this }

// waiters is the head of the waiter stack: m_state unless the event is set.
func (e *eventBase) waiters(p Peek) Word {
	if h := p(e.this); h != e.this {
		return h
	}
	return Null
}

// wait is co_await ev.wait(): await_ready, await_suspend (register_awaiter)
// and await_resume.
func (e *eventBase) wait(m Mem) {
	self := m.Awaiter()
	switch m.PC() {
	case E1:
		registerWait(m)
		m.Goto(E2)
	case E2:
		if m.Load(e.this, Acquire) == e.this {
			m.Goto(E9) // await_ready returns true: no suspension
			return
		}
		m.Goto(E3)
	case E3:
		m.Write(self+AwaitCoro, m.Handle())
		m.Goto(E4)
	case E4:
		old := m.Load(e.this, Acquire)
		m.SetLocal(LocalHead, old)
		if old == e.this {
			m.Goto(E5)
			return
		}
		m.Goto(E6)
	case E5:
		m.Write(self+Next, Null)
		m.Goto(E9) // register_awaiter returns false: no suspension
	case E6:
		m.Write(self+Next, m.Local(LocalHead))
		m.Goto(E7)
	case E7:
		if _, ok := m.CompareAndSwap(e.this, m.Local(LocalHead), self, e.push, Acquire); ok {
			m.Suspend(E9)
			return
		}
		m.Goto(E4)
	case E9:
		unregisterWait(m)
		if e.value != 0 {
			m.Goto(E10)
			return
		}
		m.Return()
	case E10:
		m.Read(e.value) // await_resume returns the stored value
		m.Return()
	}
}

// set is ev.set() (and event<T>::set(v)): store the value, mark the event
// set, and resume every waiter of the stack it took.
func (e *eventBase) set(m Mem) {
	switch m.PC() {
	case S0:
		m.Write(e.value, m.Arg())
		m.Goto(S1)
	case S1:
		old := m.Exchange(e.this, e.this, AcqRel)
		if old == e.this || old == Null {
			m.Return() // already set, or nobody waits
			return
		}
		m.SetLocal(LocalCur, old)
		m.Goto(e.firstWake)
	default:
		e.wake(m)
	}
}

var eventLabels = map[int]labelText{
	E1:  {"await_ready: m_ctx.register_wait()", "m_ctx.register_wait();"},
	E2:  {"if m_state.load(acquire) == this: set, don't suspend", "if (m_state.load(acquire) == this) return true;"},
	E3:  {"await_suspend: m_await_coro = h", "m_await_coro = h;"},
	E4:  {"old = m_state.load(acquire)", "auto old = m_state.load(acquire);"},
	E5:  {"old == this: m_next = nullptr, don't suspend", "if (old == this) { awaiter->m_next = nullptr; return false; }"},
	E6:  {"m_next = old", "awaiter->m_next = old;"},
	E7:  {"CAS m_state: old -> this awaiter; success parks, failure retries at E4", "if (!m_state.compare_exchange_weak(old, awaiter, acquire)) goto E4;"},
	E9:  {"await_resume: m_ctx.unregister_wait()", "m_ctx.unregister_wait();"},
	E10: {"await_resume: return the stored value", "return m_ev.m_value;"},
	S0:  {"set(v): store the value", "m_value = v;"},
	S1:  {"old = m_state.exchange(this, acq_rel): mark set, take the stack", "auto cur = m_state.exchange(this, acq_rel); if (cur == this || !cur) return;"},
	S3:  {"cur->m_ctx.submit_task(cur->m_await_coro)", "while (cur) { cur->m_ctx.submit_task(cur->m_await_coro);"},
	S4:  {"cur = cur->m_next", "  cur = cur->m_next; }"},
}

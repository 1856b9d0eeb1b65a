package primitives

// Event is tinyCoro v1.2's event (event.hpp, event.cpp), ported step for
// step as written, bugs included. With Value it is an event<int>: set takes
// the value and await_resume returns it.
//
//	E1 await_ready: m_ctx.register_wait()                 fetch_add acq_rel
//	E2   if m_state.load(acquire) == this: don't suspend  (E9)
//	E3 await_suspend(h): m_await_coro = h                 plain
//	E4   loop: old = m_state.load(acquire)
//	E5     if old == this: m_next = nullptr; don't suspend (E9)
//	E6     m_next = old                                   plain
//	E7     CAS_weak(m_state: old -> this awaiter, acquire/acquire); ok: park, else E4
//	E9 await_resume: m_ctx.unregister_wait()
//	E10  event<T>: return the stored value                plain read
//	S0 set(v), event<T> only: store v                     plain
//	S1 old = m_state.exchange(this, acq_rel); if old is this or nullptr: return
//	S3 loop: cur->m_ctx.submit_task(cur->m_await_coro)
//	S4   cur = cur->m_next                                read AFTER the submit
//
// Bugs (scenarios in parentheses):
//   - B1, use-after-free: S4 reads m_next of a node whose coroutine S3 has
//     just handed back; it may already have returned from wait and
//     finished, on its own thread (event-uaf-cross-thread) or inline on the
//     setter's when the queue is full (event-uaf).
//   - B4, missing release: E7 is the single-order compare_exchange_weak
//     with acquire, so its success does not release the plain writes of E3
//     and E6; S1 acquires nothing of them, and the setter's reads of
//     m_await_coro (S3) and m_next (S4) race with those writes
//     (event-missing-release).
//
// The fix is EventFixed.
type Event struct {
	Set   bool // constructed set: event(true)
	Value bool // an event<int>

	ev eventBase
}

// eventAsWritten is the event_base at address this as tinyCoro writes it:
// E7 acquires only, and the wake loop reads m_next after the submit.
func eventAsWritten(this, value Word) eventBase {
	return eventBase{this: this, value: value, push: Acquire, firstWake: S3, wake: wakeThenNext}
}

// wakeThenNext is resume_all_awaiter as written: submit, then read next.
func wakeThenNext(m Mem) {
	switch m.PC() {
	case S3:
		m.Submit(m.Local(LocalCur))
		m.Goto(S4)
	case S4:
		m.SetLocal(LocalCur, m.Read(m.Local(LocalCur)+Next)) // after the submit: B1
		if m.Local(LocalCur) == Null {
			m.Return()
			return
		}
		m.Goto(S3)
	}
}

// Fields implements Primitive.
func (e *Event) Fields() []Field { return eventFields(e.Set, e.Value) }

// Bind implements Primitive.
func (e *Event) Bind(base Word) { e.ev = eventAsWritten(base, valueAddr(base, e.Value)) }

// Ops implements Primitive.
func (e *Event) Ops() []Operation { return e.ev.ops() }

// Facts implements Primitive.
func (e *Event) Facts() Facts { return e.ev.facts() }

// Guards implements Guarder.
func (e *Event) Guards() []Guard { return e.ev.guards() }

// valueAddr is the address of an event<T>'s value, right after m_state, or
// 0 for an event<void>.
func valueAddr(base Word, value bool) Word {
	if value {
		return base + 1
	}
	return 0
}

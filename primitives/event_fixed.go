package primitives

// EventFixed is Event with the digest's two fixes (§4.1, §4.2) and nothing
// else changed: the same labels, the same layout.
//
//	E7 CAS_weak(m_state: old -> this awaiter, release/acquire)
//	   the push releases E3's and E6's plain writes to the setter's S1 (B4)
//	S4 loop: next = cur->m_next                           read BEFORE the submit
//	S3   cur->m_ctx.submit_task(cur->m_await_coro); cur = next
//
// The wake loop copies the node's link out first and never touches the
// node after handing its coroutine back, so a waiter that resumes and
// finishes at once, on its thread or inline, is harmless (B1). S1 stays
// acq_rel: acquire to see the pushed nodes, release so that a waiter that
// sees `this` at E2 or E4 also sees the value S0 stored.
type EventFixed struct {
	Set   bool // constructed set: event(true)
	Value bool // an event<int>

	ev eventBase
}

// eventFixed is the event_base at address this with the fixes: E7
// releases, and the wake loop reads m_next before the submit.
func eventFixed(this, value Word) eventBase {
	return eventBase{this: this, value: value, push: Release, firstWake: S4, wake: nextThenWake, code: eventFixedCode}
}

// eventFixedCode are the lines the fixed event writes its own way: E7
// releases, and the wake loop reads m_next before the submit.
var eventFixedCode = map[int]string{
	E7: "if (!m_state.compare_exchange_weak(old, awaiter, release, acquire)) goto E4;",
	S4: "while (cur) { auto next = cur->m_next;",
	S3: "  cur->m_ctx.submit_task(cur->m_await_coro); cur = next; }",
}

// nextThenWake is the fixed wake loop: copy next out, then submit.
func nextThenWake(m Mem) {
	switch m.PC() {
	case S4:
		m.SetLocal(LocalNext, m.Read(m.Local(LocalCur)+Next)) // before the submit
		m.Goto(S3)
	case S3:
		m.Submit(m.Local(LocalCur)) // the node may die from here on
		m.SetLocal(LocalCur, m.Local(LocalNext))
		if m.Local(LocalCur) == Null {
			m.Return()
			return
		}
		m.Goto(S4)
	}
}

// Fields implements Primitive.
func (e *EventFixed) Fields() []Field { return eventFields(e.Set, e.Value) }

// Bind implements Primitive.
func (e *EventFixed) Bind(base Word) { e.ev = eventFixed(base, valueAddr(base, e.Value)) }

// Ops implements Primitive.
func (e *EventFixed) Ops() []Operation { return e.ev.ops() }

// Facts implements Primitive.
func (e *EventFixed) Facts() Facts { return e.ev.facts() }

// Guards implements Guarder.
func (e *EventFixed) Guards() []Guard { return e.ev.guards() }

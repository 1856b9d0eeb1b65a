package primitives

// MutexLIFO is the mutex a reader would guess from tinyCoro's header alone
// (the "pseudo-implementation" of seed 003, which never saw mutex.cpp): the
// same m_state and the same lock (LockMutex), but an unlock that pops the
// newest waiter off the stack and hands the lock to it.
//
//	V1 s = m_state.load(acquire)
//	   s == nullptr: V2 CAS_strong(m_state: nullptr -> nolocked, release/relaxed); ok: return, else V1
//	V3 next = s->m_next                                 plain
//	V4 CAS(m_state: s -> next, acq_rel/acquire); fail: V1
//	V5 s->resume()                                      submit_task
//
// It is still a mutual-exclusion lock with direct handoff: only the holder
// pops, pushers only push, so the stack cannot change under V3 without
// failing V4 (no ABA), and the lock passes to the popped waiter without
// m_state going through nolocked. V3 reads the link before V5, so there is
// no use-after-free either. But it serves waiters LIFO: the waiter that
// queued last is woken first, and under steady contention the oldest can
// starve (the digest's B8, which tinyCoro's real Mutex does not have)
// (mutex-lifo-guess). The guess never uses m_resume_list_head, so this
// port leaves it out.
type MutexLIFO struct {
	state Word // address of m_state
}

// Fields implements Primitive.
func (mu *MutexLIFO) Fields() []Field { return []Field{MutexStateField()} }

// Bind implements Primitive.
func (mu *MutexLIFO) Bind(base Word) { mu.state = base }

// Ops implements Primitive.
func (mu *MutexLIFO) Ops() []Operation {
	return mutexOps(mu.state, Operation{Name: "unlock", Entry: V1, Role: Unlock, Step: mu.unlock,
		Lines:    Lines(nil, V1, V2, V3, V4, V5),
		Pointers: []ListPointer{{Slot: LocalHead, Name: "s", Labels: []int{V3, V4, V5}}, {Slot: LocalNext, Name: "next", Labels: []int{V4}}}})
}

// Guards implements Guarder.
func (mu *MutexLIFO) Guards() []Guard { return MutexGuards() }

// Facts implements Primitive.
func (mu *MutexLIFO) Facts() Facts {
	return Facts{
		Free:      mutexFree(mu.state),
		Condition: "m_state == nolocked(1)",
		Lists:     []List{{Name: "m_state", Head: MutexWaiters(mu.state)}},
	}
}

// unlock is the guessed mtx.unlock(). Locals: head is s, next its m_next.
func (mu *MutexLIFO) unlock(m Mem) {
	switch m.PC() {
	case V1:
		m.SetLocal(LocalHead, m.Load(mu.state, Acquire))
		if m.Local(LocalHead) == Null {
			m.Goto(V2)
			return
		}
		m.Goto(V3)
	case V2:
		if _, ok := m.CompareAndSwap(mu.state, Null, Nolocked, Release, Relaxed); ok {
			m.Return()
			return
		}
		m.Goto(V1)
	case V3:
		m.SetLocal(LocalNext, m.Read(m.Local(LocalHead)+Next))
		m.Goto(V4)
	case V4:
		if _, ok := m.CompareAndSwap(mu.state, m.Local(LocalHead), m.Local(LocalNext), AcqRel, Acquire); ok {
			m.Goto(V5)
			return
		}
		m.Goto(V1)
	case V5:
		m.Submit(m.Local(LocalHead)) // the newest waiter gets the lock
		m.Return()
	}
}

var mutexLIFOLabels = map[int]labelText{
	V1: {"unlock(): s = m_state.load(acquire)", "auto s = m_state.load(acquire);"},
	V2: {"s == nullptr: CAS m_state: nullptr -> nolocked (release); success releases the lock", "if (!s) { if (m_state.compare_exchange_strong(s, nolocked, release, relaxed)) return; goto V1; }"},
	V3: {"next = s->m_next", "auto next = s->m_next;"},
	V4: {"CAS m_state: s -> next (acq_rel): pop the newest waiter; failure retries at V1", "if (!m_state.compare_exchange_weak(s, next, acq_rel, acquire)) goto V1;"},
	V5: {"s->resume(): submit_task, handing the lock to the newest waiter", "s->resume();"},
}

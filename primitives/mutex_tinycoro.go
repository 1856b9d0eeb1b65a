package primitives

// Mutex is tinyCoro v1.2's mutex (mutex.hpp, mutex.cpp, mutex_guard.hpp),
// ported step for step as written. It is correct: it wakes one waiter at a
// time, hands the lock over directly, and grants it in FIFO order.
//
// Layout: m_state is an atomic<void*>: nolocked (1) unlocked, with no
// waiters anywhere; nullptr locked, no new arrivals; otherwise locked, and
// the head of a LIFO stack of newly arrived awaiters linked by m_next.
// m_resume_list_head is a plain pointer: the FIFO list, oldest first, of
// waiters already detached from m_state and waiting for a handoff. Only the
// holder, inside unlock, reads or writes it, and it persists across
// unlocks. Invariant: m_state == nolocked implies the list is empty; while
// the list is not empty the lock stays held.
//
// lock and lock_guard are lockMutex (M1a...M5). unlock:
//
//	U1  r = m_resume_list_head                          plain; r != nullptr: U5a
//	U2  CAS_strong(m_state: nullptr -> nolocked, acq_rel/relaxed); ok: return
//	U3  h = m_state.exchange(nullptr, acq_rel)          detach the new arrivals; still held
//	U4a   loop: next = h->m_next                        plain
//	U4b     h->m_next = r; r = h; h = next              plain: reverse into arrival order
//	U5a r_next = r->m_next                              plain, BEFORE the resume
//	U5b m_resume_list_head = r_next                     plain
//	U6  r->resume()                                     submit_task
//
// The debug-build assertion "m_state != nolocked" that opens unlock is not
// modelled (it is compiled out of release builds).
//
// Why it is correct (the digest's B3, B8 and B11 are not in this code):
// ownership passes from U6 to the woken waiter without m_state ever going
// through nolocked, so neither try_lock nor a fast-path M3 can barge in;
// each detached batch is reversed into arrival order and batches are served
// in the order they were detached, so the lock is granted in the order the
// push CASes (M4b) linearized (mutex-handoff, mutex-lifo-guess); U5a reads
// the link before U6, and nothing touches the node afterwards, so a woken
// waiter that runs and unlocks at once finds the list already advanced.
// m_resume_list_head needs no atomics: U5b happens before U6, and the next
// holder reads it after the handoff.
type Mutex struct {
	state, resume Word // addresses of m_state and m_resume_list_head
}

// Fields implements Primitive.
func (mu *Mutex) Fields() []Field {
	return []Field{
		MutexStateField(),
		{Name: "m_resume_list_head", Kind: Pointer},
	}
}

// Bind implements Primitive.
func (mu *Mutex) Bind(base Word) { mu.state, mu.resume = base, base+1 }

// Ops implements Primitive.
func (mu *Mutex) Ops() []Operation {
	return mutexOps(mu.state, Operation{Name: "unlock", Entry: U1, Role: Unlock, Step: mu.unlock,
		Lines: Lines(nil, U1, U2, U3, U4a, U4b, U5a, U5b, U6),
		Pointers: []ListPointer{
			{Slot: LocalHead, Name: "h", Labels: []int{U4a, U4b}},
			{Slot: LocalCur, Name: "r", Labels: []int{U4a, U4b, U5a, U5b, U6}},
			{Slot: LocalNext, Name: "next", Labels: []int{U4b, U5b}},
		}})
}

// Guards implements Guarder.
func (mu *Mutex) Guards() []Guard { return MutexGuards() }

// Facts implements Primitive.
func (mu *Mutex) Facts() Facts {
	return Facts{
		Free:      mutexFree(mu.state),
		Condition: "m_state == nolocked(1)",
		Lists: []List{
			{Name: "m_state", Head: MutexWaiters(mu.state)},
			{Name: "m_resume_list_head", Head: func(p Peek) Word { return p(mu.resume) }},
		},
	}
}

// unlock is mtx.unlock(): r->resume() at U6 is the base
// mutex_awaiter's, a submit_task.
func (mu *Mutex) unlock(m Mem) {
	if m.PC() == U6 {
		m.Submit(m.Local(LocalCur)) // r->resume(): the lock is handed over
		m.Return()
		return
	}
	UnlockMutex(m, mu.state, mu.resume, U6, Mem.Return)
}

// UnlockMutex performs the steps U1 to U5b of mtx.unlock() for the mutex
// whose m_state and m_resume_list_head are at state and resume. The step
// after U5b is resume, r->resume(), which the caller performs (it is
// virtual: a condition variable's awaiter overrides it); when U2 releases
// the lock, done ends the unlock. Locals: cur is to_resume (r), head the
// part of the detached chain not yet reversed, next a saved m_next.
func UnlockMutex(m Mem, state, resumeList Word, resume int, done func(Mem)) {
	switch m.PC() {
	case U1:
		m.SetLocal(LocalCur, m.Read(resumeList))
		if m.Local(LocalCur) != Null {
			m.Goto(U5a) // a detached waiter is next in line
			return
		}
		m.Goto(U2)
	case U2:
		if _, ok := m.CompareAndSwap(state, Null, Nolocked, AcqRel, Relaxed); ok {
			done(m) // released; nobody waits
			return
		}
		m.Goto(U3)
	case U3:
		m.SetLocal(LocalHead, m.Exchange(state, Null, AcqRel))
		reverseNext(m)
	case U4a:
		m.SetLocal(LocalNext, m.Read(m.Local(LocalHead)+Next))
		m.Goto(U4b)
	case U4b:
		h := m.Local(LocalHead)
		m.Write(h+Next, m.Local(LocalCur))
		m.SetLocal(LocalCur, h)
		m.SetLocal(LocalHead, m.Local(LocalNext))
		reverseNext(m)
	case U5a:
		m.SetLocal(LocalNext, m.Read(m.Local(LocalCur)+Next))
		m.Goto(U5b)
	case U5b:
		m.Write(resumeList, m.Local(LocalNext))
		m.Goto(resume)
	}
}

// reverseNext continues the reversal while the detached chain has a node,
// then goes on to hand the lock to the oldest (U5a).
func reverseNext(m Mem) {
	if m.Local(LocalHead) != Null {
		m.Goto(U4a)
		return
	}
	m.Goto(U5a)
}

var mutexLabels = map[int]labelText{
	U1:  {"unlock(): r = m_resume_list_head; if not empty, hand over to r", "auto r = m_resume_list_head; if (r) goto U5a;"},
	U2:  {"CAS m_state: nullptr -> nolocked (acq_rel); success releases the lock", "if (m_state.compare_exchange_strong(nullptr, nolocked, acq_rel, relaxed)) return;"},
	U3:  {"h = m_state.exchange(nullptr, acq_rel): detach the new arrivals, keep the lock", "auto h = m_state.exchange(nullptr, acq_rel);"},
	U4a: {"next = h->m_next (reversing the batch)", "while (h) { auto next = h->m_next;"},
	U4b: {"h->m_next = r; r = h; h = next", "  h->m_next = r; r = h; h = next; }"},
	U5a: {"read r->m_next before resuming r", "auto r_next = r->m_next;"},
	U5b: {"m_resume_list_head = r->m_next", "m_resume_list_head = r_next;"},
	U6:  {"r->resume(): submit_task, handing the lock to r", "r->resume();"},
}

package primitives

// Nolocked is mutex::nolocked, (void*)1: m_state's "unlocked" value.
// nullptr in m_state is locked_no_waiting.
const Nolocked Word = 1

// MutexStateField is m_state: an atomic<void*>, constructed unlocked.
func MutexStateField() Field {
	return Field{Name: "m_state", Kind: Pointer, Atomic: true, Init: Nolocked,
		Names: map[Word]string{Nolocked: "nolocked(1)"}}
}

// mutexOps are the operations of a mutex whose m_state is at state: lock,
// lock_guard, try_lock and unlock. co_await mtx.lock_guard() is the same
// awaiter as lock() except that await_resume also returns a lock_guard,
// whose destructor calls unlock(): a script writes "lock_guard { cs }"
// (see MutexGuards), or "lock_guard; cs; unlock", the unlock standing for
// the guard's end of scope.
func mutexOps(state Word, unlock Operation) []Operation {
	lock := func(m Mem) { LockMutex(m, state) }
	algo := LockLines()
	return []Operation{
		{Name: "lock", Entry: M1a, Awaits: true, Role: Lock, Step: lock, Lines: algo},
		{Name: "lock_guard", Entry: M1a, Awaits: true, Role: Lock, Step: lock, Lines: algo},
		{Name: "try_lock", Entry: TL1, Role: TryLock, Returns: true, Step: func(m Mem) { TryLockMutex(m, state) }, Lines: Lines(nil, TL1)},
		unlock,
	}
}

// MutexGuards are a mutex's guards: the lock_guard co_await
// mtx.lock_guard() returns, whose destructor unlocks.
func MutexGuards() []Guard {
	return []Guard{{Name: "lock_guard", Enter: "lock_guard", Exit: "unlock"}}
}

// TryLockMutex is mtx.try_lock(), the same for both mutex variants:
//
//	TL1 CAS_strong(m_state: nolocked -> nullptr, acq_rel/relaxed); return whether it succeeded
//
// It takes the lock only when it is free, and never waits, so it does not
// register with the context. While unlock hands the lock over, m_state
// never holds nolocked, so try_lock cannot barge in (mutex-try-lock).
func TryLockMutex(m Mem, state Word) {
	_, ok := m.CompareAndSwap(state, Nolocked, Null, AcqRel, Relaxed)
	m.Result(ok)
	m.Return()
}

// mutexFree reports whether the mutex at state is unlocked.
func mutexFree(state Word) func(Peek) bool {
	return func(p Peek) bool { return p(state) == Nolocked }
}

// MutexWaiters is the head of the stack of newly arrived waiters in
// m_state: none when m_state is nolocked.
func MutexWaiters(state Word) func(Peek) Word {
	return func(p Peek) Word {
		if h := p(state); h != Nolocked {
			return h
		}
		return Null
	}
}

// LockMutex is co_await mtx.lock(): mutex_awaiter's await_suspend
// (register_lock) and await_resume, as tinyCoro v1.2 writes them
// (mutex.cpp). Both mutex variants lock this way.
//
//	M1a await_suspend(h): m_await_coro = h               plain
//	M1b   m_ctx.register_wait()
//	M2a   loop: s = m_state.load(acquire)
//	M2b     m_next = nullptr                            plain
//	M3      if s == nolocked: CAS_weak(m_state: 1 -> nullptr, acq_rel/relaxed)
//	          ok: the lock is ours, don't suspend (M5); else M2a
//	M4a     else: m_next = s                            plain
//	M4b       CAS_weak(m_state: s -> this awaiter, acq_rel/relaxed); ok: park, else M2a
//	M5  await_resume: m_ctx.unregister_wait(); the coroutine holds the lock
//
// The lock state and the stack of new arrivals share one word, so an
// unlock that sets nolocked between M2a and M4b makes the push fail and
// the retry takes the fast path. The acq_rel CASes publish m_next and
// m_await_coro to the unlocker's exchange.
func LockMutex(m Mem, state Word) { LockMutexThen(m, state, Mem.Return) }

// LockMutexThen is LockMutex inside a larger operation (a channel's send
// holds the lock through a lock_guard): done follows await_resume (M5).
func LockMutexThen(m Mem, state Word, done func(Mem)) {
	self := m.Awaiter()
	switch m.PC() {
	case M1a:
		m.Write(self+AwaitCoro, m.Handle())
		m.Goto(M1b)
	case M1b:
		registerWait(m)
		m.Goto(M2a)
	case M2a:
		m.SetLocal(LocalHead, m.Load(state, Acquire))
		m.Goto(M2b)
	case M2b:
		m.Write(self+Next, Null)
		if m.Local(LocalHead) == Nolocked {
			m.Goto(M3)
			return
		}
		m.Goto(M4a)
	case M3:
		if _, ok := m.CompareAndSwap(state, Nolocked, Null, AcqRel, Relaxed); ok {
			m.Goto(M5) // await_suspend returns false: acquired, no suspension
			return
		}
		m.Goto(M2a)
	case M4a:
		m.Write(self+Next, m.Local(LocalHead))
		m.Goto(M4b)
	case M4b:
		if _, ok := m.CompareAndSwap(state, m.Local(LocalHead), self, AcqRel, Relaxed); ok {
			m.Suspend(M5)
			return
		}
		m.Goto(M2a)
	case M5:
		unregisterWait(m)
		done(m)
	}
}

var mutexLockLabels = map[int]labelText{
	M1a: {"await_suspend: m_await_coro = h", "m_await_coro = h;"},
	M1b: {"m_ctx.register_wait()", "m_ctx.register_wait();"},
	M2a: {"s = m_state.load(acquire)", "auto s = m_state.load(acquire);"},
	M2b: {"m_next = nullptr", "m_next = nullptr;"},
	M3:  {"s == nolocked: CAS m_state: 1 -> nullptr (acq_rel); success takes the lock", "if (s == nolocked) { if (!m_state.compare_exchange_weak(s, nullptr, acq_rel, relaxed)) goto M2a; return false; }"},
	M4a: {"m_next = s", "m_next = s;"},
	M4b: {"CAS m_state: s -> this awaiter (acq_rel); success parks, failure retries at M2a", "if (!m_state.compare_exchange_weak(s, this, acq_rel, relaxed)) goto M2a;"},
	M5:  {"await_resume: m_ctx.unregister_wait(); the lock is held", "m_ctx.unregister_wait();"},
	TL1: {"try_lock(): CAS m_state: nolocked -> nullptr (acq_rel); true if it took the lock", "auto s = nolocked; return m_state.compare_exchange_strong(s, nullptr, acq_rel);"},
}

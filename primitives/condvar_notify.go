package primitives

// The condition variable's notify_one and notify_all, the spinlock's
// wait, and the steps its operations share with the mutex (condvar.go).

// notifyOne is notify_one() of the condition variable at cv; done ends
// it. Locals: cur is the popped node, next its m_next; wake_up and what
// follows use them as shared says.
func (e *cvEngine) notifyOne(m Mem, cv Word, done func(Mem)) {
	switch m.PC() {
	case NO1:
		m.SetLocal(cvAt, cv)
		lockSpin(m, cv+cvLock, NO1s, NO2)
	case NO1s:
		spin(m, cv+cvLock, NO1s, NO1)
	case NO2:
		m.SetLocal(cur, m.Read(cv+cvHead))
		if m.Local(cur) == Null {
			m.Goto(NO6)
			return
		}
		m.Goto(NO3)
	case NO3:
		m.SetLocal(next, m.Read(m.Local(cur)+Next))
		m.Goto(NO4)
	case NO4:
		m.Write(cv+cvHead, m.Local(next))
		if m.Local(next) == Null {
			m.Goto(NO5)
			return
		}
		m.Goto(NO6)
	case NO5:
		m.Write(cv+cvTail, Null)
		m.Goto(NO6)
	case NO6:
		m.Store(cv+cvLock, 0, Release)
		if m.Local(cur) == Null {
			done(m) // nobody waits: the notify is lost
			return
		}
		m.Goto(WU1) // cur->wake_up(), outside the spinlock
	default:
		e.shared(m, done)
	}
}

// notifyAll is notify_all() of the condition variable at cv; done ends
// it. Locals: cur is the node being woken and prev the rest of the taken
// queue (saved before each wake_up, which rewrites m_next); the others as
// shared says.
func (e *cvEngine) notifyAll(m Mem, cv Word, done func(Mem)) {
	switch m.PC() {
	case NA1:
		m.SetLocal(cvAt, cv)
		lockSpin(m, cv+cvLock, NA1s, NA2)
	case NA1s:
		spin(m, cv+cvLock, NA1s, NA1)
	case NA2:
		m.SetLocal(cur, m.Read(cv+cvHead))
		m.Goto(NA3)
	case NA3:
		m.Write(cv+cvHead, Null)
		m.Goto(NA4)
	case NA4:
		m.Write(cv+cvTail, Null)
		m.Goto(NA5)
	case NA5:
		m.Store(cv+cvLock, 0, Release)
		if m.Local(cur) == Null {
			done(m)
			return
		}
		m.Goto(NA6)
	case NA6:
		m.SetLocal(prev, m.Read(m.Local(cur)+Next)) // next first: wake_up rewrites m_next
		m.Goto(WU1)
	default:
		e.shared(m, func(m Mem) { nextOfAll(m, done) })
	}
}

// nextOfAll goes on to wake the next node notify_all took, or ends it.
func nextOfAll(m Mem, done func(Mem)) {
	m.SetLocal(cur, m.Local(prev))
	if m.Local(cur) == Null {
		done(m)
		return
	}
	m.Goto(NA6)
}

// lockSpin is the spinlock's lock: exchange(true, acquire); it goes on at
// next once it took the lock, else it spins at spinAt (see spin).
func lockSpin(m Mem, lock Word, spinAt, next int) {
	if m.Exchange(lock, 1, Acquire) != 0 {
		m.Goto(spinAt)
		m.Spin(lock, 1)
		return
	}
	m.Goto(next)
}

// spin is the spinlock's wait: a relaxed load of the lock at label here,
// until it reads false, then the exchange at retry. Each busy read says
// so (Mem.Spin): the thread spins again only once the lock has changed.
func spin(m Mem, lock Word, here, retry int) {
	if m.Load(lock, Relaxed) != 0 {
		m.Goto(here)
		m.Spin(lock, 1)
		return
	}
	m.Goto(retry)
}

// shared performs the steps several operations share: the mutex's unlock
// (U1..U5b, then the virtual r->resume() at CR1), wake_up (WU1..WU5), a
// cv_awaiter's resume (CR3..CR9) and its enqueueing (C3a..C3g, then the
// unlock at C4). done ends them: what the operation does once the unlock,
// the notify or the wake is over. Locals: cur is the node woken or
// enqueued, cvAt the condition variable it is enqueued on, head and next
// as unlockMutex says; while a cv_awaiter is re-registered head holds its
// m_ctx and next the count; next then holds m_tail while it enqueues.
func (e *cvEngine) shared(m Mem, done func(Mem)) {
	node := m.Local(cur)
	cv := m.Local(cvAt)
	switch m.PC() {
	case CR1:
		if m.Read(node+awVptr) == vptrCV {
			m.Goto(CR3) // cv_awaiter::resume()
			return
		}
		m.Goto(CR2)
	case CR2:
		m.Submit(node) // submit_task: node resumes holding the lock
		done(m)
	case CR3:
		m.SetLocal(next, m.Read(node+awCond))
		if m.Local(next) == predNone {
			m.Goto(CR2)
			return
		}
		m.Goto(CR4)
	case CR4, CR4b:
		switch holds, more := e.pred(m, m.Local(next), m.PC() == CR4b); {
		case more:
			m.Goto(CR4b)
		case holds:
			m.Goto(CR2)
		default:
			m.Goto(CR5)
		}
	case CR5:
		m.SetLocal(next, firstTime(m.Read(node+awSuspendState)))
		m.Goto(CR6)
	case CR6:
		m.SetLocal(head, m.Read(node+Ctx))
		m.Goto(CR7)
	case CR7:
		m.FetchAdd(m.Local(head)+NumWait, m.Local(next), AcqRel)
		m.Goto(CR8)
	case CR8:
		m.Write(node+awSuspendState, 1)
		m.Goto(CR9)
	case CR9:
		m.SetLocal(cvAt, m.Read(node+awCV))
		m.Goto(C3a)
	case WU1:
		m.SetLocal(head, m.Load(e.mtx, Acquire))
		m.Goto(WU2)
	case WU2:
		m.Write(node+Next, Null)
		if m.Local(head) == nolocked {
			m.Goto(WU3)
			return
		}
		m.Goto(WU4)
	case WU3:
		if _, ok := m.CompareAndSwap(e.mtx, nolocked, Null, AcqRel, Relaxed); ok {
			m.Goto(CR1) // the lock is taken for the node: node->resume()
			return
		}
		m.Goto(WU1)
	case WU4:
		m.Write(node+Next, m.Local(head))
		m.Goto(WU5)
	case WU5:
		if _, ok := m.CompareAndSwap(e.mtx, m.Local(head), node, AcqRel, Relaxed); ok {
			done(m) // queued on the mutex: a later unlock resumes it
			return
		}
		m.Goto(WU1)
	case C3a:
		lockSpin(m, cv+cvLock, C3s, C3b)
	case C3s:
		spin(m, cv+cvLock, C3s, C3a)
	case C3b:
		m.Write(node+Next, Null)
		m.Goto(C3c)
	case C3c:
		m.SetLocal(next, m.Read(cv+cvTail))
		if m.Local(next) == Null {
			m.Goto(C3d)
			return
		}
		m.Goto(C3e)
	case C3d:
		m.Write(cv+cvHead, node)
		m.Goto(C3f)
	case C3e:
		m.Write(m.Local(next)+Next, node)
		m.Goto(C3f)
	case C3f:
		m.Write(cv+cvTail, node)
		m.Goto(C3g)
	case C3g:
		m.Store(cv+cvLock, 0, Release)
		if node == m.Awaiter() {
			// The wait is registered on the cv: a notifier may take this
			// awaiter from here on, while await_suspend goes on.
			m.Registered()
			m.Suspending()
		}
		m.Goto(U1) // C4: mtx.unlock()
	default:
		unlockMutex(m, e.mtx, e.resume, CR1, done)
	}
}

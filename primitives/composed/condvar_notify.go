package composed

import "lockstep/primitives"

// The condition variable's notify_one and notify_all, the spinlock's
// wait, and the steps its operations share with the mutex (condvar.go).

// notifyOne is notify_one() of the condition variable at cv; done ends
// it. Locals: cur is the popped node, next its m_next; wake_up and what
// follows use them as shared says.
func (e *cvEngine) notifyOne(m primitives.Mem, cv primitives.Word, done func(primitives.Mem)) {
	switch m.PC() {
	case primitives.NO1:
		m.SetLocal(cvAt, cv)
		lockSpin(m, cv+cvLock, primitives.NO1s, primitives.NO2)
	case primitives.NO1s:
		spin(m, cv+cvLock, primitives.NO1s, primitives.NO1)
	case primitives.NO2:
		m.SetLocal(primitives.LocalCur, m.Read(cv+cvHead))
		if m.Local(primitives.LocalCur) == primitives.Null {
			m.Goto(primitives.NO6)
			return
		}
		m.Goto(primitives.NO3)
	case primitives.NO3:
		m.SetLocal(primitives.LocalNext, m.Read(m.Local(primitives.LocalCur)+primitives.Next))
		m.Goto(primitives.NO4)
	case primitives.NO4:
		m.Write(cv+cvHead, m.Local(primitives.LocalNext))
		if m.Local(primitives.LocalNext) == primitives.Null {
			m.Goto(primitives.NO5)
			return
		}
		m.Goto(primitives.NO6)
	case primitives.NO5:
		m.Write(cv+cvTail, primitives.Null)
		m.Goto(primitives.NO6)
	case primitives.NO6:
		m.Store(cv+cvLock, 0, primitives.Release)
		if m.Local(primitives.LocalCur) == primitives.Null {
			done(m) // nobody waits: the notify is lost
			return
		}
		m.Goto(primitives.WU1) // cur->wake_up(), outside the spinlock
	default:
		e.shared(m, done)
	}
}

// notifyAll is notify_all() of the condition variable at cv; done ends
// it. Locals: cur is the node being woken and prev the rest of the taken
// queue (saved before each wake_up, which rewrites m_next); the others as
// shared says.
func (e *cvEngine) notifyAll(m primitives.Mem, cv primitives.Word, done func(primitives.Mem)) {
	switch m.PC() {
	case primitives.NA1:
		m.SetLocal(cvAt, cv)
		lockSpin(m, cv+cvLock, primitives.NA1s, primitives.NA2)
	case primitives.NA1s:
		spin(m, cv+cvLock, primitives.NA1s, primitives.NA1)
	case primitives.NA2:
		m.SetLocal(primitives.LocalCur, m.Read(cv+cvHead))
		m.Goto(primitives.NA3)
	case primitives.NA3:
		m.Write(cv+cvHead, primitives.Null)
		m.Goto(primitives.NA4)
	case primitives.NA4:
		m.Write(cv+cvTail, primitives.Null)
		m.Goto(primitives.NA5)
	case primitives.NA5:
		m.Store(cv+cvLock, 0, primitives.Release)
		if m.Local(primitives.LocalCur) == primitives.Null {
			done(m)
			return
		}
		m.Goto(primitives.NA6)
	case primitives.NA6:
		m.SetLocal(primitives.LocalPrev, m.Read(m.Local(primitives.LocalCur)+primitives.Next)) // next first: wake_up rewrites m_next
		m.Goto(primitives.WU1)
	default:
		e.shared(m, func(m primitives.Mem) { nextOfAll(m, done) })
	}
}

// nextOfAll goes on to wake the next node notify_all took, or ends it.
func nextOfAll(m primitives.Mem, done func(primitives.Mem)) {
	m.SetLocal(primitives.LocalCur, m.Local(primitives.LocalPrev))
	if m.Local(primitives.LocalCur) == primitives.Null {
		done(m)
		return
	}
	m.Goto(primitives.NA6)
}

// lockSpin is the spinlock's lock: exchange(true, acquire); it goes on at
// next once it took the lock, else it spins at spinAt (see spin).
func lockSpin(m primitives.Mem, lock primitives.Word, spinAt, next int) {
	if m.Exchange(lock, 1, primitives.Acquire) != 0 {
		m.Goto(spinAt)
		m.Spin(lock, 1)
		return
	}
	m.Goto(next)
}

// spin is the spinlock's wait: a relaxed load of the lock at label here,
// until it reads false, then the exchange at retry. Each busy read says
// so (Mem.Spin): the thread spins again only once the lock has changed.
func spin(m primitives.Mem, lock primitives.Word, here, retry int) {
	if m.Load(lock, primitives.Relaxed) != 0 {
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
func (e *cvEngine) shared(m primitives.Mem, done func(primitives.Mem)) {
	node := m.Local(primitives.LocalCur)
	cv := m.Local(cvAt)
	switch m.PC() {
	case primitives.CR1:
		if m.Read(node+awVptr) == vptrCV {
			m.Goto(primitives.CR3) // cv_awaiter::resume()
			return
		}
		m.Goto(primitives.CR2)
	case primitives.CR2:
		m.Submit(node) // submit_task: node resumes holding the lock
		done(m)
	case primitives.CR3:
		m.SetLocal(primitives.LocalNext, m.Read(node+awCond))
		if m.Local(primitives.LocalNext) == predNone {
			m.Goto(primitives.CR2)
			return
		}
		m.Goto(primitives.CR4)
	case primitives.CR4, primitives.CR4b:
		switch holds, more := e.pred(m, m.Local(primitives.LocalNext), m.PC() == primitives.CR4b); {
		case more:
			m.Goto(primitives.CR4b)
		case holds:
			m.Goto(primitives.CR2)
		default:
			m.Goto(primitives.CR5)
		}
	case primitives.CR5:
		m.SetLocal(primitives.LocalNext, firstTime(m.Read(node+awSuspendState)))
		m.Goto(primitives.CR6)
	case primitives.CR6:
		m.SetLocal(primitives.LocalHead, m.Read(node+primitives.Ctx))
		m.Goto(primitives.CR7)
	case primitives.CR7:
		m.FetchAdd(m.Local(primitives.LocalHead)+primitives.NumWait, m.Local(primitives.LocalNext), primitives.AcqRel)
		m.Goto(primitives.CR8)
	case primitives.CR8:
		m.Write(node+awSuspendState, 1)
		m.Goto(primitives.CR9)
	case primitives.CR9:
		m.SetLocal(cvAt, m.Read(node+awCV))
		m.Goto(primitives.C3a)
	case primitives.WU1:
		m.SetLocal(primitives.LocalHead, m.Load(e.mtx, primitives.Acquire))
		m.Goto(primitives.WU2)
	case primitives.WU2:
		m.Write(node+primitives.Next, primitives.Null)
		if m.Local(primitives.LocalHead) == primitives.Nolocked {
			m.Goto(primitives.WU3)
			return
		}
		m.Goto(primitives.WU4)
	case primitives.WU3:
		if _, ok := m.CompareAndSwap(e.mtx, primitives.Nolocked, primitives.Null, primitives.AcqRel, primitives.Relaxed); ok {
			m.Goto(primitives.CR1) // the lock is taken for the node: node->resume()
			return
		}
		m.Goto(primitives.WU1)
	case primitives.WU4:
		m.Write(node+primitives.Next, m.Local(primitives.LocalHead))
		m.Goto(primitives.WU5)
	case primitives.WU5:
		if _, ok := m.CompareAndSwap(e.mtx, m.Local(primitives.LocalHead), node, primitives.AcqRel, primitives.Relaxed); ok {
			done(m) // queued on the mutex: a later unlock resumes it
			return
		}
		m.Goto(primitives.WU1)
	case primitives.C3a:
		lockSpin(m, cv+cvLock, primitives.C3s, primitives.C3b)
	case primitives.C3s:
		spin(m, cv+cvLock, primitives.C3s, primitives.C3a)
	case primitives.C3b:
		m.Write(node+primitives.Next, primitives.Null)
		m.Goto(primitives.C3c)
	case primitives.C3c:
		m.SetLocal(primitives.LocalNext, m.Read(cv+cvTail))
		if m.Local(primitives.LocalNext) == primitives.Null {
			m.Goto(primitives.C3d)
			return
		}
		m.Goto(primitives.C3e)
	case primitives.C3d:
		m.Write(cv+cvHead, node)
		m.Goto(primitives.C3f)
	case primitives.C3e:
		m.Write(m.Local(primitives.LocalNext)+primitives.Next, node)
		m.Goto(primitives.C3f)
	case primitives.C3f:
		m.Write(cv+cvTail, node)
		m.Goto(primitives.C3g)
	case primitives.C3g:
		m.Store(cv+cvLock, 0, primitives.Release)
		if node == m.Awaiter() {
			// The wait is registered on the cv: a notifier may take this
			// awaiter from here on, while await_suspend goes on.
			m.Registered()
			m.Suspending()
		}
		m.Goto(primitives.U1) // C4: mtx.unlock()
	default:
		primitives.UnlockMutex(m, e.mtx, e.resume, primitives.CR1, done)
	}
}

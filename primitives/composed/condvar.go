package composed

import "lockstep/primitives"

// CondVar is tinyCoro v1.2's condition_variable (condition_variable.hpp,
// condition_variable.cpp, spinlock.hpp) with the mutex it works with and
// the data they guard, ported step for step as written. It is not
// lock-free: a spinlock guards its FIFO queue of waiters.
//
// Layout: three objects. mtx is the Mutex (m_state, m_resume_list_head).
// cv is the spinlock m_lock (an atomic bool: lock is exchange(true,
// acquire), spinning on a relaxed load; unlock is store(false, release))
// and the intrusive FIFO queue m_head, m_tail of cv_awaiters, linked by
// m_next. data.ready is a plain int the scripts guard with the mutex.
//
// A cv_awaiter derives from mutex_awaiter: after m_next, m_await_coro and
// m_ctx it has the vtable pointer (vptr: mutex_awaiter or cv_awaiter, which
// overrides resume()), m_cond (the predicate: none, or [&]{ return ready;
// }), m_cv (the condition variable it waits on) and m_suspend_state
// (registered with the context already).
//
// co_await cv.wait(mtx [, pred]), the caller holding mtx:
//
//	C1a await_suspend(h): m_await_coro = h                    plain
//	C1b   if pred && pred(): don't park, keep the lock (C5a)  plain read of ready
//	C2a   n = m_suspend_state ? 0 : 1                         plain read
//	C2b   m_ctx.register_wait(n)
//	C2c   m_suspend_state = true                              plain
//	C3a   spinlock: m_lock.exchange(true, acquire); C3s spins on a relaxed load
//	C3b   m_next = nullptr; C3c t = m_tail; C3d m_head = this or C3e t->m_next = this
//	C3f   m_tail = this; C3g m_lock.store(false, release)
//	C4    mtx.unlock() (U1...), after enqueueing: a notify in between is not lost
//	C5a await_resume: n = m_suspend_state ? 1 : 0             plain read
//	C5b   m_ctx.unregister_wait(n); the coroutine holds mtx
//
// notify_one pops the head under the spinlock (NO1..NO6) and wakes it;
// notify_all takes the whole queue (NA1..NA5) and wakes each node, reading
// its m_next first (NA6). wake_up() is register_lock (M2..M4) run for the
// node on the notifier's thread:
//
//	WU1 s = mtx.m_state.load(acquire); WU2 node->m_next = nullptr
//	WU3 s == nolocked: CAS(nolocked -> nullptr): the notifier took the lock
//	    for the node: node->resume() (CR1); failure: WU1
//	WU4 node->m_next = s; WU5 CAS(s -> node): queued on the mutex; failure: WU1
//
// r->resume() is virtual, in unlock (U6 of the Mutex, here CR1) and in
// wake_up: CR1 reads r's vptr; a mutex_awaiter is submitted (CR2); a
// cv_awaiter runs its own resume() with the lock held for it:
//
//	CR3 read r->m_cond; none: CR2
//	CR4 pred(): read ready; true: CR2, submit_task
//	CR5 false: n = r->m_suspend_state ? 0 : 1; CR6 read r->m_ctx; CR7 register_wait(n)
//	CR8 r->m_suspend_state = true; CR9 read r->m_cv; then C3a..C3g enqueue
//	    r again and C4 mtx.unlock(): the waiter stays parked
//
// So a waiter resumes only holding the lock with its predicate true, and
// the predicate runs on the notifier's or the unlocker's thread. The
// digest finds no bug here (B3: notify_all saves next first; unlock reads
// next before resuming). The classic misuse is a wait without a predicate
// after the notify has come and gone (cv-lost-notify). The Channel is
// built from the same parts (cvEngine).
type CondVar struct {
	e     cvEngine
	cv    primitives.Word // cv.m_lock: the condition variable (m_head, m_tail follow)
	ready primitives.Word // data.ready
}

// The values of the fields a cv_awaiter adds.
const (
	vptrMutex primitives.Word = 1 // a mutex_awaiter (lock, lock_guard)
	vptrCV    primitives.Word = 2 // a cv_awaiter

	predNone     primitives.Word = 0 // cv.wait(mtx)
	predReady    primitives.Word = 1 // cv.wait(mtx, [&]{ return ready; })
	predNotFull  primitives.Word = 2 // a channel's send: not full || closed
	predNotEmpty primitives.Word = 3 // a channel's recv: not empty || closed
)

// Offsets of a cv_awaiter's own fields, and of a condition variable's.
const (
	awVptr         primitives.Word = primitives.AwaiterSize
	awCond         primitives.Word = primitives.AwaiterSize + 1
	awCV           primitives.Word = primitives.AwaiterSize + 2
	awSuspendState primitives.Word = primitives.AwaiterSize + 3

	cvLock primitives.Word = 0
	cvHead primitives.Word = 1
	cvTail primitives.Word = 2
)

// Locals of the condition variable's steps, beyond those of the mutex's
// unlock (head, cur, next) and of notify_all (prev).
const (
	cvAt  = 4 // the condition variable being queued on or notified
	phase = 5 // where a channel's operation is (see Channel)
)

// cvFields are a condition variable's members in object obj.
func cvFields(obj string) []primitives.Field {
	return []primitives.Field{
		{Object: obj, Name: "m_lock", Kind: primitives.Int32, Atomic: true},
		{Object: obj, Name: "m_head", Kind: primitives.Pointer},
		{Object: obj, Name: "m_tail", Kind: primitives.Pointer},
	}
}

// mutexFields are a mutex's members in object obj.
func mutexFields(obj string) []primitives.Field {
	state := primitives.MutexStateField()
	state.Object = obj
	return []primitives.Field{state, {Object: obj, Name: "m_resume_list_head", Kind: primitives.Pointer}}
}

// Fields implements Primitive.
func (cv *CondVar) Fields() []primitives.Field {
	fs := append(mutexFields("mtx"), cvFields("cv")...)
	return append(fs, primitives.Field{Object: "data", Name: "ready", Kind: primitives.Int64})
}

// AwaiterFields implements AwaiterFielder.
func (cv *CondVar) AwaiterFields() []primitives.Field { return cvAwaiterFields() }

// cvAwaiterFields are the fields a cv_awaiter adds to a mutex_awaiter.
func cvAwaiterFields() []primitives.Field {
	return []primitives.Field{
		{Name: "vptr", Kind: primitives.Int32, Names: map[primitives.Word]string{vptrMutex: "mutex_awaiter", vptrCV: "cv_awaiter"}},
		{Name: "m_cond", Kind: primitives.Int32, Names: map[primitives.Word]string{predNone: "{}", predReady: "[&]{ return ready; }",
			predNotFull: "[&]{ return !full || closed; }", predNotEmpty: "[&]{ return !empty || closed; }"}},
		{Name: "m_cv", Kind: primitives.Pointer},
		{Name: "m_suspend_state", Kind: primitives.Int32},
	}
}

// Bind implements Primitive.
func (cv *CondVar) Bind(base primitives.Word) {
	cv.e = cvEngine{mtx: base, resume: base + 1, pred: cv.pred}
	cv.cv, cv.ready = base+2, base+5
}

// Ops implements Primitive.
func (cv *CondVar) Ops() []primitives.Operation {
	e := &cv.e
	ops := e.mutexOps()
	wait := func(pred primitives.Word) primitives.Operation {
		name := "wait"
		if pred == predReady {
			name = "wait_ready"
		}
		return primitives.Operation{Name: name, Entry: primitives.C1a, Awaits: true, AwaiterInit: []primitives.Word{vptrCV, pred, cv.cv}, Role: primitives.Relock,
			Step: func(m primitives.Mem) { e.wait(m, cv.cv, pred, func(m primitives.Mem) { m.Return() }) }, Lines: cvWaitLines()}
	}
	return append(ops,
		wait(predNone), wait(predReady),
		primitives.Operation{Name: "set_ready", Entry: primitives.SR1, Step: cv.setReady, Lines: primitives.Lines(nil, primitives.SR1)},
		primitives.Operation{Name: "notify_one", Entry: primitives.NO1, Step: func(m primitives.Mem) { e.notifyOne(m, cv.cv, primitives.Mem.Return) }, Lines: notifyOneLines()},
		primitives.Operation{Name: "notify_all", Entry: primitives.NA1, Step: func(m primitives.Mem) { e.notifyAll(m, cv.cv, primitives.Mem.Return) }, Lines: notifyAllLines()},
	)
}

// Guards implements Guarder.
func (cv *CondVar) Guards() []primitives.Guard { return primitives.MutexGuards() }

// Facts implements Primitive. The condition is the one wait_ready waits
// for, and a wait() is notified for: a waiter parked on the condition
// variable while it holds, with nothing left to wake it, is a lost
// wakeup. A waiter parked on the mutex waits for the lock (waits).
func (cv *CondVar) Facts() primitives.Facts {
	return primitives.Facts{
		Open:      func(p primitives.Peek) bool { return p(cv.ready) != 0 },
		Condition: "ready != 0",
		Waits:     cv.waits,
		Lists: []primitives.List{
			{Name: "cv.m_head", Head: func(p primitives.Peek) primitives.Word { return p(cv.cv + cvHead) }},
			{Name: "mtx.m_state", Head: primitives.MutexWaiters(cv.e.mtx)},
			{Name: "mtx.m_resume_list_head", Head: func(p primitives.Peek) primitives.Word { return p(cv.e.resume) }},
		},
	}
}

// waits says what the waiter with the awaiter node at aw waits for: the
// lock, for a mutex_awaiter; for a cv_awaiter, ready != 0.
func (cv *CondVar) waits(p primitives.Peek, aw primitives.Word) (string, bool) {
	if p(aw+awVptr) != vptrCV {
		return "the lock (mtx.m_state == nolocked(1))", p(cv.e.mtx) == primitives.Nolocked
	}
	return "ready != 0", p(cv.ready) != 0
}

// setReady is ready = 1, a plain write the script makes holding mtx.
func (cv *CondVar) setReady(m primitives.Mem) {
	m.Write(cv.ready, 1)
	m.Return()
}

// pred evaluates [&]{ return ready; }.
func (cv *CondVar) pred(m primitives.Mem, kind primitives.Word, second bool) (holds, more bool) {
	return m.Read(cv.ready) != 0, false
}

// cvEngine is what a condition variable's steps share with the mutex it
// works with: the mutex's words and the predicates of the waiters.
type cvEngine struct {
	mtx, resume primitives.Word // the mutex's m_state and m_resume_list_head
	// pred performs one step of predicate kind's evaluation (the first,
	// or with second the second one): it reports whether it holds, or
	// that another step must tell (more).
	pred func(m primitives.Mem, kind primitives.Word, second bool) (holds, more bool)
}

// mutexOps are the mutex's operations, its awaiters mutex_awaiters.
func (e *cvEngine) mutexOps() []primitives.Operation {
	lock := func(m primitives.Mem) { primitives.LockMutex(m, e.mtx) }
	mutexAwaiter := []primitives.Word{vptrMutex}
	return []primitives.Operation{
		{Name: "lock", Entry: primitives.M1a, Awaits: true, AwaiterInit: mutexAwaiter, Role: primitives.Lock, Step: lock, Lines: primitives.LockLines()},
		{Name: "lock_guard", Entry: primitives.M1a, Awaits: true, AwaiterInit: mutexAwaiter, Role: primitives.Lock, Step: lock, Lines: primitives.LockLines()},
		{Name: "try_lock", Entry: primitives.TL1, Role: primitives.TryLock, Returns: true, Step: func(m primitives.Mem) { primitives.TryLockMutex(m, e.mtx) }, Lines: primitives.Lines(nil, primitives.TL1)},
		{Name: "unlock", Entry: primitives.U1, Role: primitives.Unlock, Step: func(m primitives.Mem) { e.shared(m, primitives.Mem.Return) }, Lines: cvUnlockLines()},
	}
}

// wait is co_await cv.wait(mtx [, pred]) on the condition variable at cv,
// whose awaiter the caller has constructed; resumed follows await_resume
// (C5b). Locals: cur is this awaiter while it enqueues itself, next holds
// n; the unlock at C4 uses them as unlockMutex says.
func (e *cvEngine) wait(m primitives.Mem, cv, pred primitives.Word, resumed func(primitives.Mem)) {
	self := m.Awaiter()
	switch m.PC() {
	case primitives.C1a:
		m.Write(self+primitives.AwaitCoro, m.Handle())
		if pred == predNone {
			m.Goto(primitives.C2a)
			return
		}
		m.Goto(primitives.C1b)
	case primitives.C1b, primitives.C1c:
		switch holds, more := e.pred(m, pred, m.PC() == primitives.C1c); {
		case more:
			m.Goto(primitives.C1c)
		case holds:
			m.Goto(primitives.C5a) // await_suspend returns false: the lock stays held
		default:
			m.Goto(primitives.C2a)
		}
	case primitives.C2a:
		m.SetLocal(primitives.LocalNext, firstTime(m.Read(self+awSuspendState)))
		m.Goto(primitives.C2b)
	case primitives.C2b:
		m.FetchAdd(m.Context()+primitives.NumWait, m.Local(primitives.LocalNext), primitives.AcqRel)
		m.Goto(primitives.C2c)
	case primitives.C2c:
		m.Write(self+awSuspendState, 1)
		m.SetLocal(primitives.LocalCur, self)
		m.SetLocal(cvAt, cv)
		m.Goto(primitives.C3a)
	case primitives.C5a:
		n := primitives.Word(0)
		if m.Read(self+awSuspendState) != 0 {
			n = 1
		}
		m.SetLocal(primitives.LocalNext, n)
		m.Goto(primitives.C5b)
	case primitives.C5b:
		m.FetchAdd(m.Context()+primitives.NumWait, -m.Local(primitives.LocalNext), primitives.AcqRel)
		resumed(m)
	default:
		// C4: mtx.unlock(); await_suspend then returns true.
		e.shared(m, func(m primitives.Mem) { m.Suspend(primitives.C5a) })
	}
}

// firstTime is register_wait's count: 1 unless m_suspend_state says the
// awaiter registered already.
func firstTime(suspendState primitives.Word) primitives.Word {
	if suspendState != 0 {
		return 0
	}
	return 1
}

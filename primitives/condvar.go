package primitives

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
	cv    Word // cv.m_lock: the condition variable (m_head, m_tail follow)
	ready Word // data.ready
}

// The values of the fields a cv_awaiter adds.
const (
	vptrMutex Word = 1 // a mutex_awaiter (lock, lock_guard)
	vptrCV    Word = 2 // a cv_awaiter

	predNone     Word = 0 // cv.wait(mtx)
	predReady    Word = 1 // cv.wait(mtx, [&]{ return ready; })
	predNotFull  Word = 2 // a channel's send: not full || closed
	predNotEmpty Word = 3 // a channel's recv: not empty || closed
)

// Offsets of a cv_awaiter's own fields, and of a condition variable's.
const (
	awVptr         Word = AwaiterSize
	awCond         Word = AwaiterSize + 1
	awCV           Word = AwaiterSize + 2
	awSuspendState Word = AwaiterSize + 3

	cvLock Word = 0
	cvHead Word = 1
	cvTail Word = 2
)

// Locals of the condition variable's steps, beyond those of the mutex's
// unlock (head, cur, next) and of notify_all (prev).
const (
	cvAt  = 4 // the condition variable being queued on or notified
	phase = 5 // where a channel's operation is (see Channel)
)

// cvFields are a condition variable's members in object obj.
func cvFields(obj string) []Field {
	return []Field{
		{Object: obj, Name: "m_lock", Kind: Int32, Atomic: true},
		{Object: obj, Name: "m_head", Kind: Pointer},
		{Object: obj, Name: "m_tail", Kind: Pointer},
	}
}

// mutexFields are a mutex's members in object obj.
func mutexFields(obj string) []Field {
	state := mutexStateField()
	state.Object = obj
	return []Field{state, {Object: obj, Name: "m_resume_list_head", Kind: Pointer}}
}

// Fields implements Primitive.
func (cv *CondVar) Fields() []Field {
	fs := append(mutexFields("mtx"), cvFields("cv")...)
	return append(fs, Field{Object: "data", Name: "ready", Kind: Int64})
}

// AwaiterFields implements AwaiterFielder.
func (cv *CondVar) AwaiterFields() []Field { return cvAwaiterFields() }

// cvAwaiterFields are the fields a cv_awaiter adds to a mutex_awaiter.
func cvAwaiterFields() []Field {
	return []Field{
		{Name: "vptr", Kind: Int32, Names: map[Word]string{vptrMutex: "mutex_awaiter", vptrCV: "cv_awaiter"}},
		{Name: "m_cond", Kind: Int32, Names: map[Word]string{predNone: "{}", predReady: "[&]{ return ready; }",
			predNotFull: "[&]{ return !full || closed; }", predNotEmpty: "[&]{ return !empty || closed; }"}},
		{Name: "m_cv", Kind: Pointer},
		{Name: "m_suspend_state", Kind: Int32},
	}
}

// Bind implements Primitive.
func (cv *CondVar) Bind(base Word) {
	cv.e = cvEngine{mtx: base, resume: base + 1, pred: cv.pred}
	cv.cv, cv.ready = base+2, base+5
}

// Ops implements Primitive.
func (cv *CondVar) Ops() []Operation {
	e := &cv.e
	ops := e.mutexOps()
	wait := func(pred Word) Operation {
		name := "wait"
		if pred == predReady {
			name = "wait_ready"
		}
		return Operation{Name: name, Entry: C1a, Awaits: true, AwaiterInit: []Word{vptrCV, pred, cv.cv}, Role: Relock,
			Step: func(m Mem) { e.wait(m, cv.cv, pred, func(m Mem) { m.Return() }) }, Lines: cvWaitLines()}
	}
	return append(ops,
		wait(predNone), wait(predReady),
		Operation{Name: "set_ready", Entry: SR1, Step: cv.setReady, Lines: lines(nil, SR1)},
		Operation{Name: "notify_one", Entry: NO1, Step: func(m Mem) { e.notifyOne(m, cv.cv, Mem.Return) }, Lines: notifyOneLines()},
		Operation{Name: "notify_all", Entry: NA1, Step: func(m Mem) { e.notifyAll(m, cv.cv, Mem.Return) }, Lines: notifyAllLines()},
	)
}

// Guards implements Guarder.
func (cv *CondVar) Guards() []Guard { return mutexGuards() }

// Facts implements Primitive. The condition is the one wait_ready waits
// for: a waiter parked while it holds, with nothing left to wake it, is a
// lost wakeup.
func (cv *CondVar) Facts() Facts {
	return Facts{
		Open:      func(p Peek) bool { return p(cv.ready) != 0 },
		Condition: "ready != 0",
		Lists: []List{
			{Name: "cv.m_head", Head: func(p Peek) Word { return p(cv.cv + cvHead) }},
			{Name: "mtx.m_state", Head: mutexWaiters(cv.e.mtx)},
			{Name: "mtx.m_resume_list_head", Head: func(p Peek) Word { return p(cv.e.resume) }},
		},
	}
}

// setReady is ready = 1, a plain write the script makes holding mtx.
func (cv *CondVar) setReady(m Mem) {
	m.Write(cv.ready, 1)
	m.Return()
}

// pred evaluates [&]{ return ready; }.
func (cv *CondVar) pred(m Mem, kind Word, second bool) (holds, more bool) {
	return m.Read(cv.ready) != 0, false
}

// cvEngine is what a condition variable's steps share with the mutex it
// works with: the mutex's words and the predicates of the waiters.
type cvEngine struct {
	mtx, resume Word // the mutex's m_state and m_resume_list_head
	// pred performs one step of predicate kind's evaluation (the first,
	// or with second the second one): it reports whether it holds, or
	// that another step must tell (more).
	pred func(m Mem, kind Word, second bool) (holds, more bool)
}

// mutexOps are the mutex's operations, its awaiters mutex_awaiters.
func (e *cvEngine) mutexOps() []Operation {
	lock := func(m Mem) { lockMutex(m, e.mtx) }
	mutexAwaiter := []Word{vptrMutex}
	return []Operation{
		{Name: "lock", Entry: M1a, Awaits: true, AwaiterInit: mutexAwaiter, Role: Lock, Step: lock, Lines: lockLines()},
		{Name: "lock_guard", Entry: M1a, Awaits: true, AwaiterInit: mutexAwaiter, Role: Lock, Step: lock, Lines: lockLines()},
		{Name: "try_lock", Entry: TL1, Role: TryLock, Returns: true, Step: func(m Mem) { tryLock(m, e.mtx) }, Lines: lines(nil, TL1)},
		{Name: "unlock", Entry: U1, Role: Unlock, Step: func(m Mem) { e.shared(m, Mem.Return) }, Lines: cvUnlockLines()},
	}
}

// wait is co_await cv.wait(mtx [, pred]) on the condition variable at cv,
// whose awaiter the caller has constructed; resumed follows await_resume
// (C5b). Locals: cur is this awaiter while it enqueues itself, next holds
// n; the unlock at C4 uses them as unlockMutex says.
func (e *cvEngine) wait(m Mem, cv, pred Word, resumed func(Mem)) {
	self := m.Awaiter()
	switch m.PC() {
	case C1a:
		m.Write(self+AwaitCoro, m.Handle())
		if pred == predNone {
			m.Goto(C2a)
			return
		}
		m.Goto(C1b)
	case C1b, C1c:
		switch holds, more := e.pred(m, pred, m.PC() == C1c); {
		case more:
			m.Goto(C1c)
		case holds:
			m.Goto(C5a) // await_suspend returns false: the lock stays held
		default:
			m.Goto(C2a)
		}
	case C2a:
		m.SetLocal(next, firstTime(m.Read(self+awSuspendState)))
		m.Goto(C2b)
	case C2b:
		m.FetchAdd(m.Context()+NumWait, m.Local(next), AcqRel)
		m.Goto(C2c)
	case C2c:
		m.Write(self+awSuspendState, 1)
		m.SetLocal(cur, self)
		m.SetLocal(cvAt, cv)
		m.Goto(C3a)
	case C5a:
		n := Word(0)
		if m.Read(self+awSuspendState) != 0 {
			n = 1
		}
		m.SetLocal(next, n)
		m.Goto(C5b)
	case C5b:
		m.FetchAdd(m.Context()+NumWait, neg(int64(m.Local(next))), AcqRel)
		resumed(m)
	default:
		// C4: mtx.unlock(); await_suspend then returns true.
		e.shared(m, func(m Mem) { m.Suspend(C5a) })
	}
}

// firstTime is register_wait's count: 1 unless m_suspend_state says the
// awaiter registered already.
func firstTime(suspendState Word) Word {
	if suspendState != 0 {
		return 0
	}
	return 1
}

var condVarLabels = map[int]labelText{
	C1a:  {"cv.wait: await_suspend(h): m_await_coro = h", "m_await_coro = h;"},
	C1b:  {"if pred && pred(): its first read (ready; a channel's count); true keeps the lock, no suspension", "if (m_cond && m_cond()) return false;"},
	C1c:  {"pred(): its second read (a full or empty channel: is it closed?)", "m_cond() // its second read"},
	C2a:  {"n = m_suspend_state ? 0 : 1 (register the first time only)", "auto n = m_suspend_state ? 0 : 1;"},
	C2b:  {"m_ctx.register_wait(n)", "m_ctx.register_wait(n);"},
	C2c:  {"m_suspend_state = true", "m_suspend_state = true;"},
	C3a:  {"spinlock lock: m_lock.exchange(true, acquire)", "while (m_lock.exchange(true, acquire))"},
	C3s:  {"spinlock: spin on m_lock.load(relaxed) until it is false", "  while (m_lock.load(relaxed)) {}"},
	C3b:  {"node->m_next = nullptr", "node->m_next = nullptr;"},
	C3c:  {"t = m_tail", "auto t = m_tail;"},
	C3d:  {"queue empty: m_head = node", "if (t == nullptr) m_head = node;"},
	C3e:  {"t->m_next = node", "else t->m_next = node;"},
	C3f:  {"m_tail = node", "m_tail = node;"},
	C3g:  {"spinlock unlock: m_lock.store(false, release); then C4: mtx.unlock()", "m_lock.store(false, release); m_mtx.unlock();"},
	C5a:  {"await_resume: n = m_suspend_state ? 1 : 0", "auto n = m_suspend_state ? 1 : 0;"},
	C5b:  {"m_ctx.unregister_wait(n); the waiter holds mtx", "m_ctx.unregister_wait(n);"},
	NO1:  {"notify_one: spinlock lock: m_lock.exchange(true, acquire)", "while (m_lock.exchange(true, acquire))"},
	NO1s: {"spinlock: spin on m_lock.load(relaxed) until it is false", "  while (m_lock.load(relaxed)) {}"},
	NO2:  {"cur = m_head; empty: nothing to wake", "auto cur = m_head; if (cur == nullptr) return;"},
	NO3:  {"next = cur->m_next", "auto next = cur->m_next;"},
	NO4:  {"m_head = next", "m_head = next;"},
	NO5:  {"queue now empty: m_tail = nullptr", "if (next == nullptr) m_tail = nullptr;"},
	NO6:  {"spinlock unlock: m_lock.store(false, release); then cur->wake_up()", "m_lock.store(false, release); cur->wake_up();"},
	NA1:  {"notify_all: spinlock lock: m_lock.exchange(true, acquire)", "while (m_lock.exchange(true, acquire))"},
	NA1s: {"spinlock: spin on m_lock.load(relaxed) until it is false", "  while (m_lock.load(relaxed)) {}"},
	NA2:  {"cur = m_head: take the whole queue", "auto cur = m_head;"},
	NA3:  {"m_head = nullptr", "m_head = nullptr;"},
	NA4:  {"m_tail = nullptr", "m_tail = nullptr;"},
	NA5:  {"spinlock unlock: m_lock.store(false, release)", "m_lock.store(false, release);"},
	NA6:  {"next = cur->m_next, saved before cur->wake_up() rewrites it", "auto next = cur->m_next; cur->wake_up(); cur = next;"},
	WU1:  {"wake_up: s = mtx.m_state.load(acquire)", "auto s = m_mtx.m_state.load(acquire);"},
	WU2:  {"node->m_next = nullptr", "m_next = nullptr;"},
	WU3:  {"s == nolocked: CAS mtx.m_state: 1 -> nullptr (acq_rel); success takes the lock for node: node->resume()", "if (s == nolocked && m_mtx.m_state.compare_exchange_weak(s, nullptr, acq_rel)) { resume(); return; }"},
	WU4:  {"node->m_next = s", "m_next = s;"},
	WU5:  {"CAS mtx.m_state: s -> node (acq_rel): node waits for the mutex", "if (m_mtx.m_state.compare_exchange_weak(s, this, acq_rel)) return;"},
	CR1:  {"r->resume() is virtual: read r's vptr", "r->resume(); // virtual: reads r's vptr"},
	CR2:  {"submit_task(r->m_await_coro): r resumes holding the lock", "submit_to_context(r->m_await_coro);"},
	CR3:  {"cv_awaiter::resume(): read r->m_cond; no predicate: submit", "if (!r->m_cond) { submit_to_context(r->m_await_coro); return; }"},
	CR4:  {"pred(): its first read (ready; a channel's count); true: submit", "if (r->m_cond()) { submit_to_context(r->m_await_coro); return; }"},
	CR4b: {"pred(): its second read (a full or empty channel: is it closed?)", "r->m_cond() // its second read"},
	CR5:  {"pred false: n = r->m_suspend_state ? 0 : 1", "auto n = r->m_suspend_state ? 0 : 1;"},
	CR6:  {"read r->m_ctx", "auto ctx = r->m_ctx;"},
	CR7:  {"r->m_ctx.register_wait(n)", "ctx.register_wait(n);"},
	CR8:  {"r->m_suspend_state = true", "r->m_suspend_state = true;"},
	CR9:  {"read r->m_cv; enqueue r again on it and unlock mtx", "r->m_cv.enqueue(r); m_mtx.unlock();"},
	SR1:  {"ready = 1 (plain write, under mtx)", "ready = 1;"},
}

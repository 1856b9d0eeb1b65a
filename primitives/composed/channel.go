package composed

import (
	"fmt"
	"lockstep/primitives"
)

// Channel is tinyCoro v1.2's channel<T> (channel.hpp), a bounded queue
// built from one mutex and two condition variables, ported step for step
// as written: its send and recv are coroutines that take the lock with a
// lock_guard, wait on a condition variable with a predicate, and notify
// the other side.
//
// Layout: mtx (the Mutex), producer_cv and consumer_cv (CondVar's spinlock
// and queue), then ch: m_close, the close state, 2 open, 1 closed for
// sending, 0 closed and drained; m_head and m_tail, ring indices; m_num,
// the number of items; m_buf, the ring. A capacity of 0 is one slot: not a
// rendezvous, send completes once the value is stored. (tinyCoro masks
// free-running indices for a power-of-two capacity; a ring with a count,
// its form for other capacities, behaves the same here.)
//
//	send(v):  SN1 if m_close.load(acquire) <= 1: return false
//	          co_await m_mtx.lock_guard()                      M1a..M5
//	          co_await producer_cv.wait(m_mtx, !full || closed) C1a..C5b
//	          SN3 if m_close.load(acquire) <= 1: unlock, return false
//	          SN4 t = m_tail; SN5 m_buf[t] = v; SN6 m_tail = t+1 mod cap
//	          SN7 n = m_num; SN8 m_num = n+1
//	          consumer_cv.notify_one()                         NO1..
//	          ~lock_guard: m_mtx.unlock()                      U1..; return true
//	recv():   RC1 if m_close.load(acquire) == 0: return nullopt
//	          co_await m_mtx.lock_guard(); co_await consumer_cv.wait(m_mtx, !empty || closed)
//	          RC3 n = m_num; n == 0 (so closed): RC4 m_close = 0; unlock, return nullopt
//	          RC5 h = m_head; RC6 v = m_buf[h]; RC7 m_head = h+1 mod cap; RC8 m_num = n-1
//	          producer_cv.notify_one(); ~lock_guard; return v
//	close():  CL1 m_close.store(1, release); producer_cv.notify_all(); consumer_cv.notify_all()
//	~channel: CD1 assert(m_close.load() <= 1): a channel must be closed before it dies
//
// Bug (not in the digest's list; the explorer finds it): close() changes
// m_close without the mutex. A waiter checks its predicate holding the
// mutex (C1b, C1c), then enqueues itself on the condition variable (C3a..)
// and only then unlocks; a close() that lands between the check and the
// enqueue finds the queue empty, notifies nobody, and the waiter parks on
// a closed channel for ever (channel-close-race). A condition variable
// protects only state changed under its mutex. With Fixed, close() is a
// coroutine that stores m_close holding the lock (CF1, M1a..M5, CL1,
// U1..), then notifies: a waiter either sees the channel closed in its
// predicate, or was queued before the closer could take the lock.
//
// RC4 is a plain write in tinyCoro, to the byte the fast paths (SN1, RC1)
// load through atomic_ref: formally a data race. The model keeps m_close
// atomic and makes RC4 a relaxed store, so the race is named here and in
// the docs but not detected. The destructor's rule shows in
// channel-close: a channel destroyed open is an assertion.
type Channel struct {
	Capacity int
	Fixed    bool // close() takes the mutex

	e                            cvEngine
	pcv, ccv                     primitives.Word // producer_cv, consumer_cv (their m_lock)
	closed, head, tail, num, buf primitives.Word
	slots                        primitives.Word
}

// The close states of a channel.
const (
	chDrained primitives.Word = 0
	chClosed  primitives.Word = 1
	chOpen    primitives.Word = 2
)

// Phases of a channel's operation (the phase local): which part of it the
// shared labels (C1a.., NO1.., U1..) belong to.
const (
	phLock        = iota // the lock_guard, the fast paths, the channel's own steps
	phWait               // waiting on a condition variable
	phNotify             // notifying the other side
	phUnlockYes          // the lock_guard's unlock; then return true
	phUnlockNo           // the lock_guard's unlock; then return false
	phCloseP             // close: notify_all of producer_cv
	phCloseC             // close: notify_all of consumer_cv
	phCloseUnlock        // the fixed close: the unlock after the store
)

// Fields implements Primitive.
func (c *Channel) Fields() []primitives.Field {
	fs := append(mutexFields("mtx"), cvFields("producer_cv")...)
	fs = append(fs, cvFields("consumer_cv")...)
	fs = append(fs,
		primitives.Field{Object: "ch", Name: "m_close", Kind: primitives.Int32, Atomic: true, Init: chOpen,
			Names: map[primitives.Word]string{chOpen: "open(2)", chClosed: "closed(1)", chDrained: "drained(0)"}},
		primitives.Field{Object: "ch", Name: "m_head", Kind: primitives.Int64},
		primitives.Field{Object: "ch", Name: "m_tail", Kind: primitives.Int64},
		primitives.Field{Object: "ch", Name: "m_num", Kind: primitives.Int64})
	for i := range c.slotCount() {
		fs = append(fs, primitives.Field{Object: "ch", Name: fmt.Sprintf("m_buf[%d]", i), Kind: primitives.Int64})
	}
	return fs
}

// slotCount is the number of slots: the capacity, or one for 0.
func (c *Channel) slotCount() primitives.Word { return primitives.Word(max(c.Capacity, 1)) }

// AwaiterFields implements AwaiterFielder.
func (c *Channel) AwaiterFields() []primitives.Field { return cvAwaiterFields() }

// Bind implements Primitive.
func (c *Channel) Bind(base primitives.Word) {
	c.e = cvEngine{mtx: base, resume: base + 1, pred: c.pred}
	c.pcv, c.ccv = base+2, base+5
	c.closed, c.head, c.tail, c.num, c.buf = base+8, base+9, base+10, base+11, base+12
	c.slots = c.slotCount()
}

// Ops implements Primitive.
func (c *Channel) Ops() []primitives.Operation {
	return []primitives.Operation{
		{Name: "send", Entry: primitives.SN1, HasArg: true, Returns: true, Step: c.send, Lines: c.sendLines()},
		{Name: "recv", Entry: primitives.RC1, Returns: true, Step: c.recv, Lines: c.recvLines()},
		{Name: "close", Entry: c.closeEntry(), Step: c.close, Lines: c.closeLines()},
		{Name: "destroy", Entry: primitives.CD1, Step: c.destroy, Lines: primitives.Lines(nil, primitives.CD1)},
	}
}

// Facts implements Primitive. A channel's waiters wait for different
// things, each told by its awaiter (waits): a run that ends with one
// waiting while what it waits for holds is a lost wakeup, else a
// deadlock.
func (c *Channel) Facts() primitives.Facts {
	return primitives.Facts{
		Condition: "what each waiter waits for",
		Waits:     c.waits,
		Lists: []primitives.List{
			{Name: "producer_cv.m_head", Head: func(p primitives.Peek) primitives.Word { return p(c.pcv + cvHead) }},
			{Name: "consumer_cv.m_head", Head: func(p primitives.Peek) primitives.Word { return p(c.ccv + cvHead) }},
			{Name: "mtx.m_state", Head: primitives.MutexWaiters(c.e.mtx)},
			{Name: "mtx.m_resume_list_head", Head: func(p primitives.Peek) primitives.Word { return p(c.e.resume) }},
		},
	}
}

// waits says what the waiter with the awaiter node at aw waits for: the
// lock, for a mutex_awaiter; for a cv_awaiter, room to send or an item to
// receive, or the channel closed.
func (c *Channel) waits(p primitives.Peek, aw primitives.Word) (string, bool) {
	closed := p(c.closed) <= chClosed
	cond := p(aw + awCond)
	if p(aw+awVptr) != vptrCV {
		cond = predNone
	}
	switch cond {
	case predNotFull:
		return fmt.Sprintf("room to send (m_num < %d) or the channel closed", c.slots), p(c.num) < c.slots || closed
	case predNotEmpty:
		return "an item to receive (m_num > 0) or the channel closed", p(c.num) > 0 || closed
	}
	return "the lock (mtx.m_state == nolocked(1))", p(c.e.mtx) == primitives.Nolocked
}

// pred performs one step of a waiter's predicate: the first reads m_num
// (room, or an item, ends it), the second whether the channel is closed.
func (c *Channel) pred(m primitives.Mem, kind primitives.Word, second bool) (holds, more bool) {
	if second {
		return m.Load(c.closed, primitives.Acquire) <= chClosed, false
	}
	n := m.Read(c.num)
	if kind == predNotFull && n < c.slots || kind == predNotEmpty && n > 0 {
		return true, false
	}
	return false, true
}

// lockThenWait is the lock_guard's await_resume: its awaiter ends, and
// the operation goes on to wait on cv with pred.
func lockThenWait(cv, pred primitives.Word) func(primitives.Mem) {
	return func(m primitives.Mem) {
		m.EndAwait()
		m.BeginAwait(vptrCV, pred, cv)
		m.SetLocal(phase, phWait)
		m.Goto(primitives.C1a)
	}
}

// resumedTo is the cv wait's await_resume: its awaiter ends and the
// operation goes on at label pc.
func resumedTo(pc int) func(primitives.Mem) {
	return func(m primitives.Mem) {
		m.EndAwait()
		m.SetLocal(phase, phLock)
		m.Goto(pc)
	}
}

// release starts the lock_guard's unlock; the operation then returns ok.
func release(ok bool) func(primitives.Mem) {
	return func(m primitives.Mem) {
		m.SetLocal(phase, phUnlockNo)
		if ok {
			m.SetLocal(phase, phUnlockYes)
		}
		m.Goto(primitives.U1)
	}
}

// returns ends the operation with result ok.
func returns(ok bool) func(primitives.Mem) {
	return func(m primitives.Mem) {
		m.Result(ok)
		m.Return()
	}
}

// phased routes a label the channel's operations share with the mutex and
// the condition variables, by the operation's phase: it waits on cv with
// pred, goes on at next, and notifies other.
func (c *Channel) phased(m primitives.Mem, cv, pred primitives.Word, next int, other primitives.Word) {
	switch m.Local(phase) {
	case phWait:
		c.e.wait(m, cv, pred, resumedTo(next))
	case phNotify:
		c.e.notifyOne(m, other, release(true))
	case phUnlockYes:
		c.e.shared(m, returns(true))
	case phUnlockNo:
		c.e.shared(m, returns(false))
	default:
		primitives.LockMutexThen(m, c.e.mtx, lockThenWait(cv, pred))
	}
}

// send is co_await ch.send(v).
func (c *Channel) send(m primitives.Mem) {
	switch m.PC() {
	case primitives.SN1:
		if m.Load(c.closed, primitives.Acquire) <= chClosed {
			returns(false)(m)
			return
		}
		m.BeginAwait(vptrMutex) // co_await m_mtx.lock_guard()
		m.Goto(primitives.M1a)
	case primitives.SN3:
		if m.Load(c.closed, primitives.Acquire) <= chClosed {
			release(false)(m)
			return
		}
		m.Goto(primitives.SN4)
	case primitives.SN4:
		m.SetLocal(primitives.LocalHead, m.Read(c.tail))
		m.Goto(primitives.SN5)
	case primitives.SN5:
		m.Write(c.buf+m.Local(primitives.LocalHead), m.Arg())
		m.Goto(primitives.SN6)
	case primitives.SN6:
		m.Write(c.tail, (m.Local(primitives.LocalHead)+1)%c.slots)
		m.Goto(primitives.SN7)
	case primitives.SN7:
		m.SetLocal(primitives.LocalHead, m.Read(c.num))
		m.Goto(primitives.SN8)
	case primitives.SN8:
		m.Write(c.num, m.Local(primitives.LocalHead)+1)
		m.SetLocal(phase, phNotify) // consumer_cv.notify_one()
		m.Goto(primitives.NO1)
	default:
		c.phased(m, c.pcv, predNotFull, primitives.SN3, c.ccv)
	}
}

// recv is co_await ch.recv(): it returns whether it received an item.
func (c *Channel) recv(m primitives.Mem) {
	switch m.PC() {
	case primitives.RC1:
		if m.Load(c.closed, primitives.Acquire) == chDrained {
			returns(false)(m)
			return
		}
		m.BeginAwait(vptrMutex)
		m.Goto(primitives.M1a)
	case primitives.RC3:
		m.SetLocal(primitives.LocalNext, m.Read(c.num))
		if m.Local(primitives.LocalNext) == 0 {
			m.Goto(primitives.RC4) // empty, so closed
			return
		}
		m.Goto(primitives.RC5)
	case primitives.RC4:
		m.Store(c.closed, chDrained, primitives.Relaxed) // a plain write in tinyCoro
		release(false)(m)
	case primitives.RC5:
		m.SetLocal(primitives.LocalHead, m.Read(c.head))
		m.Goto(primitives.RC6)
	case primitives.RC6:
		m.Read(c.buf + m.Local(primitives.LocalHead)) // the item
		m.Goto(primitives.RC7)
	case primitives.RC7:
		m.Write(c.head, (m.Local(primitives.LocalHead)+1)%c.slots)
		m.Goto(primitives.RC8)
	case primitives.RC8:
		m.Write(c.num, m.Local(primitives.LocalNext)-1)
		m.SetLocal(phase, phNotify) // producer_cv.notify_one()
		m.Goto(primitives.NO1)
	default:
		c.phased(m, c.ccv, predNotEmpty, primitives.RC3, c.pcv)
	}
}

// closeEntry is the first label of close().
func (c *Channel) closeEntry() int {
	if c.Fixed {
		return primitives.CF1
	}
	return primitives.CL1
}

// close is ch.close(): mark it closed, then wake every waiter of both
// condition variables, which find the channel closed. The fixed close
// marks it holding the mutex.
func (c *Channel) close(m primitives.Mem) {
	switch {
	case m.PC() == primitives.CF1:
		if m.Load(c.closed, primitives.Acquire) <= chClosed {
			m.Return() // closed already
			return
		}
		m.BeginAwait(vptrMutex)
		m.Goto(primitives.M1a)
	case m.PC() == primitives.CL1:
		m.Store(c.closed, chClosed, primitives.Release)
		m.SetLocal(phase, phCloseP)
		if c.Fixed {
			m.SetLocal(phase, phCloseUnlock)
			m.Goto(primitives.U1)
			return
		}
		m.Goto(primitives.NA1)
	case m.Local(phase) == phLock:
		primitives.LockMutexThen(m, c.e.mtx, func(m primitives.Mem) {
			m.EndAwait()
			m.Goto(primitives.CL1)
		})
	case m.Local(phase) == phCloseUnlock:
		c.e.shared(m, func(m primitives.Mem) {
			m.SetLocal(phase, phCloseP)
			m.Goto(primitives.NA1)
		})
	case m.Local(phase) == phCloseP:
		c.e.notifyAll(m, c.pcv, func(m primitives.Mem) {
			m.SetLocal(phase, phCloseC)
			m.Goto(primitives.NA1)
		})
	default:
		c.e.notifyAll(m, c.ccv, primitives.Mem.Return)
	}
}

// destroy is ~channel(): it asserts the channel was closed. The model
// checks the assertion only; it does not end the channel's lifetime.
func (c *Channel) destroy(m primitives.Mem) {
	if m.Load(c.closed, primitives.Relaxed) > chClosed {
		m.Assert("~channel: the channel is destroyed while it is still open; close() it first")
		return
	}
	m.Return()
}

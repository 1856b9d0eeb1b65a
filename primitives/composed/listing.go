package composed

import "lockstep/primitives"

// The algorithms of the condition variable and the channel: each listing
// writes the operation's own lines, then the body of each call it makes,
// indented one level, in the order the code reaches them (see
// primitives.Listing).

// cvUnlockLines are the unlock a condition variable's mutex runs
// (cvEngine.shared): tinyCoro's unlock up to its virtual r->resume(),
// which a cv_awaiter overrides to re-check its predicate and, when it
// fails, enqueue itself again and unlock.
func cvUnlockLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.U1, primitives.U2, primitives.U3, primitives.U4a, primitives.U4b, primitives.U5a, primitives.U5b), primitives.Indent(cvResumeLines()))
}

// cvResumeLines are r->resume() (CR1..CR9) and the enqueueing it ends in.
func cvResumeLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.CR1, primitives.CR2, primitives.CR3, primitives.CR4, primitives.CR4b, primitives.CR5, primitives.CR6, primitives.CR7, primitives.CR8, primitives.CR9), primitives.Indent(enqueueLines()))
}

// enqueueLines are a cv_awaiter's enqueueing under the spinlock.
func enqueueLines() []primitives.Line {
	return primitives.Lines(nil, primitives.C3a, primitives.C3s, primitives.C3b, primitives.C3c, primitives.C3d, primitives.C3e, primitives.C3f, primitives.C3g)
}

// wakeUpLines are cur->wake_up(): register_lock run for the node on the
// notifier's thread, which resumes it when it takes the lock for it.
func wakeUpLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.WU1, primitives.WU2, primitives.WU3, primitives.WU4, primitives.WU5), primitives.Indent(cvResumeLines()), primitives.Indent(cvUnlockLines()))
}

// cvWaitLines are co_await cv.wait(mtx [, pred]): enqueue, then unlock
// the mutex (C4), then await_resume.
func cvWaitLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.C1a, primitives.C1b, primitives.C1c, primitives.C2a, primitives.C2b, primitives.C2c), enqueueLines(), primitives.Indent(cvUnlockLines()), primitives.Lines(nil, primitives.C5a, primitives.C5b))
}

// notifyOneLines are notify_one: pop the head, then wake it.
func notifyOneLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.NO1, primitives.NO1s, primitives.NO2, primitives.NO3, primitives.NO4, primitives.NO5, primitives.NO6), primitives.Indent(wakeUpLines()))
}

// notifyAllLines are notify_all: take the queue, then wake each node.
func notifyAllLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.NA1, primitives.NA1s, primitives.NA2, primitives.NA3, primitives.NA4, primitives.NA5, primitives.NA6), primitives.Indent(wakeUpLines()))
}

// sendLines are send(v): the fast path, the lock_guard, the wait for room,
// the store, the notify and the guard's unlock.
func (c *Channel) sendLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.SN1), primitives.Indent(primitives.LockLines()), primitives.Indent(cvWaitLines()),
		primitives.Lines(nil, primitives.SN3, primitives.SN4, primitives.SN5, primitives.SN6, primitives.SN7, primitives.SN8), primitives.Indent(notifyOneLines()), primitives.Indent(cvUnlockLines()))
}

// recvLines are recv(), in the same shape as send.
func (c *Channel) recvLines() []primitives.Line {
	return primitives.Listing(primitives.Lines(nil, primitives.RC1), primitives.Indent(primitives.LockLines()), primitives.Indent(cvWaitLines()),
		primitives.Lines(nil, primitives.RC3, primitives.RC4, primitives.RC5, primitives.RC6, primitives.RC7, primitives.RC8), primitives.Indent(notifyOneLines()), primitives.Indent(cvUnlockLines()))
}

// closeLines are close(): the store, then notify_all on both condition
// variables; the fixed close stores holding the lock.
func (c *Channel) closeLines() []primitives.Line {
	if c.Fixed {
		return primitives.Listing(primitives.Lines(nil, primitives.CF1), primitives.Indent(primitives.LockLines()), primitives.Lines(nil, primitives.CL1), primitives.Indent(cvUnlockLines()), primitives.Indent(notifyAllLines()))
	}
	return primitives.Listing(primitives.Lines(nil, primitives.CL1), primitives.Indent(notifyAllLines()))
}

package primitives

// The algorithms of the composed primitives: a condition variable's
// operations run the mutex's unlock, wake_up and a cv_awaiter's resume on
// their own thread, and a channel's run a condition variable's. Each
// listing writes the operation's own lines, then the body of each call it
// makes, indented one level, in the order the code reaches them. A label
// is listed once, where it first appears: a step shows on that line
// wherever the call that runs it comes from.

// listing joins the parts of an algorithm, keeping the first line of each
// label.
func listing(parts ...[]Line) []Line {
	seen := map[int]bool{}
	var out []Line
	for _, p := range parts {
		for _, l := range p {
			if !seen[l.Label] {
				seen[l.Label] = true
				out = append(out, l)
			}
		}
	}
	return out
}

// lockLines are co_await mtx.lock()'s lines (lockMutex).
func lockLines() []Line { return lines(nil, M1a, M1b, M2a, M2b, M3, M4a, M4b, M5) }

// cvUnlockLines are the unlock a condition variable's mutex runs
// (cvEngine.shared): tinyCoro's unlock up to its virtual r->resume(),
// which a cv_awaiter overrides to re-check its predicate and, when it
// fails, enqueue itself again and unlock.
func cvUnlockLines() []Line {
	return listing(lines(nil, U1, U2, U3, U4a, U4b, U5a, U5b), indent(cvResumeLines()))
}

// cvResumeLines are r->resume() (CR1..CR9) and the enqueueing it ends in.
func cvResumeLines() []Line {
	return listing(lines(nil, CR1, CR2, CR3, CR4, CR4b, CR5, CR6, CR7, CR8, CR9), indent(enqueueLines()))
}

// enqueueLines are a cv_awaiter's enqueueing under the spinlock.
func enqueueLines() []Line { return lines(nil, C3a, C3s, C3b, C3c, C3d, C3e, C3f, C3g) }

// wakeUpLines are cur->wake_up(): register_lock run for the node on the
// notifier's thread, which resumes it when it takes the lock for it.
func wakeUpLines() []Line {
	return listing(lines(nil, WU1, WU2, WU3, WU4, WU5), indent(cvResumeLines()), indent(cvUnlockLines()))
}

// cvWaitLines are co_await cv.wait(mtx [, pred]): enqueue, then unlock
// the mutex (C4), then await_resume.
func cvWaitLines() []Line {
	return listing(lines(nil, C1a, C1b, C1c, C2a, C2b, C2c), enqueueLines(), indent(cvUnlockLines()), lines(nil, C5a, C5b))
}

// notifyOneLines are notify_one: pop the head, then wake it.
func notifyOneLines() []Line {
	return listing(lines(nil, NO1, NO1s, NO2, NO3, NO4, NO5, NO6), indent(wakeUpLines()))
}

// notifyAllLines are notify_all: take the queue, then wake each node.
func notifyAllLines() []Line {
	return listing(lines(nil, NA1, NA1s, NA2, NA3, NA4, NA5, NA6), indent(wakeUpLines()))
}

// sendLines are send(v): the fast path, the lock_guard, the wait for room,
// the store, the notify and the guard's unlock.
func (c *Channel) sendLines() []Line {
	return listing(lines(nil, SN1), indent(lockLines()), indent(cvWaitLines()),
		lines(nil, SN3, SN4, SN5, SN6, SN7, SN8), indent(notifyOneLines()), indent(cvUnlockLines()))
}

// recvLines are recv(), in the same shape as send.
func (c *Channel) recvLines() []Line {
	return listing(lines(nil, RC1), indent(lockLines()), indent(cvWaitLines()),
		lines(nil, RC3, RC4, RC5, RC6, RC7, RC8), indent(notifyOneLines()), indent(cvUnlockLines()))
}

// closeLines are close(): the store, then notify_all on both condition
// variables; the fixed close stores holding the lock.
func (c *Channel) closeLines() []Line {
	if c.Fixed {
		return listing(lines(nil, CF1), indent(lockLines()), lines(nil, CL1), indent(cvUnlockLines()), indent(notifyAllLines()))
	}
	return listing(lines(nil, CL1), indent(notifyAllLines()))
}

// coAwaitLines are the parent's co_await on when_all: the latch's wait,
// then the awaitable's destructor.
func (w *WhenAll) coAwaitLines() []Line {
	end := WD1
	if w.Fixed {
		end = WF1
	}
	return listing(w.ev.waitLines(), lines(nil, end))
}

package sim

// The explorer's hot path: machines are copied into buffers they already own
// and stepped without keeping the path, so a search allocates nothing per
// step once its buffers have grown.

// copyFrom makes m a copy of src, reusing m's buffers. The copy does not
// record and keeps no schedule (the explorer keeps its own path); src must
// not be recording either.
//
// The race detector's last accesses, the largest part of a machine, are
// not copied: m shares src's until one of its steps writes them (see
// ownReads). So src must not step while m is in use: the explorer copies
// from states it is done stepping (a parent while its children are
// searched), or steps the source only once it is done with the copy. When
// src shares m's own buffers, they pass to src (its state is unchanged).
func (m *Machine) copyFrom(src *Machine) {
	old := *m
	*m = *src
	m.mem = append(old.mem[:0], src.mem...)
	m.ended = append(old.ended[:0], src.ended...)
	if len(old.threads) != len(src.threads) {
		old.threads = make([]thread, len(src.threads))
	}
	m.threads = old.threads
	for i := range src.threads {
		m.threads[i].stack = append(m.threads[i].stack[:0], src.threads[i].stack...)
		m.threads[i].queue = append(m.threads[i].queue[:0], src.threads[i].queue...)
	}
	m.coros = append(old.coros[:0], src.coros...)
	m.vc = append(old.vc[:0], src.vc...)
	m.rel = append(old.rel[:0], src.rel...)
	m.wake = append(old.wake[:0], src.wake...)
	m.spareW, m.spareR = old.spareW, old.spareR
	if !old.sharedReads {
		m.spareW, m.spareR = old.lastW, old.reads
	}
	if src.sharedReads && (sameArray(m.spareW, src.lastW) || sameArray(m.spareR, src.reads)) {
		// src shares m's own buffers (m copies back from a copy of
		// itself, taking turns with it): they become src's, and src's
		// spare ones m's.
		m.spareW, m.spareR = src.spareW, src.spareR
		src.sharedReads, src.spareW, src.spareR = false, nil, nil
	}
	m.lastW, m.reads, m.sharedReads = src.lastW, src.reads, true
	m.lastAcq = append(old.lastAcq[:0], src.lastAcq...)
	m.races = append(old.races[:0], src.races...)
	m.atomW = nil
	m.record, m.where, m.snaps, m.cur = false, false, false, nil
	m.records = nil
	m.choices = old.choices[:0]
	m.peekFn = old.peekFn // bound to m, or nil
}

// sameArray reports whether a and b start at the same element.
func sameArray(a, b []epoch) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }

// quietStep performs one step on thread t, which must be able to move, and
// forgets it: the machine's own schedule stays empty so it never grows.
// Before the step it sets lastOp to OpResume, which a step that makes an
// access overwrites, so that lastOp and lastAddr always describe this
// step (see keyer.advance).
func (m *Machine) quietStep(t int) {
	m.lastOp, m.lastAddr = OpResume, 0
	m.Step(t)
	m.choices = m.choices[:0]
}

// lastThread is the thread of the last step a machine replaying a schedule
// performed, or -1.
func (m *Machine) lastThread() int {
	if n := len(m.choices); n > 0 {
		return int(m.choices[n-1].thread)
	}
	return -1
}

// over reports whether the run has ended on a fatal finding or the step
// limit (Finished without looking for a thread that can move).
func (m *Machine) over() bool { return m.fatal != nil || m.limitHit }

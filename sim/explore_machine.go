package sim

// The explorer's hot path: machines are copied into buffers they already own
// and stepped without keeping the path, so a search allocates nothing per
// step once its buffers have grown.

// copyFrom makes m an independent copy of src, reusing m's buffers. The
// copy does not record and keeps no schedule (the explorer keeps its own
// path); src must not be recording either.
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
	m.lastW = append(old.lastW[:0], src.lastW...)
	m.reads = append(old.reads[:0], src.reads...)
	m.lastAcq = append(old.lastAcq[:0], src.lastAcq...)
	m.races = append(old.races[:0], src.races...)
	m.atomW = nil
	m.record, m.where, m.snaps, m.cur = false, false, false, nil
	m.records = nil
	m.choices = old.choices[:0]
	m.peekFn = old.peekFn // bound to m, or nil
}

// quietStep performs one step on thread t, which must be able to move, and
// forgets it: the machine's own schedule stays empty so it never grows.
func (m *Machine) quietStep(t int) {
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

package hb

import "lockstep/sim/program"

// Tick advances thread t's own clock component.
func (s *State) Tick(t int) { s.vc[t*s.n+t]++ }

// Clock is thread t's vector clock; it aliases s.
func (s *State) Clock(t int) []uint32 { return s.vc[t*s.n : (t+1)*s.n] }

// Release is the clock the release sequence of the atomic cell in slot
// carries; it aliases s.
func (s *State) Release(slot int) []uint32 { return s.rel[slot*s.n : (slot+1)*s.n] }

// join sets dst to the component-wise maximum of dst and src.
func join(dst, src []uint32) {
	for i, v := range src {
		if v > dst[i] {
			dst[i] = v
		}
	}
}

// Acquire is an acquire read by thread t of the atomic cell at addr, in
// slot: t's clock joins the clock the cell's release sequence carries.
func (s *State) Acquire(t int, addr program.Word, slot int) {
	join(s.Clock(t), s.Release(slot))
	s.lastAcq[t] = addr
}

// AcquireClock is an acquire read by thread t of the cell at addr that
// returned a write whose release sequence carried rel (nil: none).
func (s *State) AcquireClock(t int, addr program.Word, rel []uint32) {
	if rel != nil {
		join(s.Clock(t), rel)
	}
	s.lastAcq[t] = addr
}

// ReadAtomic notes that thread t's atomic read returned a write whose
// release sequence carried rel (nil: none), for a later acquire fence of
// t to join. It does nothing unless the program fences.
func (s *State) ReadAtomic(t int, rel []uint32) {
	if s.fence != nil && rel != nil {
		join(s.fence[(s.n+t)*s.n:(s.n+t+1)*s.n], rel)
	}
}

// Fence is atomic_thread_fence(o) by thread t: a release fence (release,
// acq_rel, seq_cst) keeps t's clock for its later atomic writes to carry
// (FenceClock); an acquire fence (acquire, acq_rel, seq_cst) joins into t's
// clock the release clocks of the writes t's atomic reads returned
// (ReadAtomic). A relaxed fence does nothing. It panics unless the state
// was made for fences.
func (s *State) Fence(t int, o program.Order) {
	if s.fence == nil {
		panic("hb: a fence in a program that does not declare fences")
	}
	if program.Acquires(o) {
		join(s.Clock(t), s.fence[(s.n+t)*s.n:(s.n+t+1)*s.n])
	}
	if program.Releases(o) {
		copy(s.fence[t*s.n:(t+1)*s.n], s.Clock(t))
	}
}

// FenceClock is the clock of thread t's last release fence, which its
// atomic writes carry (nil when the program does not fence). It aliases s.
func (s *State) FenceClock(t int) []uint32 {
	if s.fence == nil {
		return nil
	}
	return s.fence[t*s.n : (t+1)*s.n]
}

// Write is the write half of an atomic access with order o by thread t
// to the cell in slot, a read-modify-write when rmw is set: the cell's
// release clock becomes what the write carries: C++20's release
// sequence, which only read-modify-writes continue, with t's clock when
// o releases and its last release fence's clock.
func (s *State) Write(t, slot int, o program.Order, rmw bool) {
	rel := s.Release(slot)
	switch {
	case program.Releases(o) && rmw:
		join(rel, s.Clock(t))
	case program.Releases(o):
		copy(rel, s.Clock(t))
	case !rmw:
		clear(rel)
	}
	if f := s.FenceClock(t); f != nil && !program.Releases(o) {
		join(rel, f)
	}
}

// Explain remembers w, thread t's write to the atomic cell in slot, for
// Race to name a missing release with, when s explains races.
func (s *State) Explain(t, slot int, w AtomicWrite) {
	if s.writes != nil {
		s.writes[slot*s.n+t] = w
	}
}

// HandWake hands thread waker's clock to coroutine c's wakeup.
func (s *State) HandWake(c, waker int) {
	copy(s.wake[c*s.n:(c+1)*s.n], s.Clock(waker))
}

// AcquireWake hands coroutine c's wakeup clock to thread t, which
// resumes it.
func (s *State) AcquireWake(t, c int) {
	join(s.Clock(t), s.wake[c*s.n:(c+1)*s.n])
}

// Covers reports whether access e happens before thread t's current
// point.
func (s *State) Covers(e Epoch, t int) bool {
	return e.thread < 0 || int(e.thread) == t || e.clock <= s.vc[t*s.n+int(e.thread)]
}

// PlainRead checks and records a plain read by thread t, at step and
// label, of the cell in slot. It returns the write the read races with,
// if any.
func (s *State) PlainRead(t, slot, label, step int) (Epoch, bool) {
	w := s.lastW[slot]
	racy := !s.Covers(w, t)
	s.own()
	s.reads[slot*s.n+t] = Epoch{thread: int16(t), label: int32(label), clock: s.vc[t*s.n+t], step: int32(step)}
	return w, racy
}

// PlainWrite checks and records a plain write by thread t, at step and
// label, of the cell in slot. It returns the access the write races with,
// if any, and whether that access was a read.
func (s *State) PlainWrite(t, slot, label, step int) (e Epoch, read, racy bool) {
	rs := s.reads[slot*s.n : (slot+1)*s.n]
	if w := s.lastW[slot]; !s.Covers(w, t) {
		e, racy = w, true
	} else {
		for u, r := range rs {
			if u != t && !s.Covers(r, t) {
				e, read, racy = r, true, true
				break
			}
		}
	}
	s.NoteWrite(t, slot, label, step)
	return e, read, racy
}

// NoteWrite records a write to the plain cell in slot without checking
// it (the constructor of a fresh object, label -1).
func (s *State) NoteWrite(t, slot, label, step int) {
	s.own()
	s.lastW[slot] = Epoch{thread: int16(t), label: int32(label), clock: s.vc[t*s.n+t], step: int32(step)}
	rs := s.reads[slot*s.n : (slot+1)*s.n]
	for i := range rs {
		rs[i].thread = -1
	}
}

package hb

import (
	"slices"

	"lockstep/sim/program"
)

// A State is the happens-before state of one run: the clocks, and the
// accesses the race checks compare against.
type State struct {
	n       int            // the number of threads: every clock's length
	vc      []uint32       // per thread, its vector clock
	rel     []uint32       // per atomic cell (by Cell.Slot), the clock its release sequence carries
	wake    []uint32       // per coroutine, the clock handed over with its last wakeup
	lastW   []Epoch        // per plain cell (by Cell.Slot), the last write
	reads   []Epoch        // per plain cell and thread, the last read since that write
	lastAcq []program.Word // per thread, the last atomic cell it acquired from (0: none)
	// fence is nil unless the program fences; then, per thread t, row t
	// is the clock of t's last release fence, which its later atomic
	// writes carry, and row n+t the join of the release clocks of the
	// writes t's atomic reads returned, which an acquire fence joins.
	fence []uint32
	// writes is, per atomic cell and thread, the thread's last write to
	// the cell, for explaining races (see Race); nil when not explaining.
	writes []AtomicWrite
	// shared says lastW and reads are another State's: copies made by
	// CopyFrom share them until a check writes them (own). spareW and
	// spareR are then this State's own buffers, or nil.
	shared         bool
	spareW, spareR []Epoch
}

// An Epoch is an access the race detector keeps: who made it, at what
// clock, at which step and label.
type Epoch struct {
	thread int16 // -1: none
	label  int32 // -1: constructing the object
	clock  uint32
	step   int32
}

// Thread is the thread that made the access, -1 for none.
func (e Epoch) Thread() int { return int(e.thread) }

// Clock is that thread's own clock component at the access: a clock
// covers the access when its component for Thread is at least Clock.
func (e Epoch) Clock() uint32 { return e.clock }

// An AtomicWrite is a thread's last write to an atomic cell, as Race
// explains a missing release with it.
type AtomicWrite struct {
	Step  int32 // -1: none
	Label int32
	Op    program.OpKind
	Order program.Order
}

// New returns the state at the start of a run of threads threads, with
// atomics atomic and plains plain cells and coroutines coroutines; when
// explain is set it keeps what Race needs to name a missing release, and
// when fences is set the clocks fences need (see Fence).
func New(threads, atomics, plains, coroutines int, explain, fences bool) State {
	n := threads
	s := State{
		n:       n,
		vc:      make([]uint32, n*n),
		rel:     make([]uint32, atomics*n),
		wake:    make([]uint32, coroutines*n),
		lastW:   make([]Epoch, plains),
		reads:   make([]Epoch, plains*n),
		lastAcq: make([]program.Word, n),
	}
	if fences {
		s.fence = make([]uint32, 2*n*n)
	}
	if explain {
		s.writes = make([]AtomicWrite, atomics*n)
		for i := range s.writes {
			s.writes[i].Step = -1
		}
	}
	for i := range s.lastW {
		s.lastW[i].thread = -1
	}
	for i := range s.reads {
		s.reads[i].thread = -1
	}
	return s
}

// CopyFrom makes s a copy of src, reusing s's buffers. The copy keeps no
// explanation of races. The last accesses are not copied: s shares src's
// until one of its checks writes them, so src must not change while s is
// in use. When src shares s's own buffers (s copies back from a copy of
// itself), they pass to src, whose state is unchanged.
func (s *State) CopyFrom(src *State) {
	// In place, field by field: a search copies a state for every step.
	if !s.shared {
		s.spareW, s.spareR = s.lastW, s.reads
	}
	if src.shared && (sameArray(s.spareW, src.lastW) || sameArray(s.spareR, src.reads)) {
		// src shares s's own buffers: they become src's, and src's spare
		// ones s's.
		s.spareW, s.spareR = src.spareW, src.spareR
		src.shared, src.spareW, src.spareR = false, nil, nil
	}
	s.n = src.n
	s.vc = append(s.vc[:0], src.vc...)
	s.rel = append(s.rel[:0], src.rel...)
	s.wake = append(s.wake[:0], src.wake...)
	s.lastW, s.reads, s.shared = src.lastW, src.reads, true
	s.lastAcq = append(s.lastAcq[:0], src.lastAcq...)
	if src.fence != nil {
		s.fence = append(s.fence[:0], src.fence...)
	} else {
		s.fence = nil
	}
	s.writes = nil
}

// Detach gives s buffers of its own and src's explanation of races: s,
// a CopyFrom of src, is then independent of it.
func (s *State) Detach(src *State) {
	s.own()
	s.writes = append([]AtomicWrite(nil), src.writes...)
}

// sameArray reports whether a and b start at the same element.
func sameArray(a, b []Epoch) bool { return len(a) > 0 && len(b) > 0 && &a[0] == &b[0] }

// own gives s its own lastW and reads before it writes them, if it shares
// them.
func (s *State) own() {
	if !s.shared {
		return
	}
	s.lastW = append(s.spareW[:0], s.lastW...)
	s.reads = append(s.spareR[:0], s.reads...)
	s.shared, s.spareW, s.spareR = false, nil, nil
}

// Equal reports whether s and o hold the same clocks, last accesses and
// last acquisitions: everything but the explanation of races.
func (s *State) Equal(o *State) bool {
	return s.n == o.n && sameClocks(s.vc, o.vc) && sameClocks(s.rel, o.rel) && sameClocks(s.wake, o.wake) &&
		sameEpochs(s.lastW, o.lastW) && sameEpochs(s.reads, o.reads) && slices.Equal(s.lastAcq, o.lastAcq) &&
		sameClocks(s.fence, o.fence)
}

// sameClocks is slices.Equal(a, b), eight components at a time: a search
// compares every clock of two machines for each failed compare and swap
// it runs again (see sim.Machine.SameState), and the clocks grow with the
// square of the threads.
func sameClocks(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	b = b[:len(a)]
	i := 0
	for ; i+8 <= len(a); i += 8 {
		x, y := a[i:i+8:i+8], b[i:i+8:i+8]
		if (x[0]^y[0])|(x[1]^y[1])|(x[2]^y[2])|(x[3]^y[3])|(x[4]^y[4])|(x[5]^y[5])|(x[6]^y[6])|(x[7]^y[7]) != 0 {
			return false
		}
	}
	for ; i < len(a); i++ {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// sameEpochs is slices.Equal(a, b), at once when a and b are one array:
// copies of a state share its last accesses until they write them (see
// CopyFrom), so two steps from one state that wrote none compare in
// constant time however many cells and threads the program has.
func sameEpochs(a, b []Epoch) bool {
	if len(a) != len(b) {
		return false
	}
	return len(a) == 0 || &a[0] == &b[0] || slices.Equal(a, b)
}

package hb

// Clocks is the happens-before state as three matrices of n columns, n
// the number of threads, row r's component for thread u at r*n+u. A clock
// covers an access by thread u at clock c when its component for u is at
// least c.
type Clocks struct {
	Threads []uint32 // per thread, its vector clock
	Release []uint32 // per atomic cell, by Cell.Slot: the clock its release sequence carries
	Wakeup  []uint32 // per coroutine, the clock handed over with its last wakeup
	// Fence is nil unless the program fences: then per thread t, row t
	// is its last release fence's clock and row n+t what its acquire
	// fence would join (see State.Fence).
	Fence []uint32
}

// Clocks returns s's clocks; they alias s.
func (s *State) Clocks() Clocks {
	return Clocks{Threads: s.vc, Release: s.rel, Wakeup: s.wake, Fence: s.fence}
}

// LastWrites is, per plain cell (by Cell.Slot), the last write.
func (s *State) LastWrites() []Epoch { return s.lastW }

// LastReads is, per plain cell and thread (at slot*n + thread), the
// thread's last read of the cell since its last write.
func (s *State) LastReads() []Epoch { return s.reads }

package cache

import "lockstep/sim/program"

// epochBytes is the size of an epoch of the happens-before clocks
// (hb.Epoch: a thread, a label, a clock and a step), and summaryBytes of
// a Summary (its paths, kinds, flag and pointer, and a count and a
// fewest-steps per kind).
const (
	epochBytes   = 16
	summaryBytes = 8 + 8 + 8 + 8 + NumKinds*(8+4)
)

// LevelBytes estimates the memory one depth of a search's path holds for
// program p: its machine, mostly the happens-before clocks (a word per
// thread for each thread, atomic location and coroutine, and an epoch
// per thread for each plain location's reads, and one for its last
// write), its cells, its threads and coroutines (a few hundred bytes
// each), and the per-thread buffers beside it (a summary and a few words
// each). On a program of many threads the path, not the state cache, is
// most of a search's memory: with 64 threads and 256 plain locations
// (wg-lost-wakeup at 32 waiters and 32 workers) a depth holds about
// 340 KB, and the path is hundreds of steps deep. A c11 machine's
// execution graph is not counted.
func LevelBytes(p *program.Program) int64 {
	n := int64(len(p.Threads))
	atomics, plains := p.Slots()
	coros := int64(len(p.Coroutines))
	clocks := 4*n*n + 4*int64(atomics)*n + 4*coros*n + epochBytes*int64(plains)*(n+1)
	return clocks + 8*int64(len(p.Cells)) + 4*int64(len(p.Objects)) + 64*n + 256*coros +
		n*(summaryBytes+32)
}

// Reserve counts n bytes more (less, when negative) against the store's
// memory budget (Bounds.Bytes): the workers' paths, which the budget
// covers with the states.
func (s *Shared) Reserve(n int64) { s.bytes.Add(n) }

package c11

import (
	"slices"

	"lockstep/sim/program"
)

// What the c11 state key may forget (see Key): the floors of threads that
// can never read again, and the writes no thread may read again.

// State is what Key reads of the machine beside the c11 memory. The
// slices alias the machine's and must not be modified.
type State struct {
	Program *program.Program
	// Clocks are the threads' vector clocks: thread t's is the row
	// Clocks[t*n:(t+1)*n], for n threads.
	Clocks []uint32
	// Wake are the coroutines' wakeup clocks, and Release the atomic
	// cells' release clocks (by Cell.Slot), rows of n as Clocks.
	Wake, Release []uint32
	// LastWrites are the race detector's last writes, per plain cell (by
	// Cell.Slot), and LastReads its last reads since, per plain cell and
	// thread (at slot*n + thread): the thread that made each and its
	// clock then.
	LastWrites, LastReads []Access
	// Retired says, per thread, that it can never move again, and so
	// never read again. A thread moves only with a coroutine on its stack
	// or run queue, and a coroutine reaches its queue only by a spawn or a
	// semaphore's release (on the coroutine's own thread) or by
	// submit_task (on the context it reads from a live cell, m_ctx: a read
	// of a dead object's cell is a use after free, which ends the run).
	// So a thread is retired when its stack and queue are empty, every
	// coroutine of its own has finished, and no write to a live cell,
	// however old, is its context's address (see HeldContexts).
	Retired []bool
	// Queued says, per coroutine, whether it is in a run queue: the only
	// place its wakeup clock is joined from; the clock is written anew
	// when it is queued again.
	Queued []bool
	// Fence are the fence clocks, rows of n as Clocks: thread t's last
	// release fence's at row t, what its acquire fence would join at
	// row n+t; nil when the program does not fence.
	Fence []uint32
}

// HeldContexts clears retired[t] for every thread t whose context's
// address some write to a live cell holds (live says whether an object
// lives), however old the write: a read may still return it, and a
// submit_task queue on t.
func (w *Memory) HeldContexts(p *program.Program, live func(object int) bool, retired []bool) {
	if !slices.Contains(retired, true) {
		return
	}
	for a := program.FirstAddress; a < program.Word(len(w.hist)); a++ {
		if o := p.Cells[a].Object; o < 0 || !live(o) {
			continue // no object, or a dead one: reading it ends the run
		}
		for i := range w.hist[a] {
			if t := p.ThreadOfContext(w.hist[a][i].Val); t >= 0 {
				retired[t] = false
			}
		}
	}
}

// lowestFloor is the index of the oldest write of the cell at addr that a
// thread not retired may still read (the latest, when every thread is
// retired).
func (w *Memory) lowestFloor(addr program.Word, st *State) int32 {
	n := len(st.Retired)
	lo := int32(len(w.hist[addr]) - 1)
	if lo == 0 {
		return 0
	}
	for t := range n {
		if !st.Retired[t] {
			lo = min(lo, w.Floor(t, addr, st.Clocks[t*n:(t+1)*n]))
		}
	}
	return lo
}

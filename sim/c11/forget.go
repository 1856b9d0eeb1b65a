package c11

import (
	"iter"
	"slices"

	"lockstep/sim/program"
)

// What the c11 state key may forget (see Key): the floors of threads that
// can never read again, and the clock values no comparison can tell
// apart.

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
	// Accesses are the race detector's last accesses that still matter:
	// the thread that made each and its clock then.
	Accesses iter.Seq2[int, uint32]
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
}

// HeldContexts clears retired[t] for every thread t whose context's
// address some write to a live cell holds (live says whether an object
// lives), however old the write: a read may still return it, and a
// submit_task queue on t.
func (w *Memory) HeldContexts(p *program.Program, live func(object int) bool, retired []bool) {
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
	for t := range n {
		if !st.Retired[t] {
			lo = min(lo, w.Floor(t, addr, st.Clocks[t*n:(t+1)*n]))
		}
	}
	return lo
}

// heldClocks fills held (one empty list per thread) and returns it: per
// thread u, the values of u's component that a clock that may still flow
// holds now, sorted: the clock of every thread
// not retired, the wakeup clock of every queued coroutine, every atomic
// cell's release clock, and the release clock of every write a read may
// still return (from lows on). Every clock the run will ever compare is a
// join of these and of ticks of threads not retired, above them all, so
// its component u is one of these values or above the largest.
func (w *Memory) heldClocks(lows []int32, st *State, held [][]uint32) [][]uint32 {
	n := len(st.Retired)
	hold := func(c []uint32) {
		for u, v := range c {
			held[u] = append(held[u], v)
		}
	}
	for t := range n {
		if !st.Retired[t] {
			hold(st.Clocks[t*n : (t+1)*n])
		}
	}
	for c, q := range st.Queued {
		if q {
			hold(st.Wake[c*n : (c+1)*n])
		}
	}
	for a := program.FirstAddress; a < program.Word(len(w.hist)); a++ {
		if c := &st.Program.Cells[a]; c.Atomic {
			hold(st.Release[c.Slot*n : (c.Slot+1)*n])
		}
		for _, ww := range w.hist[a][lows[a]:] {
			if ww.Rel != nil {
				hold(ww.Rel)
			}
		}
	}
	for u := range held {
		slices.Sort(held[u])
		held[u] = slices.Compact(held[u])
	}
	return held
}

// never is the bucket of a clock value no clock will ever reach.
const never = ^uint32(0)

// bucket is the least value of u's component a clock that may still flow
// holds (held, see heldClocks) at or above v, a value of u's clock at some
// past access: a clock the run compares with v reaches v exactly when it
// reaches the bucket, so an access may be keyed by its bucket instead of
// its clock. Above them all, when u is retired (its own clock is held
// otherwise), no clock will reach v: its bucket is never.
func bucket(held [][]uint32, u int, v uint32) uint32 {
	i, _ := slices.BinarySearch(held[u], v)
	if i == len(held[u]) {
		return never
	}
	return held[u][i]
}

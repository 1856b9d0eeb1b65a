package sim

import (
	"lockstep/sim/program"
	"slices"
)

// What the c11 state key may forget (see MemoryKey): the floors of threads
// that can never read again, and the clock values no comparison can tell
// apart.

// retired reports, per thread, whether it can never move again, and so
// never read again. A thread moves only with a coroutine on its stack or
// run queue, and a coroutine reaches its queue only by a spawn or a
// semaphore's release (on the coroutine's own thread) or by submit_task
// (on the context it reads from a live cell, m_ctx: a read of a dead
// object's cell is a use after free, which ends the run). So thread t is
// retired when its stack and queue are empty, every coroutine of its own
// has finished, and no write to a live cell, however old, is t's
// context's address.
func (m *Machine) retired(out []bool) []bool {
	out = slices.Grow(out[:0], len(m.threads))[:len(m.threads)]
	for t := range m.threads {
		out[t] = len(m.threads[t].stack) == 0 && len(m.threads[t].queue) == 0
	}
	for c := range m.coros {
		if m.coros[c].status != Done {
			out[m.prog.Coroutines[c].Thread] = false
		}
	}
	for a := program.FirstAddress; a < program.Word(len(m.weak.hist)); a++ {
		if o := m.prog.Cells[a].Object; o < 0 || m.ended[o] != 0 {
			continue // no object, or a dead one: reading it ends the run
		}
		for i := range m.weak.hist[a] {
			if t := m.prog.ThreadOfContext(m.weak.hist[a][i].val); t >= 0 {
				out[t] = false
			}
		}
	}
	return out
}

// lowestFloor is the index of the oldest write of the cell at addr that a
// thread not retired may still read (the latest, when every thread is
// retired).
func (m *Machine) lowestFloor(addr program.Word, retired []bool) int32 {
	lo := int32(len(m.weak.hist[addr]) - 1)
	for t := range m.threads {
		if !retired[t] {
			lo = min(lo, m.floor(t, addr))
		}
	}
	return lo
}

// queued reports, per coroutine, whether it is in a run queue: the only
// place its wakeup clock is joined from (when a thread takes it off, see
// acquireWake); the clock is written anew when it is queued again.
func (m *Machine) queued(out []bool) []bool {
	out = slices.Grow(out[:0], len(m.coros))[:len(m.coros)]
	clear(out)
	for t := range m.threads {
		for _, c := range m.threads[t].queue {
			out[c] = true
		}
	}
	return out
}

// heldClocks returns, per thread u, the values of u's component that a
// clock that may still flow holds now, sorted: the clock of every thread
// not retired, the wakeup clock of every queued coroutine, every atomic
// cell's release clock, and the release clock of every write a read may
// still return (from lows on). Every clock the run will ever compare is a
// join of these and of ticks of threads not retired, above them all, so
// its component u is one of these values or above the largest.
func (m *Machine) heldClocks(lows []int32, retired, queued []bool) [][]uint32 {
	n := len(m.threads)
	held := make([][]uint32, n)
	hold := func(c []uint32) {
		for u, v := range c {
			held[u] = append(held[u], v)
		}
	}
	for t := range n {
		if !retired[t] {
			hold(m.vc[t*n : (t+1)*n])
		}
	}
	for c := range m.coros {
		if queued[c] {
			hold(m.wake[c*n : (c+1)*n])
		}
	}
	for a := program.FirstAddress; a < program.Word(len(m.weak.hist)); a++ {
		if c := &m.prog.Cells[a]; c.Atomic {
			hold(m.relOf(c.Slot))
		}
		for i := range m.weak.hist[a][lows[a]:] {
			if rel := m.weak.hist[a][int(lows[a])+i].rel; rel != nil {
				hold(rel)
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

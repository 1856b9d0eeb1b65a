package sim

import (
	"slices"

	"lockstep/sim/c11"
	"lockstep/sim/hb"
	"lockstep/sim/outcome"
)

// MemoryKey appends to out, word by word, the state the c11 model adds to
// a machine's, in a canonical form: two machines whose words are equal
// (and whose other state is) have the same futures (see c11.Memory.Key,
// and retired for the threads that can never read again). With a
// Renaming (a search's state key that renames the members of symmetric
// groups), the words are those of the renamed state; nil is no renaming.
// b holds what keying works in (nil: a new one): a search that keeps one
// allocates only while it grows. Under sc it appends nothing.
func (m *Machine) MemoryKey(r c11.Renaming, b *MemoryKeyBuffer, out []uint64) []uint64 {
	if m.weak == nil {
		return out
	}
	if b == nil {
		b = new(MemoryKeyBuffer)
	}
	cl := m.hb.Clocks()
	b.retired, b.queued = m.retired(b.retired), m.queued(b.queued)
	b.writes, b.reads = accesses(b.writes, m.hb.LastWrites()), accesses(b.reads, m.hb.LastReads())
	st := c11.State{Program: m.prog, Clocks: cl.Threads, Wake: cl.Wakeup, Release: cl.Release,
		LastWrites: b.writes, LastReads: b.reads, Retired: b.retired, Queued: b.queued, Fence: cl.Fence}
	return m.weak.Key(&st, r, &b.key, out)
}

// A MemoryKeyBuffer holds what MemoryKey works in between calls. Its zero
// value is ready; it must not be used by two calls at once.
type MemoryKeyBuffer struct {
	key             c11.KeyBuffer
	retired, queued []bool
	writes, reads   []c11.Access
}

// accesses writes the race detector's accesses es into out, as the c11
// key reads them.
func accesses(out []c11.Access, es []hb.Epoch) []c11.Access {
	out = slices.Grow(out[:0], len(es))[:len(es)]
	for i, e := range es {
		out[i] = c11.Access{Thread: int16(e.Thread()), Clock: e.Clock()}
	}
	return out
}

// retired reports, per thread, whether it can never move again (see
// c11.State.Retired): its stack and run queue are empty, its coroutines
// have finished, and no write to a live cell holds its context.
func (m *Machine) retired(out []bool) []bool {
	out = slices.Grow(out[:0], len(m.threads))[:len(m.threads)]
	for t := range m.threads {
		out[t] = len(m.threads[t].stack) == 0 && len(m.threads[t].queue) == 0
	}
	for c := range m.coros {
		if m.coros[c].status != outcome.Done {
			out[m.prog.Coroutines[c].Thread] = false
		}
	}
	m.weak.HeldContexts(m.prog, func(o int) bool { return m.ended[o] == 0 }, out)
	return out
}

// queued reports, per coroutine, whether it is in a run queue.
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

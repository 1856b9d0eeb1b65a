package sim

import (
	"slices"

	"lockstep/sim/c11"
	"lockstep/sim/outcome"
)

// MemoryKey hands add, word by word, the state the c11 model adds to a
// machine's, in a canonical form: two machines whose words are equal (and
// whose other state is) have the same futures (see c11.Memory.Key, and
// retired for the threads that can never read again). With a Renaming (a
// search's state key that renames the members of symmetric groups), the
// words are those of the renamed state; nil is no renaming. Under sc it
// hands nothing.
func (m *Machine) MemoryKey(r c11.Renaming, add func(uint64)) {
	if m.weak == nil {
		return
	}
	cl := m.hb.Clocks()
	st := c11.State{Program: m.prog, Clocks: cl.Threads, Wake: cl.Wakeup, Release: cl.Release,
		Accesses: m.hb.Accesses(), Retired: m.retired(nil), Queued: m.queued(nil)}
	m.weak.Key(&st, r, add)
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

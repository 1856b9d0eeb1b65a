package statekey

import "lockstep/sim"

// KeepsLocal reports whether m's key holds local i of coroutine c as it
// is: false for a local that may no longer be read (see liveness) and for
// a stale snapshot keyed as doomed (see doomedModel), neither of which the
// rest of the run can use as a value. A search that decides something from
// a state's locals decides alike for every state of one key when it looks
// only at those.
func (k *Keyer) KeepsLocal(m *sim.Machine, c, i int) bool {
	co := m.Coroutine(c)
	return k.liveMask(co)&(1<<i) != 0 && !k.isDoomed(m, co, i)
}

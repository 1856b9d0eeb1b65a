package explore

import "lockstep/sim"

// The two reductions visit applies before searching a state's every thread:
// symmetric twins, and an ample step taken alone.

// findTwins fills dup[d] for the threads of en, from pool[d] (m), just
// keyed: each thread whose member is a twin of an earlier thread's (see
// Keyer.Twins) gets that thread. It reports whether there is one. Not
// with preemption bounds, which tell the threads apart.
func (e *dfs) findTwins(m *sim.Machine, d int, en []int) bool {
	if e.bounded || !e.k.Symmetric() {
		return false
	}
	dup, found := e.dup[d], false
	for i, t2 := range en {
		dup[t2] = -1
		x2 := e.k.Owner(t2)
		if x2 < 0 {
			continue
		}
		for _, t1 := range en[:i] {
			if x1 := e.k.Owner(t1); x1 >= 0 && dup[t1] < 0 && e.k.Twins(d, m, x1, x2) {
				dup[t2], found = t1, true
				break
			}
		}
	}
	return found
}

// ample finds a thread of en whose step from m may be searched alone (see
// reducer) and leaves the state after it in child. A label whose step
// accessed a cell not its coroutine's own is not tried again.
func (e *dfs) ample(m, child *sim.Machine, en []int) (int, bool) {
	for _, t := range en {
		if len(m.Stack(t)) == 0 {
			child.CopyFrom(m)
			child.QuietStep(t)
			return t, true
		}
	}
	for _, t := range en {
		stack := m.Stack(t)
		c := int(stack[len(stack)-1])
		co := m.Coroutine(c)
		if e.red.Public(co.Op(), co.PC()) {
			continue
		}
		if !e.step(child, m, t) {
			e.stop = relearn
			return t, true
		}
		if e.red.Private(m, child, c) {
			return t, true
		}
		if !e.red.OwnAccess(child, c) {
			e.red.MarkPublic(co.Op(), co.PC())
		}
	}
	return 0, false
}

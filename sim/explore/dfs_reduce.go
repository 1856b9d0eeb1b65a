package explore

import (
	"lockstep/sim"
	"lockstep/sim/program"
)

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
	if e.o.noFailAlone {
		return 0, false
	}
	for _, t := range en {
		stack := m.Stack(t)
		c := int(stack[len(stack)-1])
		x, ok := e.k.Fails(m, c)
		if !ok {
			continue
		}
		if !e.step(child, m, t) {
			e.stop = relearn
			return t, true
		}
		if e.failsAlike(m, child, c, x) {
			return t, true
		}
	}
	return 0, false
}

// failsAlike reports whether coroutine c's step from m into child, a
// compare and swap of cell x that can only fail (statekey.Keyer.Fails),
// may be taken alone. Whenever c takes it, it fails, changes no cell and
// nothing another thread's step reads, so it commutes with every other
// thread's steps, up to what makes no difference to the rest of the run,
// as long as:
//
//   - it does not end the run;
//   - it changes none of c's status and detector flags, but for one: a
//     wait that has not registered notes, at a step that accesses the
//     primitive, that the condition holds (SawOpen), which depends on
//     when the step is taken. Where the condition never stops holding
//     once it holds (Keyer.OpenStays), that is when it holds now (it will
//     then hold at any later time), or when c's next step accesses the
//     primitive too (Keyer.TouchesPrimitive): if another thread's step
//     makes the condition hold before this one, c notes it at its next
//     step instead, and nothing reads the note in between;
//   - what its failure acquires makes no difference to the key: it
//     acquires nothing, or c goes on to a label the key counts as
//     acquiring from x first, so c's clock counts as covering x's release
//     clock, whatever it took of it now.
func (e *dfs) failsAlike(m, child *sim.Machine, c int, x program.Word) bool {
	a := child.LastAccess()
	if child.Over() || a.Op != program.OpCAS || a.Addr != x || a.Swapped {
		return false
	}
	before, after := m.Coroutine(c), child.Coroutine(c)
	if before.Op() < 0 || after.Status() != before.Status() || after.Op() != before.Op() ||
		after.Registered() != before.Registered() || after.Opened() != before.Opened() || after.Holder() != before.Holder() ||
		after.LockSeq() != before.LockSeq() || after.SemWait() != before.SemWait() || after.Dropped() != before.Dropped() ||
		after.Suspending() != before.Suspending() || after.SpinAddr() != 0 {
		return false
	}
	if e.p.Ops[before.Op()].Role == program.Waiting && !before.Registered() && !before.SawOpen() {
		if !e.k.OpenStays() || !m.Open() && !e.k.TouchesPrimitive(after.Op(), after.PC()) {
			return false
		}
	} else if after.SawOpen() != before.SawOpen() {
		return false
	}
	return !a.Acquired || e.k.Acquires(after.Op(), after.PC(), x)
}

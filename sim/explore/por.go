package explore

import (
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// Partial-order reduction for the exhaustive search: in a state where some
// thread's next step commutes with every step any other thread could take
// before it, the search takes that step alone (an ample set of one). Three
// kinds of steps qualify:
//
//   - taking a coroutine off the thread's own run queue: it changes only
//     that thread's stack and queue (others only append to the queue) and
//     its clock (which only it reads);
//   - a private step: an access by a coroutine to its own frame or awaiter
//     while no other coroutine can reach them (no cell outside them and no
//     local of another coroutine holds their address), or to the num_wait
//     counter of a thread it has to itself; that does not end the run, and
//     does not change the coroutine's status or detector flags (parking,
//     registering a wait, holding a lock), which other steps observe;
//   - under sc, a compare and swap that can only fail, its snapshot gone
//     from the word for good (the key's doomed model, see
//     statekey.Keyer.Fails): it changes no cell, and what it acquires the
//     coroutine acquires again before its clock is next read, so it
//     commutes with every other step up to the key (see dfs.failsAlike).
//     A retry loop's stale attempts are then never interleaved.
//
// A step that ends the run (a fatal finding) is never taken alone: the
// other orders may end it differently. The search falls back to every
// thread when the single step closes a cycle (the ignoring problem). A
// state whose step is taken alone is not cached: the search walks through
// it to the next state with a choice (see dfs.visit).
//
// Under the c11 memory model (package weak, which asks the reducer as a
// weak.Reducer: hence its exported methods) the first two kinds qualify: they
// touch only the coroutine's own cells, its own clock and what it saw of
// its own cells, which no other thread's step reads or changes; a cell is
// then reachable when any write a read may still return (not only the
// latest) names the coroutine's objects, and a step whose read may return
// more than one write is not taken alone.
//
// The reduction keeps every outcome kind and every state's future; it
// drops executions that differ from a kept one only in where such steps
// fall, so counts and the lengths of fatal counterexamples then describe
// the reduced executions (see exploreExhaustive).
type reducer struct {
	p      *program.Program
	owner  []int  // per address: coroutine whose frame or awaiter holds it, or -1
	ctxOf  []int  // per address: coroutine whose thread's context it is, if the thread has only it; -1
	isAddr []bool // per address: the cell holds addresses (renamed, scanned)
	weak   bool   // c11: every write a read may still return is scanned
	// public[op][label]: a step from that label accessed a cell that is
	// not its coroutine's own, so it is not tried as a private step again
	// (see dfs.ample; this only ever leaves a reduction out).
	public [][]bool
	// keeps, when set, says which locals the state's key holds (see
	// statekey.Keyer.KeepsLocal): a local it leaves out is never read as
	// an address again, and makes nothing reachable. So the reducer
	// decides alike for every state of one key, which a parallel search,
	// meeting them in another order, relies on.
	keeps func(m *sim.Machine, c, i int) bool
}

func newReducer(p *program.Program) *reducer {
	r := &reducer{p: p, owner: make([]int, len(p.Cells)), ctxOf: make([]int, len(p.Cells)),
		isAddr: make([]bool, len(p.Cells)), public: make([][]bool, len(p.Ops))}
	for a := range r.owner {
		r.owner[a], r.ctxOf[a] = -1, -1
		switch p.Cells[a].Kind {
		case program.Pointer, program.Handle, program.Context, program.PairCountHead:
			r.isAddr[a] = true
		}
	}
	perThread := make([]int, len(p.Threads))
	for _, c := range p.Coroutines {
		perThread[c.Thread]++
	}
	for i, c := range p.Coroutines {
		bases := []program.Word{c.Frame, c.Awaiter}
		if c.OwnedFrame {
			// Another coroutine destroys this frame (Exec.Destroy),
			// through a handle the reducer does not see: not private.
			bases = bases[1:]
		}
		for _, base := range bases {
			ob := p.ObjectAt(base)
			for a := ob.Base; a < ob.Base+ob.Size; a++ {
				r.owner[a] = i
			}
		}
		// A context is private to its one coroutine, unless the engine
		// may run coroutines inline: they then register on the waker's
		// context (local_context()), and wakers write its depth counter.
		if perThread[c.Thread] == 1 && p.Engine == nil {
			ob := p.ObjectAt(p.Threads[c.Thread].Context)
			for a := ob.Base; a < ob.Base+ob.Size; a++ {
				r.ctxOf[a] = i
			}
		}
	}
	return r
}

// names reports whether v, or either 32-bit half of it, is the address of
// a cell of coroutine c's frame or awaiter.
func (r *reducer) names(v program.Word, c int) bool {
	n := program.Word(len(r.owner))
	lo, hi := v&0xffffffff, v>>32
	return lo < n && r.owner[lo] == c || hi < n && r.owner[hi] == c
}

// reachable reports whether anything but c itself can reach c's frame or
// awaiter: a cell outside them, or a local of another coroutine.
func (r *reducer) reachable(m *sim.Machine, c int) bool {
	p, mem := r.p, m.Memory()
	if r.weak {
		// Every write a read may still return, the writes the key keeps.
		named := false
		m.EachReadable(func(a, v program.Word) bool {
			named = r.isAddr[a] && r.owner[a] != c && m.ObjectLive(p.Cells[a].Object) && r.names(v, c)
			return !named
		})
		if named {
			return true
		}
	} else {
		for a := program.FirstAddress; a < program.Word(len(p.Cells)); a++ {
			if r.isAddr[a] && r.owner[a] != c && m.ObjectLive(p.Cells[a].Object) && r.names(mem[a], c) {
				return true
			}
		}
	}
	for i := range len(p.Coroutines) {
		co := m.Coroutine(i)
		if i == c || co.Status() == outcome.Done {
			continue
		}
		for j := range program.NumLocals {
			if r.names(co.Local(j), c) && (r.keeps == nil || r.keeps(m, i, j)) {
				return true
			}
		}
	}
	return false
}

// Private reports whether the step coroutine c just took from m to child
// commutes with every other thread's steps until it, as the type comment
// says.
func (r *reducer) Private(m, child *sim.Machine, c int) bool {
	if child.Over() {
		return false
	}
	last := child.LastAccess()
	switch last.Op {
	case program.OpSubmit, program.OpSemAcquire, program.OpSemRelease, program.OpResume, program.OpSpawn:
		return false
	}
	a := last.Addr
	if a >= program.Word(len(r.owner)) || r.owner[a] != c && r.ctxOf[a] != c {
		return false
	}
	before, after := m.Coroutine(c), child.Coroutine(c)
	if before.Holder() || before.Registered() || before.LockSeq() != 0 || before.SemWait() != 0 {
		return false
	}
	if after.Status() != outcome.Done && (after.Status() != before.Status() || after.Registered() || after.Holder() ||
		after.LockSeq() != 0 || after.SemWait() != 0 || after.Dropped() != before.Dropped() ||
		after.Suspending() != before.Suspending() || after.SpinAddr() != 0) {
		return false
	}
	return !r.reachable(m, c)
}

// OwnAccess reports whether the step coroutine c just took into child
// accessed its own frame, awaiter or context, as a private step must.
func (r *reducer) OwnAccess(child *sim.Machine, c int) bool {
	last := child.LastAccess()
	switch last.Op {
	case program.OpSubmit, program.OpSemAcquire, program.OpSemRelease, program.OpResume, program.OpSpawn:
		return false
	}
	a := last.Addr
	return a < program.Word(len(r.owner)) && (r.owner[a] == c || r.ctxOf[a] == c)
}

// Public reports whether a step from label pc of operation op was
// seen accessing a cell that is not its coroutine's own.
func (r *reducer) Public(op, pc int) bool {
	if op < 0 {
		return false
	}
	ls := r.public[op]
	return pc < len(ls) && ls[pc]
}

// MarkPublic notes that a step from label pc of operation op accessed a
// cell that is not its coroutine's own.
func (r *reducer) MarkPublic(op, pc int) {
	if op < 0 {
		return
	}
	ls := r.public[op]
	for pc >= len(ls) {
		ls = append(ls, false)
	}
	ls[pc] = true
	r.public[op] = ls
}

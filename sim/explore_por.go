package sim

// Partial-order reduction for the exhaustive search: in a state where some
// thread's next step commutes with every step any other thread could take
// before it, the search takes that step alone (an ample set of one). Two
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
//     registering a wait, holding a lock), which other steps observe.
//
// A step that ends the run (a fatal finding) is never taken alone: the
// other orders may end it differently. The search falls back to every
// thread when the single step closes a cycle (the ignoring problem). A
// state whose step is taken alone is not cached: the search walks through
// it to the next state with a choice (see dfs.visit).
//
// The reduction keeps every outcome kind and every state's future; it
// drops executions that differ from a kept one only in where such steps
// fall, so counts and the lengths of fatal counterexamples then describe
// the reduced executions (see exploreExhaustive).
type reducer struct {
	p      *Program
	owner  []int  // per address: coroutine whose frame or awaiter holds it, or -1
	ctxOf  []int  // per address: coroutine whose thread's context it is, if the thread has only it; -1
	isAddr []bool // per address: the cell holds addresses (renamed, scanned)
	// public[op][label]: a step from that label accessed a cell that is
	// not its coroutine's own, so it is not tried as a private step again
	// (see dfs.ample; this only ever leaves a reduction out).
	public [][]bool
}

func newReducer(p *Program) *reducer {
	r := &reducer{p: p, owner: make([]int, len(p.Cells)), ctxOf: make([]int, len(p.Cells)),
		isAddr: make([]bool, len(p.Cells)), public: make([][]bool, len(p.Ops))}
	for a := range r.owner {
		r.owner[a], r.ctxOf[a] = -1, -1
		switch p.Cells[a].Kind {
		case Pointer, Handle, Context, PairCountHead:
			r.isAddr[a] = true
		}
	}
	perThread := make([]int, len(p.Threads))
	for _, c := range p.Coroutines {
		perThread[c.Thread]++
	}
	for i, c := range p.Coroutines {
		for _, base := range []Word{c.Frame, c.Awaiter} {
			ob := p.objectAt(base)
			for a := ob.Base; a < ob.Base+ob.Size; a++ {
				r.owner[a] = i
			}
		}
		if perThread[c.Thread] == 1 {
			ob := p.objectAt(p.Threads[c.Thread].Context)
			for a := ob.Base; a < ob.Base+ob.Size; a++ {
				r.ctxOf[a] = i
			}
		}
	}
	return r
}

// names reports whether v, or either 32-bit half of it, is the address of
// a cell of coroutine c's frame or awaiter.
func (r *reducer) names(v Word, c int) bool {
	n := Word(len(r.owner))
	lo, hi := v&0xffffffff, v>>32
	return lo < n && r.owner[lo] == c || hi < n && r.owner[hi] == c
}

// reachable reports whether anything but c itself can reach c's frame or
// awaiter: a cell outside them, or a local of another coroutine.
func (r *reducer) reachable(m *Machine, c int) bool {
	p := r.p
	for a := FirstAddress; a < Word(len(p.Cells)); a++ {
		if !r.isAddr[a] || r.owner[a] == c || m.ended[p.Cells[a].Object] != 0 {
			continue
		}
		if r.names(m.mem[a], c) {
			return true
		}
	}
	for i := range m.coros {
		co := &m.coros[i]
		if i == c || co.status == Done {
			continue
		}
		for _, v := range co.locals {
			if r.names(v, c) {
				return true
			}
		}
	}
	return false
}

// private reports whether the step coroutine c just took from m to child
// commutes with every other thread's steps until it, as the type comment
// says.
func (r *reducer) private(m, child *Machine, c int) bool {
	if child.fatal != nil || child.limitHit {
		return false
	}
	switch child.lastOp {
	case OpSubmit, OpSemAcquire, OpSemRelease, OpResume, OpSpawn:
		return false
	}
	a := child.lastAddr
	if a >= Word(len(r.owner)) || r.owner[a] != c && r.ctxOf[a] != c {
		return false
	}
	before, after := &m.coros[c], &child.coros[c]
	if before.holder || before.registered || before.lockSeq != 0 || before.semWait != 0 {
		return false
	}
	if after.status != Done && (after.status != before.status || after.registered || after.holder ||
		after.lockSeq != 0 || after.semWait != 0 || after.dropped != before.dropped || after.suspending != before.suspending || after.spinAddr != 0) {
		return false
	}
	return !r.reachable(m, c)
}

// ownAccess reports whether the step coroutine c just took into child
// accessed its own frame, awaiter or context, as a private step must.
func (r *reducer) ownAccess(child *Machine, c int) bool {
	switch child.lastOp {
	case OpSubmit, OpSemAcquire, OpSemRelease, OpResume, OpSpawn:
		return false
	}
	a := child.lastAddr
	return a < Word(len(r.owner)) && (r.owner[a] == c || r.ctxOf[a] == c)
}

// publicLabel reports whether a step from label pc of operation op was
// seen accessing a cell that is not its coroutine's own.
func (r *reducer) publicLabel(op int16, pc int32) bool {
	if op < 0 {
		return false
	}
	ls := r.public[op]
	return int(pc) < len(ls) && ls[pc]
}

// markPublic notes that a step from label pc of operation op accessed a
// cell that is not its coroutine's own.
func (r *reducer) markPublic(op int16, pc int32) {
	if op < 0 {
		return
	}
	ls := r.public[op]
	for int(pc) >= len(ls) {
		ls = append(ls, false)
	}
	ls[pc] = true
	r.public[op] = ls
}

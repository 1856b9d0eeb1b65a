package statekey

import (
	"lockstep/sim"
	"lockstep/sim/program"
)

// syncModel is a search's model of how a program synchronizes, which
// lets a state key leave out parts of the happens-before state that make
// no difference to the rest of a run (see Key).
//
// Private atomic cells. An atomic cell that only one thread accesses
// releases only that thread's clocks (its release clock is a join of them,
// or one of them), and only that thread acquires from it, gaining nothing
// its own clock does not already cover. So its release clock never changes
// a clock that matters, and the key does not count it among the clocks
// that may still flow (a context's num_wait counter, for instance).
//
// Acquiring labels. Suppose thread v's next step begins with an acquire of
// atomic cell x (a load, or a read-modify-write that acquires whether it
// succeeds or fails), and no step ever stores to x (a release store would
// replace x's release clock, a relaxed one clear it: without stores it only
// grows). Until that step nobody reads v's clock (only v's own steps do),
// and the step joins x's release clock into it before anything else uses
// it. So whatever x's release clock covers now, v's clock will cover when
// it next matters, and the key counts v as covering it: whether a thread
// learned something by an earlier load of the word it is about to CAS
// makes no difference. A step in between that neither reads nor publishes
// v's clock changes none of this: a compare-and-swap that fails and
// acquires nothing (it reads the latest value, whatever v's clock), or an
// access to a private atomic cell. So a label whose steps either acquire x
// first or make such an access and go on to a label claimed for x is
// claimed for x too (a lock's failed swap, retried by a load of the
// word).
//
// Like liveness (the locals package), the model is learned and checked: a step from a label the
// model says acquires x must acquire x first, no step may store to a cell a
// claim uses, and a cell the model says is private must not be accessed by
// a second thread. A step that shows the model wrong corrects it, and the
// search starts again. The claims a search uses are those known when it
// starts (see freeze): one learned during a search waits for the next, so
// that every state of a search is keyed alike.
//
// The model must not tell symmetric members apart, or keys would rename
// members into facts that hold of others. So the cells of a group's
// members are private by class (the same cell of every member's frame,
// awaiter or context): private while every access to one of them is by
// its own member's thread. And only cells no member owns are claimed.
type syncModel struct {
	at     [][]program.Word // per op, per label: the cell its steps acquire first; 0 unknown, noAcquire none
	via    [][][]int32      // per op, per label: the labels its steps that use no clock went on to
	claims [][]program.Word // at, when the search started, passed along via (see freeze)
	stored []bool           // per address: a step stored to it
	// Per address: the cell's class among the members' cells, or -1; the
	// thread of the member that owns it.
	class   []int32
	ownedBy []int16
	// Per cell no member owns: the one thread that accessed it, noThread
	// none yet, sharedCell several. Per class: whether a thread other than
	// the owner's accessed one of its cells.
	accessor    []int16
	classShared []bool
}

const (
	// noAcquire marks a label whose steps do not all begin with an
	// acquire of one cell.
	noAcquire = ^program.Word(0)
	// noThread and sharedCell are syncModel.accessor's other values.
	noThread   = -1
	sharedCell = -2
)

func newSyncModel(p *program.Program) *syncModel {
	s := &syncModel{at: make([][]program.Word, len(p.Ops)), via: make([][][]int32, len(p.Ops)),
		claims: make([][]program.Word, len(p.Ops)), stored: make([]bool, len(p.Cells)),
		class: make([]int32, len(p.Cells)), ownedBy: make([]int16, len(p.Cells)),
		accessor: make([]int16, len(p.Cells))}
	for a := range s.accessor {
		s.accessor[a], s.class[a] = noThread, -1
	}
	// A member's cells by group, role and offset.
	classes := map[[3]int]int32{}
	for gi, g := range groups(p) {
		for _, c := range g {
			spec := &p.Coroutines[c]
			for r, base := range [numRoles]program.Word{spec.Frame, spec.Awaiter, p.Threads[spec.Thread].Context} {
				ob := p.ObjectAt(base)
				for off := range ob.Size {
					id := [3]int{gi, r, int(off)}
					x, ok := classes[id]
					if !ok {
						x = int32(len(classes))
						classes[id] = x
					}
					s.class[ob.Base+off], s.ownedBy[ob.Base+off] = x, int16(spec.Thread)
				}
			}
		}
	}
	s.classShared = make([]bool, len(classes))
	return s
}

// private reports whether atomic cell x is, as far as the model knows,
// accessed by one thread at most.
func (s *syncModel) private(x program.Word) bool {
	if s == nil {
		return false
	}
	if c := s.class[x]; c >= 0 {
		return !s.classShared[c]
	}
	return s.accessor[x] != sharedCell
}

// freeze makes the claims learned so far those that claim returns: a
// label's cell, if all its steps that acquire acquire it first and all
// those that use no clock go on to labels claimed for it (the greatest
// such claims, found by dropping those that disagree until none do).
func (s *syncModel) freeze() {
	for op, ls := range s.at {
		s.claims[op] = append(s.claims[op][:0], ls...)
		for pc, vs := range s.via[op] {
			if len(vs) > 0 && s.claims[op][pc] == 0 {
				s.claims[op][pc] = unknownCell
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for op, vs := range s.via {
			cs := s.claims[op]
			for pc, next := range vs {
				x := cs[pc]
				for _, to := range next {
					switch y := s.claimAt(op, int(to)); {
					case x == noAcquire || y == unknownCell || y == x:
					case x == unknownCell && y != noAcquire:
						x = y
					default:
						x = noAcquire
					}
				}
				if x != cs[pc] {
					cs[pc], changed = x, true
				}
			}
		}
	}
	for _, cs := range s.claims {
		for pc, x := range cs {
			if x == unknownCell {
				cs[pc] = 0
			}
		}
	}
}

// unknownCell is, while freeze runs, the claim of a label whose steps
// seen so far all use no clock.
const unknownCell = noAcquire - 1

// claimAt is the claim of label pc of op as freeze left it, 0 for a
// label never reached.
func (s *syncModel) claimAt(op, pc int) program.Word {
	if cs := s.claims[op]; pc < len(cs) {
		return cs[pc]
	}
	return 0
}

// claim returns the cell that steps from label pc of operation op acquire
// first, if the model said they all do when the search started and the
// cell's release clock only grows; 0 otherwise.
func (s *syncModel) claim(op, pc int) program.Word {
	if s == nil || op < 0 {
		return 0
	}
	ls := s.claims[op]
	if pc >= len(ls) {
		return 0
	}
	if x := ls[pc]; x != noAcquire && x != 0 && !s.stored[x] {
		return x
	}
	return 0
}

// check takes note of thread t's step from label pc of operation op (op
// -1: it resumed a coroutine), which made access a and left its coroutine
// at label to of op (-1: elsewhere). It reports false when the step showed
// the model wrong; the model has then been corrected.
func (s *syncModel) check(t, op, pc int, a sim.StepAccess, to int) bool {
	ok := true
	kind, addr, acquired := a.Op, a.Addr, a.Acquired
	atomic := kind.Atomic() || kind == program.OpSemAcquire || kind == program.OpSemRelease
	if atomic && addr < program.Word(len(s.accessor)) {
		ok = s.access(t, addr)
		if kind == program.OpStore && !s.stored[addr] {
			s.stored[addr] = true
			ok = ok && !s.claimed(addr)
		}
	}
	if op < 0 {
		return ok
	}
	ls := s.at[op]
	for pc >= len(ls) {
		ls = append(ls, 0)
	}
	s.at[op] = ls
	claim := s.claimAt(op, pc)
	if claim == noAcquire {
		claim = 0
	}
	reads := kind == program.OpLoad || kind == program.OpExchange || kind == program.OpCAS || kind == program.OpFetchAdd
	got := noAcquire
	switch {
	case reads && acquired && s.class[addr] < 0:
		got = addr
	case to >= 0 && (kind == program.OpCAS && !a.Swapped && !acquired || kind.Atomic() && s.private(addr)):
		// The step uses no clock: the claim passes to label to.
		s.addVia(op, pc, to)
		return ok && (claim == 0 || s.claimAt(op, to) == claim)
	}
	switch ls[pc] {
	case 0:
		ls[pc] = got
	case got, noAcquire:
	default:
		ls[pc] = noAcquire
	}
	return ok && (claim == 0 || got == claim)
}

// addVia notes that a step from label pc of op that used no clock went
// on to label to.
func (s *syncModel) addVia(op, pc, to int) {
	vs := s.via[op]
	for pc >= len(vs) {
		vs = append(vs, nil)
	}
	s.via[op] = vs
	for _, x := range vs[pc] {
		if int(x) == to {
			return
		}
	}
	vs[pc] = append(vs[pc], int32(to))
}

// access notes thread t's access to atomic cell x; false when x was
// private and is no longer.
func (s *syncModel) access(t int, x program.Word) bool {
	if c := s.class[x]; c >= 0 {
		if int(s.ownedBy[x]) == t || s.classShared[c] {
			return true
		}
		s.classShared[c] = true
		return false
	}
	switch a := s.accessor[x]; {
	case a == noThread:
		s.accessor[x] = int16(t)
	case a >= 0 && int(a) != t:
		s.accessor[x] = sharedCell
		return false
	}
	return true
}

// claimed reports whether some claim the search uses is on cell x.
func (s *syncModel) claimed(x program.Word) bool {
	for _, ls := range s.claims {
		for _, y := range ls {
			if y == x {
				return true
			}
		}
	}
	return false
}

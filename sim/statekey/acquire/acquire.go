package acquire

import (
	"slices"

	"lockstep/sim"
	"lockstep/sim/program"
)

// A Model is a search's model of how one program synchronizes (see the
// package doc). A nil Model knows nothing: no cell is private and no
// label is claimed. It is not safe for concurrent use.
type Model struct {
	at     [][]program.Word // per op, per label: the cell its steps acquire first; 0 unknown, noAcquire none
	via    [][][]int32      // per op, per label: the labels its steps that use no clock went on to
	claims [][]program.Word // at, when the search started, passed along via (see Freeze)
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
	// noThread and sharedCell are Model.accessor's other values.
	noThread   = -1
	sharedCell = -2
)

// New returns a model of p that knows nothing yet. groups are p's groups
// of interchangeable coroutines (sim.CoroutineSpec.Group), each sorted:
// their members' cells are private by class.
func New(p *program.Program, groups [][]int) *Model {
	s := &Model{at: make([][]program.Word, len(p.Ops)), via: make([][][]int32, len(p.Ops)),
		claims: make([][]program.Word, len(p.Ops)), stored: make([]bool, len(p.Cells)),
		class: make([]int32, len(p.Cells)), ownedBy: make([]int16, len(p.Cells)),
		accessor: make([]int16, len(p.Cells))}
	for a := range s.accessor {
		s.accessor[a], s.class[a] = noThread, -1
	}
	// A member's cells by group, role and offset.
	classes := map[[3]int]int32{}
	for gi, g := range groups {
		for _, c := range g {
			spec := &p.Coroutines[c]
			for r, base := range [...]program.Word{spec.Frame, spec.Awaiter, p.Threads[spec.Thread].Context} {
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

// Private reports whether atomic cell x is, as far as the model knows,
// accessed by one thread at most.
func (s *Model) Private(x program.Word) bool {
	if s == nil {
		return false
	}
	if c := s.class[x]; c >= 0 {
		return !s.classShared[c]
	}
	return s.accessor[x] != sharedCell
}

// Freeze makes the claims learned so far those that Claim returns: a
// label's cell, if all its steps that acquire acquire it first and all
// those that use no clock go on to labels claimed for it (the greatest
// such claims, found by dropping those that disagree until none do).
func (s *Model) Freeze() {
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

// unknownCell is, while Freeze runs, the claim of a label whose steps
// seen so far all use no clock.
const unknownCell = noAcquire - 1

// claimAt is the claim of label pc of op as Freeze left it, 0 for a
// label never reached.
func (s *Model) claimAt(op, pc int) program.Word {
	if cs := s.claims[op]; pc < len(cs) {
		return cs[pc]
	}
	return 0
}

// Claim returns the cell that steps from label pc of operation op acquire
// first, if the model said they all do when the search started and the
// cell's release clock only grows; 0 otherwise.
func (s *Model) Claim(op, pc int) program.Word {
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

// Check takes note of thread t's step from label pc of operation op (op
// -1: it resumed a coroutine), which made access a and left its coroutine
// at label to of op (-1: elsewhere). It reports false when the step showed
// the model wrong; the model has then been corrected.
func (s *Model) Check(t, op, pc int, a sim.StepAccess, to int) bool {
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
	case to >= 0 && (kind == program.OpCAS && !a.Swapped && !acquired || kind.Atomic() && s.Private(addr)):
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
func (s *Model) addVia(op, pc, to int) {
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
func (s *Model) access(t int, x program.Word) bool {
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
func (s *Model) claimed(x program.Word) bool {
	for _, ls := range s.claims {
		for _, y := range ls {
			if y == x {
				return true
			}
		}
	}
	return false
}

// Clone returns a copy of s that shares no memory with it.
func (s *Model) Clone() *Model {
	via := make([][][]int32, len(s.via))
	for op, ls := range s.via {
		via[op] = deepClone(ls)
	}
	return &Model{at: deepClone(s.at), via: via, claims: deepClone(s.claims), stored: slices.Clone(s.stored),
		class: slices.Clone(s.class), ownedBy: slices.Clone(s.ownedBy), accessor: slices.Clone(s.accessor),
		classShared: slices.Clone(s.classShared)}
}

// deepClone copies a slice of slices.
func deepClone[T any](xs [][]T) [][]T {
	out := make([][]T, len(xs))
	for i, x := range xs {
		out[i] = slices.Clone(x)
	}
	return out
}

// Package locals is a search's model of which locals of an operation may
// still be read: live(op, label) holds the locals that the step at label,
// or a later step of the same call, may read before writing them. A state
// key leaves the other locals out (their values are stale: a parked
// waiter's copy of the word it pushed itself onto, a waker's copy of the
// word it swapped out), which merges states that differ only there.
//
// The model is learned, not declared. Every step a search performs is
// checked against it: the locals the step read must be live at its label,
// and a local live at the next label must be live at this one unless the
// step wrote it. While every step of a search passes, merged states behave
// alike: code reads the same values until it first reads a local in which
// they differ, and that read would have failed the check in the state the
// search explored. A step that fails adds what it showed to the model, and
// the search starts again (the model only grows, so this ends).
//
// It is one of the models lockstep/sim/statekey's keys rest on; it imports
// the standard library and lockstep/sim only.
package locals

import (
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// Live is the model of one program's locals. It is not safe for
// concurrent use.
type Live struct {
	live  [][]uint8 // per op, per label: live locals
	facts map[Fact]bool
	seen  [][][]Fact // per op, per label: the facts known, for the fast check
}

// Fact is what one step showed: its operation, the labels it went from
// and to (To -1: the call returned) and the locals it read before writing
// them and wrote (sim.StepAccess.Locals).
type Fact struct {
	Op       int16
	From, To int32
	Use      uint16
}

// New returns a model of p's locals that knows no step yet: no local is
// live.
func New(p *program.Program) *Live {
	return &Live{live: make([][]uint8, len(p.Ops)), facts: map[Fact]bool{},
		seen: make([][][]Fact, len(p.Ops))}
}

// Check takes note of a step. It reports false when the step showed the
// model wrong; the model has then been corrected, and what was searched
// with the old one must be searched again.
func (l *Live) Check(f Fact) bool {
	if f.Op < 0 || int(f.Op) >= len(l.seen) {
		return true
	}
	ls := l.seen[f.Op]
	if int(f.From) < len(ls) {
		for _, g := range ls[f.From] {
			if g == f {
				return true
			}
		}
	}
	for int(f.From) >= len(ls) {
		ls = append(ls, nil)
	}
	ls[f.From] = append(ls[f.From], f)
	l.seen[f.Op] = ls
	return !l.learn(f)
}

// At returns the live locals of op at label pc, a bit per local.
func (l *Live) At(op, pc int) uint8 {
	if op < 0 || op >= len(l.live) {
		return 0
	}
	if ls := l.live[op]; pc < len(ls) {
		return ls[pc]
	}
	return 0
}

// consistent reports whether a step agrees with the model.
func (l *Live) consistent(f Fact) bool {
	reads, writes := uint8(f.Use), uint8(f.Use>>8)
	need := reads
	if f.To >= 0 {
		need |= l.At(int(f.Op), int(f.To)) &^ writes
	}
	return need&^l.At(int(f.Op), int(f.From)) == 0
}

// learn adds a step's fact and brings the model to a fixpoint. It reports
// whether the model changed.
func (l *Live) learn(f Fact) bool {
	if l.facts[f] {
		return false
	}
	l.facts[f] = true
	changed := false
	for again := true; again; {
		again = false
		for g := range l.facts {
			if l.consistent(g) {
				continue
			}
			reads, writes := uint8(g.Use), uint8(g.Use>>8)
			need := reads
			if g.To >= 0 {
				need |= l.At(int(g.Op), int(g.To)) &^ writes
			}
			ls := l.live[g.Op]
			for int(g.From) >= len(ls) {
				ls = append(ls, 0)
			}
			ls[g.From] |= need
			l.live[g.Op] = ls
			again, changed = true, true
		}
	}
	return changed
}

// StepFact describes the step m just performed by coroutine c, which was
// in operation op at label from before it and used its locals as use says
// (sim.StepAccess.Locals).
func StepFact(m *sim.Machine, c, op, from int, use uint16) Fact {
	co := m.Coroutine(c)
	to := int32(-1)
	if co.Status() != outcome.Done && co.Started() && co.Op() == op {
		to = int32(co.PC())
	}
	return Fact{Op: int16(op), From: int32(from), To: to, Use: use}
}

// Clone returns a copy of l that shares no memory with it, for a search
// that keys states on several goroutines from one frozen copy.
func (l *Live) Clone() *Live {
	c := &Live{live: cloneRows(l.live), facts: make(map[Fact]bool, len(l.facts)), seen: make([][][]Fact, len(l.seen))}
	for f, ok := range l.facts {
		c.facts[f] = ok
	}
	for op, ls := range l.seen {
		c.seen[op] = cloneRows(ls)
	}
	return c
}

// cloneRows copies a slice of slices.
func cloneRows[T any](xs [][]T) [][]T {
	out := make([][]T, len(xs))
	for i, x := range xs {
		out[i] = append([]T(nil), x...)
	}
	return out
}

package statekey

import "lockstep/sim"

// liveness is a search's model of which locals of an operation may
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
type liveness struct {
	live  [][]uint8 // per op, per label: live locals
	facts map[liveFact]bool
	seen  [][][]liveFact // per op, per label: the facts known, for the fast check
}

// liveFact is what one step showed: the labels it went from and to (-1:
// the call returned) and the locals it read before writing and wrote.
type liveFact struct {
	op       int16
	from, to int32
	use      uint16
}

func newLiveness(p *sim.Program) *liveness {
	return &liveness{live: make([][]uint8, len(p.Ops)), facts: map[liveFact]bool{},
		seen: make([][][]liveFact, len(p.Ops))}
}

// check takes note of a step. It reports false when the step showed the
// model wrong; the model has then been corrected, and what was searched
// with the old one must be searched again.
func (l *liveness) check(f liveFact) bool {
	if f.op < 0 || int(f.op) >= len(l.seen) {
		return true
	}
	ls := l.seen[f.op]
	if int(f.from) < len(ls) {
		for _, g := range ls[f.from] {
			if g == f {
				return true
			}
		}
	}
	for int(f.from) >= len(ls) {
		ls = append(ls, nil)
	}
	ls[f.from] = append(ls[f.from], f)
	l.seen[f.op] = ls
	return !l.learn(f)
}

// at returns the live locals of op at label pc.
func (l *liveness) at(op, pc int) uint8 {
	if op < 0 || op >= len(l.live) {
		return 0
	}
	if ls := l.live[op]; pc < len(ls) {
		return ls[pc]
	}
	return 0
}

// consistent reports whether a step agrees with the model.
func (l *liveness) consistent(f liveFact) bool {
	reads, writes := uint8(f.use), uint8(f.use>>8)
	need := reads
	if f.to >= 0 {
		need |= l.at(int(f.op), int(f.to)) &^ writes
	}
	return need&^l.at(int(f.op), int(f.from)) == 0
}

// learn adds a step's fact and brings the model to a fixpoint. It reports
// whether the model changed.
func (l *liveness) learn(f liveFact) bool {
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
			reads, writes := uint8(g.use), uint8(g.use>>8)
			need := reads
			if g.to >= 0 {
				need |= l.at(int(g.op), int(g.to)) &^ writes
			}
			ls := l.live[g.op]
			for int(g.from) >= len(ls) {
				ls = append(ls, 0)
			}
			ls[g.from] |= need
			l.live[g.op] = ls
			again, changed = true, true
		}
	}
	return changed
}

// stepFact describes the step just performed by coroutine c, which was in
// operation op at label from before it and used its locals as use says
// (StepAccess.Locals).
func stepFact(m *sim.Machine, c, op, from int, use uint16) liveFact {
	co := m.Coroutine(c)
	to := int32(-1)
	if co.Status() != sim.Done && co.Started() && co.Op() == op {
		to = int32(co.PC())
	}
	return liveFact{op: int16(op), from: int32(from), to: to, use: use}
}

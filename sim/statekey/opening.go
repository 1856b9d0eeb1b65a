package statekey

import (
	"lockstep/sim"
	"lockstep/sim/program"
)

// openingModel is a search's model of how the wait condition (Facts.Open)
// changes and of which labels' steps access the primitive, two facts that
// tell when a wait that has not registered notes that the condition holds
// (sim sets CoroutineView.SawOpen at such a wait's step that accesses the
// primitive while the condition holds). The partial-order reduction rests
// on them (see Keyer.OpenStays and Keyer.TouchesPrimitive); the key does
// not.
//
// Like the other models it is learned and checked at every step a search
// performs: a step that makes the condition stop holding, or a step from a
// label said to access the primitive that does not, shows it wrong; it is
// corrected, and a search that used the claim starts again. The claims a
// search uses are those known when it starts (freeze).
type openingModel struct {
	p *program.Program
	// closes: a step was seen making the condition stop holding.
	closes, closesUsed bool
	// prim[op][pc]: 0 unknown, 1 every step from the label accessed a
	// cell of the primitive, -1 one did not.
	prim, primUsed [][]int8
}

func newOpeningModel(p *program.Program) *openingModel {
	return &openingModel{p: p, prim: make([][]int8, len(p.Ops)), primUsed: make([][]int8, len(p.Ops))}
}

// freeze fixes the claims a search uses to those known now.
func (o *openingModel) freeze() {
	o.closesUsed = o.closes
	for op, ls := range o.prim {
		o.primUsed[op] = append(o.primUsed[op][:0], ls...)
	}
}

// check takes note of a step from label pc of op (op -1: a resume) from m
// into child, which made access a. It reports false when the step showed
// a claim in use wrong (it has been corrected).
func (o *openingModel) check(child, m *sim.Machine, op, pc int, a sim.StepAccess) bool {
	ok := true
	if !o.closes && m.Open() && !child.Open() {
		o.closes = true
		ok = !o.closesUsed
	}
	if op < 0 || pc < 0 {
		return ok
	}
	shown := int8(-1)
	if a.Op != program.OpResume {
		if ob := o.p.ObjectAt(a.Addr); ob != nil && ob.Kind == program.PrimitiveObject {
			shown = 1
		}
	}
	ls := o.prim[op]
	for len(ls) <= pc {
		ls = append(ls, 0)
	}
	o.prim[op] = ls
	switch ls[pc] {
	case 0:
		ls[pc] = shown
	case 1:
		if shown < 0 {
			ls[pc] = -1
			if used := o.primUsed[op]; pc < len(used) && used[pc] == 1 {
				ok = false
			}
		}
	}
	return ok
}

// OpenStays reports whether the search holds that once the wait condition
// (Facts.Open) holds, it holds for the rest of the run.
func (k *Keyer) OpenStays() bool { return k.opening != nil && !k.opening.closesUsed }

// TouchesPrimitive reports whether the search holds that every step from
// label pc of op accesses a cell of the primitive.
func (k *Keyer) TouchesPrimitive(op, pc int) bool {
	if k.opening == nil || op < 0 || pc < 0 {
		return false
	}
	used := k.opening.primUsed[op]
	return pc < len(used) && used[pc] == 1
}

package statekey

import (
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/statekey/gone"
	"lockstep/sim/statekey/locals"
)

// doomedModel is a search's model of the compare-and-swaps that can no
// longer succeed, which lets a key leave out the stale snapshots they
// compare (see Key).
//
// A lock-free operation loads a word into a local, then compares and swaps
// the word against it. While it waits to do so, others may change the
// word: its snapshot is stale, and with many threads each may hold one of
// many stale values (a wait_group's waiters and workers each hold a count
// and a head they loaded before the last done). Which one they hold makes
// no difference once the compare-and-swap can only fail; keyed as they are,
// they multiply the states by the number of stale values each can hold.
//
// Gone values. Of each PairCountHead cell no member owns, the gone package
// claims that no step raises its count, and that no step that keeps the
// count takes a node off the chain below its head (a waiter stack only
// grows while the count stays). A value with a count above the cell's, or
// with its count and a head on that chain, is then one the cell can never
// hold again: a snapshot holding it is stale for good.
//
// Doomed sites. A label is a site of local i and cell x when the step from
// it compares and swaps x, expecting the value local i held, and when the
// swap fails the step does the same whatever that value was, and leaves
// local i dead or written. A coroutine at a site whose local i holds a
// value gone from x will fail its compare and swap, and what it holds of
// i makes no difference: the key writes it as doomed, merging the states
// that differ only there.
//
// Like the locals package's liveness, the model is learned and checked at
// every step a search performs: a step that shows a claim of the gone package wrong (see
// gone.Words.Check), or a step from a site that does not compare and swap
// its cell against its local, or that fails and then does otherwise than
// it does with other values in the local (the search runs it again to
// see), shows the model wrong; it is corrected and the search starts again. While every
// step passes, merged states behave alike: the runs from them take the same
// steps, whose only use of the doomed local is a compare-and-swap that
// fails in both, alike. Sites learned during a search are used from the
// next (see freeze), so that every state of a search is keyed alike. Only
// cells no member of a group owns can be a site's cell.
type doomedModel struct {
	p     *program.Program
	words *gone.Words  // the values cells can never hold again
	at    [][]doomSite // per op, per label: what the steps from it showed
	used  [][]doomSite // at, when the search started
	alt   *sim.Machine // for running a step again
}

// doomSite is what is known of a label: unknown (the zero value), not a
// site, or a site of local and cell.
type doomSite struct {
	cell  program.Word
	local int8 // local+1 for a site; -1 not a site; 0 unknown
}

var notSite = doomSite{local: -1}

func newDoomedModel(p *program.Program) *doomedModel {
	owned := memberCells(p)
	var cells []program.Word
	for a, c := range p.Cells {
		if c.Atomic && c.Kind == program.PairCountHead && !owned[a] {
			cells = append(cells, program.Word(a))
		}
	}
	return &doomedModel{p: p, words: gone.New(p, cells), at: make([][]doomSite, len(p.Ops)),
		used: make([][]doomSite, len(p.Ops))}
}

// memberCells is, per address, whether it is a cell of a group member's
// frame, awaiter or context.
func memberCells(p *program.Program) []bool {
	owned := make([]bool, len(p.Cells))
	for _, g := range groups(p) {
		for _, c := range g {
			spec := &p.Coroutines[c]
			for _, base := range [...]program.Word{spec.Frame, spec.Awaiter, p.Threads[spec.Thread].Context} {
				ob := p.ObjectAt(base)
				for a := ob.Base; a < ob.Base+ob.Size; a++ {
					owned[a] = true
				}
			}
		}
	}
	return owned
}

// freeze fixes the sites keys use to those known now.
func (d *doomedModel) freeze() {
	for op, ls := range d.at {
		d.used[op] = append(d.used[op][:0], ls...)
	}
}

// site is the site keys use at label pc of op, if it is one.
func (d *doomedModel) site(op, pc int) (doomSite, bool) {
	if op < 0 || op >= len(d.used) || pc < 0 || pc >= len(d.used[op]) {
		return doomSite{}, false
	}
	s := d.used[op][pc]
	return s, s.local > 0 && d.words.Falls(s.cell)
}

// doomed reports whether v, in local i of a coroutine of op at label pc
// in m, is a stale snapshot the key leaves out.
func (d *doomedModel) doomed(m *sim.Machine, op, pc, i int, v program.Word) bool {
	s, ok := d.site(op, pc)
	return ok && int(s.local)-1 == i && d.words.Gone(m, s.cell, v)
}

// check takes note of coroutine c's step, from label pc of op in m into
// child on thread t, which made access a. It reports false when the step
// showed the model wrong (it has been corrected). probed is what a clone
// of the model computed of the step (see Models.Probe), or nil.
func (d *doomedModel) check(child, m *sim.Machine, t, c, op, pc int, a sim.StepAccess, live *locals.Live, probed *Probe) bool {
	ok := d.words.Check(m, child)
	if op < 0 || pc < 0 {
		return ok
	}
	for len(d.at[op]) <= pc {
		d.at[op] = append(d.at[op], doomSite{})
	}
	s := d.at[op][pc]
	if s == notSite {
		return ok
	}
	var shown doomSite
	if probed != nil && probed.valid {
		shown = probed.site
	} else {
		shown = d.shown(child, m, t, c, op, a, live)
	}
	switch {
	case s.local == 0:
		d.at[op][pc] = shown
	case shown != s:
		d.at[op][pc] = notSite
		if u, used := d.site(op, pc); used && u == s {
			ok = false
		}
	}
	return ok
}

// probe is shown where check would compute it, as far as d knows:
// false when d holds that label pc of op is no site.
func (d *doomedModel) probe(child, m *sim.Machine, t, c, op, pc int, a sim.StepAccess, live *locals.Live) (doomSite, bool) {
	if op < 0 || pc < 0 || pc < len(d.at[op]) && d.at[op][pc] == notSite {
		return doomSite{}, false
	}
	return d.shown(child, m, t, c, op, a, live), true
}

// shown is the site the step shows label pc to be, or notSite.
func (d *doomedModel) shown(child, m *sim.Machine, t, c, op int, a sim.StepAccess, live *locals.Live) doomSite {
	if a.Op != program.OpCAS || !d.words.Falls(a.Addr) {
		return notSite
	}
	co := m.Coroutine(c)
	i := -1
	for j := range program.NumLocals {
		if a.Locals&(1<<j) != 0 && co.Local(j) == a.Expected {
			i = j
			break
		}
	}
	if i < 0 {
		return notSite
	}
	s := doomSite{cell: a.Addr, local: int8(i + 1)}
	if a.Swapped {
		return s
	}
	// Failed: local i must be dead or written after, and the step must do
	// the same with another value there.
	after := child.Coroutine(c)
	if after.Status() != outcome.Done && after.Op() == op && live.At(op, after.PC())&^uint8(a.Locals>>8)&(1<<i) != 0 {
		return notSite
	}
	// Other values: every bit flipped, and the low bit of each half, so
	// that a step whose failure looks at the value shows it.
	v := co.Local(i)
	if d.alt == nil {
		d.alt = sim.New(d.p, sim.Options{})
	}
	for _, other := range [...]program.Word{^v, v ^ (1<<32 | 1)} {
		if other == m.Memory()[a.Addr] {
			other ^= 1 << 33
		}
		d.alt.CopyFrom(m)
		d.alt.SetLocal(c, i, other)
		d.alt.QuietStep(t)
		if a.Locals&(0x100<<i) == 0 {
			d.alt.SetLocal(c, i, v)
		}
		b := d.alt.LastAccess()
		b.Expected = a.Expected
		if b != a || !d.alt.SameState(child) {
			return notSite
		}
	}
	return s
}

// moved is the set of members of child whose doomed snapshots may differ
// from parent's: those at a site of a cell whose gone values changed.
func (k *Keyer) moved(parent, child *sim.Machine) uint64 {
	var set uint64
	for _, x := range k.doom.words.Cells() {
		if k.doom.words.Moved(parent, child, x) {
			set |= k.atSiteOf(child, x)
		}
	}
	return set
}

// atSiteOf is the set of members of m at a site of cell x (see
// doomedModel), as a bit set over coroutines.
func (k *Keyer) atSiteOf(m *sim.Machine, x program.Word) uint64 {
	var set uint64
	for _, g := range k.groups {
		for _, c := range g.members {
			co := m.Coroutine(c)
			if co.Status() == outcome.Done {
				continue
			}
			if s, ok := k.doom.site(co.Op(), co.PC()); ok && s.cell == x {
				set |= 1 << c
			}
		}
	}
	return set
}

// Fails reports whether coroutine c's next step in m is a compare and swap
// that can only fail: c is at a site of the doomed model and its local
// holds a value gone from the site's cell, which it returns (the key
// writes that local as doomed).
func (k *Keyer) Fails(m *sim.Machine, c int) (program.Word, bool) {
	if k.doom == nil {
		return 0, false
	}
	co := m.Coroutine(c)
	if co.Status() == outcome.Done {
		return 0, false
	}
	s, ok := k.doom.site(co.Op(), co.PC())
	if !ok || !k.doom.words.Gone(m, s.cell, co.Local(int(s.local)-1)) {
		return 0, false
	}
	return s.cell, true
}

// Acquires reports whether the key counts a coroutine at label pc of op as
// acquiring from cell x first when its thread next moves (see the acquire
// package): its clock then counts as covering x's release clock.
func (k *Keyer) Acquires(op, pc int, x program.Word) bool {
	return x != 0 && k.sync.Claim(op, pc) == x
}

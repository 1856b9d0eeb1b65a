// Package gone models the values a program's count-and-head words can
// never hold again. A snapshot of such a word that holds one of them is
// stale for good: a compare-and-swap that expects it can only fail, and a
// state key may leave out which of them it is (lockstep/sim/statekey's
// doomed snapshots).
//
// A count-and-head word (a sim.PairCountHead atomic cell) packs a count,
// its high 32 bits (signed), and the address of the newest node of a stack,
// its low 32 bits; the nodes below it are linked by their m_next
// (sim.FieldNext). Words packs two claims about each word it is given:
//
//   - Falls: no step raises the word's count. Then the word never again
//     holds a value whose count is above its own.
//   - Grows: no step that keeps the count takes a node off the chain below
//     the head: the chain of a state is a subset of the chain after any
//     step from it. Then, as the head itself is not on its chain, the word
//     never again holds a value with its count and a head on the chain.
//
// The chain below the head is the head's m_next, that node's m_next, and
// so on: it ends with null, or with an address whose m_next is not a
// Pointer cell of a live object (included, not followed). A chain that
// comes back to the head or loops holds no claim (it is empty).
//
// The claims are learned the way the state key's other models are: made of
// every word at first, checked at every step a search performs (Check),
// and dropped for good by a step that shows one wrong. While every step
// passes, what Gone says of a state holds of every run the search
// performs from it: each claim carries over from a state to the next.
//
// The chain is read only through typed cells (the head half of the word,
// Pointer cells) of live objects, so it does not depend on the value of a
// dead cell, and renaming alike coroutines with their objects renames it.
package gone

import (
	"lockstep/sim"
	"lockstep/sim/program"
)

// Words holds the claims about a program's count-and-head words. It is
// not safe for concurrent use.
type Words struct {
	p     *program.Program
	cells []program.Word // the words claims were made of
	rises []bool         // per address: a step raised the word's count
	pops  []bool         // per address: a step that kept the count took a node off the chain
	limit int            // the longest chain without a loop
}

// New makes both claims of each of cells, which must be atomic
// PairCountHead cells of p.
func New(p *program.Program, cells []program.Word) *Words {
	return &Words{p: p, cells: cells, rises: make([]bool, len(p.Cells)), pops: make([]bool, len(p.Cells)),
		limit: len(p.Objects) + 1}
}

// Cells are the words claims were made of.
func (w *Words) Cells() []program.Word { return w.cells }

// Falls reports whether x is one of the words and no step has raised its
// count.
func (w *Words) Falls(x program.Word) bool { return w.claimed(x) && !w.rises[x] }

func (w *Words) claimed(x program.Word) bool {
	for _, c := range w.cells {
		if c == x {
			return true
		}
	}
	return false
}

// Gone reports whether, by the claims, word x can never again hold v,
// from state m on.
func (w *Words) Gone(m *sim.Machine, x, v program.Word) bool {
	if !w.Falls(x) {
		return false
	}
	cur := m.Memory()[x]
	switch {
	case count(v) > count(cur):
		return true
	case count(v) < count(cur) || w.pops[x]:
		return false
	}
	on, _ := w.chain(m, head(cur), head(v))
	return on
}

// Check takes note of the step from parent to child. It reports false when
// the step showed a claim wrong; the claim has then been dropped.
func (w *Words) Check(parent, child *sim.Machine) bool {
	ok := true
	for _, x := range w.cells {
		if w.rises[x] {
			continue
		}
		before, after := parent.Memory()[x], child.Memory()[x]
		switch {
		case count(after) > count(before):
			w.rises[x] = true
			ok = false
		case count(after) < count(before) || w.pops[x]:
		case !w.kept(parent, child, head(before), head(after)):
			w.pops[x] = true
			ok = false
		}
	}
	return ok
}

// kept reports whether every node of the chain below head h in parent is
// on the chain below head g in child.
func (w *Words) kept(parent, child *sim.Machine, h, g program.Word) bool {
	if _, loops := w.chain(parent, h, 0); loops {
		return true // the parent's chain holds no claim
	}
	if _, loops := w.chain(child, g, 0); loops {
		_, ok := w.link(parent, parent.Memory(), h)
		return !ok // only an empty chain may become one that holds no claim
	}
	mem, n := parent.Memory(), h
	for {
		next, ok := w.link(parent, mem, n)
		if !ok {
			return true
		}
		if on, _ := w.chain(child, g, next); !on {
			return false
		}
		n = next
	}
}

// Moved reports whether what Gone says of word x may differ between
// parent and child: the word or its chain changed.
func (w *Words) Moved(parent, child *sim.Machine, x program.Word) bool {
	before, after := parent.Memory()[x], child.Memory()[x]
	if before != after {
		return true
	}
	if !w.Falls(x) || w.pops[x] {
		return false
	}
	pm, cm := parent.Memory(), child.Memory()
	a, b := head(before), head(after)
	for range w.limit + 1 {
		na, oka := w.link(parent, pm, a)
		nb, okb := w.link(child, cm, b)
		if oka != okb || na != nb {
			return true
		}
		if !oka {
			return false
		}
		a, b = na, nb
	}
	return false
}

// chain walks the chain below head h in m and reports whether v is on it,
// and whether it loops (then v is said to be on no chain).
func (w *Words) chain(m *sim.Machine, h, v program.Word) (on, loops bool) {
	mem, n := m.Memory(), h
	for range w.limit {
		next, ok := w.link(m, mem, n)
		if !ok {
			return on, false
		}
		if next == h {
			return false, true
		}
		on = on || next == v
		n = next
	}
	return false, true
}

// link is node n's m_next, if n is followed: n is not null, and its m_next
// is a Pointer cell of a live object.
func (w *Words) link(m *sim.Machine, mem []program.Word, n program.Word) (program.Word, bool) {
	a := n + program.FieldNext
	if n == 0 || a >= program.Word(len(w.p.Cells)) {
		return 0, false
	}
	c := &w.p.Cells[a]
	if c.Kind != program.Pointer || c.Object < 0 || !m.ObjectLive(c.Object) {
		return 0, false
	}
	return mem[a], true
}

// count is the count half of a PairCountHead value.
func count(v program.Word) int32 { return int32(v >> 32) }

// head is the head half of a PairCountHead value.
func head(v program.Word) program.Word { return v & 0xffffffff }

// Clone returns a copy of w that shares no memory with it, for a search
// that keys states on several goroutines from one frozen copy.
func (w *Words) Clone() *Words {
	c := *w
	c.cells = append([]program.Word(nil), w.cells...)
	c.rises = append([]bool(nil), w.rises...)
	c.pops = append([]bool(nil), w.pops...)
	return &c
}

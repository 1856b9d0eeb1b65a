package c11

import (
	"slices"

	"lockstep/sim/program"
)

// The execution graph and RC11's SC axiom.
//
// The model is RC11's (Lahav, Vafeiadis, Kang, Hur and Dreyer, PLDI
// 2017) with C++20's release sequences. A run builds its execution in an
// order of po ∪ rf (a read returns a write already made), so po ∪ rf is
// acyclic by construction; the floors (Floor) keep coherence (hb;eco?
// irreflexive) and the places a write may take keep atomicity (no write
// between a read-modify-write and the write it read). What is left is the
// SC axiom: psc = psc_base ∪ psc_F acyclic, over the seq_cst events,
//
//	scb      = po ∪ po|≠loc;hb;po|≠loc ∪ hb|loc ∪ mo ∪ fr
//	psc_base = ([E_sc] ∪ [F_sc];hb?) ; scb ; ([E_sc] ∪ hb?;[F_sc])
//	psc_F    = [F_sc] ; (hb ∪ hb;eco;hb) ; [F_sc]
//
// which needs the graph itself: the events, with who made them, their
// vector clocks (hb), the write each read returned (rf) and each cell's
// modification order (mo). RC11 is prefix-closed and extensible, so
// checking each step's choices against the graph built so far keeps
// exactly the consistent executions.

// An EventKind says what an event does.
type EventKind uint8

// The event kinds.
const (
	ReadEvent   EventKind = iota // a load, a plain read, a failed compare-and-swap
	WriteEvent                   // a store, a plain write
	UpdateEvent                  // a read-modify-write: a read and a write
	FenceEvent                   // atomic_thread_fence
)

// An Event is one event of the execution graph.
type Event struct {
	Thread int16
	Kind   EventKind
	Order  program.Order // NonAtomic for a plain access
	Addr   program.Word  // the cell; 0 for a fence
	// Clock is the thread's vector clock just after the event: a
	// happens before b when b's clock covers a's thread's own component
	// in a's (or a is before b in the same thread).
	Clock []uint32
	// From is, for a read or an update, the event of the write it read
	// (-1: the initial value); -1 for the others.
	From int32
}

func (e *Event) reads() bool  { return e.Kind == ReadEvent || e.Kind == UpdateEvent }
func (e *Event) writes() bool { return e.Kind == WriteEvent || e.Kind == UpdateEvent }
func (e *Event) tick() uint32 { return e.Clock[e.Thread] }

// Events is the execution graph's events, in the order they were made.
// It aliases w: it must not be modified.
func (w *Memory) Events() []Event { return w.ev }

// SeqCst reports whether the graph has a seq_cst event.
func (w *Memory) SeqCst() bool { return w.sc }

// event appends e, with a copy of its clock, and returns its index; -1
// when the program is not seq_cst, whose graph is not kept. It panics on
// a seq_cst event then.
func (w *Memory) event(e Event) int32 {
	if !w.graph {
		if e.Order == program.SeqCst {
			panic("c11: a seq_cst step in a program that does not declare seq_cst (Facts.SeqCst)")
		}
		return -1
	}
	e.Clock = slices.Clone(e.Clock)
	w.ev = append(w.ev, e)
	if e.Order == program.SeqCst {
		w.sc = true
		w.scFence = w.scFence || e.Kind == FenceEvent
	}
	return int32(len(w.ev) - 1)
}

// mustCheck reports whether an event with order o may close a psc
// cycle: a seq_cst one may; another only once the graph has a seq_cst
// fence (through [F_sc];hb?;scb, any event may link two fences). Without
// seq_cst fences, a non-seq_cst event adds no psc edge between the
// events before it: hb between them is fixed once they are made, and a
// write placed in a modification order changes neither mo nor fr
// between the others.
func (w *Memory) mustCheck(o program.Order) bool { return o == program.SeqCst || w.scFence }

// consistentWith reports whether the graph with the event e added (and,
// when at >= 0, the write ww, e's, placed at index at of the cell at
// addr) satisfies RC11's SC axiom. The graph is left as it was.
func (w *Memory) consistentWith(e Event, addr program.Word, at int32, ww Write) bool {
	n := len(w.ev)
	e.Clock = slices.Clone(e.Clock)
	w.ev = append(w.ev, e)
	hist := w.hist[addr]
	if at >= 0 {
		ww.Event = int32(n)
		nh := make([]Write, 0, len(hist)+1)
		nh = append(nh, hist[:at]...)
		nh = append(nh, ww)
		w.hist[addr] = append(nh, hist[at:]...)
	}
	ok := w.pscAcyclic()
	w.ev = w.ev[:n:n]
	w.hist[addr] = hist
	return ok
}

// ConsistentSC reports whether the graph satisfies RC11's SC axiom (it
// always does: every step keeps it; tests check it).
func (w *Memory) ConsistentSC() bool { return w.pscAcyclic() }

// graph holds the relations the SC axiom is written in, for one check.
type graph struct {
	ev  []Event
	pos []int32 // a write's (or update's) index in its cell's mo
	// next[a] is the first event after a in a's thread at another
	// location (or a fence), prev[b] the last one before b: the ends of
	// po|≠loc;hb;po|≠loc; -1 for none.
	next, prev []int32
}

func (w *Memory) newGraph() *graph {
	g := &graph{ev: w.ev, pos: make([]int32, len(w.ev)), next: make([]int32, len(w.ev)), prev: make([]int32, len(w.ev))}
	for _, h := range w.hist {
		for i := range h {
			if h[i].Event >= 0 {
				g.pos[h[i].Event] = int32(i)
			}
		}
	}
	for a := range g.ev {
		g.next[a], g.prev[a] = -1, -1
		for c := a + 1; c < len(g.ev); c++ {
			if g.ev[c].Thread == g.ev[a].Thread && !g.sameLoc(a, c) {
				g.next[a] = int32(c)
				break
			}
		}
		for d := a - 1; d >= 0; d-- {
			if g.ev[d].Thread == g.ev[a].Thread && !g.sameLoc(d, a) {
				g.prev[a] = int32(d)
				break
			}
		}
	}
	return g
}

func (g *graph) sameLoc(a, b int) bool { return g.ev[a].Addr != 0 && g.ev[a].Addr == g.ev[b].Addr }

func (g *graph) po(a, b int) bool { return a < b && g.ev[a].Thread == g.ev[b].Thread }

func (g *graph) hb(a, b int) bool {
	if a == b {
		return false
	}
	if g.ev[a].Thread == g.ev[b].Thread {
		return a < b
	}
	return g.ev[b].Clock[g.ev[a].Thread] >= g.ev[a].tick()
}

// rfPos is the index in mo of the write read a read returned.
func (g *graph) rfPos(a int) int32 {
	if g.ev[a].From < 0 {
		return 0
	}
	return g.pos[g.ev[a].From]
}

func (g *graph) mo(a, b int) bool {
	return g.ev[a].writes() && g.ev[b].writes() && g.sameLoc(a, b) && g.pos[a] < g.pos[b]
}

func (g *graph) fr(a, b int) bool {
	return a != b && g.ev[a].reads() && g.ev[b].writes() && g.sameLoc(a, b) && g.rfPos(a) < g.pos[b]
}

// eco is (rf ∪ mo ∪ fr)+ on one location: a read sits just after the
// write it read, an update is a read as a source and a write as a
// target.
func (g *graph) eco(a, b int) bool {
	if a == b || !g.sameLoc(a, b) {
		return false
	}
	src := func(e int) int32 {
		if g.ev[e].reads() {
			return 2*g.rfPos(e) + 1
		}
		return 2 * g.pos[e]
	}
	tgt := func(e int) int32 {
		if g.ev[e].writes() {
			return 2 * g.pos[e]
		}
		return 2*g.rfPos(e) + 1
	}
	return src(a) < tgt(b)
}

func (g *graph) scb(a, b int) bool {
	if g.po(a, b) {
		return true
	}
	if g.sameLoc(a, b) && (g.hb(a, b) || g.mo(a, b) || g.fr(a, b)) {
		return true
	}
	c, d := g.next[a], g.prev[b]
	return c >= 0 && d >= 0 && g.hb(int(c), int(d))
}

func (g *graph) fence(e int) bool { return g.ev[e].Kind == FenceEvent }

// ends are e and, for a seq_cst fence, the events hb after it (after
// set) or before it: the [E_sc] ∪ [F_sc];hb? of psc_base.
func (g *graph) ends(e int, after bool) []int {
	out := []int{e}
	if g.fence(e) {
		for x := range g.ev {
			if after && g.hb(e, x) || !after && g.hb(x, e) {
				out = append(out, x)
			}
		}
	}
	return out
}

// psc reports whether psc_base ∪ psc_F relates seq_cst events a and b.
func (g *graph) psc(a, b int, from, to []int) bool {
	for _, x := range from {
		for _, y := range to {
			if g.scb(x, y) {
				return true
			}
		}
	}
	if !g.fence(a) || !g.fence(b) {
		return false
	}
	if g.hb(a, b) {
		return true
	}
	for _, x := range from[1:] {
		for _, y := range to[1:] {
			if g.eco(x, y) {
				return true
			}
		}
	}
	return false
}

// pscAcyclic reports whether psc is acyclic in w's graph.
func (w *Memory) pscAcyclic() bool {
	var sc []int
	for e := range w.ev {
		if w.ev[e].Order == program.SeqCst {
			sc = append(sc, e)
		}
	}
	if len(sc) < 2 {
		return true
	}
	g := w.newGraph()
	after := make([][]int, len(sc))
	before := make([][]int, len(sc))
	for i, e := range sc {
		after[i], before[i] = g.ends(e, true), g.ends(e, false)
	}
	adj := make([][]int, len(sc))
	for i, a := range sc {
		for j, b := range sc {
			if g.psc(a, b, after[i], before[j]) {
				if i == j {
					return false
				}
				adj[i] = append(adj[i], j)
			}
		}
	}
	return !cyclic(adj)
}

// cyclic reports whether the directed graph adj has a cycle.
func cyclic(adj [][]int) bool {
	state := make([]uint8, len(adj)) // 0 new, 1 on the path, 2 done
	var visit func(int) bool
	visit = func(v int) bool {
		state[v] = 1
		for _, u := range adj[v] {
			if state[u] == 1 || state[u] == 0 && visit(u) {
				return true
			}
		}
		state[v] = 2
		return false
	}
	for v := range adj {
		if state[v] == 0 && visit(v) {
			return true
		}
	}
	return false
}

// graphKey appends the execution graph in a canonical form, once it has
// a seq_cst event: from then on the SC axiom may relate any event to a
// later one, through hb, mo and fr, so the key holds the whole graph
// (the floors the rest of the key holds are enough before: see Key).
// Per thread in canonical order, its events in program order: kind and
// order, cell, the write a read returned (its thread and place in that
// thread's events), a write's place in modification order, and per
// thread how many of its events happen before the event.
func (w *Memory) graphKey(r Renaming, b *KeyBuffer, out []uint64) []uint64 {
	n := len(b.threads)
	canon := make([]program.Word, len(w.hist)) // source address -> canonical
	for ca := range b.src {
		canon[b.src[ca]] = program.Word(ca)
	}
	byThread := make([][]int32, n)
	nth := make([]int32, len(w.ev)) // an event's place among its thread's
	for e := range w.ev {
		t := w.ev[e].Thread
		nth[e] = int32(len(byThread[t]))
		byThread[t] = append(byThread[t], int32(e))
	}
	pos := make([]int32, len(w.ev))
	for _, h := range w.hist {
		for i := range h {
			if h[i].Event >= 0 {
				pos[h[i].Event] = int32(i)
			}
		}
	}
	for _, t := range b.threads {
		out = append(out, uint64(len(byThread[t])))
		for _, e := range byThread[t] {
			ev := &w.ev[e]
			out = append(out, uint64(ev.Kind)<<8|uint64(ev.Order), uint64(canon[ev.Addr]))
			switch {
			case ev.reads() && ev.From >= 0:
				f := &w.ev[ev.From]
				out = append(out, uint64(r.CanonicalThread(int(f.Thread)))<<32|uint64(nth[ev.From])+1)
			case ev.reads():
				out = append(out, 0)
			}
			if ev.writes() {
				out = append(out, uint64(pos[e]))
			}
			for _, u := range b.threads {
				if u == int(ev.Thread) {
					continue
				}
				k := 0
				for _, x := range byThread[u] {
					if w.ev[x].tick() > ev.Clock[u] {
						break
					}
					k++
				}
				out = append(out, uint64(k))
			}
		}
	}
	return out
}

package sim

import (
	"math/bits"
	"slices"
)

// A state key identifies a machine state up to what can make a difference
// to the rest of the run, and up to the symmetry of interchangeable
// coroutines. Two states with one key have the same futures: the same
// outcome kinds, after the same numbers of steps, by executions that map
// one to one.
//
// What the key covers:
//
//   - every live cell's value (a dead cell cannot be read without a
//     use-after-free, and a reconstructed awaiter is rewritten first), and
//     which objects are alive;
//   - each thread's stack and run queue;
//   - each coroutine's control state: status, operation, label, script
//     position, loop counters, argument, the locals that may still be read
//     (see liveness), and the detector flags (dropped, registered, the
//     condition held since, lock holder), with the semaphore and lock
//     queues as ranks; a finished coroutine is just "done";
//   - whether a data race has been seen;
//   - happens-before in canonical form. Clock values grow forever, so they
//     are not hashed. A future race check on a plain cell asks whether a
//     thread's clock covers the cell's last write or last reads; every
//     future clock is a join of clocks that exist now (the clocks of the
//     threads that may still move, the atomic cells' release sequences, the
//     wakeups pending in run queues) and of ticks that cover only later
//     accesses. So for each such access the key holds the set of those
//     clocks that cover it, and nothing else of the clocks; an access they
//     all cover can never race and counts as none.
//
// What it leaves out: the step count, the step at which a wait registered
// and anything else kept only for messages, and the step limit (a search
// reports a run that can go on forever as step-limit).
//
// Symmetry: the coroutines of a group (Program.Groups) run one script from
// one start, each on a thread of its own. Renaming members, with their
// threads, frames, awaiters and contexts, maps runs to runs. The key is the
// encoding of the state after one such renaming, chosen by sorting the
// members on a signature of their own state, so symmetric states usually
// get one key. Soundness does not rest on the sort: the key encodes the
// whole renamed state, so two states with one key are each a renaming of
// the same state.
//
// Renaming must rewrite every stored address of a renamed object. Cells say
// what they hold: Pointer, Handle and Context cells hold addresses, the low
// half of a PairCountHead cell does. A local is typed by the cell its step
// accessed before setting it (Exec.SetLocal), which holds for the
// primitives as written: a step that loads a pointer keeps a pointer. A
// local set before any access is untyped, and a member whose address it
// might hold (either 32-bit half equals one of its cells' addresses) is
// pinned: the state is keyed with that member left where it is. A number
// that happens to look like an address only pins a member needlessly.
//
// The key is a 128-bit hash of that encoding; the state cache keeps 96 bits
// of it (see stateStore).
type stateKey [2]uint64

// member roles: the member-specific objects renaming moves.
const (
	roleFrame = iota
	roleAwaiter
	roleContext
	numRoles
)

// symGroup is one group of interchangeable coroutines.
type symGroup struct {
	members []int // coroutine indices, ascending
}

// keyer computes state keys for one program. It keeps scratch buffers and
// is not safe for concurrent use.
type keyer struct {
	p         *Program
	n         int // threads
	symmetric bool
	groups    []symGroup
	coroGroup []int // per coroutine: its group, or -1

	// Per address: the member coroutine whose frame, awaiter or context
	// holds it (-1 for every other cell), the role and the offset.
	addrCoro []int
	addrRole []uint8
	addrOff  []Word
	base     [][numRoles]Word // per coroutine: its objects' base addresses
	obj      [][numRoles]int  // per coroutine: its objects
	objCoro  []int            // per object: member coroutine, or -1
	objRole  []uint8
	threadOf []int // per coroutine: its thread
	owner    []int // per thread: the member coroutine that owns it, or -1

	live *liveness // which locals matter; nil: all of them

	atomics []Word // atomic cell addresses, ascending
	plains  []Word // plain cell addresses, ascending
	// Per address, copied out of Program.Cells for speed: the object, the
	// slot among atomic or plain cells, and 1 + the kind.
	cellObj  []int32
	cellSlot []int32
	cellTag  []uint8
	holders  int // clocks that can cover an access: threads, atomics, coroutines
	maskW    int // words per coverage mask

	// scratch
	src, ren   []int // canonical coroutine -> source, source -> canonical
	tsrc, tren []int
	pinned     []bool
	sig        []uint64
	listPos    []uint64
	order      []int
	out        []uint64
	semRank    []int
	lockRank   []int
	hoff       []int    // clocks that may still flow, canonical order: offsets (see holdersOf)
	hbit       []int    // their bits in a coverage mask
	cols       []uint32 // per thread u, component u of each of those clocks
	colDone    uint64   // the columns gathered
	readers    []int
	alive      []bool // per thread: it may still move
}

// newKeyer prepares keys for p. Symmetry is used when symmetric is true and
// a group passes the checks of symmetricGroup.
func newKeyer(p *Program, symmetric bool) *keyer {
	k := &keyer{p: p, n: len(p.Threads), symmetric: symmetric}
	nc := len(p.Coroutines)
	k.coroGroup = make([]int, nc)
	k.base = make([][numRoles]Word, nc)
	k.obj = make([][numRoles]int, nc)
	k.threadOf = make([]int, nc)
	for i := range k.coroGroup {
		k.coroGroup[i] = -1
	}
	k.owner = make([]int, k.n)
	perThread := make([]int, k.n)
	for i, c := range p.Coroutines {
		perThread[c.Thread]++
		k.threadOf[i] = c.Thread
	}
	for t := range k.owner {
		k.owner[t] = -1
	}
	for i, c := range p.Coroutines {
		k.base[i] = [numRoles]Word{c.Frame, c.Awaiter, p.Threads[c.Thread].Context}
		for r := range numRoles {
			k.obj[i][r] = p.Cells[k.base[i][r]].Object
		}
	}
	if symmetric {
		for _, g := range p.Groups() {
			if k.symmetricGroup(g, perThread) {
				gi := len(k.groups)
				k.groups = append(k.groups, symGroup{members: g})
				for _, c := range g {
					k.coroGroup[c] = gi
					k.owner[p.Coroutines[c].Thread] = c
				}
			}
		}
	}
	k.addrCoro = make([]int, len(p.Cells))
	k.addrRole = make([]uint8, len(p.Cells))
	k.addrOff = make([]Word, len(p.Cells))
	for a := range k.addrCoro {
		k.addrCoro[a] = -1
	}
	k.objCoro = make([]int, len(p.Objects))
	k.objRole = make([]uint8, len(p.Objects))
	for o := range k.objCoro {
		k.objCoro[o] = -1
	}
	for _, g := range k.groups {
		for _, c := range g.members {
			for r := range numRoles {
				o := k.obj[c][r]
				k.objCoro[o] = c
				k.objRole[o] = uint8(r)
				ob := &p.Objects[o]
				for off := range ob.Size {
					a := ob.Base + off
					k.addrCoro[a] = c
					k.addrRole[a] = uint8(r)
					k.addrOff[a] = off
				}
			}
		}
	}
	k.cellObj = make([]int32, len(p.Cells))
	k.cellSlot = make([]int32, len(p.Cells))
	k.cellTag = make([]uint8, len(p.Cells))
	for a := range p.Cells {
		c := &p.Cells[a]
		k.cellObj[a], k.cellSlot[a], k.cellTag[a] = int32(c.Object), int32(c.Slot), uint8(c.Kind)+1
		if Word(a) < FirstAddress {
			continue
		}
		if c.Atomic {
			k.atomics = append(k.atomics, Word(a))
		} else {
			k.plains = append(k.plains, Word(a))
		}
	}
	k.holders = k.n + len(k.atomics) + nc
	k.maskW = (k.holders + 63) / 64
	k.src = make([]int, nc)
	k.ren = make([]int, nc)
	k.tsrc = make([]int, k.n)
	k.tren = make([]int, k.n)
	k.pinned = make([]bool, nc)
	k.sig = make([]uint64, nc)
	k.listPos = make([]uint64, nc)
	k.semRank = make([]int, nc)
	k.lockRank = make([]int, nc)
	k.alive = make([]bool, k.n)
	return k
}

// symmetricGroup reports whether renaming the members of g maps the
// program onto itself: one script, a thread of its own each, and objects of
// one shape.
func (k *keyer) symmetricGroup(g []int, perThread []int) bool {
	p := k.p
	first := &p.Coroutines[g[0]]
	for _, c := range g {
		spec := &p.Coroutines[c]
		if !slices.Equal(spec.Script, first.Script) || perThread[spec.Thread] != 1 {
			return false
		}
		for r := range numRoles {
			if !sameShape(p, k.obj[g[0]][r], k.obj[c][r]) {
				return false
			}
		}
	}
	return true
}

// sameShape reports whether objects a and b have the same kind, size and
// cells.
func sameShape(p *Program, a, b int) bool {
	oa, ob := &p.Objects[a], &p.Objects[b]
	if oa.Kind != ob.Kind || oa.Size != ob.Size {
		return false
	}
	for off := range oa.Size {
		ca, cb := &p.Cells[oa.Base+off], &p.Cells[ob.Base+off]
		if ca.Kind != cb.Kind || ca.Atomic != cb.Atomic || ca.Init != cb.Init {
			return false
		}
	}
	return true
}

// key returns m's state key.
func (k *keyer) key(m *Machine) stateKey {
	k.canonicalize(m)
	k.encode(m)
	return hashWords(k.out)
}

// canonicalize chooses the renaming: src and ren for coroutines, tsrc and
// tren for threads.
func (k *keyer) canonicalize(m *Machine) {
	for i := range k.src {
		k.src[i], k.ren[i] = i, i
	}
	for t := range k.tsrc {
		k.tsrc[t], k.tren[t] = t, t
	}
	k.ranks(m)
	if len(k.groups) == 0 {
		return
	}
	k.pin(m)
	k.listPositions(m)
	for c := range k.sig {
		if k.coroGroup[c] >= 0 {
			k.sig[c] = k.signature(m, c)
		}
	}
	for _, g := range k.groups {
		k.order = k.order[:0]
		for _, c := range g.members {
			if !k.pinned[c] {
				k.order = append(k.order, c)
			}
		}
		slices.SortStableFunc(k.order, func(a, b int) int {
			switch {
			case k.sig[a] < k.sig[b]:
				return -1
			case k.sig[a] > k.sig[b]:
				return 1
			}
			return 0
		})
		j := 0
		for _, slot := range g.members {
			if k.pinned[slot] {
				continue
			}
			from := k.order[j]
			j++
			k.src[slot] = from
			k.ren[from] = slot
			ts, tf := k.threadOf[slot], k.threadOf[from]
			k.tsrc[ts] = tf
			k.tren[tf] = ts
		}
	}
}

// liveMask is the set of co's locals that may still be read.
func (k *keyer) liveMask(co *coroutine) uint8 {
	switch {
	case co.status == Done || co.op < 0:
		return 0
	case k.live == nil:
		return 0xf
	}
	return k.live.at(co.op, co.pc)
}

// pin marks the members whose addresses a local might hold.
func (k *keyer) pin(m *Machine) {
	clear(k.pinned)
	na := Word(len(k.addrCoro))
	for i := range m.coros {
		co := &m.coros[i]
		live := k.liveMask(co)
		for i, v := range co.locals {
			if live&(1<<i) == 0 || co.localKind[i] != 0 {
				continue // dead, or typed: renamed by kind, like a cell
			}
			if lo := v & 0xffffffff; lo < na && k.addrCoro[lo] >= 0 {
				k.pinned[k.addrCoro[lo]] = true
			}
			if hi := v >> 32; hi < na && k.addrCoro[hi] >= 0 {
				k.pinned[k.addrCoro[hi]] = true
			}
		}
	}
}

// listPositions finds each member's place in the primitive's waiter lists.
func (k *keyer) listPositions(m *Machine) {
	clear(k.listPos)
	for li, l := range k.p.Facts.Lists {
		a := l.Head(m.peek)
		for depth := uint64(1); a != 0 && depth <= uint64(len(m.coros)); depth++ {
			if a >= Word(len(k.addrCoro)) {
				break
			}
			c := k.addrCoro[a]
			if c < 0 || k.addrRole[a] != roleAwaiter || k.addrOff[a] != 0 || m.ended[k.obj[c][roleAwaiter]] != 0 {
				break
			}
			if k.listPos[c] == 0 {
				k.listPos[c] = uint64(li+1)<<32 | depth
			}
			a = m.mem[a+fieldNext]
		}
	}
}

// ranks computes each coroutine's place among the semaphore waiters and
// among the parked lock waiters (0: none).
func (k *keyer) ranks(m *Machine) {
	for i := range m.coros {
		k.semRank[i], k.lockRank[i] = 0, 0
		co := &m.coros[i]
		if co.semWait == 0 && co.lockSeq == 0 {
			continue
		}
		for j := range m.coros {
			o := &m.coros[j]
			if co.semWait != 0 && o.semWait != 0 && o.semSeq <= co.semSeq {
				k.semRank[i]++
			}
			if co.lockSeq != 0 && o.lockSeq != 0 && o.lockSeq <= co.lockSeq {
				k.lockRank[i]++
			}
		}
	}
}

// signature summarizes member c's own state without naming any other
// renamable coroutine, so that symmetric states give matching multisets.
func (k *keyer) signature(m *Machine, c int) uint64 {
	co := &m.coros[c]
	h := newHasher()
	h.add(uint64(co.status))
	if co.status == Done {
		return h.sum()[0]
	}
	h.add(uint64(uint16(co.op)) | uint64(uint32(co.pc))<<16 | uint64(uint16(co.ip))<<48)
	h.add(flags(co.started, co.dropped, co.opened && co.registered, co.holder, co.registered))
	h.add(co.arg)
	h.add(co.loops[0])
	h.add(co.loops[1])
	live := k.liveMask(co)
	for i, v := range co.locals {
		if live&(1<<i) != 0 {
			h.add(k.abstractAs(co.localKind[i], v))
		} else {
			h.add(0)
		}
	}
	h.add(uint64(k.semRank[c])<<32 | uint64(k.lockRank[c]))
	h.add(k.listPos[c])
	for r := range numRoles {
		o := k.obj[c][r]
		if m.ended[o] != 0 {
			h.add(0)
			continue
		}
		h.add(1)
		ob := &k.p.Objects[o]
		for a := ob.Base; a < ob.Base+ob.Size; a++ {
			h.add(k.abstract(a, m.mem[a]))
		}
	}
	t := k.threadOf[c]
	th := &m.threads[t]
	h.add(uint64(len(th.stack))<<32 | uint64(len(th.queue)))
	for _, s := range th.stack {
		h.add(k.coroClass(int(s), c))
	}
	for _, s := range th.queue {
		h.add(k.coroClass(int(s), c))
	}
	return h.sum()[0]
}

// coroClass names coroutine s as seen from member c: itself, a member of a
// group (without saying which), or s itself.
func (k *keyer) coroClass(s, c int) uint64 {
	switch {
	case s == c:
		return 1 << 62
	case k.coroGroup[s] >= 0:
		return 1<<61 | uint64(k.coroGroup[s])
	}
	return uint64(s)
}

// abstract shows the value v of the cell at a without naming a member: an
// address of a member's object becomes its group, role and offset.
func (k *keyer) abstract(a, v Word) Word {
	return k.abstractAs(uint8(k.p.Cells[a].Kind)+1, v)
}

// abstractAs is abstract for a value of kind tag-1 (a local's tag; 0: an
// untyped local, shown as it is, since it pins what it might name).
func (k *keyer) abstractAs(tag uint8, v Word) Word {
	if tag == 0 {
		return v
	}
	switch CellKind(tag - 1) {
	case Pointer, Handle, Context:
		if v < Word(len(k.addrCoro)) && k.addrCoro[v] >= 0 {
			return 1<<63 | Word(k.coroGroup[k.addrCoro[v]])<<16 | Word(k.addrRole[v])<<8 | k.addrOff[v]
		}
	case PairCountHead:
		lo := v & 0xffffffff
		if lo < Word(len(k.addrCoro)) && k.addrCoro[lo] >= 0 {
			return 1<<63 | v&^0xffffffff | Word(k.coroGroup[k.addrCoro[lo]])<<16 | Word(k.addrRole[lo])<<8 | k.addrOff[lo]
		}
	}
	return v
}

// rename maps an address through the chosen renaming.
func (k *keyer) rename(v Word) Word {
	if v >= Word(len(k.addrCoro)) {
		return v
	}
	c := k.addrCoro[v]
	if c < 0 {
		return v
	}
	return k.base[k.ren[c]][k.addrRole[v]] + k.addrOff[v]
}

// srcAddr is the address whose content appears at canonical address a.
func (k *keyer) srcAddr(a Word) Word {
	c := k.addrCoro[a]
	if c < 0 {
		return a
	}
	return k.base[k.src[c]][k.addrRole[a]] + k.addrOff[a]
}

// value renames the content v of the cell at a by the cell's kind.
func (k *keyer) value(a, v Word) Word {
	return k.valueAs(uint8(k.p.Cells[a].Kind)+1, v)
}

// valueAs renames v, a value of kind tag-1; tag 0 (an untyped local) is
// left as it is: the members it might name are pinned.
func (k *keyer) valueAs(tag uint8, v Word) Word {
	if tag == 0 {
		return v
	}
	switch CellKind(tag - 1) {
	case Pointer, Handle, Context:
		return k.rename(v)
	case PairCountHead:
		return v&^0xffffffff | k.rename(v&0xffffffff)
	}
	return v
}

// encode writes the renamed state into k.out.
func (k *keyer) encode(m *Machine) {
	p := k.p
	out := k.out[:0]
	// Objects alive, in canonical order.
	var bitsw uint64
	nb := 0
	for o := range p.Objects {
		so := o
		if c := k.objCoro[o]; c >= 0 {
			so = k.obj[k.src[c]][k.objRole[o]]
		}
		if m.ended[so] == 0 {
			bitsw |= 1 << nb
		}
		if nb++; nb == 64 {
			out = append(out, bitsw)
			bitsw, nb = 0, 0
		}
	}
	out = append(out, bitsw)
	// Live cells.
	for a := FirstAddress; a < Word(len(p.Cells)); a++ {
		s := k.srcAddr(a)
		if m.ended[k.cellObj[s]] != 0 {
			continue
		}
		out = append(out, k.valueAs(k.cellTag[s], m.mem[s]))
	}
	// Threads.
	for t := range k.n {
		th := &m.threads[k.tsrc[t]]
		out = append(out, uint64(len(th.stack))<<32|uint64(len(th.queue)))
		for _, c := range th.stack {
			out = append(out, uint64(k.ren[c]))
		}
		for _, c := range th.queue {
			out = append(out, uint64(k.ren[c]))
		}
	}
	// Coroutines.
	for c := range m.coros {
		s := k.src[c]
		co := &m.coros[s]
		if co.status == Done {
			out = append(out, uint64(Done))
			continue
		}
		out = append(out,
			uint64(co.status)|uint64(uint16(co.op))<<8|uint64(uint32(co.pc))<<24|
				flags(co.started, co.dropped, co.opened && co.registered, co.holder, co.registered)<<56,
			uint64(uint16(co.ip))|uint64(k.semRank[s])<<16|uint64(k.lockRank[s])<<40,
			co.arg, co.loops[0], co.loops[1], k.rename(co.semWait))
		live := k.liveMask(co)
		var kinds uint64
		for i, v := range co.locals {
			if live&(1<<i) != 0 {
				out = append(out, k.valueAs(co.localKind[i], v))
				kinds |= uint64(co.localKind[i]) << (8 * i)
			}
		}
		out = append(out, kinds)
	}
	var racy uint64
	if len(m.races) > 0 {
		racy = 1
	}
	out = append(out, racy)
	k.out = k.encodeClocks(m, out)
}

// encodeClocks appends the canonical happens-before state: for each live
// plain cell, its last write and its last reads, each as the thread that
// made it and the set of clocks that cover it. Only clocks that can still
// flow count: those of threads that may move again, of atomic cells, and
// of wakeups pending in run queues. An access they all cover can never
// race again, and is left out like an access that never happened.
func (k *keyer) encodeClocks(m *Machine, out []uint64) []uint64 {
	n := k.n
	k.holdersOf(m)
	for _, a := range k.plains {
		s := k.srcAddr(a)
		if m.ended[k.cellObj[s]] != 0 {
			continue
		}
		slot := int(k.cellSlot[s])
		if w := m.lastW[slot]; w.thread >= 0 {
			out = k.coverage(m, out, 1<<32|uint64(k.tren[w.thread]), int(w.thread), w.clock)
		}
		out = append(out, 0)
		// The last reads, in canonical thread order (a few at most).
		rs := m.reads[slot*n : (slot+1)*n]
		k.readers = k.readers[:0]
		for u := range rs {
			if rs[u].thread >= 0 {
				k.readers = append(k.readers, u)
			}
		}
		if len(k.readers) > 1 {
			slices.SortFunc(k.readers, func(a, b int) int { return k.tren[a] - k.tren[b] })
		}
		for _, u := range k.readers {
			out = k.coverage(m, out, 2<<32|uint64(k.tren[u]), u, rs[u].clock)
		}
	}
	return out
}

// holdersOf lists the clocks that may still flow into a thread, in
// canonical order, with their bits.
func (k *keyer) holdersOf(m *Machine) {
	n := k.n
	clear(k.alive)
	for t := range n {
		th := &m.threads[t]
		k.alive[t] = len(th.stack) > 0 || len(th.queue) > 0
	}
	for c := range m.coros {
		if m.coros[c].status != Done {
			k.alive[k.threadOf[c]] = true
		}
	}
	k.hoff, k.hbit = k.hoff[:0], k.hbit[:0]
	// Offsets into one index space: vc, then rel, then wake.
	relBase, wakeBase := len(m.vc), len(m.vc)+len(m.rel)
	bit := 0
	for t := range n {
		if s := k.tsrc[t]; k.alive[s] {
			k.hoff = append(k.hoff, s*n)
			k.hbit = append(k.hbit, bit)
		}
		bit++
	}
	for _, a := range k.atomics {
		k.hoff = append(k.hoff, relBase+int(k.cellSlot[k.srcAddr(a)])*n)
		k.hbit = append(k.hbit, bit)
		bit++
	}
	for c := range m.coros {
		if s := k.src[c]; m.coros[s].status == Runnable {
			k.hoff = append(k.hoff, wakeBase+s*n)
			k.hbit = append(k.hbit, bit)
		}
		bit++
	}
	k.colDone = 0
	if cap(k.cols) < n*len(k.hoff) {
		k.cols = make([]uint32, n*len(k.hoff))
	}
	k.cols = k.cols[:n*len(k.hoff)]
}

// column returns component u of every holder's clock, in holder order,
// gathered once per key.
func (k *keyer) column(m *Machine, u int) []uint32 {
	h := len(k.hoff)
	col := k.cols[u*h : (u+1)*h]
	if u < 64 && k.colDone&(1<<u) != 0 {
		return col
	}
	relBase, wakeBase := len(m.vc), len(m.vc)+len(m.rel)
	for i, off := range k.hoff {
		switch {
		case off < relBase:
			col[i] = m.vc[off+u]
		case off < wakeBase:
			col[i] = m.rel[off-relBase+u]
		default:
			col[i] = m.wake[off-wakeBase+u]
		}
	}
	if u < 64 {
		k.colDone |= 1 << u
	}
	return col
}

// coverage appends an access's tag and the set of clocks that cover it
// (whose component for thread u is at least c), unless they all do.
func (k *keyer) coverage(m *Machine, out []uint64, tag uint64, u int, c uint32) []uint64 {
	start := len(out)
	out = append(out, tag)
	for range k.maskW {
		out = append(out, 0)
	}
	mask := out[start+1:]
	all := true
	for i, v := range k.column(m, u) {
		if v >= c {
			b := k.hbit[i]
			mask[b>>6] |= 1 << (b & 63)
		} else {
			all = false
		}
	}
	if all {
		return out[:start]
	}
	return out
}

func flags(bs ...bool) uint64 {
	var f uint64
	for i, b := range bs {
		if b {
			f |= 1 << i
		}
	}
	return f
}

// hasher is a two-lane 64-bit word hash with fixed seeds, so keys are the
// same in every process.
type hasher struct{ a, b uint64 }

const (
	hashPrime1 = 0x9E3779B185EBCA87
	hashPrime2 = 0xC2B2AE3D27D4EB4F
	hashPrime3 = 0x165667B19E3779F9
	hashPrime4 = 0x85EBCA77C2B2AE63
)

func newHasher() hasher { return hasher{a: 0x243F6A8885A308D3, b: 0x13198A2E03707344} }

func (h *hasher) add(w uint64) {
	h.a = bits.RotateLeft64(h.a+w*hashPrime2, 31) * hashPrime1
	h.b = bits.RotateLeft64(h.b^(w*hashPrime4), 29)*hashPrime3 + 0x5851F42D4C957F2D
}

func (h *hasher) sum() stateKey {
	return stateKey{fmix(h.a), fmix(h.b)}
}

func fmix(x uint64) uint64 {
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	return x
}

// hashWords hashes a whole encoding, its length included: two lanes, each
// folding two words at a time through a 64x64->128-bit multiplication (as
// wyhash does), with fixed seeds.
func hashWords(ws []uint64) stateKey {
	a, b := uint64(0x243F6A8885A308D3), uint64(0x13198A2E03707344)^uint64(len(ws))
	i := 0
	for ; i+1 < len(ws); i += 2 {
		w0, w1 := ws[i], ws[i+1]
		a = mum(a^w0, w1^0xA0761D6478BD642F)
		b = mum(b^w1, w0^0xE7037ED1A0B428DB)
	}
	if i < len(ws) {
		a = mum(a^ws[i], 0x8EBC6AF09C88C6E3)
		b = mum(b^ws[i], 0x589965CC75374CC3)
	}
	return stateKey{fmix(a), fmix(b ^ uint64(len(ws))<<32)}
}

// mum folds the 128-bit product of x and y into 64 bits.
func mum(x, y uint64) uint64 {
	hi, lo := bits.Mul64(x, y)
	return hi ^ lo
}

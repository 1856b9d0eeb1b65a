package statekey

import (
	"math/bits"
	"slices"

	"lockstep/sim"
	"lockstep/sim/hb"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// The happens-before part of a key (see Key): for each live plain
// cell, its last write and its last reads, each as the thread that made it
// and the set of clocks that cover it. Only clocks that can still flow
// count: those of threads that may move again, of atomic cells, and of
// wakeups pending in run queues. An access they all cover can never race
// again, and is left out like an access that never happened.
//
// The holders of clocks, raw: thread t is holder t, the atomic cell of
// slot j is holder n+j, coroutine c's wakeup is holder n+atomics+c. A
// cache keeps the accesses in cell order (see Keyer.cellRank): the cells
// no member owns, then each member's, so that a member's accesses are
// together and in the same order for every member of its group.

// holderClock is component u of raw holder h's clock in cl.
func (k *Keyer) holderClock(cl hb.Clocks, h, u int) uint32 {
	n := k.n
	switch na := len(k.atomics); {
	case h < n:
		return cl.Threads[h*n+u]
	case h < n+na:
		return cl.Release[(h-n)*n+u]
	default:
		return cl.Wakeup[(h-n-na)*n+u]
	}
}

// holderRow is raw holder h's clock in cl.
func (k *Keyer) holderRow(cl hb.Clocks, h int) []uint32 {
	n, rows := k.n, cl.Threads
	switch na := len(k.atomics); {
	case h >= n+na:
		rows, h = cl.Wakeup, h-n-na
	case h >= n:
		rows, h = cl.Release, h-n
	}
	return rows[h*n : (h+1)*n]
}

// coverage is the set of raw holders whose clocks cover an access by
// thread u at clock c.
func (k *Keyer) coverage(m *sim.Machine, u int, c uint32) uint64 {
	var mask uint64
	n, na, cl := k.n, len(k.atomics), m.Clocks()
	for h := range n {
		if cl.Threads[h*n+u] >= c {
			mask |= 1 << h
		}
	}
	for j := range na {
		if cl.Release[j*n+u] >= c {
			mask |= 1 << (n + j)
		}
	}
	for x := range len(k.threadOf) {
		if cl.Wakeup[x*n+u] >= c {
			mask |= 1 << (n + na + x)
		}
	}
	return mask
}

// appendAccesses appends plain slot s's accesses in m, with their coverage;
// none when the cell is dead (a live cell's are all a key counts).
func (k *Keyer) appendAccesses(acc []access, m *sim.Machine, s int32) []access {
	if !m.ObjectLive(int(k.cellObj[k.plainAddr[s]])) {
		return acc
	}
	n := k.n
	r := k.cellRank[s]
	if w := m.LastWrites()[s]; w.Thread() >= 0 {
		acc = append(acc, access{slot: s, rank: r, reader: -1, thread: int16(w.Thread()), clock: w.Clock(),
			mask: k.coverage(m, w.Thread(), w.Clock())})
	}
	for u, e := range m.LastReads()[int(s)*n : int(s+1)*n] {
		if e.Thread() >= 0 {
			acc = append(acc, access{slot: s, rank: r, reader: int16(u), thread: int16(e.Thread()), clock: e.Clock(),
				mask: k.coverage(m, e.Thread(), e.Clock())})
		}
	}
	return acc
}

// fillAccesses lists every access of m, in cell order.
func (k *Keyer) fillAccesses(acc []access, m *sim.Machine) []access {
	acc = acc[:0]
	for _, s := range k.cellOrder {
		acc = k.appendAccesses(acc, m, s)
	}
	return acc
}

// advanceAccesses derives c's accesses from prev's, for child, which one
// step turned parent into: the accesses of the slots in changed are read
// again; the others keep theirs, with the coverage by the holders in
// holders whose clocks changed brought up to date.
func (k *Keyer) advanceAccesses(c, prev *keyCache, parent, child *sim.Machine, holders uint64, changed []int32) {
	before, after := parent.Clocks(), child.Clocks()
	// A thread's own tick changes no coverage: it covers its own accesses
	// already, and no other's at that component.
	for hs := holders; hs != 0; hs &= hs - 1 {
		h := bits.TrailingZeros64(hs)
		a, b := k.holderRow(before, h), k.holderRow(after, h)
		same := true
		for i := range a {
			if a[i] != b[i] && i != h {
				same = false
				break
			}
		}
		if same {
			holders &^= 1 << h
		}
	}
	// In cell order, without repeats (a few at most).
	for i := 1; i < len(changed); i++ {
		for j := i; j > 0 && k.cellRank[changed[j]] < k.cellRank[changed[j-1]]; j-- {
			changed[j], changed[j-1] = changed[j-1], changed[j]
		}
	}
	changed = slices.Compact(changed)
	acc := c.acc[:0]
	i := 0
	for _, s := range changed {
		// prev's accesses before slot s's carry over; slot s's, all of
		// one rank, are read again.
		r, j := k.cellRank[s], i
		for j < len(prev.acc) && prev.acc[j].rank < r {
			j++
		}
		acc = k.carry(acc, prev.acc[i:j], after, holders)
		for j < len(prev.acc) && prev.acc[j].slot == s {
			j++
		}
		acc = k.appendAccesses(acc, child, s)
		i = j
	}
	c.acc = k.carry(acc, prev.acc[i:], after, holders)
}

// carry appends the accesses of run, kept from the state before a step,
// to acc, with their coverage by the holders in holders brought up to
// date from the clocks after it.
func (k *Keyer) carry(acc, run []access, after hb.Clocks, holders uint64) []access {
	at := len(acc)
	acc = append(acc, run...)
	if holders == 0 {
		return acc
	}
	for i := at; i < len(acc); i++ {
		e := &acc[i]
		for hs := holders; hs != 0; hs &= hs - 1 {
			h := bits.TrailingZeros64(hs)
			if k.holderClock(after, h, int(e.thread)) >= e.clock {
				e.mask |= 1 << h
			} else {
				e.mask &^= 1 << h
			}
		}
	}
	return acc
}

// encodeAccesses appends the canonical happens-before state from c's
// accesses: the accesses of live cells that some clock still able to flow
// does not cover, those of cells no member owns first, then each member's
// in canonical order (each run after its length), each access as its cell
// (its place among its owner's cells), kind and canonical thread, and the
// canonical set of the clocks that cover it. The release clocks of private
// atomic cells do not count, and a thread about to acquire from a cell
// covers what the cell's release clock covers (see the acquire package).
// What does not depend on the renaming is worked out once per state (see
// prepareAccesses).
func (k *Keyer) encodeAccesses(m *sim.Machine, c *keyCache, out []uint64) []uint64 {
	if k.prepared != c || k.preparedFor != m {
		k.prepareAccesses(m, c)
	}
	k.canonicalBits()
	out = k.appendRun(out, c.acc[:k.sharedAcc], k.counted[:k.sharedAcc])
	for _, g := range k.groups {
		for _, slot := range g.members {
			at := k.accAt[k.src[slot]]
			out = k.appendRun(out, c.acc[at[0]:at[1]], k.counted[at[0]:at[1]])
		}
	}
	return out
}

// prepareAccesses works out, for m and its cache c, what encodeAccesses
// writes that is the same under every renaming: per access, its coverage
// by the holders that count (counted, or incl itself for an access they
// all cover, which is left out); where each member's accesses are
// (accAt), and how many are of cells no member owns (sharedAcc). It holds
// until the next state is keyed, for the twin checks of this one (see
// twins).
func (k *Keyer) prepareAccesses(m *sim.Machine, c *keyCache) {
	n, na := k.n, len(k.atomics)
	// The holders that count.
	var incl uint64
	for t := range n {
		if len(m.Stack(t)) > 0 || len(m.Queue(t)) > 0 {
			incl |= 1 << t
		}
	}
	for _, a := range k.atomics {
		if !k.sync.Private(a) {
			incl |= 1 << (n + int(k.cellSlot[a]))
		}
	}
	for x := range len(k.threadOf) {
		switch m.Coroutine(x).Status() {
		case outcome.Done:
			continue
		case outcome.Runnable:
			incl |= 1 << (n + na + x)
		}
		incl |= 1 << k.threadOf[x]
	}
	k.acquiring(c)
	counted := k.counted[:0]
	for i := range c.acc {
		mask := c.acc[i].mask
		for _, a := range k.acq {
			if mask&a.holder != 0 {
				mask |= a.threads
			}
		}
		counted = append(counted, mask&incl)
	}
	k.counted, k.incl = counted, incl
	// Where each member's accesses are.
	for _, x := range k.members {
		k.accAt[x] = [2]int32{}
	}
	shared := 0
	for i := len(c.acc) - 1; i >= 0; i-- {
		o := k.cellOwner[c.acc[i].slot]
		if o < 0 {
			shared = i + 1
			break
		}
		if k.accAt[o][1] == 0 {
			k.accAt[o][1] = int32(i + 1)
		}
		k.accAt[o][0] = int32(i)
	}
	k.sharedAcc = shared
	k.prepared, k.preparedFor = c, m
}

// appendRun appends the count and then the accesses of run, which are in
// cell order and of one owner (see encodeAccesses), each with its
// coverage by the holders that count (see prepareAccesses).
func (k *Keyer) appendRun(out []uint64, run []access, counted []uint64) []uint64 {
	at := len(out)
	out = append(out, 0)
	reads := k.reads[:0]
	incl := k.incl
	for i := range run {
		e := &run[i]
		if mask := counted[i]; mask != incl {
			tag := uint64(k.cellLocal[e.slot]) << 40
			if e.reader < 0 {
				out = k.appendAccess(out, tag|1<<32|uint64(k.tren[e.thread]), mask)
			} else {
				// The last reads of a cell, in canonical thread order
				// (a few at most).
				reads = append(reads, taggedAccess{tag | 2<<32 | uint64(k.tren[e.reader]), mask})
				for j := len(reads) - 1; j > 0 && reads[j].tag < reads[j-1].tag; j-- {
					reads[j], reads[j-1] = reads[j-1], reads[j]
				}
			}
		}
		if len(reads) > 0 && (i+1 == len(run) || run[i+1].slot != e.slot) {
			for _, r := range reads {
				out = k.appendAccess(out, r.tag, r.raw)
			}
			reads = reads[:0]
		}
	}
	k.reads = reads
	out[at] = uint64(len(out)-at-1) / 2
	return out
}

// taggedAccess is an access to encode: its tag and its coverage by the
// holders that count, raw.
type taggedAccess struct{ tag, raw uint64 }

// appendAccess appends an access's tag and its coverage, renamed.
func (k *Keyer) appendAccess(out []uint64, tag, raw uint64) []uint64 {
	var mask uint64
	for ; raw != 0; raw &= raw - 1 {
		mask |= 1 << k.cbit[bits.TrailingZeros64(raw)]
	}
	return append(out, tag, mask)
}

// canonicalBits fills cbit: each raw holder's bit in a canonical coverage
// set (atomic cells no member owns keep theirs, see New).
func (k *Keyer) canonicalBits() {
	n, na := k.n, len(k.atomics)
	for t := range n {
		k.cbit[t] = uint8(k.tren[t])
	}
	for _, a := range k.memberAtomics {
		k.cbit[n+int(k.cellSlot[a])] = uint8(n + int(k.cellSlot[k.rename(a)]))
	}
	for x := range k.ren {
		k.cbit[n+na+x] = uint8(n + na + k.ren[x])
	}
}

// claimOf is the atomic cell thread t of m will acquire from first when it
// next moves (see the acquire package), or 0.
func (k *Keyer) claimOf(m *sim.Machine, t int) program.Word {
	stack := m.Stack(t)
	if len(stack) == 0 {
		return 0
	}
	co := m.Coroutine(int(stack[len(stack)-1]))
	return k.sync.Claim(co.Op(), co.PC())
}

// acquiring lists, from c's claims, for each atomic cell that threads will
// acquire from first when they next move, the threads that will: the
// coverage of such a thread counts that of the cell's release clock.
func (k *Keyer) acquiring(c *keyCache) {
	k.acq = k.acq[:0]
	for t, x := range c.claims {
		if x == 0 {
			continue
		}
		h := uint64(1) << (k.n + int(k.cellSlot[x]))
		i := 0
		for i < len(k.acq) && k.acq[i].holder != h {
			i++
		}
		if i == len(k.acq) {
			k.acq = append(k.acq, acquiringThreads{holder: h})
		}
		k.acq[i].threads |= 1 << t
	}
}

// acquiringThreads is one atomic cell's holder bit and the threads that
// will acquire from it first when they next move.
type acquiringThreads struct{ holder, threads uint64 }

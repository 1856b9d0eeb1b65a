package statekey

import (
	"slices"

	"lockstep/sim"
	"lockstep/sim/outcome"
)

// clocksWide appends the canonical happens-before state, computed from
// scratch, for programs with more than 64 holders or coroutines, whose
// coverage sets do not fit a word (see encodeAccesses; the encoding
// differs, but a search keys every state of a program one way).
func (k *Keyer) clocksWide(m *sim.Machine, out []uint64) []uint64 {
	n := k.n
	k.holdersOf(m)
	for _, a := range k.plains {
		s := k.srcAddr(a)
		if !m.ObjectLive(int(k.cellObj[s])) {
			continue
		}
		slot := int(k.cellSlot[s])
		if w := m.LastWrites()[slot]; w.Thread() >= 0 {
			out = k.coverageWide(m, out, 1<<32|uint64(k.tren[w.Thread()]), w.Thread(), w.Clock())
		}
		out = append(out, 0)
		// The last reads, in canonical thread order (a few at most).
		rs := m.LastReads()[slot*n : (slot+1)*n]
		k.readers = k.readers[:0]
		for u := range rs {
			if rs[u].Thread() >= 0 {
				k.readers = append(k.readers, u)
			}
		}
		if len(k.readers) > 1 {
			slices.SortFunc(k.readers, func(a, b int) int { return k.tren[a] - k.tren[b] })
		}
		for _, u := range k.readers {
			out = k.coverageWide(m, out, 2<<32|uint64(k.tren[u]), u, rs[u].Clock())
		}
	}
	return out
}

// holdersOf lists the clocks that may still flow into a thread, in
// canonical order, with their bits.
func (k *Keyer) holdersOf(m *sim.Machine) {
	n := k.n
	clear(k.alive)
	for t := range n {
		k.alive[t] = len(m.Stack(t)) > 0 || len(m.Queue(t)) > 0
	}
	for c := range len(k.threadOf) {
		if m.Coroutine(c).Status() != outcome.Done {
			k.alive[k.threadOf[c]] = true
		}
	}
	k.hoff, k.hbit, k.hacq = k.hoff[:0], k.hbit[:0], k.hacq[:0]
	// Offsets into one index space: vc, then rel, then wake. A thread
	// about to acquire from a cell also has that cell's release clock
	// (hacq, an offset into rel; -1 for none: see the acquire package).
	cl := m.Clocks()
	relBase, wakeBase := len(cl.Threads), len(cl.Threads)+len(cl.Release)
	bit := 0
	for t := range n {
		if s := k.tsrc[t]; k.alive[s] {
			k.hoff = append(k.hoff, s*n)
			k.hbit = append(k.hbit, bit)
			acq := -1
			if stack := m.Stack(s); len(stack) > 0 {
				co := m.Coroutine(int(stack[len(stack)-1]))
				if x := k.sync.Claim(co.Op(), co.PC()); x != 0 {
					acq = int(k.cellSlot[x]) * n
				}
			}
			k.hacq = append(k.hacq, acq)
		}
		bit++
	}
	for _, a := range k.atomics {
		if s := k.srcAddr(a); !k.sync.Private(s) {
			k.hoff = append(k.hoff, relBase+int(k.cellSlot[s])*n)
			k.hbit = append(k.hbit, bit)
			k.hacq = append(k.hacq, -1)
		}
		bit++
	}
	for c := range len(k.threadOf) {
		if s := k.src[c]; m.Coroutine(s).Status() == outcome.Runnable {
			k.hoff = append(k.hoff, wakeBase+s*n)
			k.hbit = append(k.hbit, bit)
			k.hacq = append(k.hacq, -1)
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
func (k *Keyer) column(m *sim.Machine, u int) []uint32 {
	h := len(k.hoff)
	col := k.cols[u*h : (u+1)*h]
	if u < 64 && k.colDone&(1<<u) != 0 {
		return col
	}
	cl := m.Clocks()
	relBase, wakeBase := len(cl.Threads), len(cl.Threads)+len(cl.Release)
	for i, off := range k.hoff {
		switch {
		case off < relBase:
			col[i] = cl.Threads[off+u]
		case off < wakeBase:
			col[i] = cl.Release[off-relBase+u]
		default:
			col[i] = cl.Wakeup[off-wakeBase+u]
		}
		if x := k.hacq[i]; x >= 0 {
			col[i] = max(col[i], cl.Release[x+u])
		}
	}
	if u < 64 {
		k.colDone |= 1 << u
	}
	return col
}

// coverageWide appends an access's tag and the set of clocks that cover it
// (whose component for thread u is at least c), unless they all do.
func (k *Keyer) coverageWide(m *sim.Machine, out []uint64, tag uint64, u int, c uint32) []uint64 {
	start := len(out)
	out = append(out, tag)
	for range (k.holders + 63) / 64 {
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

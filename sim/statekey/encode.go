package statekey

import (
	"slices"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// finish chooses m's renaming and returns the hash of its encoding: what
// no member owns as it is, renamed; each member, in canonical order, as its
// block's hash and the members the block names, renamed; whether a race
// was seen; and the happens-before state. c holds m's member blocks and
// accesses.
func (k *Keyer) finish(m *sim.Machine, c *keyCache) Key {
	k.ranks(m)
	k.chooseRenaming(m, c)
	k.prepared = nil // a new state: its accesses are prepared again
	k.out = k.encode(m, c, k.out[:0])
	return hashWords(k.out)
}

// encode appends m's encoding under the chosen renaming to out.
func (k *Keyer) encode(m *sim.Machine, c *keyCache, out []uint64) []uint64 {
	p, mem := k.p, m.Memory()
	for _, o := range k.sharedObjs {
		if !m.ObjectLive(o) {
			out = append(out, 0)
			continue
		}
		out = append(out, 1)
		ob := &p.Objects[o]
		for a := ob.Base; a < ob.Base+ob.Size; a++ {
			out = append(out, k.valueAs(k.cellTag[a], mem[a]))
		}
	}
	for _, t := range k.freeThreads {
		stack, queue := m.Stack(t), m.Queue(t)
		out = append(out, uint64(len(stack))<<32|uint64(len(queue)))
		for _, x := range stack {
			out = append(out, uint64(k.ren[x]))
		}
		for _, x := range queue {
			out = append(out, uint64(k.ren[x]))
		}
	}
	for _, x := range k.freeCoros {
		out = k.appendCoroutine(out, m, x)
	}
	for _, g := range k.groups {
		for _, slot := range g.members {
			s := k.src[slot]
			out = append(out, c.sig[s][0], c.sig[s][1])
			for _, r := range c.refs[s] {
				out = append(out, uint64(k.ren[r]))
			}
		}
	}
	var racy uint64
	if m.Raced() {
		racy = 1
	}
	out = append(out, racy)
	out = k.appendFences(m, out)
	if k.wide {
		return k.clocksWide(m, out)
	}
	return k.encodeAccesses(m, c, out)
}

// appendFences appends the fence clocks of a program that fences (see
// hb.Clocks.Fence), renamed, as they are: a fence program is small, and
// its clocks flow into every later write and acquire of its thread.
func (k *Keyer) appendFences(m *sim.Machine, out []uint64) []uint64 {
	f := m.Clocks().Fence
	if f == nil {
		return out
	}
	n := k.n
	for half := range 2 {
		for u := range n {
			row := f[(half*n+k.tsrc[u])*n:]
			for v := range n {
				out = append(out, uint64(row[k.tsrc[v]]))
			}
		}
	}
	return out
}

// twins reports whether swapping members x and y, of one group, with
// their threads and objects, maps m onto itself: m's encoding under the
// renaming finish last chose for it (k.out) is the same under that
// renaming after the swap. Then the steps of x's and y's threads lead to
// symmetric states. A state with a pinned member is never said to be.
func (k *Keyer) twins(m *sim.Machine, c *keyCache, x, y int) bool {
	if c.sig[x] != c.sig[y] || k.coroGroup[x] != k.coroGroup[y] || k.coroGroup[x] < 0 {
		return false
	}
	for _, g := range k.groups {
		for _, z := range g.members {
			if k.pinned[z] {
				return false
			}
		}
	}
	k.swapRenaming(x, y)
	k.alt = k.encode(m, c, k.alt[:0])
	k.swapRenaming(x, y)
	return slices.Equal(k.alt, k.out)
}

// swapRenaming composes the renaming with the swap of members x and y.
func (k *Keyer) swapRenaming(x, y int) {
	jx, jy := k.ren[x], k.ren[y]
	k.ren[x], k.ren[y] = jy, jx
	k.src[jx], k.src[jy] = y, x
	tx, ty := k.threadOf[x], k.threadOf[y]
	ux, uy := k.tren[tx], k.tren[ty]
	k.tren[tx], k.tren[ty] = uy, ux
	k.tsrc[ux], k.tsrc[uy] = ty, tx
}

// appendCoroutine appends the control state of coroutine x, which is in no
// group, renamed.
func (k *Keyer) appendCoroutine(out []uint64, m *sim.Machine, x int) []uint64 {
	co := m.Coroutine(x)
	if co.Status() == outcome.Done {
		return append(out, uint64(outcome.Done))
	}
	out = append(out, uint64(co.Status())|uint64(uint16(co.Op()))<<8|uint64(uint32(co.PC()))<<24|
		flags(co.Started(), co.Dropped(), co.Opened() && co.Registered(), co.Holder(), co.Registered(), co.SawOpen(), co.Suspending())<<56,
		uint64(uint16(co.IP()))|uint64(k.semRank[x])<<16|uint64(k.lockRank[x])<<40,
		co.Arg(), co.Loop(0), co.Loop(1), k.rename(co.SemWait()), k.rename(co.SpinAddr()), co.SpinSeen(), k.rename(co.Inlined()))
	live := k.liveMask(co)
	var kinds uint64
	for i := range program.NumLocals {
		switch {
		case live&(1<<i) == 0:
		case k.isDoomed(m, co, i):
			out = append(out, codeDoomed)
		default:
			out = append(out, k.valueAs(co.LocalKind(i), co.Local(i)))
			kinds |= uint64(co.LocalKind(i)) << (8 * i)
		}
	}
	return append(out, kinds)
}

package statekey

import (
	"math/bits"

	"lockstep/sim"
	"lockstep/sim/program"
)

// The canonical renaming: which member of a group goes to which place.

// chooseRenaming chooses the renaming for m, whose members' block hashes
// are in c: src and ren for coroutines, tsrc and tren for threads (the
// identity outside the groups). Within a group the members are sorted by
// block hash, then by their place in the waiter lists; when that leaves
// tied members that name others or are named, again on signatures refined
// along the names (see refine). Pinned members stay where they are.
func (k *Keyer) chooseRenaming(m *sim.Machine, c *keyCache) {
	if len(k.groups) == 0 {
		return
	}
	if k.wide {
		k.pin(m)
	} else {
		var pins uint64
		for _, p := range c.pins {
			pins |= p
		}
		clear(k.pinned)
		for ; pins != 0; pins &= pins - 1 {
			k.pinned[bits.TrailingZeros64(pins)] = true
		}
	}
	k.listPositions(m)
	for _, x := range k.members {
		k.rsig[x] = c.sig[x][0]
	}
	k.sortMembers(c)
	if k.tiesNamed(c) {
		// Only the tied members move: the first keys are unchanged.
		k.refine(c)
		k.sortMembers(c)
	}
}

// sortEntry is a member's place in sortMembers' order: its block hash,
// its place in the waiter lists, its refined signature, and the member.
type sortEntry struct {
	a, b, list, sig uint64
	x               int
}

// less reports whether e sorts before f: by block hash, then place in
// the waiter lists, then refined signature (the block hash too until
// refine has run).
func (e *sortEntry) less(f *sortEntry) bool {
	switch {
	case e.a != f.a:
		return e.a < f.a
	case e.b != f.b:
		return e.b < f.b
	case e.list != f.list:
		return e.list < f.list
	}
	return e.sig < f.sig
}

// sortMembers chooses the renaming by sorting each group's members that
// are not pinned (see sortEntry.less), ties in member order; pinned
// members stay where they are.
func (k *Keyer) sortMembers(c *keyCache) {
	for _, g := range k.groups {
		o := k.sorted[:0]
		for _, x := range g.members {
			if !k.pinned[x] {
				o = append(o, sortEntry{a: c.sig[x][0], b: c.sig[x][1], list: k.listPos[x], sig: k.rsig[x], x: x})
			}
		}
		// Insertion sort, stable: groups are small.
		for i := 1; i < len(o); i++ {
			e := o[i]
			j := i
			for ; j > 0 && e.less(&o[j-1]); j-- {
				o[j] = o[j-1]
			}
			o[j] = e
		}
		k.sorted = o
		j := 0
		for _, slot := range g.members {
			from := slot
			if !k.pinned[slot] {
				from = o[j].x
				j++
			}
			k.src[slot] = from
			k.ren[from] = slot
			ts, tf := k.threadOf[slot], k.threadOf[from]
			k.tsrc[ts] = tf
			k.tren[tf] = ts
		}
	}
}

// tiesNamed reports whether the sort left members tied (the same
// signature and list place) of which one names a member or is named by
// one: refine may then tell them apart. Whether it does is the same
// under every renaming of the state.
func (k *Keyer) tiesNamed(c *keyCache) bool {
	named := false
	for _, x := range k.members {
		if len(c.refs[x]) > 0 {
			named = true
			break
		}
	}
	if !named {
		return false
	}
	clear(k.isNamed)
	for _, x := range k.members {
		for _, r := range c.refs[x] {
			k.isNamed[r] = true
		}
	}
	for _, g := range k.groups {
		for i := 1; i < len(g.members); i++ {
			a, b := k.src[g.members[i-1]], k.src[g.members[i]]
			if k.pinned[a] || k.pinned[b] || c.sig[a] != c.sig[b] || k.listPos[a] != k.listPos[b] {
				continue
			}
			if len(c.refs[a]) > 0 || len(c.refs[b]) > 0 || k.isNamed[a] || k.isNamed[b] {
				return true
			}
		}
	}
	return false
}

// refineRounds is how many times refine passes signatures along refs: a
// chain of members that name each other is told apart up to this depth
// from its ends.
const refineRounds = 3

// refine computes each member's sort signature (rsig): its block hash,
// refined refineRounds times by the signatures of the members its block
// names, in the order it names them, and of the members that name it, in
// any order. Only names, not numbers, go in, so the signature of a member
// is the same under every renaming: members whose blocks are alike but
// that sit at different places of a chain (a waiter list taken off the
// primitive, a worker walking it) sort apart, and the renaming of a state
// no longer depends on how its members were numbered. The signature only
// orders members (the key encodes the whole renamed state), so a cheap
// 64-bit mix does: two members it fails to tell apart only stay tied.
func (k *Keyer) refine(c *keyCache) {
	for _, x := range k.members {
		k.rsig[x] = c.sig[x][0]
	}
	for range refineRounds {
		for _, x := range k.members {
			k.rin[x] = 0
		}
		for _, y := range k.members {
			for i, r := range c.refs[y] {
				k.rin[r] += mix64(k.rsig[y] + uint64(i+1)*hashPrime3)
			}
		}
		for _, x := range k.members {
			v := k.rsig[x] ^ k.rin[x]*hashPrime4
			for _, r := range c.refs[x] {
				v = bits.RotateLeft64(v, 23)*hashPrime1 + k.rsig[r]
			}
			k.rnext[x] = mix64(v)
		}
		for _, x := range k.members {
			k.rsig[x] = k.rnext[x]
		}
	}
}

// mix64 is a cheap bijective mix of one word (the finalizer of
// splitmix64).
func mix64(x uint64) uint64 {
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// pinsOf is the set of members whose addresses an untyped live local of
// coroutine x might hold (members numbered below 64).
func (k *Keyer) pinsOf(m *sim.Machine, x int) uint64 {
	co := m.Coroutine(x)
	live := k.liveMask(co)
	if live == 0 {
		return 0
	}
	var pins uint64
	na := program.Word(len(k.addrCoro))
	for i := range program.NumLocals {
		if live&(1<<i) == 0 || co.LocalKind(i) != 0 {
			continue
		}
		v := co.Local(i)
		if lo := v & 0xffffffff; lo < na && k.addrCoro[lo] >= 0 {
			pins |= 1 << k.addrCoro[lo]
		}
		if hi := v >> 32; hi < na && k.addrCoro[hi] >= 0 {
			pins |= 1 << k.addrCoro[hi]
		}
	}
	return pins
}

// pin marks the members whose addresses an untyped local might hold.
func (k *Keyer) pin(m *sim.Machine) {
	clear(k.pinned)
	na := program.Word(len(k.addrCoro))
	for x := range len(k.threadOf) {
		co := m.Coroutine(x)
		live := k.liveMask(co)
		for i := range program.NumLocals {
			if live&(1<<i) == 0 || co.LocalKind(i) != 0 {
				continue // dead, or typed: renamed by kind, like a cell
			}
			v := co.Local(i)
			if lo := v & 0xffffffff; lo < na && k.addrCoro[lo] >= 0 {
				k.pinned[k.addrCoro[lo]] = true
			}
			if hi := v >> 32; hi < na && k.addrCoro[hi] >= 0 {
				k.pinned[k.addrCoro[hi]] = true
			}
		}
	}
}

// listPositions finds each member's place in the primitive's waiter lists,
// counted from the tail, so that a push leaves the others' places as they
// are.
func (k *Keyer) listPositions(m *sim.Machine) {
	clear(k.listPos)
	mem := m.Memory()
	for li, l := range k.p.Facts.Lists {
		start := len(k.order)
		a := l.Head(m.PeekFunc())
		for depth := 1; a != 0 && depth <= len(k.threadOf); depth++ {
			if a >= program.Word(len(k.addrCoro)) {
				break
			}
			c := k.addrCoro[a]
			if c < 0 || k.addrRole[a] != roleAwaiter || k.addrOff[a] != 0 || !m.ObjectLive(k.obj[c][roleAwaiter]) {
				break
			}
			k.order = append(k.order, c)
			a = mem[a+program.FieldNext]
		}
		list := k.order[start:]
		for i, c := range list {
			if k.listPos[c] == 0 {
				k.listPos[c] = uint64(li+1)<<32 | uint64(len(list)-i)
			}
		}
		k.order = k.order[:start]
	}
}

// ranks computes each coroutine's place among the semaphore waiters and
// among the parked lock waiters (0: none).
func (k *Keyer) ranks(m *sim.Machine) {
	if k.ranked {
		clear(k.semRank)
		clear(k.lockRank)
		k.ranked = false
	}
	if !m.Queued() {
		return
	}
	for i := range len(k.threadOf) {
		co := m.Coroutine(i)
		if co.SemWait() == 0 && co.LockSeq() == 0 {
			continue
		}
		for j := range len(k.threadOf) {
			o := m.Coroutine(j)
			if co.SemWait() != 0 && o.SemWait() != 0 && o.SemSeq() <= co.SemSeq() {
				k.semRank[i]++
				k.ranked = true
			}
			if co.LockSeq() != 0 && o.LockSeq() != 0 && o.LockSeq() <= co.LockSeq() {
				k.lockRank[i]++
				k.ranked = true
			}
		}
	}
}

// rename maps an address through the chosen renaming.
func (k *Keyer) rename(v program.Word) program.Word {
	if v >= program.Word(len(k.addrCoro)) {
		return v
	}
	c := k.addrCoro[v]
	if c < 0 {
		return v
	}
	return k.base[k.ren[c]][k.addrRole[v]] + k.addrOff[v]
}

// srcAddr is the address whose content appears at canonical address a.
func (k *Keyer) srcAddr(a program.Word) program.Word {
	c := k.addrCoro[a]
	if c < 0 {
		return a
	}
	return k.base[k.src[c]][k.addrRole[a]] + k.addrOff[a]
}

// valueAs renames v, a value of kind tag-1; tag 0 (an untyped local) is
// left as it is: the members it might name are pinned.
func (k *Keyer) valueAs(tag uint8, v program.Word) program.Word {
	if tag == 0 {
		return v
	}
	switch program.CellKind(tag - 1) {
	case program.Pointer, program.Handle, program.Context:
		return k.rename(v)
	case program.PairCountHead:
		return v&^0xffffffff | k.rename(v&0xffffffff)
	}
	return v
}

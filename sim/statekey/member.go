package statekey

import (
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// Member blocks: everything a state holds of one member of a symmetric
// group, written without naming any renamable coroutine (see Key).
//
// A block is a sequence of words. A value that may name a member's object
// (a Pointer, Handle or Context cell, the low half of a PairCountHead cell,
// a typed local) is written as a member code when it does, and a member
// code never reads as a plain value: plain values whose top 16 bits are all
// set are written after the escape word ^0. The members named, other than
// the block's own, are listed apart, in the order their codes appear (the
// block's refs). The block's hash and its refs, renamed, then say all the
// block does: the code says which object of a member and where in it, the
// ref says which member.

const (
	codeMark   = program.Word(0xFFFF) << 48 // the top 16 bits of a member code
	codeEscape = ^program.Word(0)           // the next word is a plain value
	codeDoomed = ^program.Word(1)           // a stale snapshot (see doomedModel)
)

// isDoomed reports whether local i of co, live, holds a stale snapshot
// the key leaves out (see doomedModel).
func (k *Keyer) isDoomed(m *sim.Machine, co sim.CoroutineView, i int) bool {
	return k.doom != nil && k.doom.doomed(m, co.Op(), co.PC(), i, co.Local(i))
}

// memberBlock writes member c's block, appends the members it names to
// k.refs, and returns the block's hash. The ranks (see ranks) must be
// those of m.
func (k *Keyer) memberBlock(m *sim.Machine, c int) Key {
	b := k.block[:0]
	co := m.Coroutine(c)
	if co.Status() == outcome.Done {
		b = append(b, uint64(outcome.Done))
	} else {
		b = append(b, uint64(co.Status())|uint64(uint16(co.Op()))<<8|uint64(uint32(co.PC()))<<24|
			flags(co.Started(), co.Dropped(), co.Opened() && co.Registered(), co.Holder(), co.Registered(), co.SawOpen(), co.Suspending())<<56,
			uint64(uint16(co.IP()))|uint64(k.semRank[c])<<16|uint64(k.lockRank[c])<<40,
			co.Arg(), co.Loop(0), co.Loop(1))
		b = k.abstractValue(b, uint8(program.Pointer)+1, co.SemWait(), c)
		b = k.abstractValue(b, uint8(program.Pointer)+1, co.SpinAddr(), c)
		b = append(b, co.SpinSeen())
		b = k.abstractValue(b, uint8(program.Pointer)+1, co.Inlined(), c)
		live := k.liveMask(co)
		var kinds uint64
		for i := range program.NumLocals {
			switch {
			case live&(1<<i) == 0:
			case k.isDoomed(m, co, i):
				b = append(b, codeDoomed)
			default:
				b = k.abstractValue(b, co.LocalKind(i), co.Local(i), c)
				kinds |= uint64(co.LocalKind(i)) << (8 * i)
			}
		}
		b = append(b, kinds)
	}
	mem := m.Memory()
	for r := range numRoles {
		o := k.obj[c][r]
		if !m.ObjectLive(o) {
			b = append(b, 0)
			continue
		}
		b = append(b, 1)
		ob := &k.p.Objects[o]
		for a := ob.Base; a < ob.Base+ob.Size; a++ {
			b = k.abstractValue(b, k.cellTag[a], mem[a], c)
		}
	}
	stack, queue := m.Stack(k.threadOf[c]), m.Queue(k.threadOf[c])
	b = append(b, uint64(len(stack))<<32|uint64(len(queue)))
	for _, s := range stack {
		b = k.coroutineRef(b, int(s), c)
	}
	for _, s := range queue {
		b = k.coroutineRef(b, int(s), c)
	}
	k.block = b
	return hashWords(b)
}

// coroutineRef writes coroutine s as seen from member c: itself, a member
// of a group (which one goes to the refs), or s itself.
func (k *Keyer) coroutineRef(b []uint64, s, c int) []uint64 {
	switch {
	case s == c:
		return append(b, 1<<62)
	case k.coroGroup[s] >= 0:
		k.refs = append(k.refs, int32(s))
		return append(b, 1<<61|uint64(k.coroGroup[s]))
	}
	return append(b, uint64(s))
}

// abstractValue writes v, a value of kind tag-1 (tag 0: an untyped local,
// written as it is: the members it might name are pinned), in member c's
// block.
func (k *Keyer) abstractValue(b []uint64, tag uint8, v program.Word, c int) []uint64 {
	if tag != 0 {
		switch program.CellKind(tag - 1) {
		case program.Pointer, program.Handle, program.Context:
			if v < program.Word(len(k.addrCoro)) && k.addrCoro[v] >= 0 {
				return append(b, k.memberCode(v))
			}
		case program.PairCountHead:
			lo := v & 0xffffffff
			b = append(b, v>>32)
			if lo < program.Word(len(k.addrCoro)) && k.addrCoro[lo] >= 0 {
				return append(b, k.memberCode(lo))
			}
			v = lo
		}
	}
	if v&codeMark == codeMark {
		return append(b, codeEscape, v)
	}
	return append(b, v)
}

// memberCode is the code of address a, in a member's object: the member's
// group, the object's role and the offset; the member goes to the refs.
func (k *Keyer) memberCode(a program.Word) program.Word {
	c := k.addrCoro[a]
	k.refs = append(k.refs, int32(c))
	return codeMark | program.Word(k.coroGroup[c])<<24 | program.Word(k.addrRole[a])<<16 | k.addrOff[a]
}

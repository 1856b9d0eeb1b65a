package statekey

import (
	"lockstep/sim/program"
	"slices"
)

// maxGroups bounds the groups whose members are renamed (member codes have
// 23 bits for the group).
const maxGroups = 1 << 23

// layout fills the per-address and per-object tables.
func (k *Keyer) layout() {
	p := k.p
	k.addrCoro = make([]int, len(p.Cells))
	k.addrRole = make([]uint8, len(p.Cells))
	k.addrOff = make([]program.Word, len(p.Cells))
	for a := range k.addrCoro {
		k.addrCoro[a] = -1
	}
	k.objCoro = make([]int, len(p.Objects))
	for o := range k.objCoro {
		k.objCoro[o] = -1
	}
	for _, g := range k.groups {
		for _, c := range g.members {
			for r := range numRoles {
				o := k.obj[c][r]
				k.objCoro[o] = c
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
	for o := range p.Objects {
		if k.objCoro[o] < 0 {
			k.sharedObjs = append(k.sharedObjs, o)
		}
	}
	for t := range k.n {
		if k.owner[t] < 0 {
			k.freeThreads = append(k.freeThreads, t)
		}
	}
	for c := range p.Coroutines {
		if k.coroGroup[c] < 0 {
			k.freeCoros = append(k.freeCoros, c)
		}
	}
	k.cellObj = make([]int32, len(p.Cells))
	k.cellSlot = make([]int32, len(p.Cells))
	k.cellTag = make([]uint8, len(p.Cells))
	_, plains := p.Slots()
	k.plainAddr = make([]program.Word, plains)
	for a := range p.Cells {
		c := &p.Cells[a]
		k.cellObj[a], k.cellSlot[a], k.cellTag[a] = int32(c.Object), int32(c.Slot), uint8(c.Kind)+1
		if program.Word(a) < program.FirstAddress {
			continue
		}
		if c.Atomic {
			k.atomics = append(k.atomics, program.Word(a))
		} else {
			k.plainAddr[c.Slot] = program.Word(a)
			k.plains = append(k.plains, program.Word(a))
		}
	}
	k.objectSlots = make([][]int32, len(p.Objects))
	for o, ob := range p.Objects {
		for a := ob.Base; a < ob.Base+ob.Size; a++ {
			if !p.Cells[a].Atomic {
				k.objectSlots[o] = append(k.objectSlots[o], int32(p.Cells[a].Slot))
			}
		}
	}
	for _, a := range k.atomics {
		if k.addrCoro[a] >= 0 {
			k.memberAtomics = append(k.memberAtomics, a)
		}
	}
	k.awaiterSlots = make([][]int32, len(p.Coroutines))
	for i, c := range p.Coroutines {
		ob := p.ObjectAt(c.Awaiter)
		for a := ob.Base; a < ob.Base+ob.Size; a++ {
			if !p.Cells[a].Atomic {
				k.awaiterSlots[i] = append(k.awaiterSlots[i], int32(p.Cells[a].Slot))
			}
		}
	}
	k.cellRank = make([]int32, plains)
	k.cellOwner = make([]int32, plains)
	k.cellLocal = make([]int32, plains)
	for _, a := range k.plains {
		if k.addrCoro[a] < 0 {
			s := k.cellSlot[a]
			k.cellRank[s], k.cellOwner[s], k.cellLocal[s] = int32(len(k.cellOrder)), -1, s
			k.cellOrder = append(k.cellOrder, s)
		}
	}
	for _, g := range k.groups {
		for _, c := range g.members {
			local := int32(0)
			for r := range numRoles {
				ob := &p.Objects[k.obj[c][r]]
				for a := ob.Base; a < ob.Base+ob.Size; a++ {
					if p.Cells[a].Atomic {
						continue
					}
					s := k.cellSlot[a]
					k.cellRank[s], k.cellOwner[s], k.cellLocal[s] = int32(len(k.cellOrder)), int32(c), local
					k.cellOrder = append(k.cellOrder, s)
					local++
				}
			}
		}
	}
	k.holders = k.n + len(k.atomics) + len(p.Coroutines)
	k.wide = k.holders > 64 || len(p.Coroutines) > 64
}

// symmetricGroup reports whether renaming the members of g maps the
// program onto itself: one script, a thread of its own each, and objects of
// one shape (small enough for member codes). Members that another
// coroutine starts (Spawned) or whose frames another owns (OwnedFrame) are
// not interchangeable: it starts them, and destroys their frames, in the
// order of their indices, which the key does not rename (when_all destroys
// C1's frame before C2's, so a state where C2 is still running and its
// mirror where C1 is have different futures).
func (k *Keyer) symmetricGroup(g []int, perThread []int) bool {
	p := k.p
	first := &p.Coroutines[g[0]]
	for _, c := range g {
		spec := &p.Coroutines[c]
		if !slices.Equal(spec.Script, first.Script) || perThread[spec.Thread] != 1 || spec.Spawned || spec.OwnedFrame {
			return false
		}
		for r := range numRoles {
			if !sameShape(p, k.obj[g[0]][r], k.obj[c][r]) || p.Objects[k.obj[c][r]].Size >= 1<<16 {
				return false
			}
		}
	}
	return true
}

// sameShape reports whether objects a and b have the same kind, size and
// cells.
func sameShape(p *program.Program, a, b int) bool {
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

// groups returns the coroutine indices of each group (CoroutineSpec.Group)
// with more than one member, sorted, in order of first appearance.
func groups(p *program.Program) [][]int {
	var order []string
	byName := map[string][]int{}
	for i, c := range p.Coroutines {
		if c.Group == "" {
			continue
		}
		if _, ok := byName[c.Group]; !ok {
			order = append(order, c.Group)
		}
		byName[c.Group] = append(byName[c.Group], i)
	}
	var out [][]int
	for _, g := range order {
		if m := byName[g]; len(m) > 1 {
			slices.Sort(m)
			out = append(out, m)
		}
	}
	return out
}

package sim

import "slices"

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
//     all cover can never race and counts as none. Of those clocks, the key
//     leaves out the release clocks of atomic cells private to one thread,
//     and counts a thread whose next step acquires from a cell as covering
//     what that cell's release clock covers (see syncModel).
//
// What it leaves out: the step count, the step at which a wait registered
// and anything else kept only for messages, and the step limit (a search
// reports a run that can go on forever as step-limit).
//
// Symmetry: the coroutines of a group (Program.Groups) run one script from
// one start, each on a thread of its own. Renaming members, with their
// threads, frames, awaiters and contexts, maps runs to runs. The key is the
// encoding of the state after one such renaming, chosen by sorting the
// members on a signature of their own state (the hash of their block, see
// memberBlock, then their place in the primitive's waiter lists), so
// symmetric states usually get one key. Soundness does not rest on the
// sort: the key encodes the whole renamed state, so two states with one key
// are each a renaming of the same state.
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
// The encoding writes what no member owns as it is, renamed; each member,
// in canonical order, as the 128-bit hash of its block and the members the
// block names, renamed (see memberBlock); and the happens-before state (see
// encodeAccesses). The key is a 128-bit hash of that encoding; the state
// cache keeps 96 bits of it (see stateStore). Two different states share a
// key only through a hash collision, with a probability of about 2^-96 per
// pair of states.
//
// A search computes keys incrementally along its path (see keyCache): a
// step changes the blocks of a few members and the coverage of a few
// accesses, and the rest carries over from the state before it. The key is
// the same as computed from scratch, which tests check after every step
// of whole searches.
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
	threadOf []int            // per coroutine: its thread
	owner    []int            // per thread: the member coroutine that owns it, or -1

	// What no member owns, written as it is (all of it without symmetry).
	sharedObjs  []int // objects, ascending
	freeThreads []int
	freeCoros   []int

	live *liveness  // which locals matter; nil: all of them
	sync *syncModel // how the program synchronizes; nil: nothing known
	// verify checks every key computed incrementally against the key
	// computed from scratch, and panics if they differ (tests).
	verify bool

	atomics []Word // atomic cell addresses, ascending
	plains  []Word // plain cell addresses, ascending
	// Per address, copied out of Program.Cells for speed: the object, the
	// slot among atomic or plain cells, and 1 + the kind.
	cellObj  []int32
	cellSlot []int32
	cellTag  []uint8
	// Per plain slot: its address; per coroutine, the plain slots of its
	// awaiter (written when the awaiter is constructed); per object, its
	// plain slots.
	plainAddr    []Word
	awaiterSlots [][]int32
	objectSlots  [][]int32
	// The atomic cells of the members' objects (renamed, see canonicalBits).
	memberAtomics []Word
	// Cell order, the order of a keyCache's accesses: per plain slot, its
	// place in that order, its owner (a member, or -1) and its place among
	// its owner's cells (its plain slot for no owner); and the slots in
	// that order.
	cellRank  []int32
	cellOwner []int32
	cellLocal []int32
	cellOrder []int32
	holders   int  // clocks that can cover an access: threads, atomics, coroutines
	wide      bool // more than 64 holders or coroutines: no incremental keys (see clocksWide)

	scratch *keyCache   // for keys computed from scratch
	levels  []*keyCache // one per depth of the search's path

	// scratch
	src, ren []int // canonical coroutine -> source, source -> canonical
	tsrc     []int // canonical thread -> source
	tren     []int // source thread -> canonical
	pinned   []bool
	listPos  []uint64
	order    []int
	out      []uint64
	alt      []uint64 // an encoding under another renaming (see twins)
	block    []uint64
	refs     []int32 // a member block's refs, while it is written
	semRank  []int
	lockRank []int
	ranked   bool // semRank and lockRank are not all zero
	cbit     []uint8
	acq      []acquiringThreads
	accAt    [][2]int32 // per member: where its accesses are in a keyCache
	reads    []taggedAccess
	alive    []bool
	readers  []int
	hoff     []int // clocksWide's
	hbit     []int
	hacq     []int
	cols     []uint32
	colDone  uint64
}

// newKeyer prepares keys for p. Symmetry is used when symmetric is true and
// a group passes the checks of symmetricGroup.
func newKeyer(p *Program, symmetric bool) *keyer {
	k := &keyer{p: p, n: len(p.Threads)}
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
			if len(k.groups) < maxGroups && k.symmetricGroup(g, perThread) {
				gi := len(k.groups)
				k.groups = append(k.groups, symGroup{members: g})
				for _, c := range g {
					k.coroGroup[c] = gi
					k.owner[p.Coroutines[c].Thread] = c
				}
			}
		}
	}
	k.layout()
	k.src = make([]int, nc)
	k.ren = make([]int, nc)
	k.tsrc = make([]int, k.n)
	k.tren = make([]int, k.n)
	for i := range k.src {
		k.src[i], k.ren[i] = i, i
	}
	for t := range k.tsrc {
		k.tsrc[t], k.tren[t] = t, t
	}
	k.pinned = make([]bool, nc)
	k.listPos = make([]uint64, nc)
	k.semRank = make([]int, nc)
	k.lockRank = make([]int, nc)
	k.alive = make([]bool, k.n)
	k.cbit = make([]uint8, k.holders)
	for _, a := range k.atomics {
		k.cbit[k.n+int(k.cellSlot[a])] = uint8(k.n + int(k.cellSlot[a]))
	}
	k.accAt = make([][2]int32, nc)
	k.scratch = k.newCache()
	return k
}

// maxGroups bounds the groups whose members are renamed (member codes have
// 23 bits for the group).
const maxGroups = 1 << 23

// layout fills the per-address and per-object tables.
func (k *keyer) layout() {
	p := k.p
	k.addrCoro = make([]int, len(p.Cells))
	k.addrRole = make([]uint8, len(p.Cells))
	k.addrOff = make([]Word, len(p.Cells))
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
	k.plainAddr = make([]Word, p.plains)
	for a := range p.Cells {
		c := &p.Cells[a]
		k.cellObj[a], k.cellSlot[a], k.cellTag[a] = int32(c.Object), int32(c.Slot), uint8(c.Kind)+1
		if Word(a) < FirstAddress {
			continue
		}
		if c.Atomic {
			k.atomics = append(k.atomics, Word(a))
		} else {
			k.plainAddr[c.Slot] = Word(a)
			k.plains = append(k.plains, Word(a))
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
		ob := p.objectAt(c.Awaiter)
		for a := ob.Base; a < ob.Base+ob.Size; a++ {
			if !p.Cells[a].Atomic {
				k.awaiterSlots[i] = append(k.awaiterSlots[i], int32(p.Cells[a].Slot))
			}
		}
	}
	k.cellRank = make([]int32, p.plains)
	k.cellOwner = make([]int32, p.plains)
	k.cellLocal = make([]int32, p.plains)
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
// one shape (small enough for member codes).
func (k *keyer) symmetricGroup(g []int, perThread []int) bool {
	p := k.p
	first := &p.Coroutines[g[0]]
	for _, c := range g {
		spec := &p.Coroutines[c]
		if !slices.Equal(spec.Script, first.Script) || perThread[spec.Thread] != 1 {
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

// key returns m's state key, computed from scratch.
func (k *keyer) key(m *Machine) stateKey {
	k.fill(k.scratch, m)
	return k.finish(m, k.scratch)
}

// keyAt returns the key of m, the state at depth d of the search's path,
// whose cache start or advance has filled.
func (k *keyer) keyAt(d int, m *Machine) stateKey {
	return k.finish(m, k.levels[d])
}

// liveMask is the set of co's locals that may still be read.
func (k *keyer) liveMask(co *coroutine) uint8 {
	switch {
	case co.status == Done || co.op < 0:
		return 0
	case k.live == nil:
		return 1<<numLocals - 1
	}
	return k.live.at(co.op, co.pc)
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

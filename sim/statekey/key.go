package statekey

import (
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/statekey/acquire"
	"lockstep/sim/statekey/locals"
)

// A Key identifies a state (see the package doc).
type Key [2]uint64

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

// A Keyer computes the state keys of one program's machines. It keeps
// scratch buffers and is not safe for concurrent use.
//
// Along a search's path it keeps one cache per depth: Start fills depth
// d's from scratch, Advance derives depth d's from depth d-1's across one
// step, and KeyAt returns the key of the state at depth d. A cache is
// valid while the machines it was filled from are unchanged; a search
// rewrites depth d's only once it has left every deeper one.
type Keyer struct {
	p         *program.Program
	n         int // threads
	groups    []symGroup
	coroGroup []int // per coroutine: its group, or -1

	// Per address: the member coroutine whose frame, awaiter or context
	// holds it (-1 for every other cell), the role and the offset.
	addrCoro []int
	addrRole []uint8
	addrOff  []program.Word
	base     [][numRoles]program.Word // per coroutine: its objects' base addresses
	obj      [][numRoles]int          // per coroutine: its objects
	objCoro  []int                    // per object: member coroutine, or -1
	threadOf []int                    // per coroutine: its thread
	owner    []int                    // per thread: the member coroutine that owns it, or -1

	// What no member owns, written as it is (all of it without symmetry).
	sharedObjs  []int // objects, ascending
	freeThreads []int
	freeCoros   []int

	live *locals.Live   // which locals matter; nil: all of them
	sync *acquire.Model // how the program synchronizes; nil: nothing known
	doom *doomedModel   // which compare-and-swaps must fail; nil: none known
	// how the wait condition changes, for the reduction; nil: not known
	opening *openingModel

	atomics []program.Word // atomic cell addresses, ascending
	plains  []program.Word // plain cell addresses, ascending
	// Per address, copied out of Program.Cells for speed: the object, the
	// slot among atomic or plain cells, and 1 + the kind.
	cellObj  []int32
	cellSlot []int32
	cellTag  []uint8
	// Per plain slot: its address; per coroutine, the plain slots of its
	// awaiter (written when the awaiter is constructed); per object, its
	// plain slots.
	plainAddr    []program.Word
	awaiterSlots [][]int32
	objectSlots  [][]int32
	// The atomic cells of the members' objects (renamed, see canonicalBits).
	memberAtomics []program.Word
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
	refs     []int32     // a member block's refs, while it is written
	members  []int       // every group's members, group by group
	sorted   []sortEntry // sortMembers'
	rsig     []uint64    // per member: its sort signature (see refine)
	rin      []uint64    // refine's: the sum over the members that name it
	rnext    []uint64    // refine's: the next round's signatures
	isNamed  []bool      // tiesNamed's: per member, whether a block names it
	semRank  []int
	lockRank []int
	ranked   bool // semRank and lockRank are not all zero
	cbit     []uint8
	acq      []acquiringThreads
	accAt    [][2]int32 // per member: where its accesses are in a keyCache
	// prepareAccesses': for the cache prepared from the machine
	// preparedFor, per access its coverage by the holders that count
	// (incl), and the number of accesses of cells no member owns.
	prepared    *keyCache
	preparedFor *sim.Machine
	counted     []uint64
	incl        uint64
	sharedAcc   int
	reads       []taggedAccess
	alive       []bool
	readers     []int
	hoff        []int // clocksWide's
	hbit        []int
	hacq        []int
	cols        []uint32
	colDone     uint64
}

// Options configure a Keyer.
type Options struct {
	// Symmetric renames the members of the program's groups that pass
	// the checks of symmetricGroup; otherwise no coroutine is renamed.
	Symmetric bool
	// Models are what the key may rely on of the program's locals and
	// synchronization; nil: nothing (every local counts, every clock
	// may flow).
	Models *Models
	// Wide keys every state as a program too large for incremental keys
	// (see clocksWide), whatever its size. For tests.
	Wide bool
	// KeepStale keys stale snapshots as they are, as if no compare and
	// swap were doomed (see doomedModel). For tests.
	KeepStale bool
}

// New prepares keys for p.
func New(p *program.Program, o Options) *Keyer {
	k := &Keyer{p: p, n: len(p.Threads)}
	if o.Models != nil {
		k.live, k.sync, k.doom, k.opening = o.Models.live, o.Models.sync, o.Models.doom, o.Models.opening
		if o.KeepStale {
			k.doom = nil
		}
	}
	nc := len(p.Coroutines)
	k.coroGroup = make([]int, nc)
	k.base = make([][numRoles]program.Word, nc)
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
		k.base[i] = [numRoles]program.Word{c.Frame, c.Awaiter, p.Threads[c.Thread].Context}
		for r := range numRoles {
			k.obj[i][r] = p.Cells[k.base[i][r]].Object
		}
	}
	if o.Symmetric {
		for _, g := range groups(p) {
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
	k.wide = k.wide || o.Wide
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
	k.rsig, k.rin, k.rnext = make([]uint64, nc), make([]uint64, nc), make([]uint64, nc)
	for _, g := range k.groups {
		k.members = append(k.members, g.members...)
	}
	k.isNamed = make([]bool, nc)
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

// Key returns m's state key, computed from scratch.
func (k *Keyer) Key(m *sim.Machine) Key {
	k.fill(k.scratch, m)
	return k.finish(m, k.scratch)
}

// KeyAt returns the key of m, the state at depth d of the search's path,
// whose cache Start or Advance has filled. It is the key Key returns.
func (k *Keyer) KeyAt(d int, m *sim.Machine) Key {
	return k.finish(m, k.levels[d])
}

// Twins reports whether m, the state at depth d just keyed by KeyAt, is
// symmetric in members x and y: swapping them, with their threads and
// objects, maps m onto itself. The steps of x's and y's threads then lead
// to states that are renamings of each other, whose futures map one to
// one. A state with a pinned member is never said to be.
func (k *Keyer) Twins(d int, m *sim.Machine, x, y int) bool {
	return k.twins(m, k.levels[d], x, y)
}

// Symmetric reports whether some coroutines are renamed (a group passed
// the checks).
func (k *Keyer) Symmetric() bool { return len(k.groups) > 0 }

// Owner is the member of a renamed group that runs on thread t (alone),
// or -1.
func (k *Keyer) Owner(t int) int { return k.owner[t] }

// CanonicalThread is the place of thread t under the renaming the last
// key computed chose.
func (k *Keyer) CanonicalThread(t int) int { return k.tren[t] }

// SourceThread is the thread at canonical place u under the renaming the
// last key computed chose.
func (k *Keyer) SourceThread(u int) int { return k.tsrc[u] }

// liveMask is the set of co's locals that may still be read.
func (k *Keyer) liveMask(co sim.CoroutineView) uint8 {
	switch {
	case co.Status() == outcome.Done || co.Op() < 0:
		return 0
	case k.live == nil:
		return 1<<program.NumLocals - 1
	}
	return k.live.At(co.Op(), co.PC())
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

// SourceCoroutine is the coroutine at canonical place c under the
// renaming the last key computed chose.
func (k *Keyer) SourceCoroutine(c int) int { return k.src[c] }

// SourceAddr is the address whose content appears at canonical address a
// under the renaming the last key computed chose.
func (k *Keyer) SourceAddr(a program.Word) program.Word { return k.srcAddr(a) }

// RenameValue is v, a value held by the cell at address a, under the
// renaming the last key computed chose: an address of a renamed object
// becomes its canonical address. A search that keys more of a state than
// the Keyer does (the c11 model's, sim.Machine.MemoryKey) renames what it
// keys with these.
func (k *Keyer) RenameValue(a, v program.Word) program.Word { return k.valueAs(k.cellTag[a], v) }

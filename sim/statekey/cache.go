package statekey

import (
	"math/bits"

	"lockstep/sim"
	"lockstep/sim/program"
)

// keyCache is what the Keyer knows of one state before choosing its
// renaming: each member's block hash and refs (see memberBlock), and each
// plain access with the clocks that cover it (see access). Along the
// search's path each depth has one, derived from the one before by the
// step between them (Advance): the step changes the blocks of the members
// it touches and the coverage by the clocks it changes, and nothing else.
type keyCache struct {
	valid bool
	sig   []Key // per coroutine (members only)
	// refs are views: of this cache's own buffers (own) for the blocks it
	// wrote, of an earlier depth's for the blocks it carried over. A cache
	// is rewritten only when the search has left every deeper one.
	refs [][]int32
	own  [][]int32
	acc  []access // the plain accesses, in cell order, each cell's write first
	// pins holds per coroutine the members its untyped live locals might
	// name (see pinsOf), claims per thread the cell it will acquire from
	// first when it next moves (see claimOf); both unused for wide
	// programs.
	pins   []uint64
	claims []program.Word
}

// access is the last write or a last read of a plain cell: who made it,
// at which clock, and which holders' clocks cover it, as a bit set over
// the raw holders (threads, then atomic cells by slot, then coroutines'
// wakeups).
type access struct {
	slot   int32 // plain slot
	rank   int32 // its place in cell order
	reader int16 // the reading thread, or -1 for the last write
	thread int16 // the thread that made it
	clock  uint32
	mask   uint64
}

func (k *Keyer) newCache() *keyCache {
	nc := len(k.p.Coroutines)
	return &keyCache{sig: make([]Key, nc), refs: make([][]int32, nc), own: make([][]int32, nc),
		pins: make([]uint64, nc), claims: make([]program.Word, k.n)}
}

// level returns depth d's cache.
func (k *Keyer) level(d int) *keyCache {
	for len(k.levels) <= d {
		k.levels = append(k.levels, k.newCache())
	}
	return k.levels[d]
}

// Start fills depth d's cache from scratch, for m.
func (k *Keyer) Start(d int, m *sim.Machine) { k.fill(k.level(d), m) }

// fill computes c from scratch for m.
func (k *Keyer) fill(c *keyCache, m *sim.Machine) {
	k.ranks(m)
	for _, g := range k.groups {
		for _, x := range g.members {
			k.writeBlock(c, m, x)
		}
	}
	if !k.wide {
		c.acc = k.fillAccesses(c.acc, m)
		for x := range c.pins {
			c.pins[x] = k.pinsOf(m, x)
		}
		for t := range k.n {
			c.claims[t] = k.claimOf(m, t)
		}
	}
	c.valid = true
}

// writeBlock computes member x's block hash and refs into c.
func (k *Keyer) writeBlock(c *keyCache, m *sim.Machine, x int) {
	k.refs = k.refs[:0]
	c.sig[x] = k.memberBlock(m, x)
	c.own[x] = append(c.own[x][:0], k.refs...)
	c.refs[x] = c.own[x]
}

// Advance derives depth d's cache, for child, from depth d-1's, for
// parent, which thread t's step turned into child (child.LastAccess
// describes that step). Neither machine may have changed since.
//
// What a step can change, as the machine stands (sim's step.go,
// coroutine.go, exec.go, resume.go, clock.go and package hb): the state
// of the coroutine that moved, the stack and queue of its thread, the cell it accessed, its
// awaiter when it constructs or ends it, the coroutine a submit wakes with
// its thread's queue, and the detector flags of any coroutine (afterStep);
// the clock of its thread, the release clock of the atomic cell it wrote,
// the wakeup clock of the coroutine it woke, and the last accesses of the
// plain cells it read or wrote. Taking a lock moves the parked lock
// waiters behind it up a place (see rerankedBy). Semaphore steps, spawns,
// bounded run queues and wide programs are keyed from scratch. Tests check
// the result against the key from scratch after every step of whole
// searches.
func (k *Keyer) Advance(d int, parent, child *sim.Machine, t int) {
	prev, c := k.level(d-1), k.level(d)
	p := k.p
	last := child.LastAccess()
	a := last.Addr
	// A spawn constructs another coroutine's frame and queues it; with an
	// engine, a submit may write a depth counter and a park or a finish
	// decrement one (see sim.Engine): these are keyed from scratch.
	if !prev.valid || k.wide || a >= program.Word(len(p.Cells)) ||
		last.Op == program.OpSpawn || last.Op == program.OpFence || p.Engine != nil {
		k.fill(c, child)
		return
	}
	stack := parent.Stack(t)
	var mover int
	if len(stack) > 0 {
		mover = int(stack[len(stack)-1])
	} else {
		mover = int(parent.Queue(t)[0])
	}
	// The coroutines whose blocks may have changed.
	dirty := uint64(1) << mover
	if o := k.owner[t]; o >= 0 {
		dirty |= 1 << o
	}
	var holders uint64 = 1 << t // raw holders whose clocks may have changed
	var slots [8]int32          // plain slots whose accesses may have changed
	ns := 0
	switch last.Op {
	case program.OpLoad:
	case program.OpStore, program.OpExchange, program.OpCAS, program.OpFetchAdd:
		if x := k.addrCoro[a]; x >= 0 {
			dirty |= 1 << x
		}
		holders |= 1 << (k.n + int(k.cellSlot[a]))
	case program.OpRead:
		slots[0], ns = k.cellSlot[a], 1
	case program.OpWrite:
		if x := k.addrCoro[a]; x >= 0 {
			dirty |= 1 << x
		}
		slots[0], ns = k.cellSlot[a], 1
	case program.OpSubmit:
		if a+program.FieldCtx < program.Word(len(p.Cells)) {
			for i, f := range [...]program.Word{program.FieldAwaitCoro, program.FieldCtx} {
				if s := k.cellSlot[a+f]; s >= 0 && !p.Cells[a+f].Atomic {
					slots[i], ns = s, i+1
				}
			}
			if w := p.CoroutineOfHandle(parent.Memory()[a+program.FieldAwaitCoro]); w >= 0 {
				dirty |= 1 << w
				if o := k.owner[child.Coroutine(w).Thread()]; o >= 0 {
					dirty |= 1 << o
				}
				holders |= 1 << (k.n + len(k.atomics) + w)
			}
		}
	case program.OpResume:
	default: // a semaphore: not tracked
		k.fill(c, child)
		return
	}
	if k.doom != nil {
		// A word or its chain changed: members at a site of the word may
		// hold a snapshot now doomed.
		dirty |= k.moved(parent, child)
	}
	for i := range len(p.Coroutines) {
		x, y := parent.Coroutine(i), child.Coroutine(i)
		if x.Registered() != y.Registered() || x.Opened() != y.Opened() || x.Status() != y.Status() {
			dirty |= 1 << i
		}
	}
	dirty |= k.rerankedBy(parent, child)
	// Blocks.
	copy(c.sig, prev.sig)
	copy(c.refs, prev.refs)
	k.ranks(child)
	copy(c.pins, prev.pins)
	for ; dirty != 0; dirty &= dirty - 1 {
		x := bits.TrailingZeros64(dirty)
		if k.coroGroup[x] >= 0 {
			k.writeBlock(c, child, x)
		}
		c.pins[x] = k.pinsOf(child, x)
	}
	// Only thread t's stack changed, and so its next step.
	copy(c.claims, prev.claims)
	c.claims[t] = k.claimOf(child, t)
	changed := slots[:ns]
	if len(stack) > 0 && child.LastAccess().Constructed {
		// The step constructed the awaiter: its cells were written.
		changed = append(changed, k.awaiterSlots[mover]...)
	}
	for _, o := range [...]int{k.obj[mover][roleFrame], k.obj[mover][roleAwaiter]} {
		if parent.ObjectLive(o) != child.ObjectLive(o) {
			// The object was constructed or ended: its cells' accesses
			// count again, or no more.
			changed = append(changed, k.objectSlots[o]...)
		}
	}
	k.advanceAccesses(c, prev, parent, child, holders, changed)
	c.valid = true
}

// rerankedBy is the set of coroutines whose places among the semaphore
// waiters or the parked lock waiters (see ranks) may differ between parent
// and child: none when no coroutine's queue marks (SemWait, SemSeq,
// LockSeq) changed, else those whose marks changed and every waiter of
// child, whose ranks count the others'.
func (k *Keyer) rerankedBy(parent, child *sim.Machine) uint64 {
	if !parent.Queued() && !child.Queued() {
		return 0
	}
	var changed, waiters uint64
	for i := range len(k.threadOf) {
		x, y := parent.Coroutine(i), child.Coroutine(i)
		if x.SemWait() != y.SemWait() || x.SemSeq() != y.SemSeq() || x.LockSeq() != y.LockSeq() {
			changed |= 1 << i
		}
		if y.SemWait() != 0 || y.LockSeq() != 0 {
			waiters |= 1 << i
		}
	}
	if changed == 0 {
		return 0
	}
	return changed | waiters
}

package explore

import (
	"context"
	"fmt"

	"lockstep/sim"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// dfs is the depth-first search behind Exhaustive and PreemptionBounded. It
// visits each state once (per last thread and preemptions left when
// bounded), computing in post-order the summary of the executions from it:
// how many, of which kinds, and the fewest steps to each kind. A state met
// again adds its cached summary without being searched again.
type dfs struct {
	p     *program.Program
	o     *Options
	ctx   context.Context
	k     *statekey.Keyer
	ms    *statekey.Models
	store *cache.Store

	bounded bool // count preemptions
	bound   int

	pool  []*sim.Machine   // the machine at each depth
	sums  []*cache.Summary // the summary being built at each depth
	en    [][]int          // enabled threads at each depth
	stack []uint32         // the state number at each depth (exhaustive cycles), or noState
	chain []int            // the uncached states in a row before each depth (see visit)
	path  []int16          // the threads moved so far

	best      [numKinds][]int16 // shortest path seen to each kind
	bestSet   [numKinds]bool
	cycle     []int16 // a run that can go on forever, pumped to the step limit
	terminals int64
	stop      string
	cut       bool // a choice was left out by the preemption bound

	red        *reducer // partial-order reduction (exhaustive), or nil
	cycleDepth int      // the depth of the last state met while in progress

	visits int64

	// Twins (see visit): per depth and thread, an earlier thread whose
	// step leads to a symmetric state, or -1; and the summary of the state
	// after each thread's step.
	dup  [][]int
	twin [][]cache.Summary

	walk   [2]*sim.Machine // stepsTo's
	walkEn []int
	below  map[belowKey]uint32 // stepsBelow's

	par *worker // the parallel search this is a worker of, or nil

	levelBytes int64 // what a depth of the path holds (cache.LevelBytes)
}

// newDFS prepares a search of p keyed with the models ms, which it freezes
// (see statekey.Models.Freeze).
func newDFS(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models) *dfs {
	k := statekey.New(p, statekey.Options{Symmetric: !o.NoSymmetry, Models: ms, Wide: o.wideKeys,
		KeepStale: o.keepStale})
	ms.Freeze()
	return &dfs{p: p, o: o, ctx: ctx, k: k, ms: ms, store: cache.NewStore(), levelBytes: cache.LevelBytes(p)}
}

// relearn is the stop reason of a search whose models a step showed wrong:
// it must start again with the corrected models.
const relearn = "relearn"

// step performs thread t's step from m into child and checks it against
// the models; false means a model was wrong (and is corrected).
func (e *dfs) step(child, m *sim.Machine, t int) bool {
	if e.par != nil {
		return e.par.step(child, m, t)
	}
	return e.ms.Step(child, m, t)
}

// level grows the per-depth buffers to depth d.
func (e *dfs) level(d int) {
	for len(e.pool) <= d {
		if e.par != nil {
			e.par.Store.Reserve(e.levelBytes)
		}
		e.pool = append(e.pool, sim.New(e.p, sim.Options{}))
		s := &cache.Summary{}
		s.Reset()
		e.sums = append(e.sums, s)
		e.en = append(e.en, make([]int, 0, len(e.p.Threads)))
		e.stack = append(e.stack, noState)
		e.chain = append(e.chain, 0)
		e.dup = append(e.dup, make([]int, len(e.p.Threads)))
		e.twin = append(e.twin, make([]cache.Summary, len(e.p.Threads)))
	}
}

// run searches from the first state (the start, or after Options.From)
// and returns the summary of every execution.
func (e *dfs) run() *cache.Summary {
	e.level(0)
	e.pool[0].CopyFrom(e.o.start)
	e.path = e.path[:0]
	e.chain[0] = 0
	return e.visit(0, -1, e.bound)
}

// nodeKey is the key under which the state of m is cached: the state key,
// with the last thread (renamed like the state) and the preemptions left
// when preemptions are counted.
func (e *dfs) nodeKey(m *sim.Machine, last, left int) statekey.Key {
	return e.withContext(e.k.Key(m), last, left)
}

// nodeKeyAt is nodeKey for pool[d] (m), computed from depth d's key cache.
func (e *dfs) nodeKeyAt(d int, m *sim.Machine, last, left int) statekey.Key {
	key := e.k.KeyAt(d, m)
	if e.o.checkKeys {
		if want := e.k.Key(m); want != key {
			panic(fmt.Sprintf("explore: incremental key %x, from scratch %x, at depth %d after %v", key, want, d, e.path[:d]))
		}
		e.k.KeyAt(d, m) // the renaming and encoding, again
	}
	return e.withContext(key, last, left)
}

// withContext adds the last thread and the preemptions left to a key when
// preemptions are counted.
func (e *dfs) withContext(key statekey.Key, last, left int) statekey.Key {
	if !e.bounded {
		return key
	}
	l := uint64(len(e.p.Threads))
	if last >= 0 {
		l = uint64(e.k.CanonicalThread(last))
	}
	return key.Mix(l, uint64(left))
}

// visit searches the state pool[d], reached by a step of thread last (-1 at
// the start) with left preemptions to spend, and returns its summary.
//
// With the reduction, a state with an ample step (see reducer) is not
// cached: its summary is that of the state after the step, and the search
// walks on without keying it, unless the step closes a cycle (the state is
// then cached and searched in full: the cycle proviso) or maxChain such
// states came in a row (so that a cycle of them is cached somewhere).
//
// Twins: when two threads' steps lead to states that are renamings of each
// other (the state is symmetric in their members, see Keyer.Twins), their
// executions map one to one, and the second thread counts the summary of
// the first's without being searched.
func (e *dfs) visit(d, last, left int) *cache.Summary {
	m := e.pool[d]
	out := e.sums[d]
	if m.Finished() {
		k := outcome.Index(m.Outcome().Kind)
		out.Terminal(k)
		e.terminals++
		e.found(k, d)
		return out
	}
	e.stack[d] = noState
	e.level(d + 1)
	if d == 0 {
		e.k.Start(0, m)
	} else {
		e.k.Advance(d, e.pool[d-1], m, last)
	}
	if e.red != nil && e.chain[d] < maxChain {
		en := m.Enabled(e.en[d][:0])
		e.en[d] = en
		t, ok := e.ample(m, e.pool[d+1], en)
		if e.stop != "" {
			out.Reset()
			return out
		}
		if ok {
			e.path = append(e.path[:d], int16(t))
			e.cycleDepth = -1
			e.chain[d+1] = e.chain[d] + 1
			sub := e.visit(d+1, t, left)
			out.Reset()
			if e.stop != "" || e.cycleDepth != d+1 {
				out.Add(sub)
				return out
			}
			// The step closed a cycle: cache this state, search every thread.
		}
	}
	e.chain[d+1] = 0
	key := e.nodeKeyAt(d, m, last, left)
	var idx uint32
	var r cache.Ref
	if e.par != nil {
		var ok bool
		if r, ok = e.par.enter(e, d, key, out); !ok {
			return out
		}
	} else {
		var ok bool
		if idx, ok = e.enter(d, key, last, out); !ok {
			return out
		}
	}
	e.periodic()
	en := m.Enabled(e.en[d][:0])
	e.en[d] = en
	// The thread that moved last goes first: the runs without preemptions
	// are searched before the others.
	if last >= 0 {
		for i, t := range en {
			if t == last {
				copy(en[1:i+1], en[:i])
				en[0] = t
				break
			}
		}
	}
	if e.par != nil {
		e.par.order(en)
	}
	twins := e.findTwins(m, d, en)
	preemptible := last >= 0 && m.CanMove(last)
	for _, t := range en {
		if twins && e.dup[d][t] >= 0 {
			if e.par != nil && e.par.deferring(d, e.dup[d][t]) {
				e.par.later[d] = append(e.par.later[d], t)
				continue
			}
			out.Add(&e.twin[d][e.dup[d][t]])
			continue
		}
		cost := 0
		if preemptible && t != last {
			cost = 1
		}
		if e.bounded && cost > left {
			e.cut = true
			continue
		}
		child := e.pool[d+1]
		if !e.step(child, m, t) {
			e.stop = relearn
			return out
		}
		e.path = append(e.path[:d], int16(t))
		sub := e.visit(d+1, t, left-cost)
		if e.par != nil && e.par.deferred {
			e.par.deferred = false
			e.par.later[d] = append(e.par.later[d], t)
			continue
		}
		out.Add(sub)
		if e.stop != "" {
			return out
		}
		if twins {
			e.twin[d][t].Set(sub)
		}
	}
	if e.par != nil {
		if e.finishLater(d, left, twins, out); e.stop == "" {
			e.par.Store.Save(r, out)
		}
		return out
	}
	e.store.Save(idx, out)
	return out
}

// enter looks up the state pool[d], with key key, in the cache. It
// returns false when the state needs no search: its summary is known (in
// out), it closes a cycle, or the cache is full. Otherwise it inserts the
// state, in progress, and returns its number.
func (e *dfs) enter(d int, key statekey.Key, last int, out *cache.Summary) (uint32, bool) {
	idx, ok := e.store.Find(key)
	if ok {
		if e.store.InProgress(idx) {
			e.cycleDepth = d
			e.cycleAt(d, idx, last)
			out.Endless(outcome.Index(outcome.StepLimit))
			return 0, false
		}
		e.store.Load(idx, out)
		return 0, false
	}
	out.Reset()
	if int64(e.store.Len()) >= e.o.MaxStates {
		e.stop = "max-states"
		return 0, false
	}
	if e.o.MaxMemory > 0 && e.store.Bytes()+e.store.InsertBytes()+int64(len(e.pool))*e.levelBytes > e.o.MaxMemory {
		e.stop = StopMemory
		return 0, false
	}
	idx = e.store.Insert(key)
	e.stack[d] = idx
	return idx, true
}

// maxChain bounds the uncached states in a row (see visit).
const maxChain = 64

// noState marks a depth whose state is not cached.
const noState = ^uint32(0)

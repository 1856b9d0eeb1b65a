package sim

import (
	"context"
	"fmt"
	"math"
)

// dfs is the depth-first search behind Exhaustive and PreemptionBounded. It
// visits each state once (per last thread and preemptions left when
// bounded), computing in post-order the summary of the executions from it:
// how many, of which kinds, and the fewest steps to each kind. A state met
// again adds its cached summary without being searched again.
type dfs struct {
	p     *Program
	o     *ExploreOptions
	ctx   context.Context
	k     *keyer
	store *stateStore

	bounded bool // count preemptions
	bound   int

	pool  []*Machine // the machine at each depth
	sums  []*summary // the summary being built at each depth
	en    [][]int    // enabled threads at each depth
	stack []uint32   // the state number at each depth (exhaustive cycles), or noState
	chain []int      // the uncached states in a row before each depth (see visit)
	path  []int16    // the threads moved so far

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
	twin [][]summary

	walk   [2]*Machine // stepsTo's
	walkEn []int
}

func newDFS(ctx context.Context, p *Program, o *ExploreOptions, ms *models) *dfs {
	k := newKeyer(p, !o.NoSymmetry)
	k.live, k.sync, k.verify = ms.live, ms.sync, o.checkKeys
	k.wide = k.wide || o.wideKeys
	ms.sync.freeze()
	return &dfs{p: p, o: o, ctx: ctx, k: k, store: newStateStore()}
}

// level grows the per-depth buffers to depth d.
func (e *dfs) level(d int) {
	for len(e.pool) <= d {
		e.pool = append(e.pool, New(e.p, Options{}))
		s := &summary{}
		s.reset()
		e.sums = append(e.sums, s)
		e.en = append(e.en, make([]int, 0, len(e.p.Threads)))
		e.stack = append(e.stack, noState)
		e.chain = append(e.chain, 0)
		e.dup = append(e.dup, make([]int, len(e.p.Threads)))
		e.twin = append(e.twin, make([]summary, len(e.p.Threads)))
	}
}

// run searches from the start and returns the summary of every execution.
func (e *dfs) run() *summary {
	e.level(0)
	e.pool[0].CopyFrom(New(e.p, Options{}))
	e.path = e.path[:0]
	e.chain[0] = 0
	return e.visit(0, -1, e.bound)
}

// nodeKey is the key under which the state of m is cached: the state key,
// with the last thread (renamed like the state) and the preemptions left
// when preemptions are counted.
func (e *dfs) nodeKey(m *Machine, last, left int) stateKey {
	return e.withContext(e.k.key(m), last, left)
}

// nodeKeyAt is nodeKey for pool[d] (m), computed from depth d's key cache.
func (e *dfs) nodeKeyAt(d int, m *Machine, last, left int) stateKey {
	key := e.k.keyAt(d, m)
	if e.k.verify {
		if want := e.k.key(m); want != key {
			panic(fmt.Sprintf("sim: incremental key %x, from scratch %x, at depth %d after %v", key, want, d, e.path[:d]))
		}
		e.k.keyAt(d, m) // the renaming and encoding, again
	}
	return e.withContext(key, last, left)
}

// withContext adds the last thread and the preemptions left to a key when
// preemptions are counted.
func (e *dfs) withContext(key stateKey, last, left int) stateKey {
	if !e.bounded {
		return key
	}
	l := uint64(len(e.p.Threads))
	if last >= 0 {
		l = uint64(e.k.tren[last])
	}
	return mixKey(key, l, uint64(left))
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
// other (the state is symmetric in their members, see keyer.twins), their
// executions map one to one, and the second thread counts the summary of
// the first's without being searched.
func (e *dfs) visit(d, last, left int) *summary {
	m := e.pool[d]
	out := e.sums[d]
	if m.Finished() {
		k := kindIndex(m.Outcome().Kind)
		out.terminal(k)
		e.terminals++
		e.found(k, d)
		return out
	}
	e.stack[d] = noState
	e.level(d + 1)
	if d == 0 {
		e.k.start(0, m)
	} else {
		e.k.advance(d, e.pool[d-1], m, last)
	}
	if e.red != nil && e.chain[d] < maxChain {
		en := m.Enabled(e.en[d][:0])
		e.en[d] = en
		t, ok := e.ample(m, e.pool[d+1], en)
		if e.stop != "" {
			out.reset()
			return out
		}
		if ok {
			e.path = append(e.path[:d], int16(t))
			e.cycleDepth = -1
			e.chain[d+1] = e.chain[d] + 1
			sub := e.visit(d+1, t, left)
			out.reset()
			if e.stop != "" || e.cycleDepth != d+1 {
				out.add(sub)
				return out
			}
			// The step closed a cycle: cache this state, search every thread.
		}
	}
	e.chain[d+1] = 0
	key := e.nodeKeyAt(d, m, last, left)
	idx, ok := e.store.find(key)
	if ok {
		if e.store.inProgressAt(idx) {
			e.cycleDepth = d
			e.cycleAt(d, idx, last)
			out.reset()
			k := kindIndex(StepLimit)
			out.paths, out.kinds, out.count[k] = 1, 1<<k, 1
			return out
		}
		e.store.load(idx, out)
		return out
	}
	out.reset()
	if int64(e.store.n) >= e.o.MaxStates {
		e.stop = "max-states"
		return out
	}
	idx = e.store.insert(key)
	e.stack[d] = idx
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
	twins := e.findTwins(m, d, en)
	preemptible := last >= 0 && m.canMove(last)
	for _, t := range en {
		if twins && e.dup[d][t] >= 0 {
			out.add(&e.twin[d][e.dup[d][t]])
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
		out.add(sub)
		if e.stop != "" {
			return out
		}
		if twins {
			e.twin[d][t] = *sub
		}
	}
	e.store.save(idx, out)
	return out
}

// maxChain bounds the uncached states in a row (see visit).
const maxChain = 64

// noState marks a depth whose state is not cached.
const noState = ^uint32(0)

// findTwins fills dup[d] for the threads of en, from pool[d] (m), just
// keyed: each thread whose member is a twin of an earlier thread's (see
// keyer.twins) gets that thread. It reports whether there is one. Not
// with preemption bounds, which tell the threads apart.
func (e *dfs) findTwins(m *Machine, d int, en []int) bool {
	if e.bounded || len(e.k.groups) == 0 {
		return false
	}
	dup, found := e.dup[d], false
	for i, t2 := range en {
		dup[t2] = -1
		x2 := e.k.owner[t2]
		if x2 < 0 {
			continue
		}
		for _, t1 := range en[:i] {
			if x1 := e.k.owner[t1]; x1 >= 0 && dup[t1] < 0 && e.k.twins(m, e.k.levels[d], x1, x2) {
				dup[t2], found = t1, true
				break
			}
		}
	}
	return found
}

// ample finds a thread of en whose step from m may be searched alone (see
// reducer) and leaves the state after it in child. A label whose step
// accessed a cell not its coroutine's own is not tried again.
func (e *dfs) ample(m, child *Machine, en []int) (int, bool) {
	for _, t := range en {
		if th := &m.threads[t]; len(th.stack) == 0 {
			child.CopyFrom(m)
			child.QuietStep(t)
			return t, true
		}
	}
	for _, t := range en {
		th := &m.threads[t]
		c := int(th.stack[len(th.stack)-1])
		co := &m.coros[c]
		if e.red.publicLabel(co.op, co.pc) {
			continue
		}
		if !e.step(child, m, t) {
			e.stop = relearn
			return t, true
		}
		if e.red.private(m, child, c) {
			return t, true
		}
		if !e.red.ownAccess(child, c) {
			e.red.markPublic(co.op, co.pc)
		}
	}
	return 0, false
}

// found notes an execution of kind k that ends after d steps (the path).
func (e *dfs) found(k, d int) {
	if k == 0 {
		return
	}
	if !e.bestSet[k] || d < len(e.best[k]) {
		e.best[k] = append(e.best[k][:0], e.path[:d]...)
		e.bestSet[k] = true
	}
	if e.o.stopsAt(Kinds[k]) {
		e.stop = "first-counterexample"
	}
}

// cycleAt handles a state met again while still on the search's path: the
// steps since it can repeat forever. The run that repeats them until the
// step limit is the step-limit counterexample. The state came back up to
// symmetry, so each repetition moves the renamed threads.
func (e *dfs) cycleAt(d int, idx uint32, last int) {
	j := -1
	for i := range d {
		if e.stack[i] == idx {
			j = i
			break
		}
	}
	if j < 0 || e.cycle != nil {
		return
	}
	// Thread renaming from the state at j to the state at d, through the
	// canonical order both were keyed in.
	_ = e.nodeKey(e.pool[d], last, 0)
	tsrcD := append([]int(nil), e.k.tsrc...)
	_ = e.nodeKey(e.pool[j], -1, 0)
	tau := make([]int16, len(e.k.tren))
	for t, c := range e.k.tren {
		tau[t] = int16(tsrcD[c])
	}
	limit := e.p.StepLimit
	if limit <= 0 {
		limit = DefaultStepLimit
	}
	run := append([]int16(nil), e.path[:d]...)
	seg := append([]int16(nil), e.path[j:d]...)
	for len(run) < limit && len(seg) > 0 {
		for i, t := range seg {
			seg[i] = tau[t]
		}
		run = append(run, seg...)
	}
	if len(run) > limit {
		run = run[:limit]
	}
	e.cycle = run
	k := kindIndex(StepLimit)
	if !e.bestSet[k] {
		e.best[k] = append(e.best[k][:0], run...)
		e.bestSet[k] = true
	}
	if e.o.stopsAt(StepLimit) {
		e.stop = "first-counterexample"
	}
}

// periodic checks for cancellation and reports progress.
func (e *dfs) periodic() {
	e.visits++
	if e.visits&1023 == 0 && e.ctx.Err() != nil {
		e.stop = "canceled"
		return
	}
	if e.o.Progress == nil || e.visits%e.o.ProgressEvery != 0 {
		return
	}
	var found []Kind
	for k := 1; k < numKinds; k++ {
		if e.bestSet[k] {
			found = append(found, Kinds[k])
		}
	}
	e.o.Progress(ExploreProgress{States: int64(e.store.n), Executions: e.terminals, Bound: e.bound,
		Found: found})
	if e.ctx.Err() != nil { // the callback may have cancelled the search
		e.stop = "canceled"
	}
}

// minimal returns an execution of kind k with the fewest steps and, among
// those, the fewest preemptions. It needs a complete search: it follows the
// cached fewest-steps counts, and among the steps that keep to them it
// chooses by the fewest preemptions still needed, computed once per state
// and last thread.
func (e *dfs) minimal(k int) []int16 {
	memo := map[stateKey]int{}
	e.level(0)
	e.pool[0].CopyFrom(New(e.p, Options{}))
	var path []int16
	d, last, left := 0, -1, e.bound
	for {
		m := e.pool[d]
		if m.Finished() {
			return path
		}
		e.level(d + 1)
		bestT, bestCost, bestLeft := -1, math.MaxInt, 0
		e.options(m, d, last, left, k, func(t, cost int, child *Machine) {
			if v := cost + e.fewestPreemptions(d+1, t, left-cost, k, memo); v < bestCost {
				bestT, bestCost, bestLeft = t, v, left-cost
			}
		})
		if bestT < 0 {
			return nil
		}
		child := e.pool[d+1]
		child.CopyFrom(m)
		child.QuietStep(bestT)
		path = append(path, int16(bestT))
		// Move the child down one level: the next round works at d+1.
		d, last, left = d+1, bestT, bestLeft
	}
}

// options calls f for each step from pool[d] that stays on a fewest-steps
// path to kind k, with its preemption cost and the machine after it (in
// pool[d+1], valid during the call).
func (e *dfs) options(m *Machine, d, last, left, k int, f func(t, cost int, child *Machine)) {
	need := e.stepsTo(m, last, left, k)
	if need == noSteps || need == 0 {
		return
	}
	preemptible := last >= 0 && m.canMove(last)
	en := m.Enabled(e.en[d][:0])
	e.en[d] = en
	for _, t := range en {
		cost := 0
		if preemptible && t != last {
			cost = 1
		}
		if e.bounded && cost > left {
			continue
		}
		child := e.pool[d+1]
		e.step(child, m, t)
		if s := e.stepsTo(child, t, left-cost, k); s != noSteps && s+1 == need {
			f(t, cost, child)
		}
	}
}

// stepsTo is the fewest steps from m to the end of an execution of kind k,
// from the cache. A state the search walked through without caching it
// (see visit) counts its ample steps up to a state it cached.
func (e *dfs) stepsTo(m *Machine, last, left, k int) uint32 {
	for steps := uint32(0); steps <= maxChain; steps++ {
		if m.Finished() {
			if kindIndex(m.Outcome().Kind) == k {
				return steps
			}
			return noSteps
		}
		if idx, ok := e.store.find(e.nodeKey(m, last, left)); ok {
			if s := e.store.minSteps(idx, k); s != noSteps {
				return s + steps
			}
			return noSteps
		}
		if e.red == nil {
			return noSteps
		}
		if e.walk[0] == nil {
			e.walk = [2]*Machine{New(e.p, Options{}), New(e.p, Options{})}
		}
		next := e.walk[0]
		if next == m {
			next = e.walk[1]
		}
		e.walkEn = m.Enabled(e.walkEn[:0])
		stop := e.stop
		t, ok := e.ample(m, next, e.walkEn)
		if !ok || e.stop != stop {
			e.stop = stop
			return noSteps
		}
		m, last = next, t
	}
	return noSteps
}

// fewestPreemptions is the fewest preemptions with which pool[d] can reach
// the end of an execution of kind k in the fewest steps.
func (e *dfs) fewestPreemptions(d, last, left, k int, memo map[stateKey]int) int {
	m := e.pool[d]
	if m.Finished() {
		return 0
	}
	key := e.nodeKey(m, last, left)
	if !e.bounded {
		l := uint64(len(e.p.Threads))
		if last >= 0 {
			l = uint64(e.k.tren[last])
		}
		key = mixKey(key, l, 0)
	}
	if v, ok := memo[key]; ok {
		return v
	}
	e.level(d + 1)
	best := math.MaxInt / 2
	// Children are searched one at a time: each needs pool[d+1] and deeper.
	en := append([]int(nil), m.Enabled(e.en[d][:0])...)
	for _, t := range en {
		var cost int
		ok := false
		e.optionsOne(m, d, last, left, k, t, func(c int) { cost, ok = c, true })
		if !ok {
			continue
		}
		if v := cost + e.fewestPreemptions(d+1, t, left-cost, k, memo); v < best {
			best = v
		}
	}
	memo[key] = best
	return best
}

// optionsOne is options for the single thread t: it calls f with the cost
// when t's step stays on a fewest-steps path, leaving the machine after it
// in pool[d+1].
func (e *dfs) optionsOne(m *Machine, d, last, left, k, t int, f func(cost int)) {
	need := e.stepsTo(m, last, left, k)
	if need == noSteps || need == 0 {
		return
	}
	cost := 0
	if last >= 0 && t != last && m.canMove(last) {
		cost = 1
	}
	if e.bounded && cost > left {
		return
	}
	child := e.pool[d+1]
	e.step(child, m, t)
	if s := e.stepsTo(child, t, left-cost, k); s != noSteps && s+1 == need {
		f(cost)
	}
}

package sim

import (
	"context"
	"math"
	"math/rand/v2"
)

// dfs is the depth-first search behind Exhaustive and PreemptionBounded. It visits
// each state once (per last thread and preemptions left when bounded),
// computing in post-order the summary of the executions from it: how many,
// of which kinds, and the fewest steps to each kind. A state met again adds
// its cached summary without being searched again.
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
	stack []uint32   // the state number at each depth (exhaustive cycles)
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
}

func newDFS(ctx context.Context, p *Program, o *ExploreOptions, live *liveness) *dfs {
	k := newKeyer(p, !o.NoSymmetry)
	k.live = live
	return &dfs{p: p, o: o, ctx: ctx, k: k, store: newStateStore()}
}

// relearn is the stop reason of a search whose liveness model a step
// showed wrong: it must start again with the corrected model.
const relearn = "relearn"

// step performs thread t's step from m into child and checks it against
// the liveness model; false means the model was wrong (and is corrected).
func (e *dfs) step(child, m *Machine, t int) bool {
	child.copyFrom(m)
	th := &m.threads[t]
	if len(th.stack) == 0 || e.k.live == nil {
		child.quietStep(t)
		return true
	}
	c := int(th.stack[len(th.stack)-1])
	op, pc := m.coros[c].op, m.coros[c].pc
	child.quietStep(t)
	return e.k.live.check(stepFact(child, c, op, pc))
}

// learnLiveness seeds a liveness model with the steps of a few random
// runs, so that searches seldom have to start again.
func learnLiveness(p *Program) *liveness {
	live := newLiveness(p)
	e := &dfs{p: p, k: &keyer{live: live}}
	rng := rand.New(rand.NewPCG(1, 2))
	m, child := New(p, Options{}), New(p, Options{})
	var en []int
	for range 64 {
		m.copyFrom(New(p, Options{}))
		for !m.Finished() {
			en = m.Enabled(en[:0])
			e.step(child, m, en[rng.IntN(len(en))])
			m, child = child, m
		}
	}
	return live
}

// level grows the per-depth buffers to depth d.
func (e *dfs) level(d int) {
	for len(e.pool) <= d {
		e.pool = append(e.pool, New(e.p, Options{}))
		s := &summary{}
		s.reset()
		e.sums = append(e.sums, s)
		e.en = append(e.en, make([]int, 0, len(e.p.Threads)))
		e.stack = append(e.stack, 0)
	}
}

// run searches from the start and returns the summary of every execution.
func (e *dfs) run() *summary {
	e.level(0)
	e.pool[0].copyFrom(New(e.p, Options{}))
	e.path = e.path[:0]
	return e.visit(0, -1, e.bound)
}

// nodeKey is the key under which the state of m is cached: the state key,
// with the last thread (renamed like the state) and the preemptions left
// when preemptions are counted.
func (e *dfs) nodeKey(m *Machine, last, left int) stateKey {
	key := e.k.key(m)
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
	key := e.nodeKey(m, last, left)
	if idx, ok := e.store.find(key); ok {
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
	idx := e.store.insert(key)
	e.stack[d] = idx
	e.periodic()
	e.level(d + 1)
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
	if e.red != nil {
		if t, ok := e.ample(m, d, en); ok {
			if e.stop != "" {
				return out
			}
			e.path = append(e.path[:d], int16(t))
			e.cycleDepth = -1
			out.add(e.visit(d+1, t, left))
			if e.stop != "" {
				return out
			}
			if e.cycleDepth != d+1 {
				e.store.save(idx, out)
				return out
			}
			// The step alone closed a cycle: search every thread.
			out.reset()
		}
	}
	preemptible := last >= 0 && m.canMove(last)
	for _, t := range en {
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
		out.add(e.visit(d+1, t, left-cost))
		if e.stop != "" {
			return out
		}
	}
	e.store.save(idx, out)
	return out
}

// ample finds a thread whose step from m may be searched alone (see
// reducer) and leaves the state after it in pool[d+1].
func (e *dfs) ample(m *Machine, d int, en []int) (int, bool) {
	child := e.pool[d+1]
	for _, t := range en {
		if th := &m.threads[t]; len(th.stack) == 0 {
			child.copyFrom(m)
			child.quietStep(t)
			return t, true
		}
	}
	for _, t := range en {
		th := &m.threads[t]
		c := int(th.stack[len(th.stack)-1])
		if !e.step(child, m, t) {
			e.stop = relearn
			return t, true
		}
		if e.red.private(m, child, c) {
			return t, true
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
}

// minimal returns an execution of kind k with the fewest steps and, among
// those, the fewest preemptions. It needs a complete search: it follows the
// cached fewest-steps counts, and among the steps that keep to them it
// chooses by the fewest preemptions still needed, computed once per state
// and last thread.
func (e *dfs) minimal(k int) []int16 {
	memo := map[stateKey]int{}
	e.level(0)
	e.pool[0].copyFrom(New(e.p, Options{}))
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
		child.copyFrom(m)
		child.quietStep(bestT)
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
// from the cache.
func (e *dfs) stepsTo(m *Machine, last, left, k int) uint32 {
	if m.Finished() {
		if kindIndex(m.Outcome().Kind) == k {
			return 0
		}
		return noSteps
	}
	idx, ok := e.store.find(e.nodeKey(m, last, left))
	if !ok {
		return noSteps
	}
	return e.store.minSteps(idx, k)
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

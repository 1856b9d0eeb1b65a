package explore

import (
	"math"

	"lockstep/sim"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/statekey"
)

// minimal returns an execution of kind k with the fewest steps and, among
// those, the fewest preemptions. It needs a complete search: it follows the
// cached fewest-steps counts, and among the steps that keep to them it
// chooses by the fewest preemptions still needed, computed once per state
// and last thread.
func (e *dfs) minimal(k int) []int16 {
	memo := map[statekey.Key]int{}
	e.level(0)
	e.pool[0].CopyFrom(e.o.start)
	var path []int16
	d, last, left := 0, -1, e.bound
	for {
		m := e.pool[d]
		if m.Finished() {
			return path
		}
		e.level(d + 1)
		bestT, bestCost, bestLeft := -1, math.MaxInt, 0
		e.options(m, d, last, left, k, func(t, cost int, child *sim.Machine) {
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
func (e *dfs) options(m *sim.Machine, d, last, left, k int, f func(t, cost int, child *sim.Machine)) {
	need := e.stepsTo(m, last, left, k)
	if need == cache.NoSteps || need == 0 {
		return
	}
	preemptible := last >= 0 && m.CanMove(last)
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
		if s := e.stepsTo(child, t, left-cost, k); s != cache.NoSteps && s+1 == need {
			f(t, cost, child)
		}
	}
}

// stepsTo is the fewest steps from m to the end of an execution of kind k,
// from the cache. A state the search walked through without caching it
// (see visit) counts its ample steps up to a state it cached.
func (e *dfs) stepsTo(m *sim.Machine, last, left, k int) uint32 {
	for steps := uint32(0); steps <= maxChain; steps++ {
		if m.Finished() {
			if outcome.Index(m.Outcome().Kind) == k {
				return steps
			}
			return cache.NoSteps
		}
		key := e.nodeKey(m, last, left)
		if s, ok := e.minSteps(key, k); ok {
			if s != cache.NoSteps {
				return s + steps
			}
			return cache.NoSteps
		}
		if e.red == nil {
			return e.stepsBelow(m, key, last, left, k, steps)
		}
		if e.walk[0] == nil {
			e.walk = [2]*sim.Machine{sim.New(e.p, sim.Options{}), sim.New(e.p, sim.Options{})}
		}
		next := e.walk[0]
		if next == m {
			next = e.walk[1]
		}
		e.walkEn = m.Enabled(e.walkEn[:0])
		stop := e.stop
		t, ok := e.ample(m, next, e.walkEn)
		if e.stop != stop {
			e.stop = stop
			return cache.NoSteps
		}
		if !ok {
			return e.stepsBelow(m, key, last, left, k, steps)
		}
		m, last = next, t
	}
	return cache.NoSteps
}

// belowKey is a state's key and an outcome kind, for stepsBelow's memo.
type belowKey struct {
	key statekey.Key
	k   int
}

// stepsBelow is stepsTo for a state m, with key key, that the cache does
// not hold although the search went through it as a renaming of a state
// it cached: a key names symmetric states alike only as a rule (see
// statekey), so which of them a search cached depends on the order it met
// them in. It is the fewest over m's steps, each from the cache or again
// from below, so that it does not depend on that order; plus the steps
// walked to m.
func (e *dfs) stepsBelow(m *sim.Machine, key statekey.Key, last, left, k int, walked uint32) uint32 {
	if e.below == nil {
		e.below = map[belowKey]uint32{}
	}
	bk := belowKey{key, k}
	s, ok := e.below[bk]
	if !ok {
		e.below[bk] = cache.NoSteps // a cycle back to m counts as no execution
		s = e.belowOnce(m, last, left, k)
		e.below[bk] = s
	}
	if s == cache.NoSteps {
		return cache.NoSteps
	}
	return s + walked
}

// belowOnce computes stepsBelow's fewest steps, on machines of its own.
func (e *dfs) belowOnce(m *sim.Machine, last, left, k int) uint32 {
	cur, child := sim.New(e.p, sim.Options{}), sim.New(e.p, sim.Options{})
	cur.CopyFrom(m)
	preemptible := last >= 0 && cur.CanMove(last)
	best := uint32(cache.NoSteps)
	for _, t := range cur.Enabled(nil) {
		cost := 0
		if preemptible && t != last {
			cost = 1
		}
		if e.bounded && cost > left {
			continue
		}
		child.CopyFrom(cur)
		child.QuietStep(t)
		if s := e.stepsTo(child, t, left-cost, k); s != cache.NoSteps && s+1 < best {
			best = s + 1
		}
	}
	return best
}

// fewestPreemptions is the fewest preemptions with which pool[d] can reach
// the end of an execution of kind k in the fewest steps.
func (e *dfs) fewestPreemptions(d, last, left, k int, memo map[statekey.Key]int) int {
	m := e.pool[d]
	if m.Finished() {
		return 0
	}
	key := e.nodeKey(m, last, left)
	if !e.bounded {
		l := uint64(len(e.p.Threads))
		if last >= 0 {
			l = uint64(e.k.CanonicalThread(last))
		}
		key = key.Mix(l, 0)
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
func (e *dfs) optionsOne(m *sim.Machine, d, last, left, k, t int, f func(cost int)) {
	need := e.stepsTo(m, last, left, k)
	if need == cache.NoSteps || need == 0 {
		return
	}
	cost := 0
	if last >= 0 && t != last && m.CanMove(last) {
		cost = 1
	}
	if e.bounded && cost > left {
		return
	}
	child := e.pool[d+1]
	e.step(child, m, t)
	if s := e.stepsTo(child, t, left-cost, k); s != cache.NoSteps && s+1 == need {
		f(cost)
	}
}

// minSteps is the fewest steps from the cached state with key key to an
// execution's end of kind k, and whether the state is cached.
func (e *dfs) minSteps(key statekey.Key, k int) (uint32, bool) {
	if e.par != nil {
		return e.par.Store.MinSteps(key, k)
	}
	idx, ok := e.store.Find(key)
	if !ok {
		return cache.NoSteps, false
	}
	return e.store.MinSteps(idx, k), true
}

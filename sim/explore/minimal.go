package explore

import (
	"math"

	"lockstep/sim"
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
	if need == noSteps || need == 0 {
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
		if s := e.stepsTo(child, t, left-cost, k); s != noSteps && s+1 == need {
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
			e.walk = [2]*sim.Machine{sim.New(e.p, sim.Options{}), sim.New(e.p, sim.Options{})}
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
	if need == noSteps || need == 0 {
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
	if s := e.stepsTo(child, t, left-cost, k); s != noSteps && s+1 == need {
		f(cost)
	}
}

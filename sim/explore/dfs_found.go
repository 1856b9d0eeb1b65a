package explore

import (
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// found notes an execution of kind k that ends after d steps (the path).
func (e *dfs) found(k, d int) {
	if k == 0 {
		return
	}
	if !e.bestSet[k] {
		e.o.announce.found(k, e.path[:d])
	}
	if !e.bestSet[k] || d < len(e.best[k]) {
		e.best[k] = append(e.best[k][:0], e.path[:d]...)
		e.bestSet[k] = true
	}
	if e.o.stopsAt(outcome.Kinds[k]) {
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
	n := len(e.p.Threads)
	_ = e.nodeKey(e.pool[d], last, 0)
	tsrcD := make([]int, n)
	for u := range n {
		tsrcD[u] = e.k.SourceThread(u)
	}
	_ = e.nodeKey(e.pool[j], -1, 0)
	tau := make([]int16, n)
	for t := range n {
		tau[t] = int16(tsrcD[e.k.CanonicalThread(t)])
	}
	limit := e.p.StepLimit
	if limit <= 0 {
		limit = program.DefaultStepLimit
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
	k := outcome.Index(outcome.StepLimit)
	if !e.bestSet[k] {
		e.o.announce.found(k, run)
		e.best[k] = append(e.best[k][:0], run...)
		e.bestSet[k] = true
	}
	if e.o.stopsAt(outcome.StepLimit) {
		e.stop = "first-counterexample"
	}
}

// periodic checks for cancellation, every 64 states (a state can cost
// milliseconds under the race detector, and a search cancelled must end
// soon after), and reports progress.
func (e *dfs) periodic() {
	e.visits++
	if e.par != nil && e.par.Halted() {
		e.stop = cache.Halted
		return
	}
	if e.visits&63 == 0 && e.ctx.Err() != nil {
		e.stop = "canceled"
		return
	}
	if e.o.Progress == nil || e.visits%e.o.ProgressEvery != 0 {
		return
	}
	var found []outcome.Kind
	for k := 1; k < numKinds; k++ {
		if e.bestSet[k] {
			found = append(found, outcome.Kinds[k])
		}
	}
	e.o.Progress(Progress{States: e.states(), Executions: e.terminals, Bound: e.bound,
		Found: found})
	if e.ctx.Err() != nil { // the callback may have cancelled the search
		e.stop = "canceled"
	}
}

// states is the number of states cached.
func (e *dfs) states() int64 {
	if e.par != nil {
		return e.par.Store.Len()
	}
	return int64(e.store.Len())
}

// cacheBytes is the memory the state cache holds.
func (e *dfs) cacheBytes() int64 {
	if e.par != nil {
		return e.par.Store.Bytes()
	}
	return e.store.Bytes()
}

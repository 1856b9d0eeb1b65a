package explore

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"

	"lockstep/sim"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// The exhaustive search on several goroutines (Options.Workers): each
// worker runs the depth-first search of dfs.visit from the first state,
// with machines, keyer and reducer of its own, over one shared state
// cache (cache.Shared). Worker 0 takes the threads in the order of the
// search alone; the others shuffle them, so that they spread over the
// state graph. A worker that meets a state another is searching puts it
// off until it has searched the state's other children, and then, if it
// is still not finished, joins that search: nobody waits, and where two
// search one state at once they take its children in different orders,
// so that each soon finds finished what the other did.
//
// Why the result is that of the search alone. A state's summary is saved
// only once every child's is known, so it is the sum of its children's,
// and not of a state met again on the path (a cycle): without cycles it is
// the executions from the state, whoever computes it, however the states
// are shared out. A worker that meets a state on its own path has found a
// cycle, where the search alone counts a run that can go on forever by
// the order it met the states in: the workers then stop, and the search
// runs again alone. The smallest counterexamples follow the cached fewest
// steps (see minimal) and do not depend on who cached them either.
//
// What the workers need of the key. Two states of one key have the same
// futures (see statekey), so a state's summary does not depend on which of
// them a worker met first; the reducer decides only from what the key
// keeps of a state (reducer.keeps); and the smallest counterexamples are
// searched below a state the cache holds under another key (stepsBelow).
// Where a key merged states whose futures differ, the search alone would
// miscount too, and the workers might miscount differently.
//
// The models keys rest on (statekey.Models) are checked at every step, one
// step at a time, against the search's models; the workers key with a
// frozen copy of them, which nothing changes while they read it. The
// costly part of a step's check reads the models only: each worker
// computes it on a clone of its own, outside the lock (Models.Probe). What
// it reads changes only with a step that shows the models wrong, which
// stops every worker, and the search starts again with new clones, as the
// search alone does.

// cycle is the stop reason of a worker that met a state on its own path.
const cycle = "cycle"

// parallel is what a parallel search's workers share.
type parallel struct {
	*cache.Crew
	mu sync.Mutex
	ms *statekey.Models // the search's models, checked under mu
}

// worker is one worker's part of a parallel search.
type worker struct {
	*parallel
	id  int
	rng *rand.Rand // the order of the threads; nil: as the search alone
	// probe is the worker's own clone of the models, on which it probes
	// its steps outside the lock (statekey.Models.Probe).
	probe *statekey.Models

	join     bool           // the next state in progress by others is joined
	deferred bool           // the last visit met a state in progress by others
	later    [][]int        // per depth: the threads whose steps were put off
	top      *cache.Summary // the summary of the first state, as far as it got
}

// exhaustiveParallel is exhaustive on o.Workers goroutines (at most
// cache.MaxWorkers), the caller's among them; it returns worker 0's
// search, with the others' findings merged in.
func exhaustiveParallel(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, reduce bool) (*dfs, *cache.Summary) {
	for {
		e, root := searchParallel(ctx, p, o, ms, reduce)
		switch e.stop {
		case relearn:
			continue
		case cycle:
			return exhaustiveAlone(ctx, p, o, ms, reduce)
		}
		return e, root
	}
}

// searchParallel runs the workers once, until the first state is finished
// or one stops the search.
func searchParallel(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, reduce bool) (*dfs, *cache.Summary) {
	ms.Freeze()
	keys := ms.Clone()
	par := &parallel{Crew: cache.NewCrew(), ms: ms}
	ws := make([]*dfs, min(o.Workers, cache.MaxWorkers))
	for i := range ws {
		wo := o
		if i > 0 {
			c := *o
			c.Progress = nil // only the caller's goroutine reports
			wo = &c
		}
		e := newDFS(ctx, p, wo, keys)
		if reduce {
			e.red = newReducer(p)
			e.red.keeps = e.k.KeepsLocal
		}
		e.par = &worker{parallel: par, id: i, probe: ms.Clone(), rng: cache.Shuffler(i)}
		ws[i] = e
	}
	par.Run(len(ws), func(i int) { ws[i].work() })
	return par.outcome(ws)
}

// work is one worker's search from the first state, again, joining what
// others search, while it put something off at the top.
func (e *dfs) work() {
	w := e.par
	w.top = e.run()
	for e.stop == "" && w.deferred {
		w.deferred, w.join = false, true
		w.top = e.run()
	}
	w.Finish(e.stop, w.top, false)
}

// outcome is worker 0's search, as the search alone would end: complete
// with the first state's summary, or stopped for the first reason a
// worker stopped, with the counterexamples all workers ran into and the
// labels all found public.
func (par *parallel) outcome(ws []*dfs) (*dfs, *cache.Summary) {
	e := ws[0]
	for _, o := range ws[1:] {
		e.mergeFindings(o)
	}
	root, done, reason := par.Result()
	if done {
		e.stop = ""
		return e, root
	}
	e.stop = reason
	return e, e.par.top
}

// mergeFindings adds o's shortest executions of each kind to e's (the
// shorter, then the first in thread order, for one length), and the
// labels o's reducer found public to e's.
func (e *dfs) mergeFindings(o *dfs) {
	for k := range numKinds {
		if !o.bestSet[k] {
			continue
		}
		if b := o.best[k]; !e.bestSet[k] || len(b) < len(e.best[k]) ||
			len(b) == len(e.best[k]) && slices.Compare(b, e.best[k]) < 0 {
			e.best[k] = append(e.best[k][:0], b...)
			e.bestSet[k] = true
		}
	}
	if e.red == nil {
		return
	}
	for op, ls := range o.red.public {
		for pc, public := range ls {
			if public {
				e.red.MarkPublic(op, pc)
			}
		}
	}
}

// step is dfs.step for a worker: the step on its own machines, probed on
// the worker's clone of the models, then checked against the search's
// models one step at a time.
func (w *worker) step(child, m *sim.Machine, t int) bool {
	child.CopyFrom(m)
	child.QuietStep(t)
	probe := w.probe.Probe(child, m, t)
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ms.CheckProbed(child, m, t, probe)
}

// enter is dfs.enter for a worker: it returns true when the worker is to
// search the state, new or joined; otherwise the state's summary is in out
// (finished), or the worker puts it off (deferred), or stops.
func (w *worker) enter(e *dfs, d int, key statekey.Key, out *cache.Summary) (cache.Ref, bool) {
	join := w.join
	w.join = false
	if w.Halted() {
		e.stop = cache.Halted
		out.Reset()
		return 0, false
	}
	r, got := w.Store.Open(key, w.id, join, cache.Bounds{States: e.o.MaxStates, Bytes: e.o.MaxMemory}, out)
	switch got {
	case cache.Opened, cache.Joined:
		out.Reset()
		for len(w.later) <= d {
			w.later = append(w.later, nil)
		}
		w.later[d] = w.later[d][:0]
		return r, true
	case cache.Finished:
		return r, false
	case cache.Busy:
		w.deferred = true
	case cache.OnPath:
		e.stop = cycle
	case cache.Full:
		e.stop = "max-states"
	case cache.FullMemory:
		e.stop = StopMemory
	}
	out.Reset()
	return r, false
}

// order shuffles the threads a worker other than 0 takes from a state.
func (w *worker) order(en []int) {
	if w.rng == nil {
		return
	}
	for i := len(en) - 1; i > 0; i-- { // Fisher-Yates, without a closure to allocate
		j := w.rng.IntN(i + 1)
		en[i], en[j] = en[j], en[i]
	}
}

// deferring reports whether thread t's step from the state at depth d was
// put off.
func (w *worker) deferring(d, t int) bool { return slices.Contains(w.later[d], t) }

// finishLater searches the steps from pool[d] that were put off, adding
// their summaries to out: each state others are still searching is joined.
func (e *dfs) finishLater(d, left int, twins bool, out *cache.Summary) {
	w, m := e.par, e.pool[d]
	for i := 0; i < len(w.later[d]); i++ {
		t := w.later[d][i]
		if twins && e.dup[d][t] >= 0 {
			out.Add(&e.twin[d][e.dup[d][t]])
			continue
		}
		child := e.pool[d+1]
		if !e.step(child, m, t) {
			e.stop = relearn
			return
		}
		e.path = append(e.path[:d], int16(t))
		w.join = true
		sub := e.visit(d+1, t, left)
		w.join, w.deferred = false, false
		out.Add(sub)
		if e.stop != "" {
			return
		}
		if twins {
			e.twin[d][t].Set(sub)
		}
	}
}

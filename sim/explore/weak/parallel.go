package weak

import (
	"context"
	"maps"
	"math/big"
	"math/rand/v2"
	"slices"

	"lockstep/sim"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// The exhaustive search on several goroutines, for a search that is to
// prove a program correct. Its workers share one state cache
// (cache.Shared) and share out the states as the sc search's do (see the
// explore package's parallel search, which says why the counts are those
// of the search alone): each searches from the first state with machines,
// keys and a reducer of its own, in its own order of the threads, and
// puts off a state another is searching until it has searched the rest,
// then joins it.
//
// It gives up, for the search alone to run (Exhaustive), when it meets a
// bug (an execution whose outcome is not ok: the search alone then finds
// the smallest counterexamples, which it reads off its own cache) or a
// cycle (a state met again on a worker's own path, which the search alone
// counts by the order it met the states in).

// gaveUp is the stop reason of a parallel search that leaves the search
// to one goroutine.
const gaveUp = "gave-up"

// worker is one worker's part of a parallel search.
type worker struct {
	*cache.Crew
	s        *search
	id       int
	rng      *rand.Rand // the order of the threads; nil: in order
	stop     string
	join     bool     // the next state in progress by others is joined
	deferred bool     // the last visit met a state in progress by others
	later    [][]move // per depth: the moves put off
	top      summary  // what it found below the first state, as far as it got
}

// exhaustiveParallel is Exhaustive on workers goroutines (at most
// cache.MaxWorkers), the caller's among them, keyed with the models ms
// (each worker keys and checks its steps with a copy of its own): again,
// with the corrected models, while a worker's step shows them wrong. It
// reports false when it gave up (see above), and the search is then to
// run alone, with ms as corrected so far.
func exhaustiveParallel(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, workers int) (Result, bool) {
	for {
		crew, ws := runParallel(ctx, p, o, ms, workers)
		root, done, reason := crew.Result()
		switch {
		case done:
		case reason == relearn:
			for _, w := range ws {
				if w.stop == relearn {
					*ms = *w.s.ms // what its step showed
					break
				}
			}
			continue
		case reason == gaveUp:
			return Result{}, false
		default:
			root = &ws[0].top.c
		}
		return result(crew, root, done, reason, ws, o), true
	}
}

// runParallel runs the workers once, until the first state is finished
// or one stops the search.
func runParallel(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, workers int) (*cache.Crew, []*worker) {
	crew := cache.NewCrew()
	ws := make([]*worker, min(workers, cache.MaxWorkers))
	for i := range ws {
		wo := o
		if i > 0 {
			c := *o
			c.Progress = nil // only the caller's goroutine reports
			wo = &c
		}
		ws[i] = &worker{Crew: crew, s: newSearch(ctx, p, wo, ms.Clone(), true), id: i, rng: cache.Shuffler(i)}
		ws[i].s.shared = crew.Store
	}
	crew.Run(len(ws), func(i int) { ws[i].work() })
	return crew, ws
}

// result is the result of a parallel search that did not give up: root
// is the first state's summary, or when it stopped early (reason), what
// worker 0 found below it, as with the sc search's workers (not the
// states it put off for others and did not come back to).
func result(crew *cache.Crew, root *cache.Summary, done bool, reason string, ws []*worker, o *Options) Result {
	res := Result{Complete: done, Stopped: reason, States: crew.Store.Len(), Reduced: o.Reduction != nil,
		MemoryBytes: crew.Store.Bytes(), Outcomes: map[outcome.Kind]*big.Int{}, Executions: root.Executions()}
	for k := range numKinds {
		if root.Kinds()&(1<<k) != 0 {
			res.Outcomes[outcome.Kinds[k]] = root.ExecutionsOf(k)
		}
	}
	obs := map[string]bool{}
	for _, w := range ws {
		for name := range w.s.obs {
			obs[name] = true
		}
	}
	res.Observations = slices.Sorted(maps.Keys(obs))
	return res
}

// work is one worker's search from the first state, again, joining what
// others search, while it put the first state off.
func (w *worker) work() {
	root := w.s.level(0)
	root.CopyFrom(sim.New(w.s.p, sim.Options{Memory: sim.C11}))
	w.top = w.visit(root, 0, -1)
	for w.stop == "" && w.deferred {
		w.deferred, w.join = false, true
		w.top = w.visit(root, 0, -1)
	}
	// A step that showed the models wrong makes the search start again
	// whatever else stopped it: what it found was keyed wrong.
	w.Finish(w.stop, &w.top.c, w.stop == relearn)
}

// visit is search.visit for a worker, over the shared cache: it searches
// the state m at depth d, reached by a step of last, and returns what it
// found below it. A state in progress by another worker is put off
// (deferred set) unless the worker is to join it.
func (w *worker) visit(m *sim.Machine, d, last int) summary {
	s := w.s
	if m.Finished() {
		sum := s.end(m)
		if outcome.Index(m.Outcome().Kind) != 0 {
			w.stop = gaveUp // a bug: the search alone finds the smallest counterexamples
		}
		return sum
	}
	key := s.keyAt(m, d, last, 0)
	join := w.join
	w.join = false
	if w.Halted() {
		w.stop = cache.Halted
		return none()
	}
	var sum summary
	r, got := w.Store.Open(key, w.id, join, cache.Bounds{States: s.o.MaxStates, Bytes: s.o.MaxMemory}, &sum.c)
	switch got {
	case cache.Finished:
		return sum
	case cache.Busy:
		w.deferred = true
		return none()
	case cache.OnPath:
		w.stop = gaveUp // a cycle
		return none()
	case cache.Full:
		w.stop = "max-states"
		return none()
	case cache.FullMemory:
		w.stop = cache.OutOfMemory
		return none()
	}
	if s.calls++; s.calls&1023 == 0 {
		if s.ctx.Err() != nil {
			w.stop = "canceled"
			return none()
		}
		if every := max(s.o.ProgressEvery, 1); s.o.Progress != nil && s.calls%every < 1024 {
			s.o.Progress(w.Store.Len(), s.visited)
		}
	}
	sum = none()
	child := s.level(d + 1)
	for len(w.later) <= d {
		w.later = append(w.later, nil)
	}
	w.later[d] = w.later[d][:0]
	en := m.Enabled(s.en[d][:0])
	s.en[d] = en
	if s.red != nil {
		if t, ok := s.ample(m, child, en, d); ok {
			en = append(s.one[:0], t)
		} else if s.stop == relearn {
			w.stop = relearn
			return sum
		}
	}
	w.order(en)
	for _, t := range en {
		n, ok := s.choices(child, m, t, d)
		if !ok {
			w.stop = relearn
			return sum
		}
		for k := range n {
			mv, ok := s.moveTo(child, m, t, d, k)
			if !ok {
				w.stop = relearn
				return sum
			}
			below := w.visit(child, d+1, t)
			if w.deferred {
				w.deferred = false
				w.later[d] = append(w.later[d], mv)
				continue
			}
			sum.c.Add(&below.c)
			if w.stop != "" {
				return sum
			}
		}
	}
	// The children others were searching: join them.
	for i := 0; i < len(w.later[d]); i++ {
		mv := w.later[d][i]
		if _, ok := s.choices(child, m, int(mv.t), d); !ok {
			w.stop = relearn
			return sum
		}
		if _, ok := s.moveTo(child, m, int(mv.t), d, max(int(mv.k), 0)); !ok {
			w.stop = relearn
			return sum
		}
		w.join = true
		below := w.visit(child, d+1, int(mv.t))
		w.join, w.deferred = false, false
		sum.c.Add(&below.c)
		if w.stop != "" {
			return sum
		}
	}
	w.Store.Save(r, &sum.c)
	return sum
}

// order shuffles the threads a worker other than 0 takes from a state.
func (w *worker) order(en []int) {
	if w.rng != nil {
		w.rng.Shuffle(len(en), func(i, j int) { en[i], en[j] = en[j], en[i] })
	}
}

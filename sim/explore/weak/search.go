package weak

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"slices"

	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/explore/internal/cache"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/statekey"
)

// The exhaustive search. A move is a thread and, when its step reads,
// which of the writes the read may return it takes (by its place among
// the candidates, oldest first: the same state offers the same
// candidates, whatever path led there). The state is the machine's
// state key (with the model of the program's locals every step is
// checked against, and assuming nothing of its synchronization: the
// models of that rest on reads of the latest write) together with what
// sim.Machine.MemoryKey hands over, in canonical form: the writes some
// thread may still read, and each clock that may still flow as the
// floors it gives (the oldest write a read may return) on the cells with
// more than one. A depth-first search
// caches every state it finishes, with the executions below it by
// outcome kind and, for each kind, the fewest steps to it (in a
// cache.Store, as the sc search does) and, for each kind other than ok,
// the first move of such an execution (in a side table of the states
// that reach one); the smallest counterexamples are then read off the
// cache.
//
// Symmetry: unless Options.NoSymmetry (or Observe, whose names tell
// members apart), the key renames the members of symmetric groups, and
// MemoryKey keys the c11 state under the same renaming, so a state and
// its renamings meet. The move a summary keeps is then the canonical
// thread's, mapped back through the renaming of the state it is read in.
// An unbounded search given a Reducer takes private steps alone (see
// ample).

// move is one move: thread t, and the read's candidate k (-1: the step
// reads nothing with a choice, or the latest write).
type move struct {
	t, k int16
}

// summary summarizes the executions below a state: their exact counts
// and fewest steps by kind (c), and per kind the first move of one with
// the fewest steps (next, while the state is being searched: the cache
// keeps those of the kinds other than ok, see saveNext).
type summary struct {
	c    cache.Summary
	next [numKinds]move
}

// noNext is the place in search.nexts of a state whose executions are
// all ok.
const noNext = ^uint32(0)

// none is the summary of no execution.
func none() summary {
	var sum summary
	sum.c.Reset()
	return sum
}

// search is one exhaustive search, bounded or not.
type search struct {
	ctx     context.Context
	p       *program.Program
	o       *Options
	keyer   *statekey.Keyer
	ms      *statekey.Models // what the key relies on of the program's locals; nil: nothing
	store   *cache.Store     // the states finished, by key, and their counts
	nextAt  []uint32         // per state (by the store's number), its first move in nexts, or noNext
	nexts   []move           // per state, per kind other than ok it reaches (in the order of Kinds), the first move of one with the fewest steps
	loaded  summary          // scratch for a summary read from the store
	levels  []*sim.Machine
	srcs    [][]c11.Source
	en      [][]int
	words   []uint64            // the c11 words of the state being keyed
	memKey  sim.MemoryKeyBuffer // what keying them works in
	obs     map[string]bool
	stop    string
	bounded bool // preemption-bounded: moves cost preemptions
	cut     bool // a move was left out for the bound
	found   [numKinds]bool
	red     Reducer // partial-order reduction (unbounded only); nil: none
	one     []int   // the ample thread, as a list of one
	sym     bool    // the key renames members
	tren    [][]int // per depth: the canonical place of each thread
	path    []move  // the current path (for the first counterexample)
	first   []move
	firstK  int
	visited int64 // executions ended
	calls   int64 // states visited, for the cancel and progress checks

	levelBytes int64         // what a depth of the path holds (cache.LevelBytes)
	shared     *cache.Shared // a parallel search's cache, which counts the path's levels; nil alone
}

// newSearch prepares a search of p keyed with the models ms (see
// statekey.LearnLocals; nil: none), with the reduction o asks for when
// reduce is set; o stays the caller's.
func newSearch(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, reduce bool) *search {
	sym := !o.NoSymmetry && o.Observe == nil
	s := &search{ctx: ctx, p: p, o: o, keyer: statekey.New(p, statekey.Options{Symmetric: sym, Models: ms}), sym: sym,
		ms: ms, store: cache.NewStore(), obs: map[string]bool{}, firstK: -1, levelBytes: cache.LevelBytes(p)}
	if reduce && o.Reduction != nil {
		s.red = o.Reduction(s.keyer.KeepsLocal)
	}
	return s
}

// relearn is the stop reason of a search whose models a step showed
// wrong: it must start again with the corrected models.
const relearn = "relearn"

// step performs thread t's step from m into child, reading the write src
// names (Latest: the latest), and checks it against the models: false
// means a model was wrong (it is corrected), and the search stops to
// start again.
func (s *search) step(child, m *sim.Machine, t int, src c11.Source) bool {
	child.CopyFrom(m)
	if src == c11.Latest {
		child.QuietStep(t)
	} else {
		child.QuietStepFrom(t, src)
	}
	if s.ms != nil && !s.ms.CheckLocals(child, m, t) {
		s.stop = relearn
		return false
	}
	return true
}

// level returns the scratch machine and buffers of depth d.
func (s *search) level(d int) *sim.Machine {
	for len(s.levels) <= d {
		if s.shared != nil {
			s.shared.Reserve(s.levelBytes)
		}
		s.levels = append(s.levels, &sim.Machine{})
		s.srcs = append(s.srcs, nil)
		s.en = append(s.en, nil)
		s.tren = append(s.tren, make([]int, len(s.p.Threads)))
	}
	return s.levels[d]
}

// key is m's state with the search's context (last thread, preemptions
// left, when bounded), under the renaming it chooses, computed from
// scratch.
func (s *search) key(m *sim.Machine, last, left int) statekey.Key {
	return s.withMemory(m, s.keyer.Key(m), last, left)
}

// keyAt is key for the machine at depth d of the search's path (level
// d), which thread last's step took from the one at depth d-1: the
// machine's part computed from the keyer's cache of depth d-1 (see
// statekey.Keyer.Advance).
func (s *search) keyAt(m *sim.Machine, d, last, left int) statekey.Key {
	if d == 0 {
		s.keyer.Start(0, m)
	} else {
		s.keyer.Advance(d, s.levels[d-1], m, last)
	}
	k := s.keyer.KeyAt(d, m)
	if s.o.CheckKeys {
		if want := s.keyer.Key(m); want != k {
			panic(fmt.Sprintf("weak: incremental key %x, from scratch %x, at depth %d", k, want, d))
		}
		s.keyer.KeyAt(d, m) // the renaming, again
	}
	return s.withMemory(m, k, last, left)
}

// withMemory is k, m's state key under the renaming the keyer chose last,
// with m's c11 state and the search's context.
func (s *search) withMemory(m *sim.Machine, k statekey.Key, last, left int) statekey.Key {
	var r c11.Renaming
	if s.sym {
		r = s.keyer
		if last >= 0 {
			last = s.keyer.CanonicalThread(last)
		}
	}
	s.words = m.MemoryKey(r, &s.memKey, s.words[:0])
	k = k.MixAll(s.words)
	if s.bounded {
		k = k.Mix(uint64(last+1), uint64(left))
	}
	return k
}

// choices performs thread t's step from m (at depth d) into child and
// returns how many moves the thread has: one per write the step's read
// may return, or one. False when the step showed the models wrong (the
// search then stops to start again).
func (s *search) choices(child, m *sim.Machine, t, d int) (int, bool) {
	if !s.step(child, m, t, c11.Latest) {
		return 0, false
	}
	s.srcs[d] = child.LastSources(s.srcs[d][:0])
	return max(len(s.srcs[d]), 1), true
}

// moveTo performs thread t's move k from m (at depth d) into child, as
// choices, called last at depth d for t, counted them, and returns it;
// false as for choices.
func (s *search) moveTo(child, m *sim.Machine, t, d, k int) (move, bool) {
	if len(s.srcs[d]) <= 1 {
		return move{t: int16(t), k: -1}, true // choices took the step
	}
	return move{t: int16(t), k: int16(k)}, s.step(child, m, t, s.srcs[d][k])
}

// end summarizes an execution that ended in m.
func (s *search) end(m *sim.Machine) summary {
	var sum summary
	k := outcome.Index(m.Outcome().Kind)
	sum.c.Terminal(k)
	if s.o.Observe != nil {
		s.obs[s.o.Observe(m)] = true
	}
	s.visited++
	if k != 0 && !s.found[k] {
		s.found[k] = true
		if s.firstK < 0 {
			s.firstK, s.first = k, slices.Clone(s.path)
		}
		if s.o.stopsAt(outcome.Kinds[k]) {
			s.stop = "first-counterexample"
		}
	}
	return sum
}

// visit searches the state m at depth d, reached by a step of last with
// left preemptions to spend.
func (s *search) visit(m *sim.Machine, d, last, left int) summary {
	if m.Finished() {
		return s.end(m)
	}
	key := s.keyAt(m, d, last, left)
	if i, ok := s.store.Find(key); ok {
		var sum summary
		s.store.Load(i, &sum.c)
		return sum
	}
	if int64(s.store.Len()) >= s.o.MaxStates {
		s.stop = "max-states"
	}
	if s.o.MaxMemory > 0 && s.memoryBytes()+s.insertBytes()+s.pathBytes() > s.o.MaxMemory {
		s.stop = cache.OutOfMemory
	}
	if s.calls++; s.calls&1023 == 0 {
		if s.ctx.Err() != nil {
			s.stop = "canceled"
		}
		if every := max(s.o.ProgressEvery, 1); s.o.Progress != nil && s.calls%every < 1024 {
			s.o.Progress(int64(s.store.Len()), s.visited)
		}
	}
	sum := none()
	if s.stop != "" {
		return sum
	}
	child := s.level(d + 1)
	tren := s.tren[d]
	for t := range tren {
		tren[t] = s.keyer.CanonicalThread(t)
	}
	en := m.Enabled(s.en[d][:0])
	s.en[d] = en
	if s.red != nil {
		if t, ok := s.ample(m, child, en, d); ok {
			en = append(s.one[:0], t)
		} else if s.stop != "" {
			return sum // a model was wrong: the search starts again
		}
	}
	for _, t := range en {
		cost := 0
		if last >= 0 && t != last && m.CanMove(last) {
			cost = 1
		}
		if s.bounded && cost > left {
			s.cut = true
			continue
		}
		n, ok := s.choices(child, m, t, d)
		if !ok {
			return sum
		}
		for k := range n {
			mv, ok := s.moveTo(child, m, t, d, k)
			if !ok {
				return sum
			}
			s.path = append(s.path, mv)
			below := s.visit(child, d+1, t, left-cost)
			s.path = s.path[:len(s.path)-1]
			sum.add(&below, move{t: int16(tren[t]), k: mv.k})
			if s.stop != "" {
				// The search ends here, and what it found so far is
				// cached too, so that the counterexamples found can be
				// read off the cache from the start.
				s.save(key, &sum)
				return sum
			}
		}
	}
	s.save(key, &sum)
	return sum
}

// save caches the state with key and what was found below it.
func (s *search) save(key statekey.Key, sum *summary) {
	i := s.store.Insert(key)
	s.store.Save(i, &sum.c)
	s.saveNext(sum)
}

// saveNext keeps, for the state just inserted in the store, the first
// moves of sum for the kinds other than ok it reaches.
func (s *search) saveNext(sum *summary) {
	kinds := sum.c.Kinds()
	if kinds&^1 == 0 {
		s.nextAt = append(s.nextAt, noNext)
		return
	}
	s.nextAt = append(s.nextAt, uint32(len(s.nexts)))
	for k := 1; k < numKinds; k++ {
		if kinds&(1<<k) != 0 {
			s.nexts = append(s.nexts, sum.next[k])
		}
	}
}

// next is the first move, from the cached state i, of an execution of
// kind k (not ok) with the fewest steps; false if none reaches k.
func (s *search) next(i uint32, k int) (move, bool) {
	s.store.Load(i, &s.loaded.c)
	kinds := s.loaded.c.Kinds()
	if kinds&(1<<k) == 0 || s.nextAt[i] == noNext {
		return move{}, false
	}
	j := s.nextAt[i]
	for kk := 1; kk < k; kk++ {
		if kinds&(1<<kk) != 0 {
			j++
		}
	}
	return s.nexts[j], true
}

// ample finds a thread of en whose step from m may be searched alone (see
// Reducer): a resume from
// the thread's own run queue, or a private step whose read, if any, may
// return one write only.
func (s *search) ample(m, child *sim.Machine, en []int, d int) (int, bool) {
	for _, t := range en {
		if len(m.Stack(t)) == 0 {
			return t, true
		}
	}
	for _, t := range en {
		stack := m.Stack(t)
		c := int(stack[len(stack)-1])
		co := m.Coroutine(c)
		if s.red.Public(co.Op(), co.PC()) {
			continue
		}
		n, ok := s.choices(child, m, t, d)
		if !ok {
			return 0, false
		}
		if n == 1 && s.red.Private(m, child, c) {
			return t, true
		}
		if !s.red.OwnAccess(child, c) {
			s.red.MarkPublic(co.Op(), co.PC())
		}
	}
	return 0, false
}

// add counts the executions below a move.
func (sum *summary) add(below *summary, mv move) {
	for k := range numKinds {
		if b := below.c.MinSteps(k); b != cache.NoSteps && b+1 < sum.c.MinSteps(k) {
			sum.next[k] = mv
		}
	}
	sum.c.Add(&below.c)
}

// Exhaustive searches every execution of p under c11, caching every
// state: with the partial-order reduction when o.Reduction is set, in
// which case a complete search's counts are the reduced executions'
// (Result.Reduced) and its counterexamples may not be the smallest; the
// caller searches again without it for those.
//
// With Workers above one, and not to stop at its first bug, it runs on
// that many goroutines (see exhaustiveParallel) until it meets a bug or a
// cycle; it then searches again alone.
func Exhaustive(ctx context.Context, p *program.Program, o Options) Result {
	ms := statekey.LearnLocals(p, sim.C11)
	if o.Workers > 1 && !o.StopAtFirst && o.Want == "" {
		if res, ok := exhaustiveParallel(ctx, p, &o, ms, o.Workers); ok {
			return res
		}
	}
	return exhaustive(ctx, p, &o, ms, false, 0)
}

// exhaustive searches every execution (with at most bound preemptions
// when bounded), keyed with the models ms, again while a step shows them
// wrong.
func exhaustive(ctx context.Context, p *program.Program, o *Options, ms *statekey.Models, bounded bool, bound int) Result {
	var s *search
	var sum summary
	for {
		s = newSearch(ctx, p, o, ms, !bounded)
		s.bounded = bounded
		root := s.level(0)
		root.CopyFrom(sim.New(p, sim.Options{Memory: sim.C11}))
		sum = s.visit(root, 0, -1, bound)
		if s.stop != relearn {
			break
		}
	}
	res := Result{Complete: s.stop == "" && !s.cut, Stopped: s.stop, States: int64(s.store.Len()), Reduced: s.red != nil,
		MemoryBytes: s.memoryBytes(), Outcomes: map[outcome.Kind]*big.Int{},
		Executions: sum.c.Executions()}
	for k := range numKinds {
		if sum.c.Kinds()&(1<<k) != 0 {
			res.Outcomes[outcome.Kinds[k]] = sum.c.ExecutionsOf(k)
		}
	}
	if s.stop == "first-counterexample" {
		res.Counterexamples = []Counterexample{{Kind: outcome.Kinds[s.firstK], Schedule: scheduleOf(p, s.first)}}
		return res
	}
	for k := 1; k < numKinds; k++ {
		if sum.c.MinSteps(k) != cache.NoSteps {
			res.Counterexamples = append(res.Counterexamples, Counterexample{Kind: outcome.Kinds[k], Schedule: s.smallest(k, bound)})
		}
	}
	res.Observations = slices.Sorted(maps.Keys(s.obs))
	return res
}

// smallest follows the cache from the start to an execution of kind k
// with the fewest steps.
func (s *search) smallest(k, bound int) schedule.Schedule {
	m := sim.New(s.p, sim.Options{Memory: sim.C11})
	var path []move
	last, left := -1, bound
	for !m.Finished() {
		i, ok := s.store.Find(s.key(m, last, left))
		if !ok {
			break
		}
		mv, ok := s.next(i, k)
		if !ok {
			break
		}
		mv.t = int16(s.keyer.SourceThread(int(mv.t)))
		path = append(path, mv)
		if last >= 0 && int(mv.t) != last && m.CanMove(last) {
			left--
		}
		last = int(mv.t)
		stepMove(m, mv)
	}
	return scheduleOf(s.p, path)
}

// memoryBytes is the memory the search's cache holds: its states, and
// the read choices of their steps.
func (s *search) memoryBytes() int64 {
	return s.store.Bytes() + int64(cap(s.nextAt))*4 + int64(cap(s.nexts))*4
}

// pathBytes is the memory the search's path holds (cache.LevelBytes).
func (s *search) pathBytes() int64 { return int64(len(s.levels)) * s.levelBytes }

// insertBytes bounds what caching one more state may add at once to
// memoryBytes: the store's growth, and the doubling of a full nextAt or
// nexts (append at most doubles a slice).
func (s *search) insertBytes() int64 {
	n := s.store.InsertBytes()
	if len(s.nextAt) == cap(s.nextAt) {
		n += int64(cap(s.nextAt))*4 + 4
	}
	if len(s.nexts)+numKinds > cap(s.nexts) {
		n += int64(cap(s.nexts))*4 + numKinds*4
	}
	return n
}

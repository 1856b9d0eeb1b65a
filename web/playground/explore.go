package playground

import (
	"context"
	"errors"
	"math/big"
	"runtime"
	"time"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/words"
	"lockstep/web/playground/protocol"
	"lockstep/web/playground/searchqueue"
	"lockstep/web/site"
)

// Bounds of a page's search, so that no search holds the server for long.
const (
	// searchTimeLimit bounds a search's running time; a search that
	// reaches it ends incomplete (stopped "time-limit").
	searchTimeLimit = 20 * time.Second
	// searchMaxStates bounds the states a search caches, all its workers
	// together (about 100 bytes each with the search's own bookkeeping).
	searchMaxStates = 2_000_000
	// searchMaxPreemptions is the highest preemption bound the preemption
	// strategy searches: most bugs need one or two.
	searchMaxPreemptions = 2
	// searchRuns and searchSeed are the random strategy's.
	searchRuns = 1000
	searchSeed = 1
	// searchStopWait bounds how long a session that ends waits for its
	// search to stop (endSearch). When the server shuts down the search
	// was stopped as the shutdown began, so this wait, which follows the
	// close handshake (Guard), is mostly over before it starts.
	searchStopWait = time.Second
	// progressInterval is the least time between two explore-progress
	// events.
	progressInterval = 100 * time.Millisecond
	// progressEvery is how often, in states searched (runs, for the random
	// strategy), the engine reports to the search, which then sends an
	// event if progressInterval has passed. A report costs a clock read; a
	// state of a big lesson costs far more (1024 of wg-lost-wakeup's at
	// 8/8 took 0.4 s at a load of 25 on two cores, and 7.3 s under the
	// race detector), so reports come often enough for the page's numbers
	// to move every progressInterval, and its first within seconds.
	progressEvery, progressEveryRun = 64, 16
)

// bounds are the bounds above and the search's memory budget, as its
// verdict names them.
func (sr *search) bounds() words.SearchBounds {
	return words.SearchBounds{MaxStates: searchMaxStates, MaxMemory: sr.budget, TimeLimitSeconds: int(searchTimeLimit / time.Second), Seed: searchSeed}
}

// Why a search ended early, besides explore.Result.Stopped's reasons.
var (
	errSearchTime     = errors.New(words.TimeLimit)
	errSearchCanceled = errors.New("canceled")
	errSessionOver    = errors.New("the session ended")
)

// searchSlotCount is how many searches a server runs at once; the others
// wait in the queue (searchqueue).
func searchSlotCount() int { return max(1, runtime.NumCPU()/2) }

// searchWorkers is how many goroutines (explore.Options.Workers) each of
// slots searches running at once may use when the server's configuration
// says no number (Config.SearchWorkers): the CPUs shared among the slots,
// so that the searches running at once use no more than all of them.
func searchWorkers(slots int) int { return max(1, runtime.NumCPU()/max(1, slots)) }

// A search is one explore command's search of one program, running in its
// own goroutine. The session owns it: it is created by explore, read by
// the session loop through events, and ended by endSearch. The goroutine
// sends on events only: at most one progress at a time (it sends one only
// when the channel is empty), then exactly one end, so with a capacity of
// two it never blocks.
type search struct {
	id       *int64
	prog     *program.Program
	strategy explore.Strategy
	variant  string
	params   map[string]int
	memory   sim.MemoryModel
	limit    time.Duration // the search's time limit
	workers  int           // the goroutines it may use (Config.SearchWorkers)
	budget   int64         // the bytes its state cache may hold (Config.SearchMemory)
	// goal, for a reach search (reach.go), is the kind it looks for from
	// the state after from, the history up to position; "" otherwise.
	goal     outcome.Kind
	from     schedule.Schedule
	position int
	// ctx is the search's own, ended by cancel (the user's cancel, a
	// load, the session's end) with the reason as its cause.
	ctx    context.Context
	cancel context.CancelCauseFunc
	events chan searchEvent
	done   chan struct{} // closed when the goroutine has returned
}

// searchEvent is what a search's goroutine tells the session: its progress,
// or (end set) its end.
type searchEvent struct {
	progress explore.Progress
	elapsed  time.Duration
	queued   int // searches waiting ahead of this one, before it runs
	end      bool
	res      explore.Result
	err      error
}

// explore starts a search of the loaded program with c.Strategy (default
// preemption) and answers at once with a first explore-progress; the
// search's progress and its result follow as events (see searchEvent).
func (s *session) explore(c protocol.Command) ([]any, error) {
	if s.search != nil {
		return nil, errors.New("a search is already running: cancel it or wait for its result")
	}
	strategy := explore.PreemptionBounded
	if c.Strategy != "" {
		var err error
		if strategy, err = explore.ParseStrategy(c.Strategy); err != nil {
			return nil, err
		}
	}
	t, err := s.enterQueue()
	if err != nil {
		return nil, err
	}
	sr := newSearch(s.server, c.ID, s.tl.prog, strategy, s.variant, s.params)
	sr.workers, sr.budget = s.lessons.workers(), s.lessons.searchMemory()
	sr.memory = s.memory
	ahead := t.Ahead()
	go sr.run(t)
	s.search = sr
	return []any{sr.progressEvent(searchEvent{queued: ahead})}, nil
}

// enterQueue takes the client's place in the search queue, or says in the
// session's language why it cannot.
func (s *session) enterQueue() (*searchqueue.Ticket, error) {
	t, err := s.lessons.searches().Enter(s.client)
	if err != nil {
		return nil, errors.New(site.Phrase{err.Error(),
			"你已经有一个搜索正在运行或排队（在这个标签页或另一个标签页里）：请等待它的结果，或者取消它"}.In(s.lang))
	}
	return t, nil
}

// newSearch prepares a search of prog, to be run by run; the ids and names
// are for its events. The search ends, too, when server does (a nil
// server never does).
func newSearch(server context.Context, id *int64, prog *program.Program, strategy explore.Strategy, variant string, params map[string]int) *search {
	if server == nil {
		server = context.Background()
	}
	ctx, cancel := context.WithCancelCause(server)
	return &search{id: id, prog: prog, strategy: strategy, variant: variant, params: params,
		limit: searchTimeLimit, ctx: ctx, cancel: cancel, events: make(chan searchEvent, 2), done: make(chan struct{})}
}

// options are the engine's options for the search.
func (sr *search) options() explore.Options {
	o := explore.Options{Strategy: sr.strategy, MaxStates: searchMaxStates,
		MaxPreemptions: searchMaxPreemptions, Runs: searchRuns, Seed: searchSeed, ProgressEvery: progressEvery,
		Memory: sr.memory, Workers: max(1, sr.workers), MaxMemory: sr.budget}
	if sr.strategy == explore.Randomized {
		o.ProgressEvery = progressEveryRun
	}
	if sr.goal != "" {
		return sr.reachOptions(o)
	}
	return o
}

// run waits for its turn in the queue, sending progress that says how
// many searches wait ahead as that changes, then searches within the
// time limit, sending progress at most every progressInterval, and sends
// the end. Cancelling the search ends the wait or the search.
func (sr *search) run(t *searchqueue.Ticket) {
	defer close(sr.done)
	defer t.Leave()
	if !sr.wait(t) {
		sr.events <- searchEvent{end: true, res: explore.Result{Strategy: sr.strategy, Stopped: "canceled"}}
		return
	}
	ctx, stop := context.WithTimeoutCause(sr.ctx, sr.limit, errSearchTime)
	defer stop()
	start := time.Now()
	last := start
	o := sr.options()
	o.Progress = func(p explore.Progress) {
		now := time.Now()
		if now.Sub(last) < progressInterval || len(sr.events) > 0 {
			return
		}
		last = now
		p.Found = append([]outcome.Kind(nil), p.Found...)
		sr.events <- searchEvent{progress: p, elapsed: now.Sub(start)}
	}
	res, err := explore.Explore(ctx, sr.prog, o)
	if res.Stopped == "canceled" && errors.Is(context.Cause(ctx), errSearchTime) {
		res.Stopped = errSearchTime.Error()
	}
	sr.events <- searchEvent{end: true, res: res, err: err, elapsed: time.Since(start)}
}

// wait waits for t's turn and reports false if the search was cancelled
// first. A progress event says how many wait ahead whenever that changed,
// and once more (0) when the search starts; the events channel holds at
// most one progress, so a change is sent when the session has read the
// last, at the latest one progressInterval later.
func (sr *search) wait(t *searchqueue.Ticket) bool {
	tick := time.NewTicker(progressInterval)
	defer tick.Stop()
	sent := t.Ahead()
	for {
		running := false
		select {
		case <-t.Ready():
			running = true
		case <-t.Moved():
		case <-tick.C:
		case <-sr.ctx.Done():
			return false
		}
		if now := t.Ahead(); now != sent && len(sr.events) == 0 {
			sr.events <- searchEvent{queued: now}
			sent = now
		}
		if running {
			return true
		}
	}
}

// searchEvents is the running search's events, or nil (a channel that
// never delivers) when no search runs.
func (s *session) searchEvents() <-chan searchEvent {
	if s.search == nil {
		return nil
	}
	return s.search.events
}

// searchEvent sends what the search reported: explore-progress, or at its
// end explore-result, after loading the counterexample it chose at step 0
// (then a state follows). A result for a program that is no longer loaded
// is sent but not loaded.
func (s *session) searchEvent(ev searchEvent, out Sink) error {
	sr := s.search
	if !ev.end {
		return s.emit(out, sr.progressEvent(ev))
	}
	<-sr.done
	s.search = nil
	if ev.err != nil {
		s.log.Error("explore failed", "lesson", s.lesson.ID, "variant", sr.variant, "err", ev.err)
		return s.emit(out, protocol.Error{Envelope: protocol.Reply(sr.id, "error"),
			Command: protocol.CmdExplore, Message: ev.err.Error()})
	}
	if sr.goal != "" {
		return s.emit(out, sr.reachResult(ev.res))
	}
	c := s.chooseCounterexample(sr, ev.res)
	var lead outcome.Kind
	if c != nil {
		lead = c.Kind
	}
	r := s.resultEvent(sr, ev.res, ev.elapsed, lead)
	var loaded []any
	if c != nil {
		s.pause()
		if err := s.tl.replace(c.Schedule, 0); err != nil {
			s.log.Error("explore: the counterexample does not load", "lesson", s.lesson.ID, "kind", c.Kind, "err", err)
		} else {
			r.Loaded = string(c.Kind)
			loaded = append(loaded, s.state(sr.id))
		}
	}
	if err := s.emit(out, r); err != nil {
		return err
	}
	for _, ev := range loaded {
		if err := s.emit(out, ev); err != nil {
			return err
		}
	}
	return nil
}

// chooseCounterexample picks the counterexample to load: one of a kind the
// lesson's schedules expect of the variant (the lesson's own bug), else
// the first. It returns nil when there is none, or when the program
// searched is no longer the one loaded.
func (s *session) chooseCounterexample(sr *search, r explore.Result) *explore.Counterexample {
	if len(r.Counterexamples) == 0 || s.tl == nil || s.tl.prog != sr.prog {
		return nil
	}
	for i, c := range r.Counterexamples {
		for _, sc := range s.lesson.Schedules {
			if string(sc.Expect[sr.variant]) == string(c.Kind) {
				return &r.Counterexamples[i]
			}
		}
	}
	return &r.Counterexamples[0]
}

// cancelSearch stops the running search. Its explore-result, which says
// how far it got, answers the cancel.
func (s *session) cancelSearch() ([]any, error) {
	if s.search == nil {
		return nil, errors.New("no search is running")
	}
	s.search.cancel(errSearchCanceled)
	return nil, nil
}

// followSearch cancels a search whose program is no longer loaded (after
// a load or a variant switch): its result could not be loaded.
func (s *session) followSearch() {
	if s.search != nil && (s.tl == nil || s.tl.prog != s.search.prog) {
		s.search.cancel(errSearchCanceled)
	}
}

// endSearch stops the running search, if any, and waits for its goroutine
// to return, for searchStopWait at most; the session is ending and its
// result is dropped. The engine notices a cancel every thousand states or
// so, which on a loaded machine can take a second or more: past the wait
// the goroutine is left to end on its own (it never blocks), so that a
// server shutting down stays within its budget.
func (s *session) endSearch() {
	if s.search == nil {
		return
	}
	s.search.cancel(errSessionOver)
	select {
	case <-s.search.done:
	case <-time.After(searchStopWait):
		s.log.Warn("a search is slow to stop; the session ends without it", "lesson", s.lesson.ID)
	}
	s.search = nil
}

// progressEvent is the explore-progress event for e.
func (sr *search) progressEvent(e searchEvent) protocol.ExploreProgress {
	p := e.progress
	ev := protocol.ExploreProgress{Envelope: protocol.Reply(sr.id, "explore-progress"),
		Strategy: string(sr.strategy), States: p.States, Executions: p.Executions, ElapsedMS: e.elapsed.Milliseconds(),
		Queued: e.queued, Found: []string{}}
	if sr.strategy == explore.PreemptionBounded {
		b := p.Bound
		ev.Bound = &b
	}
	for _, k := range p.Found {
		ev.Found = append(ev.Found, string(k))
	}
	return ev
}

// resultEvent is the explore-result event for r, in the session's
// language; its verdict leads with the counterexample of kind lead.
func (s *session) resultEvent(sr *search, r explore.Result, elapsed time.Duration, lead outcome.Kind) protocol.ExploreResult {
	ev := protocol.ExploreResult{Envelope: protocol.Reply(sr.id, "explore-result"),
		Strategy: string(sr.strategy), Variant: sr.variant, Params: sr.params, Complete: r.Complete, Reduced: r.Reduced,
		Stopped: r.Stopped, Executions: r.Executions, States: r.States, ElapsedMS: elapsed.Milliseconds(),
		Outcomes: map[string]*big.Int{}, Counterexamples: []protocol.Counterexample{}}
	if ev.Params == nil {
		ev.Params = map[string]int{}
	}
	if sr.strategy == explore.PreemptionBounded {
		b := r.Bound
		ev.Bound = &b
	}
	for k, n := range r.Outcomes {
		ev.Outcomes[string(k)] = n
	}
	for _, c := range r.Counterexamples {
		ev.Counterexamples = append(ev.Counterexamples, protocol.Counterexample{Kind: string(c.Kind),
			Schedule: c.Schedule.String(), Steps: c.Steps, Preemptions: c.Preemptions,
			Message: words.Outcome(c.Outcome, s.lang)})
	}
	ev.Verdict = words.Verdict(r, sr.params, lead, sr.bounds(), s.lang)
	return ev
}

package playground

import (
	"errors"
	"fmt"
	"time"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
	"lockstep/web/playground/protocol"
)

// Bounds of a reach search. It runs whenever a reader playing a challenge
// stops to think, so it is kept far smaller than a page's explore: a
// search that reaches a bound says only that it found nothing within it.
const (
	reachMaxStates = 200_000
	reachTimeLimit = 5 * time.Second
)

// reach starts a search of the executions that begin with the history up
// to the current position for one that ends in c.Kind. It runs as an
// explore does, through the same queue and as the session's one search,
// and answers at once with an explore-progress; its end is a reach-result
// (protocol.ReachResult), and nothing is loaded into the history: the reader
// is looking for the way, and is not handed it.
func (s *session) reach(c protocol.Command) ([]any, error) {
	k := outcome.Kind(c.Kind)
	if !outcome.ValidKind(k) || k == outcome.OK {
		return nil, fmt.Errorf("reach: %q is not a kind of bug", c.Kind)
	}
	if s.search != nil {
		return nil, errors.New("a search is already running: cancel it or wait for its result")
	}
	if s.memory == sim.C11 {
		return nil, errors.New("reach: the search from the step shown runs under the sc memory model only")
	}
	t, err := s.enterQueue()
	if err != nil {
		return nil, err
	}
	sr := newSearch(s.server, c.ID, s.tl.prog, explore.Exhaustive, s.variant, s.params)
	sr.workers, sr.budget = s.lessons.workers(), s.lessons.searchMemory()
	sr.goal, sr.from, sr.position = k, append(schedule.Schedule(nil), s.tl.history[:s.tl.pos]...), s.tl.pos
	sr.limit = reachTimeLimit
	ahead := t.Ahead()
	go sr.run(t)
	s.search = sr
	return []any{sr.progressEvent(searchEvent{queued: ahead})}, nil
}

// reachOptions narrows a search's options to a reach search's.
func (sr *search) reachOptions(o explore.Options) explore.Options {
	o.From, o.Want, o.MaxStates = sr.from, sr.goal, reachMaxStates
	return o
}

// reachResult is the reach-result event for a reach search's end.
func (sr *search) reachResult(r explore.Result) protocol.ReachResult {
	ev := protocol.ReachResult{Envelope: protocol.Reply(sr.id, "reach-result"),
		Kind: string(sr.goal), Variant: sr.variant, Position: sr.position, Schedule: sr.from.String(),
		Complete: r.Complete, Stopped: r.Stopped, States: r.States, MaxStates: reachMaxStates}
	switch {
	case r.Found(sr.goal):
		ev.Reachable = "yes"
		ev.Stopped = ""
	case r.Complete:
		ev.Reachable = "no"
	default:
		ev.Reachable = "unknown"
	}
	return ev
}

package explore

import (
	"sync"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// An announcer tells Options.OnFound of each outcome kind the first time
// a search (any of its phases and workers) runs into one, so that a
// reader sees a bug the moment it is found rather than when the search
// ends. Safe for concurrent use.
type announcer struct {
	p      *program.Program
	prefix []int16
	call   func(Counterexample)

	mu   sync.Mutex
	seen [numKinds]bool
}

// newAnnouncer returns the announcer of o's OnFound, or nil without one.
func newAnnouncer(p *program.Program, o *Options) *announcer {
	if o.OnFound == nil {
		return nil
	}
	return &announcer{p: p, prefix: o.prefix, call: o.OnFound}
}

// found announces path (the threads that moved, after the search's
// prefix), an execution of kind k, unless k was announced already. The
// callback runs with the announcer locked: one at a time, and each kind
// once.
func (a *announcer) found(k int, path []int16) {
	if a == nil || k == 0 {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.seen[k] {
		return
	}
	a.seen[k] = true
	full := append(append([]int16(nil), a.prefix...), path...)
	c := Counterexample{Kind: outcome.Kinds[k], Schedule: schedulePath(a.p, full), Steps: len(full)}
	if _, out, err := sim.ReplaySchedule(a.p, c.Schedule, sim.Options{}); err == nil {
		c.Outcome = out
	}
	if n, err := Preemptions(a.p, c.Schedule); err == nil {
		c.Preemptions = n
	}
	a.call(c)
}

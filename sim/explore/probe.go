package explore

import (
	"context"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// probe is the fast first pass of the preemption-bounded strategy: before
// a bound is searched completely, it runs the executions that place the
// bound's preemptions (0 or 1) at every point of one base run, switching to
// every other thread, and otherwise never preempt: when the running thread
// cannot move, the next thread in round-robin order moves. That is a few
// thousand runs even with dozens of threads, and bugs that need one badly
// placed preemption (a lost wakeup, a use-after-free) show up in
// milliseconds. It finds; it proves nothing, the complete search does.
type probe struct {
	p     *program.Program
	ctx   context.Context
	want  func(k int) bool // stop when a counterexample of kind k is found
	tell  *announcer       // of each kind first found
	best  [numKinds][]int16
	bpre  [numKinds]int
	have  [numKinds]bool
	count [numKinds]int64
	runs  int64
	stop  bool // canceled
	// wanted: a counterexample that ends the search was found; the probe
	// still runs to its end, to return the smallest it has.
	wanted bool
	path   []int16
	en     []int
}

// roundRobin is the thread that moves after last when no preemption is
// wanted: last itself while it can, else the next one in index order.
func roundRobin(m *sim.Machine, last int) int {
	n := len(m.Program().Threads)
	if last < 0 {
		last = n - 1
	} else if m.CanMove(last) {
		return last
	}
	for i := 1; i <= n; i++ {
		if t := (last + i) % n; m.CanMove(t) {
			return t
		}
	}
	return -1
}

// finish runs m to its end without preempting, after path (which has pre
// preemptions), and notes the outcome.
func (pr *probe) finish(m *sim.Machine, last, pre int) {
	for !m.Finished() {
		t := roundRobin(m, last)
		m.QuietStep(t)
		pr.path = append(pr.path, int16(t))
		last = t
	}
	pr.runs++
	k := outcome.Index(m.Outcome().Kind)
	pr.count[k]++
	if k == 0 {
		return
	}
	if !pr.have[k] {
		pr.tell.found(k, pr.path)
	}
	// The smallest is the one with the fewest preemptions, then the
	// fewest steps, as the complete search's (see PreemptionBounded).
	if !pr.have[k] || pre < pr.bpre[k] || pre == pr.bpre[k] && len(pr.path) < len(pr.best[k]) {
		pr.best[k] = append(pr.best[k][:0], pr.path...)
		pr.bpre[k], pr.have[k] = pre, true
	}
	if pr.want(k) {
		pr.wanted = true
	}
}

// run probes with at most bound preemptions (only 0 and 1 are probed).
// Cancelling the context stops it (stop).
func (pr *probe) run(bound int) {
	base := sim.New(pr.p, sim.Options{})
	m := sim.New(pr.p, sim.Options{})
	m.CopyFrom(base)
	pr.path = pr.path[:0]
	pr.finish(m, -1, 0)
	if bound < 1 {
		return
	}
	// Walk the base run again; at each point, try every other thread.
	var basePath []int16
	last := -1
	for !base.Finished() && !pr.stop {
		if last >= 0 && base.CanMove(last) {
			pr.en = base.Enabled(pr.en[:0])
			for _, u := range pr.en {
				if u == last {
					continue
				}
				if pr.runs&255 == 0 && pr.ctx.Err() != nil {
					pr.stop = true
					return
				}
				m.CopyFrom(base)
				m.QuietStep(u)
				pr.path = append(append(pr.path[:0], basePath...), int16(u))
				pr.finish(m, u, 1)
			}
		}
		t := roundRobin(base, last)
		base.QuietStep(t)
		basePath = append(basePath, int16(t))
		last = t
	}
}

package explore_test

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// future is what runs from a state show: per outcome kind, the executions
// and their steps in all, and the distinct observations.
type future struct {
	count, steps map[outcome.Kind]int64
	obs          map[string]bool
}

func (f *future) String() string {
	return fmt.Sprintf("%v executions, %v steps, observed %q", f.count, f.steps, slices.Sorted(maps.Keys(f.obs)))
}

func (f *future) same(g *future) bool {
	return maps.Equal(f.count, g.count) && maps.Equal(f.steps, g.steps) && maps.Equal(f.obs, g.obs)
}

// mergeChecker runs every execution from the start (every thread, every
// write a read may return), computes each state's future, and checks that
// states the c11 key merges have the same future.
type mergeChecker struct {
	t       *testing.T
	name    string
	key     func(*sim.Machine) statekey.Key
	observe func(*sim.Machine) string
	seen    map[statekey.Key]*future
	merged  int
	budget  int // states left to walk
	failed  bool
}

// walk returns the future of m, at depth d, or nil past the budget.
func (c *mergeChecker) walk(m *sim.Machine, d int) *future {
	if c.budget--; c.budget < 0 {
		return nil
	}
	f := &future{count: map[outcome.Kind]int64{}, steps: map[outcome.Kind]int64{}, obs: map[string]bool{}}
	if m.Finished() {
		k := m.Outcome().Kind
		f.count[k], f.steps[k] = 1, 0
		if c.observe != nil {
			f.obs[c.observe(m)] = true
		}
	} else {
		complete := eachWeakChild(c.t, m, func(child *sim.Machine) bool {
			g := c.walk(child, d+1)
			if g == nil {
				return false
			}
			for k, n := range g.count {
				f.count[k] += n
				f.steps[k] += g.steps[k] + n
			}
			maps.Copy(f.obs, g.obs)
			return true
		})
		if !complete {
			return nil
		}
	}
	k := c.key(m)
	if prev, ok := c.seen[k]; !ok {
		c.seen[k] = f
	} else if c.merged++; !prev.same(f) && !c.failed {
		c.failed = true
		c.t.Errorf("%s: the c11 key merges a state at depth %d whose future is %v with one whose future is %v",
			c.name, d, f, prev)
	}
	return f
}

// TestWeakKeyMergesAlikeStates checks the c11 state key state by state:
// running every execution of small programs, every pair of states with one
// key must have the same future (the same executions by outcome kind, in
// the same steps, and the same observations; under symmetry, no
// observations, which name threads). Checking the merges themselves, not
// only a search's totals, catches a key that forgets too much even where
// the totals happen to agree: writes kept for a thread that can never read
// again, or clocks keyed too coarsely (see sim.Machine.MemoryKey). The
// programs: small random ones that keep what each read returned, the
// litmus lessons, lessons that park, wake and finish threads early, and
// one whose states differ only in what a readable write's release clock
// covers (releaseFloorProgram).
func TestWeakKeyMergesAlikeStates(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	var progs []weakProgram
	for range 12 {
		p, desc, observe := registerProgram(t, rng)
		progs = append(progs, weakProgram{desc, p, observe})
	}
	for _, id := range []string{"litmus-mp", "litmus-sb", "litmus-iriw", "litmus-corr"} {
		for _, v := range []string{"relaxed", "acq_rel"} {
			p := build(t, id, v, nil)
			progs = append(progs, weakProgram{id + "/" + v, p, scenarios.Observer(p)})
		}
	}
	for _, l := range []struct {
		id, variant string
		params      map[string]int
	}{
		{"wg-basic", "tinycoro", map[string]int{"waiters": 1, "workers": 2}},
		{"wg-basic", "fixed", map[string]int{"waiters": 1, "workers": 2}},
		{"wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 1}},
		{"latch-basic", "tinycoro", map[string]int{"waiters": 1}},
		{"event-missing-release", "tinycoro", map[string]int{"waiters": 1}},
	} {
		progs = append(progs, weakProgram{name: fmt.Sprintf("%s/%s %v", l.id, l.variant, l.params), p: build(t, l.id, l.variant, l.params)})
	}
	p, observe := releaseFloorProgram(t)
	progs = append(progs, weakProgram{"release floor", p, observe})
	var merged int
	// Under the race detector, every ninth program: each is walked on
	// one thread, where the detector finds nothing.
	stride := 3
	if raceShrink() {
		stride = 9 // two programs keeping registers and litmus-corr: 23,216 states merged
	}
	for _, pr := range sample(progs, stride) {
		for _, sym := range []bool{false, true} {
			c := &mergeChecker{t: t, name: fmt.Sprintf("%s (symmetry %v)", pr.name, sym), key: explore.WeakKeys(pr.p, sym),
				seen: map[statekey.Key]*future{}, budget: 30_000}
			if !sym {
				c.observe = pr.observe
			}
			if c.walk(sim.New(pr.p, sim.Options{Memory: sim.C11}), 0) == nil {
				continue
			}
			merged += c.merged
		}
	}
	t.Logf("%d states merged", merged)
	if merged < 1000 {
		t.Errorf("only %d states merged: the check checks little", merged)
	}
}

// releaseFloorProgram is A: x=1; y=1 (release), B: x=1; y=2, relaxed
// stores but A's of y, and C: r1 = y (acquire); r2 = x. Once A and B have
// finished, B's y=2 last, the writes of x are alike but for their order:
// whether B's came before A's or after decides whether the release clock
// of y=1 covers B's, and so whether C, having read y=1, may still read
// B's write of x. Nothing else holds that clock: B's relaxed store
// cleared y's.
func releaseFloorProgram(t *testing.T) (*program.Program, func(*sim.Machine) string) {
	f := fixture.New()
	base := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true},
		program.Field{Name: "y", Kind: program.Int64, Atomic: true},
		program.Field{Name: "r1", Kind: program.Int64}, program.Field{Name: "r2", Kind: program.Int64})
	x, y, r1, r2 := base, base+1, base+2, base+3
	f.Thread("A", f.Op("a", "A",
		func(e program.Exec) { e.Store(x, 1, program.Relaxed); fixture.Next(e) },
		func(e program.Exec) { e.Store(y, 1, program.Release); e.Return() }))
	f.Thread("B", f.Op("b", "B",
		func(e program.Exec) { e.Store(x, 1, program.Relaxed); fixture.Next(e) },
		func(e program.Exec) { e.Store(y, 2, program.Relaxed); e.Return() }))
	f.Thread("C", f.Op("c", "C",
		func(e program.Exec) { e.SetLocal(0, e.Load(y, program.Acquire)); fixture.Next(e) },
		func(e program.Exec) { e.Write(r1, e.Local(0)); fixture.Next(e) },
		func(e program.Exec) { e.SetLocal(0, e.Load(x, program.Relaxed)); fixture.Next(e) },
		func(e program.Exec) { e.Write(r2, e.Local(0)); e.Return() }))
	p := f.Program(t)
	return p, func(m *sim.Machine) string { return fmt.Sprintf("r1=%d r2=%d", m.Memory()[r1], m.Memory()[r2]) }
}

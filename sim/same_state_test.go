package sim_test

import (
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/program"
)

// TestSameState steps copies of one machine: the same steps in the same
// order, or two loads in either order, leave the same state; another
// order of two load-and-store pairs (A's local differs), one step more,
// another value in a local, a plain read that changes only the race
// detector's last reads, or the c11 model tell the states apart.
func TestSameState(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	set := f.Op("set", "S",
		func(x program.Exec) { x.SetLocal(0, x.Load(d.Flag, program.Acquire)); fixture.Next(x) },
		func(x program.Exec) { x.Store(d.Flag, x.Local(0)+1, program.Release); x.Return() })
	look := f.Op("look", "L", func(x program.Exec) { x.Read(d.X); x.Return() })
	f.Thread("A", set)
	f.Thread("B", set)
	f.Thread("C", look)
	p := f.Program(t)
	run := func(o sim.Options, ts ...int) *sim.Machine {
		m := sim.New(p, o)
		for _, th := range ts {
			m.QuietStep(th)
		}
		return m
	}
	base := run(sim.Options{}, 0, 1)
	if !base.SameState(run(sim.Options{}, 0, 1)) {
		t.Error("the same steps: not the same state")
	}
	if !base.SameState(run(sim.Options{}, 1, 0)) {
		t.Error("two loads in the other order: not the same state")
	}
	for name, other := range map[string]*sim.Machine{
		"one step more":      run(sim.Options{}, 0, 1, 0),
		"the stores in turn": run(sim.Options{}, 0, 0, 1, 1),
		"a plain read":       run(sim.Options{}, 0, 1, 2),
		"under c11":          run(sim.Options{Memory: sim.C11}, 0, 1),
	} {
		if base.SameState(other) || other.SameState(base) {
			t.Errorf("%s: the same state", name)
		}
	}
	a, b := run(sim.Options{}, 0, 0, 1, 1), run(sim.Options{}, 1, 1, 0, 0)
	if a.SameState(b) {
		t.Error("the stores in the other order: the same state")
	}
	changed := run(sim.Options{}, 0, 1)
	changed.SetLocal(0, 0, 7)
	if base.SameState(changed) {
		t.Error("another value in a local: the same state")
	}
}

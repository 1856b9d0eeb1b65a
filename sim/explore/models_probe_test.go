package explore_test

import (
	"math/rand/v2"
	"testing"

	"lockstep/sim"
	"lockstep/sim/statekey"
)

// TestModelsProbeAsCheck checks a step's check split as the parallel
// search splits it: probed on a clone of the models, outside the lock,
// then checked with the probe (CheckProbed), against Check on models
// that went through the same steps. At every step of random runs of
// programs with doomed sites, both report the same, and keyers built on
// either give every state the same key. When a step shows the models
// wrong, the clone is made again, as the search starting again does.
func TestModelsProbeAsCheck(t *testing.T) {
	for _, c := range []struct {
		lesson, variant string
		params          map[string]int
	}{
		{"wg-lost-wakeup", "fixed", map[string]int{"waiters": 3, "workers": 4}},
		{"wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 3}},
		{"mutex-handoff", "tinycoro", nil},
		{"channel-basic", "fixed", nil},
		{"when-all-cross-thread", "fixed-event", nil},
	} {
		t.Run(c.lesson+"/"+c.variant, func(t *testing.T) {
			p := build(t, c.lesson, c.variant, c.params)
			a, b := statekey.Learn(p), statekey.Learn(p)
			a.Freeze()
			b.Freeze()
			clone := b.Clone()
			ka := statekey.New(p, statekey.Options{Symmetric: true, Models: a})
			kb := statekey.New(p, statekey.Options{Symmetric: true, Models: b})
			rng := rand.New(rand.NewPCG(7, 11))
			m, child := sim.New(p, sim.Options{}), sim.New(p, sim.Options{})
			var en []int
			steps, wrong := 0, 0
			for run := range 200 {
				m.CopyFrom(sim.New(p, sim.Options{}))
				for !m.Finished() {
					en = m.Enabled(en[:0])
					th := en[rng.IntN(len(en))]
					child.CopyFrom(m)
					child.QuietStep(th)
					okA := a.Check(child, m, th)
					okB := b.CheckProbed(child, m, th, clone.Probe(child, m, th))
					if okA != okB {
						t.Fatalf("run %d, step %d: Check says %v, CheckProbed %v", run, steps, okA, okB)
					}
					if !okA {
						wrong++
						a.Freeze()
						b.Freeze()
						clone = b.Clone()
						ka = statekey.New(p, statekey.Options{Symmetric: true, Models: a})
						kb = statekey.New(p, statekey.Options{Symmetric: true, Models: b})
					}
					if ka.Key(child) != kb.Key(child) {
						t.Fatalf("run %d, step %d: the keys differ", run, steps)
					}
					m, child = child, m
					steps++
				}
			}
			if steps == 0 {
				t.Fatal("no step was checked")
			}
			t.Logf("%d steps, %d showed the models wrong", steps, wrong)
		})
	}
}

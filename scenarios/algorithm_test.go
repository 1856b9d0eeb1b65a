package scenarios

import (
	"slices"
	"testing"

	"lockstep/sim"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/snapshot"
)

// TestStepsFollowTheirLines replays every lesson's schedules and a few
// random runs on every variant and checks that each step's label is a line
// of the operation its coroutine was in: the algorithm the playground
// shows cannot drift from the code that runs.
func TestStepsFollowTheirLines(t *testing.T) {
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range cat.All() {
		for _, v := range s.Variants {
			p, err := s.Build(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			// check walks m's records again on a machine of its own,
			// stepping the same threads, to see each step's coroutine
			// and operation before the step.
			check := func(m *sim.Machine, what string) {
				again := sim.New(p, sim.Options{})
				for _, r := range m.Records() {
					before := snapshot.Of(again)
					if r.Label >= 0 && r.Op != program.OpResume {
						c := before.Coroutines[r.Coroutine]
						op := slices.IndexFunc(p.Ops, func(o program.Op) bool { return o.Name == c.Op })
						if op < 0 || !slices.ContainsFunc(p.Ops[op].Lines, func(l program.Line) bool { return l.Label == r.Label }) {
							t.Errorf("%s/%s %s: step %d (%s) is not a line of %q", s.ID, v, what, r.Index, p.Label(r.Label), c.Op)
						}
					}
					again.QuietStep(r.Thread)
				}
			}
			opts := sim.Options{Record: true}
			for _, sc := range s.Schedules {
				sched, err := schedule.Parse(sc.For(v))
				if err != nil {
					t.Fatal(err)
				}
				m, _, _ := sim.ReplaySchedule(p, sched, opts)
				check(m, sc.Name)
			}
			for seed := uint64(1); seed <= 4; seed++ {
				m := sim.New(p, opts)
				_, _ = sim.Run(m, sim.NewRandom(seed))
				check(m, "random")
			}
		}
	}
}

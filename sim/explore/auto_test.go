package explore_test

import (
	"testing"

	"lockstep/scenarios"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
)

// TestFindThenProve checks the two phases: the bounded phase's smallest
// counterexamples and the exhaustive phase's exact counts; a search to
// stop at a kind that the bounded phase finds has no second phase and
// reports that kind alone; a correct program is proved.
func TestFindThenProve(t *testing.T) {
	p := build(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2})
	r := search(t, p, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2})
	ex := search(t, p, explore.Options{})
	pb := search(t, p, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: 2})
	if len(r.Phases) != 2 || r.Phases[0].Strategy != explore.PreemptionBounded || r.Phases[1].Strategy != explore.Exhaustive {
		t.Fatalf("phases %+v; want preemption, then exhaustive", r.Phases)
	}
	if !r.Complete || r.Executions.Cmp(ex.Executions) != 0 || !sameCounts(r.Outcomes, ex.Outcomes) {
		t.Errorf("complete=%v, %v executions %v; want the exhaustive search's %v %v",
			r.Complete, r.Executions, r.Outcomes, ex.Executions, ex.Outcomes)
	}
	if r.States != r.Phases[0].States+r.Phases[1].States {
		t.Errorf("%d states; want the phases' %d + %d", r.States, r.Phases[0].States, r.Phases[1].States)
	}
	if len(r.Counterexamples) != len(pb.Counterexamples) {
		t.Fatalf("found %v; want the bounded search's %v", kinds(r), kinds(pb))
	}
	for i, c := range r.Counterexamples {
		if want := pb.Counterexamples[i]; c.Schedule.String() != want.Schedule.String() || c.Preemptions != want.Preemptions {
			t.Errorf("%s: %d preemptions, %s; want the bounded search's %d, %s", c.Kind, c.Preemptions, c.Schedule, want.Preemptions, want.Schedule)
		}
	}

	stop := search(t, p, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2, Want: outcome.UseAfterFree})
	if len(stop.Phases) != 1 || stop.Complete || stop.Stopped != "first-counterexample" ||
		len(stop.Counterexamples) != 1 || stop.Counterexamples[0].Kind != outcome.UseAfterFree {
		t.Errorf("stop at use-after-free: %d phases, complete=%v (%s), found %v; want one phase stopped at a use-after-free alone",
			len(stop.Phases), stop.Complete, stop.Stopped, kinds(stop))
	}

	fixed := build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 2, "workers": 2})
	ok := search(t, fixed, explore.Options{Strategy: explore.FindThenProve, MaxPreemptions: 2})
	want := search(t, fixed, explore.Options{})
	if !ok.Complete || len(ok.Counterexamples) > 0 || ok.Executions.Cmp(want.Executions) != 0 || len(ok.Phases) != 2 {
		t.Errorf("fixed: complete=%v, found %v, %v executions in %d phases; want it proved, %v executions, in 2",
			ok.Complete, kinds(ok), ok.Executions, len(ok.Phases), want.Executions)
	}
}

// TestMutexTwoRounds verifies the benchmark's lesson at 2 lockers: no
// bug, and the same counts with symmetry and without.
func TestMutexTwoRounds(t *testing.T) {
	s, err := scenarios.ReadFile("testdata/mutex-two-rounds.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Build("tinycoro", map[string]int{"lockers": 2})
	if err != nil {
		t.Fatal(err)
	}
	with := search(t, p, explore.Options{})
	without := search(t, p, explore.Options{NoSymmetry: true})
	if !with.Complete || len(with.Counterexamples) > 0 || with.Executions.Cmp(without.Executions) != 0 {
		t.Errorf("complete=%v, found %v, %v executions (without symmetry %v); want no bug, the same counts",
			with.Complete, kinds(with), with.Executions, without.Executions)
	}
}

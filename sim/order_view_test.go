package sim_test

import (
	"reflect"
	"testing"

	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// TestModificationOrder describes a cell's modification order under
// c11, where B's store went before A's, which it follows in the run: the
// initial value, B's write, then A's, the latest; the last most writes
// and the count of the older ones; and nothing under sc.
func TestModificationOrder(t *testing.T) {
	f := fixture.New()
	word := f.Data(program.Field{Name: "word", Kind: program.Int64, Atomic: true})
	store := func(v program.Word) func(program.Exec) {
		return func(x program.Exec) { x.Store(word, v, program.Relaxed); x.Return() }
	}
	f.Thread("A", f.Op("one", "A", store(1)))
	f.Thread("B", f.Op("two", "B", store(2)))
	p := f.Program(t)
	sched, err := schedule.Parse("A B^1")
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(p, sched, sim.Options{Memory: sim.C11})
	if err != nil {
		t.Fatal(err)
	}
	all := []c11.Candidate{
		{Source: c11.Init, Value: 0, Step: -1},
		{Source: c11.FromStep(1), Value: 2, Thread: "B", Label: "B1", Step: 1},
		{Source: c11.FromStep(0), Value: 1, Thread: "A", Label: "A1", Step: 0, Latest: true},
	}
	for _, tt := range []struct {
		most, older int
		want        []c11.Candidate
	}{{8, 0, all}, {3, 0, all}, {2, 1, all[1:]}, {0, 2, all[2:]}} {
		got, older := m.ModificationOrder(word, tt.most)
		if !reflect.DeepEqual(got, tt.want) || older != tt.older {
			t.Errorf("ModificationOrder(word, %d) = %+v, %d older; want %+v, %d", tt.most, got, older, tt.want, tt.older)
		}
	}
	if got, older := m.ModificationOrder(program.Word(len(p.Cells)), 8); got != nil || older != 0 {
		t.Errorf("a cell past the last: %+v, %d; want nothing", got, older)
	}
	sc, _, err := sim.ReplaySchedule(p, schedule.Schedule{{Thread: "A"}, {Thread: "B"}}, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, older := sc.ModificationOrder(word, 8); got != nil || older != 0 {
		t.Errorf("under sc: %+v, %d; want nothing", got, older)
	}
}

package sim_test

import (
	"errors"
	"strings"
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/schedule"
)

// A schedule that cannot be followed stops the run with an error that says
// which step, which thread and why.
func TestReplayErrors(t *testing.T) {
	tests := []struct {
		name     string
		schedule string
		err      string
		steps    int  // performed before the error
		setOnly  bool // B sets the flag and finishes, without waking A
	}{
		{name: "unknown thread", schedule: "A Z9", steps: 1, err: `step 2: no thread "Z9" (threads: A, B)`},
		{name: "parked thread", schedule: "A A A", steps: 2, err: "step 3: A cannot move: A is parked in park"},
		{name: "finished thread", schedule: "B B", steps: 1, setOnly: true, err: "step 2: B cannot move: B has finished"},
		{name: "label mismatch", schedule: "A@K2", steps: 0, err: "step 1: A is at K1, not K2"},
		{name: "resume expected", schedule: "A A B B B A@K3", steps: 5, err: "step 6: A is at a resume from its run queue, not K3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			f.Thread("A", f.ParkOp(d))
			ops := []int{f.SetOp(d), f.WakeOp(d, 1)}
			if tt.setOnly {
				ops = ops[:1]
			}
			f.Thread("B", ops...)
			p := f.Program(t)
			s, err := schedule.Parse(tt.schedule)
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := sim.ReplaySchedule(p, s, sim.Options{})
			if err == nil || !errors.Is(err, schedule.ErrInvalid) || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("ReplaySchedule(%q) error = %v, want one containing %q", tt.schedule, err, tt.err)
			}
			if m.Steps() != tt.steps {
				t.Errorf("Steps() = %d, want %d", m.Steps(), tt.steps)
			}
		})
	}
}

func TestReplayPrefix(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.ParkOp(d))
	f.Thread("B", f.SetOp(d), f.WakeOp(d, 1))
	p := f.Program(t)
	s, _ := schedule.Parse("A A B")
	m, err := sim.ReplayPrefix(p, s, sim.Options{})
	if err != nil || m.Steps() != 3 || m.Finished() {
		t.Fatalf("ReplayPrefix = %d steps, finished %v, %v; want 3 steps, not finished", m.Steps(), m.Finished(), err)
	}
	s, _ = schedule.Parse("A A B B B A A A")
	_, err = sim.ReplayPrefix(p, s, sim.Options{})
	if err == nil || !strings.Contains(err.Error(), "step 8: the run is already over") {
		t.Errorf("ReplayPrefix past the end = %v, want the run is already over", err)
	}
}

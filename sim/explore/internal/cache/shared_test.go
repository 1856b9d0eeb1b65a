package cache

import (
	"testing"

	"lockstep/sim/statekey"
)

// TestSharedMinStepsOfUnfinishedStates checks that a state in progress,
// as a worker halted by the end of the search leaves it, is not known to
// MinSteps (its fewest steps are to be found below it), and that it is
// once a worker saves its summary.
func TestSharedMinStepsOfUnfinishedStates(t *testing.T) {
	const lost = 1
	s := NewShared()
	key := statekey.Key{7, 11}
	var sum Summary
	r, op := s.Open(key, 3, false, Bounds{States: 100}, &sum)
	if op != Opened {
		t.Fatalf("Open of a new state = %v; want Opened", op)
	}
	if steps, known := s.MinSteps(key, lost); known || steps != NoSteps {
		t.Errorf("MinSteps of a state in progress = %d, %v; want NoSteps, not known", steps, known)
	}
	if _, op := s.Open(key, 5, false, Bounds{States: 100}, &sum); op != Busy {
		t.Errorf("Open by another worker = %v; want Busy", op)
	}
	sum.Terminal(lost)
	var two Summary
	two.Reset()
	two.Add(&sum)
	two.min[lost] = 2
	s.Save(r, &two)
	if steps, known := s.MinSteps(key, lost); !known || steps != 2 {
		t.Errorf("MinSteps of a saved state = %d, %v; want 2, known", steps, known)
	}
	if steps, known := s.MinSteps(key, 0); !known || steps != NoSteps {
		t.Errorf("MinSteps to a kind the state never reaches = %d, %v; want NoSteps, known", steps, known)
	}
	if _, known := s.MinSteps(statekey.Key{8, 11}, lost); known {
		t.Error("MinSteps of a state never opened: known")
	}
}

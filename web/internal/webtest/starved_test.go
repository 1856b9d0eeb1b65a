package webtest

import (
	"math"
	"testing"
)

// TestStarvation: the measure is a ratio of at least 1 (a process that got
// every moment of a core it asked for), and finite.
func TestStarvation(t *testing.T) {
	s := Starvation(t)
	if s < 1 || math.IsInf(s, 0) || math.IsNaN(s) || s > 1e4 {
		t.Errorf("Starvation = %v, want a ratio of 1 or more", s)
	}
	if cpu0, ok := processCPU(); ok {
		spin(5e6)
		if cpu1, _ := processCPU(); cpu1 <= cpu0 {
			t.Errorf("processor time went from %v to %v over a spin", cpu0, cpu1)
		}
	}
}

package primitives_test

import (
	"testing"

	"lockstep/primitives"
)

// TestLabelNumber finds every label by its name, and no label by a name
// none has.
func TestLabelNumber(t *testing.T) {
	n := 0
	for pc := 1; primitives.LabelName(pc) != "?"; pc++ {
		name := primitives.LabelName(pc)
		if got, ok := primitives.LabelNumber(name); !ok || got != pc {
			t.Errorf("LabelNumber(%q) = %d, %v; want %d, true", name, got, ok, pc)
		}
		n++
	}
	if n < 50 {
		t.Errorf("only %d labels found by name; the primitives have more", n)
	}
	for _, name := range []string{"", "?", "G0", "g4", "E1 "} {
		if pc, ok := primitives.LabelNumber(name); ok {
			t.Errorf("LabelNumber(%q) = %d, true; want no label", name, pc)
		}
	}
}

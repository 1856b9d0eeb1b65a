package words

import (
	"lockstep/sim/outcome"
	"testing"
)

// TestGlossaryKinds checks that every outcome kind the engine reports has
// a glossary entry in both languages.
func TestGlossaryKinds(t *testing.T) {
	kinds := []outcome.Kind{outcome.OK, outcome.LostWakeup, outcome.Deadlock, outcome.UseAfterFree, outcome.DoubleResume, outcome.PrematureRelease,
		outcome.DataRace, outcome.MutualExclusion, outcome.Panic, outcome.DroppedTask, outcome.Assertion, outcome.StepLimit}
	if len(Kinds()) != len(kinds) {
		t.Errorf("Kinds() has %d kinds; the engine has %d", len(Kinds()), len(kinds))
	}
	for _, k := range kinds {
		for _, lang := range []string{"en", "zh"} {
			if e, ok := Kind(string(k), lang); !ok || e.Name == "" || e.Text == "" {
				t.Errorf("Kind(%q, %q) = %+v, %v; want an entry", k, lang, e, ok)
			}
		}
	}
}

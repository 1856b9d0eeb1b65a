package words

import (
	"testing"

	"lockstep/sim"
)

// TestGlossaryKinds checks that every outcome kind the engine reports has
// a glossary entry in both languages.
func TestGlossaryKinds(t *testing.T) {
	kinds := []sim.Kind{sim.OK, sim.LostWakeup, sim.Deadlock, sim.UseAfterFree, sim.DoubleResume, sim.PrematureRelease,
		sim.DataRace, sim.MutualExclusion, sim.Panic, sim.DroppedTask, sim.Assertion, sim.StepLimit}
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

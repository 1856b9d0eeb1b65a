package scenarios_test

import (
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
)

// TestVerifyCatalog checks every lesson of the catalog: each named
// schedule leads, in each variant, to the outcome it expects.
func TestVerifyCatalog(t *testing.T) {
	for _, s := range loadCatalog(t).All() {
		v := s.Verify()
		if want := len(s.Schedules) * len(s.Variants); v.Runs != want {
			t.Errorf("%s: Verify made %d runs, want %d", s.ID, v.Runs, want)
		}
		for _, mm := range v.Mismatches {
			t.Errorf("%s: %v", s.ID, mm)
		}
	}
}

// wrongLesson is the B5 walk-through with two wrong expectations: the
// fixed wait_group does not lose the wakeup, and the last schedule cannot
// be followed at all.
const wrongLesson = `{
  "id": "wrong", "primitive": "wait_group", "variants": ["tinycoro", "fixed"],
  "title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"},
  "narrative": {"en": ["n"], "zh": ["n"]},
  "init": {"count": "1"},
  "coroutines": [{"name": "W", "script": "wait"}, {"name": "D", "script": "done"}],
  "schedules": [
    {"name": "lost", "title": {"en": "l", "zh": "l"},
     "steps": "W@G1 W@G2 W@G3 W@G4 W@G5 D@D1 D@D2 W@G6",
     "by_variant": {"fixed": "W*3 D*2 W"},
     "expect": {"tinycoro": "lost-wakeup", "fixed": "lost-wakeup"}},
    {"name": "stuck", "title": {"en": "s", "zh": "s"}, "steps": "X",
     "expect": {"tinycoro": "ok", "fixed": "ok"}}
  ]
}`

func TestVerifyMismatches(t *testing.T) {
	s, err := scenarios.Parse("wrong.jsonc", []byte(wrongLesson))
	if err != nil {
		t.Fatal(err)
	}
	v := s.Verify()
	if v.Runs != 4 || len(v.Mismatches) != 3 {
		t.Fatalf("Verify() = %d runs, mismatches %v; want 4 runs and 3 mismatches", v.Runs, v.Mismatches)
	}
	mm := v.Mismatches[0]
	if mm.Schedule != "lost" || mm.Variant != "fixed" || mm.Expected != sim.LostWakeup || mm.Got != sim.OK || mm.Err != nil {
		t.Errorf("first mismatch = %+v; want lost/fixed, expected lost-wakeup, got ok", mm)
	}
	if got, want := mm.Error(), "schedule lost, variant fixed: expected lost-wakeup, got ok"; got != want {
		t.Errorf("Error() = %q; want %q", got, want)
	}
	for _, mm := range v.Mismatches[1:] {
		if mm.Schedule != "stuck" || mm.Err == nil || !strings.Contains(mm.Error(), `no thread "X"`) {
			t.Errorf("mismatch %v; want schedule stuck, which names no thread", mm)
		}
	}
}

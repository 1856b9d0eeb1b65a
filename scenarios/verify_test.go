package scenarios_test

import (
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
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
	if mm.Schedule != "lost" || mm.Variant != "fixed" || mm.Expected != outcome.LostWakeup || mm.Got != outcome.OK || mm.Err != nil {
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

// TestCauseSteps checks that the verdicts of the lessons that lose a
// waiter name the step where it parked and the step that lost it.
func TestCauseSteps(t *testing.T) {
	tests := []struct {
		lesson, schedule string
		kind             outcome.Kind
		park, cause      int
		by, label        string
		opened           bool
	}{
		// B5: the drain (D2) found the stack empty before W1 pushed.
		{"wg-lost-wakeup", "lost", outcome.LostWakeup, 7, 6, "D1", "D2", false},
		// B7: add(-1) made the count zero without a look at the stack.
		{"wg-add-negative", "add-last", outcome.LostWakeup, 5, 7, "N", "A1", true},
		// B10: submit_task dropped the handle at S3.
		{"event-dropped-task", "dropped", outcome.DroppedTask, 5, 7, "S", "S3", false},
	}
	cat := loadCatalog(t)
	for _, tt := range tests {
		s, err := cat.Lookup(tt.lesson)
		if err != nil {
			t.Fatal(err)
		}
		p, err := s.Build("tinycoro", nil)
		if err != nil {
			t.Fatal(err)
		}
		sc := s.Schedules[scheduleIndex(s, tt.schedule)]
		sched, err := schedule.Parse(sc.For("tinycoro"))
		if err != nil {
			t.Fatal(err)
		}
		_, out, err := sim.ReplaySchedule(p, sched, sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		d := out.Detail
		if out.Kind != tt.kind || out.Step != tt.park || out.CauseStep != tt.cause || d.CauseBy != tt.by || d.CauseLabel != tt.label || d.CauseOpened != tt.opened {
			t.Errorf("%s/%s: %s at step %d, cause step %d (%s's %s, opened %v); want %s at %d, cause %d (%s's %s, opened %v)",
				tt.lesson, tt.schedule, out.Kind, out.Step, out.CauseStep, d.CauseBy, d.CauseLabel, d.CauseOpened,
				tt.kind, tt.park, tt.cause, tt.by, tt.label, tt.opened)
		}
	}
}

// scheduleIndex is the index of the lesson's schedule named name, or -1.
func scheduleIndex(s *scenarios.Scenario, name string) int {
	for i, sc := range s.Schedules {
		if sc.Name == name {
			return i
		}
	}
	return -1
}

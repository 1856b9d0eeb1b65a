package scenarios_test

import (
	"os"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
)

// TestEveryBugLessonHasAChallenge checks the catalog: a lesson with a
// schedule that expects a bug has a challenge, with a goal and one to
// three hints in both languages, whose schedule reaches its kind on its
// variant, and whose fix variant ends that schedule well; a lesson with
// none has no challenge.
func TestEveryBugLessonHasAChallenge(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range cat.All() {
		c, err := s.Challenge()
		if err != nil {
			t.Fatalf("%s: %v", s.ID, err)
		}
		if !expectsABug(s) {
			if c != nil {
				t.Errorf("%s expects no bug but has a challenge", s.ID)
			}
			continue
		}
		n++
		if c == nil {
			t.Errorf("%s expects a bug and has no challenge", s.ID)
			continue
		}
		if c.Goal.EN == "" || c.Goal.ZH == "" || strings.Contains(c.Goal.EN+c.Goal.ZH, "{T}") {
			t.Errorf("%s: goal %+v", s.ID, c.Goal)
		}
		if len(c.Hints) < 1 || len(c.Hints) > scenarios.MaxHints {
			t.Errorf("%s: %d hints", s.ID, len(c.Hints))
		}
		for i, h := range c.Hints {
			if h.EN == "" || h.ZH == "" {
				t.Errorf("%s: hint %d %+v", s.ID, i+1, h)
			}
		}
		p, err := s.Build(c.Variant, nil)
		if err != nil {
			t.Fatal(err)
		}
		sched, err := schedule.Parse(c.Schedule)
		if err != nil {
			t.Fatal(err)
		}
		if _, out, err := sim.ReplaySchedule(p, sched, sim.Options{}); err != nil || out.Kind != c.Kind {
			t.Errorf("%s: the challenge's schedule on %s ends in %s (%v); want %s", s.ID, c.Variant, out.Kind, err, c.Kind)
		}
		if c.Fix != "" {
			if c.Fix == c.Variant {
				t.Errorf("%s: the fix is the variant played", s.ID)
			}
			pf, err := s.Build(c.Fix, nil)
			if err != nil {
				t.Fatal(err)
			}
			fs, _ := schedule.Parse(scheduleOf(s, c.Schedule, c.Variant, c.Fix))
			if _, out, err := sim.ReplaySchedule(pf, fs, sim.Options{}); err != nil || out.Kind != outcome.OK {
				t.Errorf("%s: the challenge's schedule on the fix %s ends in %s (%v); want ok", s.ID, c.Fix, out.Kind, err)
			}
		}
	}
	if n < 10 {
		t.Errorf("%d bug lessons; the catalog has more", n)
	}
}

// TestChallengeWordsAreChecked checks that a lesson's own words are used,
// and that they need both languages.
func TestChallengeWordsAreChecked(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-uaf")
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := s.Challenge(); c == nil || !strings.Contains(c.Goal.EN, "done()") {
		t.Errorf("wg-uaf's goal %+v; want the lesson's own, naming done()", c)
	}
	data, err := os.ReadFile("lessons/wg-lost-wakeup.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	bad := strings.Replace(string(data), `"schedules": [`, `"challenge": {"goal": {"en": "Lose W1."}}, "schedules": [`, 1)
	if _, err := scenarios.Parse("bad.jsonc", []byte(bad)); err == nil || !strings.Contains(err.Error(), "challenge") {
		t.Errorf("a goal without zh: %v; want an error about the challenge", err)
	}
}

// expectsABug reports whether some schedule of s expects a bug of some
// variant.
func expectsABug(s *scenarios.Scenario) bool {
	for _, sc := range s.Schedules {
		for _, k := range sc.Expect {
			if k != outcome.OK {
				return true
			}
		}
	}
	return false
}

// scheduleOf is the steps, for variant to, of the lesson's schedule whose
// steps for variant from are steps.
func scheduleOf(s *scenarios.Scenario, steps, from, to string) string {
	for i := range s.Schedules {
		if s.Schedules[i].For(from) == steps {
			return s.Schedules[i].For(to)
		}
	}
	return steps
}

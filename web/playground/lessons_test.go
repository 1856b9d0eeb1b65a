package playground

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/schedule"
	"lockstep/web/internal/webtest"
)

func TestLoadedFollowsLanguageAndVariant(t *testing.T) {
	d := newDriver(t)
	d.state(t, loadLesson)
	evs := d.send(t, `{"v":1,"id":3,"type":"lang","lang":"zh"}`)
	if len(evs) != 2 || evs[0].Type != "loaded" || evs[0].Lesson.Title != "丢失的唤醒" || evs[0].Lesson.Lang != "zh" {
		t.Fatalf("lang zh: got %+v; want loaded in Chinese, then state", evs)
	}
	evs = d.send(t, `{"v":1,"id":4,"type":"variant","variant":"fixed"}`)
	if len(evs) != 2 || evs[0].Type != "loaded" || evs[0].Lesson.Variant != "fixed" {
		t.Fatalf("variant fixed: got %+v; want loaded for fixed, then state", evs)
	}
	if len(evs[0].Lesson.Source) == 0 || evs[0].Lesson.Source[0].File == "waitgroup_tinycoro.go" {
		t.Errorf("fixed's source starts with %s; want the fixed variant's file", firstFile(evs[0].Lesson.Source))
	}
}

// TestCASAttribution checks a failed CAS: W2 pushes itself between W1's
// read of m_state (G4) and W1's CAS (G6).
func TestCASAttribution(t *testing.T) {
	d := newDriver(t)
	st := d.state(t, `{"v":1,"type":"load","lesson":"test-wakeup","params":{"waiters":2},"schedule":"W1*5 W2*6 W1"}`)
	wantStep(t, st, "W1", "G6")
	s := st.Step
	if s.Op != "cas" || s.OK || s.Expected != "nullptr" || s.Result != "&W2.awaiter" {
		t.Fatalf("step = %+v; want W1's CAS failing on &W2.awaiter", s)
	}
	if s.CAS == nil || s.CAS.Retry != 1 || s.CAS.ChangedBy == nil {
		t.Fatalf("cas = %+v; want retry 1 and who changed the cell", s.CAS)
	}
	if by := *s.CAS.ChangedBy; by.Step != 10 || by.Thread != "W2" || by.Label != "G6" {
		t.Errorf("changed_by = %+v; want W2's G6 at step 10", by)
	}
	if !strings.Contains(s.Text, "failed, because W2 changed it at step 11 (G6)") {
		t.Errorf("text = %q; want it to say who changed the cell", s.Text)
	}
	// W1 retries: G3, G4, G5, and its second CAS succeeds after one failure.
	for range 4 {
		st = d.state(t, step("W1"))
	}
	wantStep(t, st, "W1", "G6")
	if !st.Step.OK || st.Step.CAS == nil || st.Step.CAS.Retry != 1 || st.Step.CAS.ChangedBy != nil {
		t.Errorf("second CAS = %+v, cas %+v; want success after 1 failure", st.Step, st.Step.CAS)
	}
	if !slices.Equal(st.Step.Changed, []string{"wg.m_state"}) {
		t.Errorf("changed = %v; want wg.m_state", st.Step.Changed)
	}
}

// TestTestLessons checks that the tests' own lessons expect what the
// engine computes.
func TestTestLessons(t *testing.T) {
	checkExpectations(t, webtest.Catalog(t))
}

// TestEveryLesson opens every lesson of the embedded catalog in a session,
// in every variant, and replays every named schedule to its end: the
// playground must be able to show all of them.
func TestEveryLesson(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(Config{Lessons: cat, Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range cat.All() {
		for _, v := range l.Variants {
			t.Run(l.ID+"/"+v, func(t *testing.T) {
				d := &driver{s: newSession(p, p.log), out: &recorder{}}
				evs := d.send(t, fmt.Sprintf(`{"v":1,"type":"load","lesson":%q,"variant":%q}`, l.ID, v))
				if len(evs) != 2 || evs[0].Type != "loaded" || len(evs[0].Lesson.Source) == 0 {
					t.Fatalf("load: %+v; want loaded with source, then state", evs)
				}
				for _, sc := range l.Schedules {
					evs := d.send(t, fmt.Sprintf(`{"v":1,"type":"replay","schedule":%q}`, sc.Name))
					if evs[0].Type != "state" {
						t.Errorf("replay %s: %s", sc.Name, evs[0].Message)
						continue
					}
					st := d.state(t, fmt.Sprintf(`{"v":1,"type":"goto","step":%d}`, evs[0].Length))
					if st.Outcome == nil || st.Step == nil && st.Length > 0 || st.Step != nil && st.Step.Text == "" {
						t.Errorf("replay %s to its end: outcome %+v, step %+v", sc.Name, st.Outcome, st.Step)
						continue
					}
					if got, want := st.Outcome.Kind, string(sc.Expect[v]); got != want {
						t.Errorf("replay %s: outcome %s, want %s", sc.Name, got, want)
					}
				}
			})
		}
	}
}

// checkExpectations replays every named schedule of every lesson in every
// variant and compares the outcome with the lesson's expectation.
func checkExpectations(t *testing.T, cat *scenarios.Catalog) {
	t.Helper()
	for _, l := range cat.All() {
		for _, sc := range l.Schedules {
			for _, v := range l.Variants {
				p, err := l.Build(v, nil)
				if err != nil {
					t.Fatal(err)
				}
				sched, err := schedule.Parse(sc.For(v))
				if err != nil {
					t.Fatal(err)
				}
				_, out, err := sim.ReplaySchedule(p, sched, sim.Options{})
				if err != nil {
					t.Errorf("%s %s on %s: %v", l.ID, sc.Name, v, err)
					continue
				}
				if out.Kind != sc.Expect[v] {
					t.Errorf("%s %s on %s: outcome %s, want %s", l.ID, sc.Name, v, out.Kind, sc.Expect[v])
				}
			}
		}
	}
}

// TestVariantKeepsTheStory switches variant on a history that runs a named
// schedule: the new variant replays the same schedule as written for it,
// so the lost wakeup's interleaving on tinycoro becomes the same
// interleaving on fixed and go, and ends well there.
func TestVariantKeepsTheStory(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	p, err := New(Config{Lessons: cat, Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{s: newSession(p, p.log), out: &recorder{}}
	st := d.state(t, `{"v":1,"type":"load","lesson":"wg-lost-wakeup","variant":"tinycoro","schedule":"lost"}`)
	if st.Position != 8 || st.Outcome == nil || st.Outcome.Kind != "lost-wakeup" {
		t.Fatalf("tinycoro: position %d, outcome %+v; want 8, lost-wakeup", st.Position, st.Outcome)
	}
	tests := []struct {
		variant, prefix string
		pos             int
	}{
		{"fixed", "W1@Q1 W1@Q2 W1@Q3 W1@Q4 D1@P1 D1@P2 W1@Q5", 7},
		{"go", "W1@GW1 D1@GA1 W1@GW2", 3},
		{"tinycoro", "W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6", 8},
	}
	for _, tt := range tests {
		d.state(t, `{"v":1,"type":"load","lesson":"wg-lost-wakeup","variant":"tinycoro","schedule":"lost"}`)
		st := d.state(t, fmt.Sprintf(`{"v":1,"type":"variant","variant":%q}`, tt.variant))
		if !strings.HasPrefix(st.Schedule, tt.prefix) || st.Position != tt.pos {
			t.Errorf("%s: schedule %q at %d; want it to begin %q, at %d", tt.variant, st.Schedule, st.Position, tt.prefix, tt.pos)
		}
		end := d.state(t, fmt.Sprintf(`{"v":1,"type":"goto","step":%d}`, st.Length))
		want := map[string]string{"fixed": "ok", "go": "ok", "tinycoro": "lost-wakeup"}[tt.variant]
		if end.Outcome == nil || end.Outcome.Kind != want {
			t.Errorf("%s: outcome %+v at the end, want %s", tt.variant, end.Outcome, want)
		}
	}
}

package playground

import (
	"encoding/json"
	"fmt"
	"testing"

	"lockstep/web/internal/webtest"
)

// TestLoadCustomLesson loads a lesson written in the browser over the
// session, then drives it with the commands a catalog lesson takes. The
// test playground reads a source as the lesson file itself (plainLesson).
func TestLoadCustomLesson(t *testing.T) {
	src := webtest.CustomLesson
	d := newDriver(t)
	evs := d.send(t, fmt.Sprintf(`{"v":1,"id":1,"type":"load","lesson":"custom","source":%q,"schedule":"lost","step":3}`, src))
	if len(evs) != 2 || evs[0].Type != "loaded" || evs[1].Type != "state" {
		t.Fatalf("load: got %+v; want loaded, then state", evs)
	}
	if l := evs[0].Lesson; l.ID != "custom" || l.Title != "Mine" || l.Variant != "tinycoro" || len(l.Source) == 0 {
		t.Errorf("loaded %s %q (%s), %d source files; want custom \"Mine\" (tinycoro) with its source", l.ID, l.Title, l.Variant, len(l.Source))
	}
	wantPos(t, evs[1], 3, 8)
	// Afterwards it is a lesson like any other.
	wantStep(t, d.state(t, step("D")), "D", "D1")
	st := d.state(t, `{"v":1,"type":"replay","schedule":"lost","step":8}`)
	wantOutcome(t, st, "lost-wakeup")
	st = d.state(t, `{"v":1,"type":"variant","variant":"fixed"}`)
	if st.Variant != "fixed" {
		t.Errorf("variant %q; want fixed", st.Variant)
	}
	evs = d.send(t, `{"v":1,"type":"lang","lang":"zh"}`)
	if len(evs) != 2 || evs[0].Lesson == nil || evs[0].Lesson.Title != "我的" {
		t.Errorf("lang: got %+v; want the lesson's Chinese title", evs)
	}
	// Without lesson: the source names it.
	evs = d.send(t, fmt.Sprintf(`{"v":1,"type":"load","source":%q}`, src))
	if len(evs) != 2 || evs[0].Lesson == nil || evs[0].Lesson.ID != "custom" {
		t.Errorf("load without lesson: got %+v; want the custom lesson", evs)
	}
}

func TestLoadCustomLessonRefused(t *testing.T) {
	src := webtest.CustomLesson
	tests := []struct{ name, cmd, want string }{
		{"no source", `{"v":1,"type":"load","lesson":"custom"}`, `comes with its "source"`},
		{"another lesson's name", fmt.Sprintf(`{"v":1,"type":"load","lesson":"test-wakeup","source":%q}`, src), `a source is the lesson "custom"`},
		{"a source that is no lesson", fmt.Sprintf(`{"v":1,"type":"load","lesson":"custom","source":%q}`, src[:20]), "the file ends in the middle of the lesson"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDriver(t)
			d.fail(t, tt.cmd, tt.want)
			// The session still works.
			d.state(t, loadLesson)
		})
	}
}

func TestLoadedCarriesFingerprint(t *testing.T) {
	d := newDriver(t)
	if err := d.s.handle([]byte(loadLesson), d.out); err != nil {
		t.Fatal(err)
	}
	var loaded struct {
		Type   string `json:"type"`
		Lesson struct {
			Fingerprint string `json:"fingerprint"`
		} `json:"lesson"`
	}
	if err := json.Unmarshal(d.out.msgs[0], &loaded); err != nil || loaded.Type != "loaded" {
		t.Fatalf("first reply %s (%v); want loaded", d.out.msgs[0], err)
	}
	l, err := d.s.lessons.lookup("test-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	if loaded.Lesson.Fingerprint != l.Fingerprint() {
		t.Errorf("loaded fingerprint %q; want the lesson's %q", loaded.Lesson.Fingerprint, l.Fingerprint())
	}
}

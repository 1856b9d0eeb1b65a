package playground

import (
	"strings"
	"testing"

	"lockstep/web/internal/webtest"
)

// TestWrittenLessonSession: a lesson of a written primitive plays like any
// other: the session sends its source and the lines of its labels, and
// its steps cite them.
func TestWrittenLessonSession(t *testing.T) {
	p, err := New(Config{Lessons: webtest.WrittenCatalog(t), Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{s: newSession(p, p.log), out: &recorder{}}
	evs := d.send(t, `{"v":1,"id":1,"type":"load","lesson":"test-written","schedule":"lost","step":8}`)
	var loaded, state *event
	for i := range evs {
		switch evs[i].Type {
		case "loaded":
			loaded = &evs[i]
		case "state":
			state = &evs[i]
		}
	}
	if loaded == nil || state == nil {
		t.Fatalf("events %+v; want loaded and state", evs)
	}
	l := loaded.Lesson
	if len(l.Source) != 1 || l.Source[0].File != "wait_group_tinycoro.lsp" || !strings.Contains(l.Source[0].Text, "primitive wait_group") {
		t.Errorf("source %+v; want the written primitive's", l.Source)
	}
	found := false
	for _, lb := range l.Labels {
		if lb.Label == "G6" {
			found = lb.File == "wait_group_tinycoro.lsp" && lb.Line == 26 && strings.HasPrefix(lb.Doc, "CAS m_state")
		}
	}
	if !found {
		t.Errorf("labels %+v; want G6 at wait_group_tinycoro.lsp:26 with its comment", l.Labels)
	}
	if st := state.Step; st == nil || st.Label != "G6" || st.Loc == nil || st.Loc.File != "wait_group_tinycoro.lsp" || st.Loc.Line != 26 {
		t.Errorf("step %+v; want G6 at its line", state.Step)
	}
	if state.Outcome == nil || state.Outcome.Kind != "lost-wakeup" {
		t.Errorf("outcome %+v; want the lost wakeup", state.Outcome)
	}
}

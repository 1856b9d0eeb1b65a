package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"lockstep/scenarios"
)

// writtenLesson is a catalog lesson that runs a primitive written in the
// language, an example, in place of a built-in one.
const writtenLesson = `{
  "id": "test-written",
  "primitive": "wait_group",
  "variants": ["mine"],
  "example": "wait_group_tinycoro.lsp",
  "title": {"en": "A written wait_group", "zh": "一个写出来的 wait_group"},
  "summary": {"en": "tinyCoro's, as written.", "zh": "tinyCoro 的原样。"},
  "narrative": {"en": ["It loses a wakeup."], "zh": ["它丢失了一次唤醒。"]},
  "params": {"waiters": 1, "workers": 1},
  "init": {"count": "workers"},
  "coroutines": [
    {"name": "W", "count": "waiters", "script": "wait"},
    {"name": "D", "count": "workers", "script": "done"}
  ],
  "schedules": [{"name": "lost", "title": {"en": "lost", "zh": "丢失"}, "steps": "W1@G1 W1*4 D1*2 W1", "expect": {"mine": "lost-wakeup"}}]
}`

// writtenServer serves a catalog of writtenLesson.
func writtenServer(t *testing.T) *Server {
	t.Helper()
	cat, err := scenarios.LoadFS(fstest.MapFS{"test-written.jsonc": {Data: []byte(writtenLesson)}})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewServer(Config{Catalog: cat, Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestWrittenLessonSession: a lesson of a written primitive plays like any
// other: the session sends its source and the lines of its labels, and
// its steps cite them.
func TestWrittenLessonSession(t *testing.T) {
	srv := writtenServer(t)
	d := &driver{s: newSession(srv, srv.log), out: &recorder{}}
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

// TestWrittenLessonPages: the lesson's page, its embed and a room on it
// are served as for any lesson.
func TestWrittenLessonPages(t *testing.T) {
	srv := writtenServer(t)
	for _, path := range []string{"/lesson/test-written", "/embed/test-written", "/lab?lesson=test-written"} {
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 {
			t.Errorf("GET %s: %d", path, rec.Code)
		}
		if strings.HasPrefix(path, "/lab") && !strings.Contains(rec.Body.String(), `<option value="wait_group_tinycoro.lsp" selected>`) {
			t.Errorf("the lab of the lesson does not start from its primitive")
		}
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/room", strings.NewReader(url.Values{"lesson": {"test-written"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "lesson=test-written") {
		t.Errorf("POST /room: %d to %q; want the presenter's page of the lesson", rec.Code, rec.Header().Get("Location"))
	}
}

package share

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// postCheck sends body to POST /compose/check and decodes the reply.
func postCheck(t *testing.T, srv http.Handler, body string) (int, checkReply) {
	t.Helper()
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/compose/check", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	srv.ServeHTTP(rec, req)
	var reply checkReply
	if err := json.Unmarshal(rec.Body.Bytes(), &reply); err != nil {
		t.Fatalf("reply %q: %v", rec.Body.String(), err)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("content type %q; want JSON", ct)
	}
	return rec.Code, reply
}

// goodDraft is a draft with nothing wrong; the tests break one field.
func goodDraft() draft {
	return draft{
		Lang: "en", Title: "Mine", Primitive: "wait_group", Variants: []string{"tinycoro", "fixed"}, Submit: "enqueue",
		Params: []draftParam{{Name: "waiters", Value: "1"}}, InitCount: "1",
		Coroutines: []draftCoroutine{{Name: "W", Count: "waiters", Script: "wait"}, {Name: "D", Script: "done"}},
		Schedules: []draftSchedule{{Name: "lost", Steps: "W1*5 D*2", Expect: map[string]string{"tinycoro": "lost-wakeup"}},
			{Name: "early", Steps: "D W1"}},
	}
}

func encodeDraft(t *testing.T, d draft) string {
	t.Helper()
	b, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestComposeCheckGood checks a right draft: its reply is the lesson
// file, what each schedule ends in, and a link whose lesson is the draft.
func TestComposeCheckGood(t *testing.T) {
	srv := testSite(t)
	status, reply := postCheck(t, srv, encodeDraft(t, goodDraft()))
	if status != 200 || !reply.OK || len(reply.Errors) != 0 {
		t.Fatalf("check: %d %+v; want ok", status, reply)
	}
	found := map[string]string{}
	for _, o := range reply.Outcomes {
		found[reply.Source[:0]+string(rune('0'+o.Schedule))+"/"+o.Variant] = o.Kind
	}
	want := map[string]string{"0/tinycoro": "lost-wakeup", "0/fixed": "ok", "1/tinycoro": "ok", "1/fixed": "ok"}
	for k, v := range want {
		if found[k] != v {
			t.Errorf("schedule/variant %s ends in %q; want %q", k, found[k], v)
		}
	}
	u, err := url.Parse(reply.Link)
	if err != nil || u.Path != "/lesson/custom" || u.Query().Get("lang") != "en" {
		t.Fatalf("link %q; want /lesson/custom?src=...&lang=en", reply.Link)
	}
	l, err := CustomLesson(u.Query().Get("src"))
	if err != nil {
		t.Fatalf("the link's lesson: %v", err)
	}
	// The file says what the engine found where the author said nothing.
	if got := l.Schedules[0].Expect["fixed"]; got != "ok" {
		t.Errorf("lost on fixed expects %q; want ok, filled in", got)
	}
	if l.Title.EN != "Mine" || l.Title.ZH != "Mine" || l.Summary.EN == "" || len(l.Narrative.ZH) == 0 {
		t.Errorf("texts %+v %+v %+v; want the title, and defaults for the rest", l.Title, l.Summary, l.Narrative)
	}
	if status, body := page(t, srv, reply.Link); status != 200 || !strings.Contains(body, `data-lesson="custom"`) {
		t.Errorf("GET the link: %d; want the playground of the lesson", status)
	}
	if reply.Size <= 0 || reply.Size > reply.Limit || reply.Limit != maxSourceCompressed {
		t.Errorf("size %d of %d; want within %d", reply.Size, reply.Limit, maxSourceCompressed)
	}
}

// TestComposeCheckErrors breaks one field at a time: the error names that
// field, and the decoder's and builder's words say where in it.
func TestComposeCheckErrors(t *testing.T) {
	tests := []struct {
		name   string
		breaks func(d *draft)
		field  string
		want   string
	}{
		{"unknown primitive", func(d *draft) { d.Primitive = "semaphore" }, "primitive", "Pick one of"},
		{"no variant", func(d *draft) { d.Variants = nil }, "variants", "at least one"},
		{"unknown variant", func(d *draft) { d.Variants = []string{"lifo"} }, "variants", `no variant "lifo"`},
		{"a variant twice", func(d *draft) { d.Variants = []string{"tinycoro", "fixed", "tinycoro"} }, "variants", "more than once"},
		{"too many variants", func(d *draft) { d.Variants = slices.Repeat([]string{"tinycoro"}, 1000) }, "variants", "At most 8 variants"},
		{"submit mode", func(d *draft) { d.Submit = "later" }, "submit", "enqueue, inline or drop"},
		{"parameter not a number", func(d *draft) { d.Params[0].Value = "two" }, "params.0.value", "whole number"},
		{"parameter name", func(d *draft) { d.Params[0].Name = "2x" }, "params.0.name", "a letter"},
		{"parameter the links use", func(d *draft) { d.Params[0].Name = "step" }, "params.0.name", "taken by the playground"},
		{"initial count", func(d *draft) { d.InitCount = "workers" }, "init_count", `no parameter "workers"`},
		{"script", func(d *draft) { d.Coroutines[1].Script = "done; dnoe" }, "coroutines.1.script", `column 7: unknown operation "dnoe"`},
		{"empty script", func(d *draft) { d.Coroutines[0].Script = " " }, "coroutines.0.script", "Write what the coroutine does"},
		{"count", func(d *draft) { d.Coroutines[0].Count = "waiters+x" }, "coroutines.0.count", "after + or - comes a number"},
		{"a name taken twice", func(d *draft) { d.Coroutines[1].Name = "W1" }, "coroutines.1.name", "Two coroutines would be named W1"},
		{"thread", func(d *draft) { d.Coroutines[1].Thread = "a b" }, "coroutines.1.thread", "thread's name"},
		{"schedule text", func(d *draft) { d.Schedules[1].Steps = "D\nW1@" }, "schedules.1.steps", "line 2, column 1"},
		{"schedule that cannot be followed", func(d *draft) { d.Schedules[1].Steps = "D*30" }, "schedules.1.steps", "On tinycoro, step 3 (D) failed: D cannot move: D has finished"},
		{"a variant's own steps", func(d *draft) { d.Schedules[1].ByVariant = map[string]string{"fixed": "D@Q1"} }, "schedules.1.by_variant.fixed", "On fixed, step 1 (D@Q1) failed: D is at P1, not Q1"},
		{"a variant's own steps, unreadable", func(d *draft) { d.Schedules[1].ByVariant = map[string]string{"fixed": "D@"} }, "schedules.1.by_variant.fixed", "column 1"},
		{"schedule name twice", func(d *draft) { d.Schedules[1].Name = "lost" }, "schedules.1.name", "two schedules"},
		{"wrong expectation", func(d *draft) { d.Schedules[0].Expect["fixed"] = "deadlock" }, "schedules.0.expect.fixed", "ends in ok"},
		{"not an outcome", func(d *draft) { d.Schedules[0].Expect["fixed"] = "meltdown" }, "schedules.0.expect.fixed", "not an outcome"},
		{"no schedule", func(d *draft) { d.Schedules = nil }, "schedules", "at least one"},
		{"no coroutine", func(d *draft) { d.Coroutines = nil }, "coroutines", "at least one"},
	}
	srv := testSite(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := goodDraft()
			tt.breaks(&d)
			status, reply := postCheck(t, srv, encodeDraft(t, d))
			if status != 200 || reply.OK || reply.Link != "" {
				t.Fatalf("check: %d ok=%v link=%q; want 200, not ok, no link", status, reply.OK, reply.Link)
			}
			for _, e := range reply.Errors {
				if e.Field == tt.field && strings.Contains(e.Message, tt.want) {
					return
				}
			}
			t.Errorf("errors %+v; want one on %s saying %q", reply.Errors, tt.field, tt.want)
		})
	}
}

func TestComposeCheckInChinese(t *testing.T) {
	d := goodDraft()
	d.Lang = "zh"
	d.Params[0].Value = "-1"
	_, reply := postCheck(t, testSite(t), encodeDraft(t, d))
	if len(reply.Errors) != 1 || reply.Errors[0].Message != "0 到 64 之间的整数。" {
		t.Errorf("errors %+v; want the parameter's, in Chinese", reply.Errors)
	}
}

func TestComposeCheckBadBody(t *testing.T) {
	srv := testSite(t)
	tests := []struct{ name, body, want string }{
		{"not JSON", "{", "could not be read"},
		{"unknown field", `{"cats": 1}`, "could not be read"},
		{"too big", `{"title":"` + strings.Repeat("x", maxDraftBody) + `"}`, "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, reply := postCheck(t, srv, tt.body)
			if status != 400 || reply.OK || len(reply.Errors) != 1 || !strings.Contains(reply.Errors[0].Message, tt.want) {
				t.Errorf("check: %d %+v; want 400 saying %q", status, reply, tt.want)
			}
		})
	}
}

func TestComposePage(t *testing.T) {
	srv := testSite(t)
	for _, tt := range []struct {
		path   string
		status int
		want   string
	}{
		{"/compose", 200, `id="compose-form"`},
		{"/compose?lang=zh", 200, "编写一节课"},
		{"/compose?from=test-wakeup", 200, `"title":"A lost wakeup"`},
		{"/compose?from=nope", 404, "no lesson"},
	} {
		status, body := page(t, srv, tt.path)
		if status != tt.status || !strings.Contains(body, tt.want) {
			t.Errorf("GET %s: %d; want %d with %q", tt.path, status, tt.status, tt.want)
		}
	}
}

// TestComposeFromEveryLesson starts a draft from every lesson of the
// catalog on a built-in primitive: each checks as it is (the compose
// page's "start from"). A lesson whose primitive is written in the
// language is the lab's, and the compose page says so.
func TestComposeFromEveryLesson(t *testing.T) {
	for _, l := range realLessons(t) {
		if l.Written() != nil {
			continue
		}
		t.Run(l.ID, func(t *testing.T) {
			reply := checkDraft(draftOf(l, "en"))
			if !reply.OK {
				t.Errorf("errors %+v", reply.Errors)
			}
		})
	}
}

// TestComposeRefusesWrittenLessons: a lesson whose primitive is written
// in the language is not a draft the composer can start from, and its
// start-from list leaves it out; a corpus lesson neither.
func TestComposeRefusesWrittenLessons(t *testing.T) {
	srv := realSite(t)
	for _, id := range []string{"spinlock", "litmus-mp-fences"} {
		resp, body := get(t, srv, "/compose?from="+id)
		if resp.StatusCode != 404 || !strings.Contains(body, "edited in the lab") {
			t.Errorf("GET /compose?from=%s: %d; want 404 saying the lab edits it", id, resp.StatusCode)
		}
	}
	if _, body := get(t, srv, "/compose"); strings.Contains(body, `"spinlock"`) || strings.Contains(body, `value="spinlock"`) || !strings.Contains(body, "event-basic") {
		t.Errorf("the compose page's start-from list offers a written lesson, or not the others")
	}
}

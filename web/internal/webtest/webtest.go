// Package webtest holds what the tests of several web packages share: the
// tests' own lessons, whether the race detector is on, and checks of a
// response's headers. Only tests
// import it; it imports no package under lockstep/web.
package webtest

import (
	"embed"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
)

//go:embed testdata/lessons
var lessons embed.FS

// Catalog holds the tests' own lessons (testdata/lessons), so the tests do
// not change when the real lessons are reworded.
func Catalog(t testing.TB) *scenarios.Catalog {
	t.Helper()
	sub, err := fs.Sub(lessons, "testdata/lessons")
	if err != nil {
		t.Fatal(err)
	}
	cat, err := scenarios.LoadFS(sub)
	if err != nil {
		t.Fatalf("load test lessons: %v", err)
	}
	if len(cat.All()) == 0 {
		t.Fatal("no test lessons in testdata/lessons")
	}
	return cat
}

// CustomLesson is a lesson as the compose page makes it, with the id of
// every lesson from a link: "custom".
const CustomLesson = `{
  "id": "custom",
  "primitive": "wait_group",
  "variants": ["tinycoro", "fixed"],
  "title": {"en": "Mine", "zh": "我的"},
  "summary": {"en": "A waiter and a done.", "zh": "一个等待者和一个 done。"},
  "narrative": {"en": ["Written in a test."], "zh": ["在测试里编写。"]},
  "params": {"waiters": 1},
  "init": {"count": "1"},
  "coroutines": [
    {"name": "W", "count": "waiters", "script": "wait"},
    {"name": "D", "script": "done"}
  ],
  "schedules": [
    {"name": "lost", "title": {"en": "Lost", "zh": "丢失"}, "steps": "W1*5 D*2", "expect": {"tinycoro": "lost-wakeup", "fixed": "ok"}}
  ]
}`

// CheckFraming checks the framing headers of a response: any site may
// frame it when embeddable, none otherwise.
func CheckFraming(t *testing.T, h http.Header, embeddable bool) {
	t.Helper()
	xfo := h.Values("X-Frame-Options")
	csp := h.Values("Content-Security-Policy")
	if embeddable {
		if len(xfo) != 0 {
			t.Errorf("X-Frame-Options %q; want none on the embed view", xfo)
		}
		if !slices.Contains(csp, "frame-ancestors *") || slices.ContainsFunc(csp, func(p string) bool { return strings.Contains(p, "frame-ancestors 'none'") }) {
			t.Errorf("Content-Security-Policy %q; want frame-ancestors * and nothing that forbids framing", csp)
		}
		return
	}
	if len(xfo) != 1 || xfo[0] != "DENY" {
		t.Errorf("X-Frame-Options %q; want DENY", xfo)
	}
	if !slices.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("Content-Security-Policy %q; want frame-ancestors 'none'", csp)
	}
}

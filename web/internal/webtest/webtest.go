package webtest

import (
	"embed"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

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

// WrittenLesson is a catalog lesson that runs a primitive written in
// Lockstep's language (one of its examples) in place of a built-in one.
const WrittenLesson = `{
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

// WrittenCatalog is a catalog of WrittenLesson alone.
func WrittenCatalog(t testing.TB) *scenarios.Catalog {
	t.Helper()
	cat, err := scenarios.LoadFS(fstest.MapFS{"test-written.jsonc": {Data: []byte(WrittenLesson)}})
	if err != nil {
		t.Fatalf("load the written lesson: %v", err)
	}
	return cat
}

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

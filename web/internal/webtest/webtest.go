// Package webtest holds what the tests of several web packages share: the
// tests' own lessons, and whether the race detector is on. Only tests
// import it; it imports no package under lockstep/web.
package webtest

import (
	"embed"
	"io/fs"
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

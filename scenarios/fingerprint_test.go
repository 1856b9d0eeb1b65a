package scenarios

import (
	"strings"
	"testing"
)

// fingerprintLesson is a small lesson whose fingerprint the tests pin.
const fingerprintLesson = `{
  "id": "fp",
  "primitive": "wait_group",
  "variants": ["tinycoro", "fixed"],
  "title": {"en": "A title", "zh": "标题"},
  "summary": {"en": "A summary.", "zh": "摘要。"},
  "narrative": {"en": ["A story."], "zh": ["故事。"]},
  "params": {"waiters": 1},
  "init": {"count": "1"},
  "coroutines": [
    {"name": "W", "count": "waiters", "script": "wait"},
    {"name": "D", "script": "done"}
  ],
  "schedules": [
    {"name": "s", "title": {"en": "S", "zh": "S"}, "steps": "W1 D", "expect": {"tinycoro": "ok", "fixed": "ok"}}
  ]
}`

func TestFingerprint(t *testing.T) {
	base := mustParse(t, fingerprintLesson)
	// Pinned: links made today carry this value, so a change of the
	// canonical form would make every old link look outdated.
	if got, want := base.Fingerprint(), "9281955d47af"; got != want {
		t.Errorf("Fingerprint() = %q; want %q (the pinned value)", got, want)
	}
	tests := []struct {
		name, old, new string
		changes        bool
	}{
		{"a script", `"script": "done"`, `"script": "done; done"`, true},
		{"a count", `"count": "waiters"`, `"count": "2"`, true},
		{"a parameter's default", `"params": {"waiters": 1}`, `"params": {"waiters": 2}`, true},
		{"the initial count", `"init": {"count": "1"}`, `"init": {"count": "2"}`, true},
		{"the variants", `"variants": ["tinycoro", "fixed"]`, `"variants": ["fixed", "tinycoro"]`, true},
		{"the run queues' capacity", `"params": {"waiters": 1}`, `"params": {"waiters": 1, "queue_cap": 0}`, true},
		{"a spawned coroutine", `"script": "done"`, `"script": "done", "spawned": true`, true},
		{"a title", `"en": "A title"`, `"en": "Another title"`, false},
		{"the narrative", `["故事。"]`, `["另一个故事。"]`, false},
		{"a schedule", `"steps": "W1 D"`, `"steps": "D W1"`, false},
		{"the script's spacing", `"script": "done"`, `"script": "  done ;\n"`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !strings.Contains(fingerprintLesson, tt.old) {
				t.Fatalf("the lesson has no %q", tt.old)
			}
			changed := mustParse(t, strings.Replace(fingerprintLesson, tt.old, tt.new, 1))
			if got := changed.Fingerprint() != base.Fingerprint(); got != tt.changes {
				t.Errorf("fingerprint changed = %v (%s → %s); want %v", got, base.Fingerprint(), changed.Fingerprint(), tt.changes)
			}
		})
	}
}

func TestCanonicalScript(t *testing.T) {
	tests := []struct{ in, want string }{
		{"wait", "wait"},
		{"add 2;wait", "add 2 ; wait"},
		{";add 2\n\n  wait;", "add 2 ; wait"},
		{"repeat 3 { lock; cs; unlock; }\nwait", "repeat 3 { lock ; cs ; unlock } wait"},
		{"repeat 3 {lock;cs;unlock} wait", "repeat 3 { lock ; cs ; unlock } wait"},
		{"wait $", "wait $"}, // does not tokenize: kept
	}
	for _, tt := range tests {
		if got := canonicalScript(tt.in); got != tt.want {
			t.Errorf("canonicalScript(%q) = %q; want %q", tt.in, got, tt.want)
		}
	}
}

// TestCatalogFingerprints checks every lesson's fingerprint is stable
// and of the announced length. Two lessons may share one: they run the
// same program and differ only in their stories and schedules.
func TestCatalogFingerprints(t *testing.T) {
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range cat.All() {
		fp := l.Fingerprint()
		if len(fp) != FingerprintLen || strings.Trim(fp, "0123456789abcdef") != "" || fp != l.Fingerprint() {
			t.Errorf("%s: fingerprint %q is not %d stable hex digits", l.ID, fp, FingerprintLen)
		}
	}
}

func mustParse(t *testing.T, text string) *Scenario {
	t.Helper()
	s, err := Parse("test.jsonc", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

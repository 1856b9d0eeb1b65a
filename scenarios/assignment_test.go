package scenarios_test

import (
	"context"
	"strings"
	"testing"

	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
)

// TestAssignments grades each assignment's starting point, which fails
// with the bug the lesson is about, and the fixed example, which passes.
func TestAssignments(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		lesson, bug, fixed string
	}{
		{"wg-lost-wakeup", "lost-wakeup", "wait_group_fixed.lsp"},
		{"event-uaf", "use-after-free", "event_fixed.lsp"},
	}
	for _, tt := range tests {
		t.Run(tt.lesson, func(t *testing.T) {
			s, err := cat.Lookup(tt.lesson)
			if err != nil {
				t.Fatal(err)
			}
			a := s.Assignment
			if a == nil {
				t.Fatal("no assignment")
			}
			start, err := lang.Compile(a.Start, a.StartSource())
			if err != nil {
				t.Fatal(err)
			}
			g, err := s.Grade(context.Background(), start, nil)
			if err != nil {
				t.Fatal(err)
			}
			last := g.Checks[len(g.Checks)-1]
			if g.Passed || len(last.Result.Counterexamples) == 0 || !hasKind(last.Result, outcome.Kind(tt.bug)) {
				t.Errorf("the start passed %v, found %v; want %s", g.Passed, last.Result.Outcomes, tt.bug)
			}
			fixed := example(t, s.Primitive, "fixed")
			g, err = s.Grade(context.Background(), fixed, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !g.Passed || len(g.Checks) != len(a.Verify) {
				t.Errorf("the fixed example: passed %v after %d checks; want it to pass all %d", g.Passed, len(g.Checks), len(a.Verify))
			}
		})
	}
}

func hasKind(r explore.Result, k outcome.Kind) bool {
	for _, c := range r.Counterexamples {
		if c.Kind == k {
			return true
		}
	}
	return false
}

// TestLessonWithWrittenPrimitive: a lesson that carries a source, or
// names an example, runs it whatever the variant.
func TestLessonWithWrittenPrimitive(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	lesson := func(extra string) string {
		return `{"id": "mine", "primitive": "my_wg", "variants": ["a", "b"],
			"title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"}, "narrative": {"en": ["n"], "zh": ["n"]},
			"params": {"waiters": 1, "workers": 1}, "init": {"count": "workers"},
			"coroutines": [{"name": "W", "count": "waiters", "script": "wait"}, {"name": "D", "count": "workers", "script": "done"}],
			"schedules": [{"name": "lost", "steps": "W1*5 D1*2 W1", "expect": {"a": "lost-wakeup", "b": "lost-wakeup"}}],
			` + extra + `}`
	}
	source := strings.ReplaceAll(example(t, "wait_group", "tinycoro").Source(), `"`, `\"`)
	source = strings.ReplaceAll(source, "\n", `\n`)
	for _, extra := range []string{`"example": "wait_group_tinycoro.lsp"`, `"source": "` + source + `"`} {
		m, err := scenarios.Parse("mine.jsonc", []byte(lesson(extra)))
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range m.Variants {
			p, err := m.Build(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			_, out, err := sim.ReplaySchedule(p, mustSchedule(t, m.Schedules[0].Steps), sim.Options{})
			if err != nil || out.Kind != outcome.LostWakeup {
				t.Errorf("%s, variant %s: %v %v; want a lost wakeup", extra[:10], v, out.Kind, err)
			}
		}
		if m.Fingerprint() == s.Fingerprint() {
			t.Error("the fingerprint does not cover the written primitive")
		}
	}
	bad := []struct{ extra, want string }{
		{`"example": "nope.lsp"`, `example "nope.lsp" is not one of the examples`},
		{`"source": "primitive p { atomic<int32> a; void wait() { a.load(; } }"`, "source: 1:53: expected an expression"},
		{`"source": "primitive p(int32 count) { atomic<int32> a; void wait() { a.load(); } }"`, "call done, which primitive p does not have"},
	}
	for _, b := range bad {
		if _, err := scenarios.Parse("mine.jsonc", []byte(lesson(b.extra))); err == nil || !strings.Contains(err.Error(), b.want) {
			t.Errorf("%s: %v, want %q", b.extra, err, b.want)
		}
	}
}

func mustSchedule(t *testing.T, text string) schedule.Schedule {
	t.Helper()
	s, err := schedule.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestGradeCatchesWaitThatNeverParks: a "fix" whose wait returns without
// parking or seeing the count at zero is a premature release, not a pass.
func TestGradeCatchesWaitThatNeverParks(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	d, err := lang.Compile("lazy.lsp", `primitive wait_group(int32 count = 0) {
    atomic<int32> m_count = count;
    open: m_count == 0;
    [[awaiter, waiting]] void wait() {
    G2: register_wait();
    G7: unregister_wait();
    }
    void done() { D1: m_count.fetch_sub(1, acq_rel); }
}`)
	if err != nil {
		t.Fatal(err)
	}
	g, err := s.Grade(context.Background(), d, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := g.Checks[0].Result
	if g.Passed || !hasKind(r, outcome.PrematureRelease) {
		t.Fatalf("the lazy wait: passed %v, found %v; want a premature release", g.Passed, r.Outcomes)
	}
	if msg := r.Counterexamples[0].Outcome.Message; !strings.Contains(msg, "W1 returns from wait at step 2 (G7), but m_count == 0 has not held at any of its checks") {
		t.Errorf("message %q", msg)
	}
}

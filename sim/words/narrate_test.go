package words

import (
	"lockstep/scenarios"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"os"
	"strings"
	"testing"

	"lockstep/sim"
)

// TestNarrationEveryStep narrates every step of a run that has every kind
// of step the wait_group takes (a failed CAS, submits, resumes, reads) in
// both languages: one sentence each, naming the label and the coroutine,
// with every value filled in.
func TestNarrationEveryStep(t *testing.T) {
	l, err := testCatalog(t).Lookup("test-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Build("tinycoro", map[string]int{"waiters": 2})
	if err != nil {
		t.Fatal(err)
	}
	sched, err := schedule.Parse("W1*5 W2*6 W1")
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(p, sched, sim.Options{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	recs := m.Records()
	ops := map[program.OpKind]bool{}
	for i, r := range recs {
		ops[r.Op] = true
		var cas *CAS
		if r.Op == program.OpCAS {
			cas = CASOf(p, recs, i)
		}
		for _, lang := range []string{"en", "zh"} {
			text := Narrate(p, recs, i, cas, lang)
			end := map[string]string{"en": ".", "zh": "。"}[lang]
			if strings.Contains(text, "%!") || !strings.HasSuffix(text, end) || strings.Count(text, end) != 1 && lang == "zh" {
				t.Errorf("step %d (%s): %q; want one sentence with every value", i, lang, text)
			}
			if !strings.Contains(text, who(p, r)) {
				t.Errorf("step %d (%s): %q does not name %s", i, lang, text, who(p, r))
			}
			if r.Label >= 0 && !strings.HasPrefix(text, p.Label(r.Label)) {
				t.Errorf("step %d (%s): %q does not start with its label %s", i, lang, text, p.Label(r.Label))
			}
		}
	}
	for _, op := range []program.OpKind{program.OpLoad, program.OpWrite, program.OpRead, program.OpCAS, program.OpFetchAdd, program.OpExchange, program.OpSubmit, program.OpResume} {
		if !ops[op] {
			t.Errorf("the run has no %s step; the test no longer covers it", op)
		}
	}
}

func TestOpText(t *testing.T) {
	l, err := testCatalog(t).Lookup("test-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Build("tinycoro", nil)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(p, schedule.Schedule{{Thread: "W1"}, {Thread: "W1"}, {Thread: "W1"}, {Thread: "W1"}, {Thread: "W1"}, {Thread: "W1"}}, sim.Options{Record: true})
	if err != nil {
		t.Fatal(err)
	}
	recs := m.Records()
	tests := []struct {
		step   int
		result bool
		want   string
	}{
		{0, false, "write W1.awaiter.m_await_coro ← handle(W1)"},
		{2, false, "load wg.m_count (acquire)"},
		{2, true, "load wg.m_count (acquire) → 1"},
		{5, false, "CAS wg.m_state: nullptr → &W1.awaiter (acq_rel)"},
		{5, true, "CAS wg.m_state: nullptr → &W1.awaiter (acq_rel): ok"},
	}
	for _, tt := range tests {
		if got := OpText(p, recs[tt.step], tt.result); got != tt.want {
			t.Errorf("OpText(step %d, %v) = %q; want %q", tt.step, tt.result, got, tt.want)
		}
	}
}

// testCatalog holds the tests' own lessons (testdata/lessons), so the
// tests do not change when the real lessons are reworded.
func testCatalog(t testing.TB) *scenarios.Catalog {
	t.Helper()
	cat, err := scenarios.LoadFS(os.DirFS("testdata/lessons"))
	if err != nil {
		t.Fatalf("load test lessons: %v", err)
	}
	return cat
}

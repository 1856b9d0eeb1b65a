package scenarios_test

import (
	"context"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"lockstep/scenarios"
	"lockstep/scenarios/litmus"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/rc11"
)

// cpuTime is the CPU time the process has used so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// oracleOutcomes are the rc11 oracle's outcomes of form f, formatted as
// the lessons' observer names them.
func oracleOutcomes(t *testing.T, test *litmus.Test, f *litmus.Form) []string {
	t.Helper()
	p := test.Program(f)
	res, err := rc11.Run(p, rc11.CPP20)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, o := range res.Outcomes {
		out = append(out, p.Format(o))
	}
	slices.Sort(out)
	return out
}

// TestLitmusCorpusLessons builds every corpus test as a lesson and
// explores each form exhaustively under c11: the outcomes observed are
// exactly the oracle's (C++20's model), the lesson's outcome is among
// them exactly when the corpus allows it, and each form takes under
// 0.1 s of CPU time (the process's: the machine may be shared, and the
// tests of this package do not run in parallel), but under the race
// detector.
func TestLitmusCorpusLessons(t *testing.T) {
	tests, err := litmus.Load()
	if err != nil {
		t.Fatal(err)
	}
	agree, forms := 0, 0
	var wall, slowest time.Duration
	for _, test := range tests {
		s, err := scenarios.LitmusLesson(test)
		if err != nil {
			t.Errorf("%s: %v", test.Name, err)
			continue
		}
		for i := range test.Forms {
			f := &test.Forms[i]
			forms++
			p, err := s.Build(f.Name, nil)
			if err != nil {
				t.Errorf("%s/%s: %v", s.ID, f.Name, err)
				continue
			}
			start, cpu := time.Now(), cpuTime()
			r, err := explore.Explore(context.Background(), p, explore.Options{Memory: sim.C11, Observe: scenarios.Observer(p)})
			elapsed, cpuUsed := time.Since(start), cpuTime()-cpu
			wall += elapsed
			slowest = max(slowest, cpuUsed)
			if err != nil {
				t.Errorf("%s/%s: %v", s.ID, f.Name, err)
				continue
			}
			want := oracleOutcomes(t, test, f)
			ok := true
			if !r.Complete || len(r.Counterexamples) > 0 {
				t.Errorf("%s/%s: complete=%v, counterexamples %v", s.ID, f.Name, r.Complete, r.Counterexamples)
				ok = false
			}
			if !slices.Equal(r.Observations, want) {
				var missing, extra []string
				for _, o := range want {
					if !slices.Contains(r.Observations, o) {
						missing = append(missing, o)
					}
				}
				for _, o := range r.Observations {
					if !slices.Contains(want, o) {
						extra = append(extra, o)
					}
				}
				t.Errorf("%s/%s: the explorer's outcomes differ from the oracle's:\n  missing %q\n  extra %q\n%s",
					s.ID, f.Name, missing, extra, test.Program(f))
				ok = false
			}
			if got := slices.ContainsFunc(r.Observations, s.Litmus.Matches); got != f.Allowed {
				t.Errorf("%s/%s: the explorer finds %s: %v, the corpus says allowed=%v", s.ID, f.Name, test.OutcomeString(), got, f.Allowed)
				ok = false
			}
			if cpuUsed > 100*time.Millisecond && !raceEnabled {
				t.Errorf("%s/%s: explored in %v of CPU time (%v wall), more than 0.1 s", s.ID, f.Name, cpuUsed, elapsed)
				ok = false
			}
			if ok {
				agree++
			}
		}
	}
	t.Logf("%d of %d forms agree with the oracle; %v wall in all, the slowest form %v of CPU time", agree, forms, wall.Round(time.Millisecond), slowest.Round(time.Millisecond))
}

// TestBuiltinLitmusLessons checks that the six lessons on the built-in
// litmus primitive agree with the corpus: explored under c11, each
// variant shows exactly the outcomes the oracle finds for the corpus
// test of the same threads with the variant's orders (relaxed; stores
// release and loads acquire; seq_cst), as the lesson's observer names
// them (its registers, or x and y).
func TestBuiltinLitmusLessons(t *testing.T) {
	tests, err := litmus.Load()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*litmus.Test{}
	for _, test := range tests {
		byName[test.Name] = test
	}
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for name, id := range scenarios.BuiltinLitmus() {
		s, err := cat.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		test := byName[name]
		for _, v := range s.Variants {
			p, err := s.Build(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			ob := scenarios.Observer(p)
			r, err := explore.Explore(context.Background(), p, explore.Options{Memory: sim.C11, Observe: ob})
			if err != nil {
				t.Fatal(err)
			}
			// The names the lesson's observer shows, from one outcome.
			var shown []string
			for _, part := range strings.Fields(r.Observations[0]) {
				shown = append(shown, strings.SplitN(part, "=", 2)[0]+"=")
			}
			prog := test.Program(&test.Forms[0])
			for _, th := range prog.Threads {
				for i := range th {
					th[i].Order, th[i].FailOrder = variantOrder(v, th[i].Op)
				}
			}
			res, err := rc11.Run(prog, rc11.CPP20)
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			for _, o := range res.Outcomes {
				var parts []string
				for _, part := range strings.Fields(prog.Format(o)) {
					if slices.ContainsFunc(shown, func(n string) bool { return strings.HasPrefix(part, n) }) {
						parts = append(parts, part)
					}
				}
				if w := strings.Join(parts, " "); !slices.Contains(want, w) {
					want = append(want, w)
				}
			}
			slices.Sort(want)
			if !slices.Equal(r.Observations, want) {
				t.Errorf("%s/%s: the explorer observes %q, the oracle on corpus test %s %q", id, v, r.Observations, name, want)
			}
		}
	}
}

// variantOrder is the order the built-in litmus primitive's variant v
// gives an access of op.
func variantOrder(v string, op rc11.Op) (order, fail rc11.Order) {
	switch v {
	case "seq_cst":
		return rc11.SeqCst, rc11.SeqCst
	case "acq_rel":
		if op == rc11.Load {
			return rc11.Acquire, rc11.Acquire
		}
		return rc11.Release, rc11.Relaxed
	}
	return rc11.Relaxed, rc11.Relaxed
}

// TestCatalogLitmusWords checks the outcome each litmus lesson of the
// catalog names: its Allowed variants are exactly those whose exhaustive
// search under c11 observes it, and a finished run's note says whether
// the run ended with it, in both languages.
func TestCatalogLitmusWords(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range cat.All() {
		l := s.Litmus
		if s.Primitive != "litmus" {
			continue
		}
		if l == nil {
			t.Errorf("%s names no outcome it is about", s.ID)
			continue
		}
		n++
		var seen []string
		for _, v := range s.Variants {
			p, err := s.Build(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			r, err := explore.Explore(context.Background(), p, explore.Options{Memory: sim.C11, Observe: scenarios.Observer(p)})
			if err != nil {
				t.Fatal(err)
			}
			if slices.ContainsFunc(r.Observations, l.Matches) {
				seen = append(seen, v)
			}
		}
		if !slices.Equal(seen, l.Allowed) {
			t.Errorf("%s: %s is observed under c11 with %v; the lesson says %v", s.ID, l.Outcome, seen, l.Allowed)
		}
		for _, lang := range []string{"en", "zh"} {
			if got := l.Note(l.Outcome, lang); !strings.Contains(got, l.Words.In(lang)) {
				t.Errorf("%s: the note of a run ending with it, in %s: %q", s.ID, lang, got)
			}
		}
	}
	if n != len(scenarios.BuiltinLitmus()) {
		t.Errorf("%d litmus lessons in the catalog, want %d", n, len(scenarios.BuiltinLitmus()))
	}
	mp := &scenarios.LitmusOutcome{Outcome: "r1=1 r2=0", Words: scenarios.Text{EN: "r1=1 r2=0, the flag without the data.", ZH: "r1=1 r2=0，看到标志却没看到数据。"}}
	for _, tt := range []struct{ observed, lang, want string }{
		{"r1=1 r2=0", "en", "This run ends with r1=1 r2=0, the flag without the data."},
		{"r1=1 r2=1", "en", "This run does not end with r1=1 r2=0 (r1=1 r2=1). The outcome the lesson is about: r1=1 r2=0, the flag without the data."},
		{"r1=1 r2=0", "zh", "这次运行的结果是 r1=1 r2=0，看到标志却没看到数据。"},
	} {
		if got := mp.Note(tt.observed, tt.lang); got != tt.want {
			t.Errorf("Note(%q, %s) = %q, want %q", tt.observed, tt.lang, got, tt.want)
		}
	}
}

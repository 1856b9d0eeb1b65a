package main

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

func TestExploreText(t *testing.T) {
	out := mustCLI(t, "explore", "wg-lost-wakeup")
	for _, want := range []string{
		"lesson wg-lost-wakeup, variant tinycoro, waiters=1,workers=1",
		"strategy auto: complete in ",
		"  phase 1, preemption (up to 2 preemptions): incomplete (max-preemptions), 18 executions, 110 states, found lost-wakeup, use-after-free\n",
		"  phase 2, exhaustive: complete, 30 executions, 51 states, found lost-wakeup, use-after-free\n",
		"  30 executions, ",
		"lost-wakeup in 8 steps, 1 preemption:\n  W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6\n  W1 parked",
		"use-after-free in 12 steps, 1 preemption:",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("explore printed:\n%s\nwant it to contain %q", out, want)
		}
	}
	out = mustCLI(t, "explore", "wg-lost-wakeup", "--variant", "fixed", "--set", "waiters=2", "--set", "workers=2")
	if !strings.Contains(out, "complete in") || !strings.Contains(out, "no bug: every execution is ok") {
		t.Errorf("explore of the fixed variant printed:\n%s\nwant a complete search and no bug", out)
	}
}

func TestExploreJSON(t *testing.T) {
	out := mustCLI(t, "explore", "wg-lost-wakeup", "--strategy", "preemption", "--max-preemptions", "1",
		"--set", "waiters=2", "--set", "workers=2", "--json")
	var rep struct {
		Scenario, Variant, Strategy string
		Complete                    bool
		Executions                  json.Number
		States                      int64
		ElapsedMS                   *int64 `json:"elapsed_ms"`
		Outcomes                    map[string]json.Number
		Counterexamples             []struct {
			Kind, Schedule     string
			Steps, Preemptions int
		}
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("explore --json printed %q: %v", out, err)
	}
	for _, k := range []string{"scenario", "variant", "strategy", "complete", "executions", "states", "elapsed_ms", "outcomes", "counterexamples"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("JSON has no %q:\n%s", k, out)
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Scenario != "wg-lost-wakeup" || rep.Variant != "tinycoro" || rep.Strategy != "preemption" || rep.ElapsedMS == nil {
		t.Errorf("report %+v", rep)
	}
	p := buildProgram(t, "wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2})
	var sum int64
	for _, n := range rep.Outcomes {
		v, _ := n.Int64()
		sum += v
	}
	if all, _ := rep.Executions.Int64(); sum != all || rep.Outcomes["lost-wakeup"] == "" {
		t.Errorf("outcomes %v sum to %d, executions %s; want them equal, with lost wakeups", rep.Outcomes, sum, rep.Executions)
	}
	for _, c := range rep.Counterexamples {
		s, err := schedule.Parse(c.Schedule)
		if err != nil {
			t.Fatal(err)
		}
		m, o, err := sim.ReplaySchedule(p, s, sim.Options{})
		if err != nil || string(o.Kind) != c.Kind || m.Steps() != c.Steps || c.Preemptions != 1 {
			t.Errorf("%s %q (%d steps, %d preemptions) replays to %s after %d steps (err %v)",
				c.Kind, c.Schedule, c.Steps, c.Preemptions, o.Kind, m.Steps(), err)
		}
	}
}

func buildProgram(t *testing.T, id, variant string, params map[string]int) *program.Program {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Build(variant, params)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestExploreExactCounts prints counts past an int64 in full in JSON,
// shortened in text.
func TestExploreExactCounts(t *testing.T) {
	args := []string{"explore", "wg-lost-wakeup", "--variant", "fixed", "--set", "waiters=3", "--set", "workers=5", "--strategy", "exhaustive"}
	var rep struct {
		Executions json.Number
		Outcomes   map[string]json.Number
	}
	if err := json.Unmarshal([]byte(mustCLI(t, append(args, "--json")...)), &rep); err != nil {
		t.Fatal(err)
	}
	n, ok := new(big.Int).SetString(string(rep.Executions), 10)
	if !ok || n.IsInt64() || string(rep.Outcomes["ok"]) != string(rep.Executions) {
		t.Errorf("JSON executions %s, outcomes %v; want one exact count past an int64, all ok", rep.Executions, rep.Outcomes)
	}
	text := mustCLI(t, args...)
	if want := "  about " + n.String()[:1] + "." + n.String()[1:3] + "×10"; !strings.Contains(text, want) {
		t.Errorf("explore printed:\n%s\nwant the count shortened, %q...", text, want)
	}
}

// TestExploreStopAtOnlyKind stops at a use-after-free, which the search
// meets alongside lost wakeups: the report has that kind alone, and
// says its time and bound as they are.
func TestExploreStopAtOnlyKind(t *testing.T) {
	out := mustCLI(t, "explore", "wg-lost-wakeup", "--set", "waiters=2", "--set", "workers=2", "--stop-at", "use-after-free")
	if strings.Contains(out, "  lost-wakeup") || strings.Contains(out, "lost-wakeup in") || !strings.Contains(out, "use-after-free in ") {
		t.Errorf("explore --stop-at use-after-free printed:\n%s\nwant use-after-free alone", out)
	}
	if strings.Contains(out, " 0s") || strings.Contains(out, "1 preemptions") || !strings.Contains(out, "(up to 1 preemption)") {
		t.Errorf("explore printed:\n%s\nwant no 0s and 1 preemption in the singular", out)
	}
	var rep struct {
		Counterexamples []struct{ Kind string }
		Phases          []struct{ Found []string }
	}
	out = mustCLI(t, "explore", "wg-lost-wakeup", "--set", "waiters=2", "--set", "workers=2", "--stop-at", "use-after-free", "--json")
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Counterexamples) != 1 || rep.Counterexamples[0].Kind != "use-after-free" ||
		len(rep.Phases) != 1 || !slices.Equal(rep.Phases[0].Found, []string{"use-after-free"}) {
		t.Errorf("explore --json printed %s; want one use-after-free, in one phase", out)
	}
}

func TestExploreDuration(t *testing.T) {
	for _, tt := range []struct {
		d    time.Duration
		want string
	}{
		{0, "1µs"}, {340 * time.Microsecond, "340µs"}, {36*time.Millisecond + 400*time.Microsecond, "36ms"},
		{2345 * time.Millisecond, "2.345s"}, {84321 * time.Millisecond, "1m24.3s"},
	} {
		if got := duration(tt.d); got != tt.want {
			t.Errorf("duration(%v) = %q; want %q", tt.d, got, tt.want)
		}
	}
}

// TestExploreCounts checks a search's counts as text: digits grouped,
// states as executions are, and the plurals right.
func TestExploreCounts(t *testing.T) {
	huge, _ := new(big.Int).SetString("993000000000000000", 10)
	for _, tt := range []struct {
		r    explore.Result
		want string
	}{
		{explore.Result{Executions: big.NewInt(1), States: 1}, "1 execution, 1 state"},
		{explore.Result{Executions: big.NewInt(38913984), States: 1583}, "38,913,984 executions, 1,583 states"},
		{explore.Result{Executions: huge, Reduced: true, States: 1234567}, "about 9.93×10¹⁷ executions (partial-order reduced), 1,234,567 states"},
		{explore.Result{Executions: big.NewInt(5000)}, "5,000 executions"},
	} {
		if got := executions(tt.r); got != tt.want {
			t.Errorf("executions(%v, %d states) = %q; want %q", tt.r.Executions, tt.r.States, got, tt.want)
		}
	}
}

func TestExploreRandomStopAt(t *testing.T) {
	out := mustCLI(t, "explore", "wg-lost-wakeup", "--strategy", "random", "--runs", "5000", "--seed", "9",
		"--depth", "2", "--stop-at", "lost-wakeup", "--set", "workers=2")
	if !strings.Contains(out, "incomplete (first-counterexample)") || !strings.Contains(out, "lost-wakeup in ") {
		t.Errorf("explore printed:\n%s\nwant a search stopped at a lost wakeup", out)
	}
}

// TestExploreMemoryBudget: a search past --search-memory stops, and says
// why, under sc and c11.
func TestExploreMemoryBudget(t *testing.T) {
	for _, mm := range []string{"sc", "c11"} {
		out := mustCLI(t, "explore", "wg-lost-wakeup", "--variant", "fixed", "--strategy", "exhaustive", "--memory", mm,
			"--set", "waiters=8", "--set", "workers=8", "--search-memory", "1")
		if !strings.Contains(out, "incomplete (memory)") {
			t.Errorf("--memory %s --search-memory 1: explore printed:\n%s\nwant a search stopped at its memory budget", mm, out)
		}
	}
}

func TestExploreBadInput(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{}, "explore needs a lesson"},
		{[]string{"wg-lost-wakeup", "extra"}, `unexpected argument "extra" after the lesson wg-lost-wakeup`},
		{[]string{"wg-lost-wakeup", "--strategy", "bfs"}, `--strategy "bfs": want auto, exhaustive, preemption or random`},
		{[]string{"wg-lost-wakeup", "--strategy", "exhastive"}, `; did you mean exhaustive?`},
		{[]string{"wg-lost-wakeup", "--stop-at", "oops"}, `--stop-at "oops": want an outcome kind other than ok (lost-wakeup, `},
		{[]string{"wg-lost-wakeup", "--stop-at", "lost-wakup"}, `; did you mean lost-wakeup?`},
		{[]string{"wg-lost-wakeup", "--stop-at", "ok"}, `--stop-at "ok"`},
		{[]string{"wg-lost-wakeup", "--variant", "nope"}, `--variant "nope": wg-lost-wakeup has no such variant`},
		{[]string{"wg-lost-wakeup", "--set", "waiters=99"}, "waiters=99 is out of range"},
		{[]string{"wg-lost-wakeup", "--set", "waiters=3", "--set", "waiters=4"}, "waiters is set twice (3, then 4)"},
		{[]string{"wg-lost-wakeup", "--strategy", "random", "--runs", "0"}, "--runs 0: want at least 1"},
		{[]string{"wg-lost-wakeup", "--workers", "0"}, "--workers 0: want 1 to 32"},
		{[]string{"wg-lost-wakeup", "--workers", "1000"}, "--workers 1000: want 1 to 32"},
		{[]string{"wg-lost-wakeup", "--max-states", "0"}, "--max-states 0: want at least 1"},
		{[]string{"wg-lost-wakeup", "--strategy", "random", "--depth", "-1"}, "--depth -1: want at least 0"},
		{[]string{"wg-lost-wakeup", "--max-preemptions", "-5"}, "--max-preemptions -5: want -1 (no bound) or at least 0"},
		{[]string{"wg-lost-wakeup", "--strategy", "exhaustive", "--max-preemptions", "3"}, "--max-preemptions does not apply to --strategy exhaustive (it applies to auto, preemption)"},
		{[]string{"wg-lost-wakeup", "--strategy", "preemption", "--runs", "5"}, "--runs does not apply to --strategy preemption (it applies to random)"},
		{[]string{"wg-lost-wakeup", "--seed", "3"}, "--seed does not apply to --strategy auto (it applies to random)"},
		{[]string{"wg-lost-wakeup", "--strategy", "preemption", "--workers", "2"}, "--workers does not apply to --strategy preemption"},
		{[]string{"wg-lost-wakeup", "--strategy", "random", "--no-symmetry"}, "--no-symmetry does not apply to --strategy random"},
		{[]string{"wg-lost-wakeup", "--strategy", "preemption", "--no-reduction"}, "--no-reduction does not apply to --strategy preemption"},
		{[]string{"wg-lost-wakeup", "--strategy", "random", "--max-states", "9"}, "--max-states does not apply to --strategy random"},
		{[]string{"wg-lost-wakeup", "--workers", "two"}, `--workers "two": not a number this flag takes`},
		{[]string{"no-such-lesson"}, `unknown lesson "no-such-lesson"`},
	}
	for _, tt := range tests {
		args := append([]string{"explore"}, tt.args...)
		_, errs, status := cli(t, args...)
		if status != 2 || !strings.HasPrefix(errs, "lockstep: ") || !strings.Contains(errs, tt.want) {
			t.Errorf("lockstep %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(args, " "), status, errs, tt.want)
		}
	}
}

// TestExploreLitmusOutcome: explore finds a lesson of the litmus corpus
// by its id, and under c11 names the outcome the lesson is about, what
// allows it, and whether the search observed it, in text and in JSON.
func TestExploreLitmusOutcome(t *testing.T) {
	about := "the lesson is about r1=1 r2=0, the flag without the data: relaxed and acq-rel-wrong allow it; rel-acq, acq-rel and seq-cst forbid it.\n"
	for variant, seen := range map[string]string{"relaxed": "  relaxed: observed\n", "rel-acq": "  rel-acq: not observed\n"} {
		out := mustCLI(t, "explore", "litmus-mp-fences", "--memory", "c11", "--variant", variant)
		if !strings.Contains(out, about+seen) {
			t.Errorf("explore --variant %s printed:\n%s\nwant it to contain %q", variant, out, about+seen)
		}
	}
	var rep struct {
		Litmus struct {
			Outcome           string
			Allowed, Observed bool
		}
	}
	out := mustCLI(t, "explore", "litmus-mp-fences", "--memory", "c11", "--variant", "rel-acq", "--json")
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Litmus.Outcome != "r1=1 r2=0" || rep.Litmus.Allowed || rep.Litmus.Observed {
		t.Errorf("explore --json's litmus: %+v", rep.Litmus)
	}
	if out := mustCLI(t, "explore", "litmus-mp-fences", "--variant", "relaxed"); strings.Contains(out, "the lesson is about") {
		t.Errorf("under sc explore observes nothing, and printed:\n%s", out)
	}
}

// TestExploreFlagsThatApply: each flag is accepted with a strategy it
// applies to.
func TestExploreFlagsThatApply(t *testing.T) {
	for _, args := range [][]string{
		{"--strategy", "random", "--runs", "5", "--seed", "3", "--depth", "2"},
		{"--strategy", "preemption", "--max-preemptions", "1", "--no-symmetry", "--max-states", "1000"},
		{"--strategy", "exhaustive", "--workers", "2", "--no-reduction"},
		{"--max-preemptions", "-1", "--workers", "1"},
	} {
		args = append([]string{"explore", "wg-basic"}, args...)
		if _, errs, status := cli(t, args...); status != 0 {
			t.Errorf("lockstep %s: exit %d, stderr %q; want it to run", strings.Join(args, " "), status, errs)
		}
	}
}

// TestEarlyFinds: what a search finds in its first moments is dropped if
// it ends by then (its report says it all); after that, each find is
// printed at once, the hint how to stop after the first.
func TestEarlyFinds(t *testing.T) {
	c := explore.Counterexample{Kind: outcome.LostWakeup, Steps: 8, Preemptions: 1,
		Schedule: schedule.Schedule{{Thread: "W1"}, {Thread: "D1"}}}

	var quick strings.Builder
	f := newEarlyFinds(&quick, time.Now(), &onceFlag{})
	f.found(c)
	f.end()
	time.Sleep(2 * holdBack)
	if quick.Len() != 0 {
		t.Errorf("a search that ended at once printed %q; want nothing", quick.String())
	}

	var long syncBuffer
	f = newEarlyFinds(&long, time.Now(), &onceFlag{})
	f.found(c)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(long.String(), "Ctrl-C stops it") && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	c.Kind = outcome.UseAfterFree
	f.found(c)
	f.end()
	lines := strings.Split(strings.TrimSpace(long.String()), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "explore: found lost-wakeup in ") || !strings.HasSuffix(lines[0], " (8 steps, 1 preemption): W1 D1") ||
		!strings.Contains(lines[1], "Ctrl-C stops it") || !strings.HasPrefix(lines[2], "explore: found use-after-free in ") {
		t.Errorf("a long search printed:\n%s\nwant each find, and the hint once after the first", long.String())
	}
}

// syncBuffer is a strings.Builder safe to write from a timer's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

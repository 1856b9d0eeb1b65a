package main

import (
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
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
	for _, args := range [][]string{
		{"explore"},
		{"explore", "wg-lost-wakeup", "--strategy", "bfs"},
		{"explore", "wg-lost-wakeup", "--stop-at", "oops"},
		{"explore", "wg-lost-wakeup", "--stop-at", "ok"},
		{"explore", "wg-lost-wakeup", "--search-memory", "0"},
		{"explore", "wg-lost-wakeup", "--variant", "nope"},
		{"explore", "wg-lost-wakeup", "--set", "waiters=99"},
		{"explore", "wg-lost-wakeup", "--runs", "0"},
		{"explore", "wg-lost-wakeup", "--workers", "0"},
		{"explore", "no-such-lesson"},
	} {
		_, errs, status := cli(t, args...)
		if status != 2 || !strings.HasPrefix(errs, "lockstep: ") {
			t.Errorf("lockstep %s: exit %d, stderr %q; want exit 2 and a message", strings.Join(args, " "), status, errs)
		}
	}
}

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
)

func TestExploreText(t *testing.T) {
	out := mustCLI(t, "explore", "wg-lost-wakeup")
	for _, want := range []string{
		"lesson wg-lost-wakeup, variant tinycoro, waiters=1,workers=1",
		"strategy exhaustive: complete in ",
		"30 executions, ",
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
		Executions, States          int64
		ElapsedMS                   *int64 `json:"elapsed_ms"`
		Outcomes                    map[string]int64
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
		sum += n
	}
	if sum != rep.Executions || rep.Outcomes["lost-wakeup"] == 0 {
		t.Errorf("outcomes %v sum to %d, executions %d; want them equal, with lost wakeups", rep.Outcomes, sum, rep.Executions)
	}
	for _, c := range rep.Counterexamples {
		s, err := sim.ParseSchedule(c.Schedule)
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

func buildProgram(t *testing.T, id, variant string, params map[string]int) *sim.Program {
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

func TestExploreRandomStopAt(t *testing.T) {
	out := mustCLI(t, "explore", "wg-lost-wakeup", "--strategy", "random", "--runs", "5000", "--seed", "9",
		"--depth", "2", "--stop-at", "lost-wakeup", "--set", "workers=2")
	if !strings.Contains(out, "incomplete (first-counterexample)") || !strings.Contains(out, "lost-wakeup in ") {
		t.Errorf("explore printed:\n%s\nwant a search stopped at a lost wakeup", out)
	}
}

func TestExploreBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"explore"},
		{"explore", "wg-lost-wakeup", "--strategy", "bfs"},
		{"explore", "wg-lost-wakeup", "--stop-at", "oops"},
		{"explore", "wg-lost-wakeup", "--stop-at", "ok"},
		{"explore", "wg-lost-wakeup", "--variant", "nope"},
		{"explore", "wg-lost-wakeup", "--set", "waiters=99"},
		{"explore", "wg-lost-wakeup", "--runs", "0"},
		{"explore", "no-such-lesson"},
	} {
		_, errs, status := cli(t, args...)
		if status != 2 || !strings.HasPrefix(errs, "lockstep: ") {
			t.Errorf("lockstep %s: exit %d, stderr %q; want exit 2 and a message", strings.Join(args, " "), status, errs)
		}
	}
}

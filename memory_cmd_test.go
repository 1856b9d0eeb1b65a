package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// TestRunMemoryC11 replays B4's named c11 schedules: the stale read is
// marked in the trace, and the outcome names it.
func TestRunMemoryC11(t *testing.T) {
	out := mustCLI(t, "run", "event-missing-release", "--schedule", "stale-next")
	for _, want := range []string{
		", memory c11\n",
		"S4  read       W2.awaiter.m_next",
		"(STALE: nullptr from step 7; latest &W1.awaiter from step 11)",
		"outcome: lost-wakeup at step 6: W1 parked at step 6",
		"the wake loop ended early: S read W2.awaiter.m_next at step 15 (S4) as nullptr",
		"schedule: W1@E1 W1@E2 W1@E3 W1@E4 W1@E6 W1@E7 W2@E1 W2@E2 W2@E3 W2@E4 W2@E6 W2@E7 S@S1 S@S3 S@S4<7 W2 W2@E9\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run printed:\n%s\nwant it to contain %q", out, want)
		}
	}
	out = mustCLI(t, "run", "event-missing-release", "--memory", "c11", "--schedule", "W1*6 S@S1 S@S3<1", "--json", "--lang", "zh")
	var rep struct {
		Memory  string
		Outcome struct{ Kind, Message string }
		Steps   []struct {
			Read *struct {
				Cell       string
				Chosen     int
				Stale      bool
				Candidates []struct{ Source, Value string }
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	last := rep.Steps[len(rep.Steps)-1].Read
	if rep.Memory != "c11" || rep.Outcome.Kind != "bad-resume" || !strings.Contains(rep.Outcome.Message, "过时的值") ||
		last == nil || !last.Stale || last.Cell != "W1.awaiter.m_await_coro" || len(last.Candidates) != 3 || last.Candidates[last.Chosen].Source != "1" {
		t.Errorf("run --json: %+v, last read %+v", rep, last)
	}
	if _, _, status := cli(t, "run", "event-missing-release", "--memory", "tso"); status != 2 {
		t.Errorf("--memory tso: exit %d, want 2", status)
	}
	if _, errs, status := cli(t, "run", "event-missing-release", "--schedule", "W1*6 S@S1 S@S3<1"); status != 2 || !strings.Contains(errs, "only under the c11 memory model") {
		t.Errorf("a source under sc: exit %d, %s", status, errs)
	}
}

// TestExploreMemoryC11 explores a litmus test and B4 under c11.
func TestExploreMemoryC11(t *testing.T) {
	out := mustCLI(t, "explore", "litmus-mp", "--variant", "relaxed", "--memory", "c11", "--json")
	var rep struct {
		Memory       string
		Complete     bool
		Observations []string
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	want := []string{"r1=0 r2=0", "r1=0 r2=1", "r1=1 r2=0", "r1=1 r2=1"}
	if rep.Memory != "c11" || !rep.Complete || !slices.Equal(rep.Observations, want) {
		t.Errorf("explore litmus-mp --memory c11: %+v, want observations %v", rep, want)
	}
	if _, _, status := cli(t, "explore", "litmus-mp", "--memory", "c11", "--strategy", "random", "--depth", "2"); status != 2 {
		t.Errorf("PCT under c11: exit %d, want 2", status)
	}
	out = mustCLI(t, "explore", "event-missing-release", "--memory", "c11")
	for _, want := range []string{"memory c11", "bad-resume in 8 steps, 0 preemptions:\n  W1@E1 W1@E2 W1@E3 W1@E4 W1@E6 W1@E7 S@S1 S@S3<", "lost-wakeup in "} {
		if !strings.Contains(out, want) {
			t.Errorf("explore printed:\n%s\nwant it to contain %q", out, want)
		}
	}
	out = mustCLI(t, "explore", "event-missing-release", "--variant", "fixed", "--memory", "c11")
	if !strings.Contains(out, "no bug: every execution is ok") {
		t.Errorf("explore of the fixed event under c11 printed:\n%s", out)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPrimitiveFlag runs and explores lessons with written primitives:
// the examples reach the same outcomes as the built-ins they write.
func TestPrimitiveFlag(t *testing.T) {
	tinycoro := filepath.Join("primitives", "examples", "wait_group_tinycoro.lsp")
	fixed := filepath.Join("primitives", "examples", "wait_group_fixed.lsp")

	out := mustCLI(t, "run", "wg-lost-wakeup", "--primitive", tinycoro)
	for _, want := range []string{
		"variant tinycoro, primitive wait_group_tinycoro.lsp",
		"008  W1  G6  cas        wg.m_state",
		"outcome: lost-wakeup at step 8",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run --primitive printed:\n%s\nwant %q", out, want)
		}
	}

	// The fixed variant's schedule names the fixed primitive's labels:
	// tinyCoro's follows its threads alone, and loses the wakeup.
	out = mustCLI(t, "run", "wg-lost-wakeup", "--primitive", tinycoro, "--variant", "fixed")
	for _, want := range []string{
		"(the schedule names labels wait_group_tinycoro.lsp does not have: its threads are followed alone)",
		"outcome: lost-wakeup at step 8",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run --primitive --variant fixed printed:\n%s\nwant %q", out, want)
		}
	}

	out = mustCLI(t, "run", "wg-lost-wakeup", "--primitive", tinycoro, "--variant", "fixed", "--lang", "zh")
	if want := "（调度里的标签 wait_group_tinycoro.lsp 没有：只按调度的线程执行）"; !strings.Contains(out, want) {
		t.Errorf("run --lang zh printed:\n%s\nwant %q", out, want)
	}

	out = mustCLI(t, "explore", "wg-lost-wakeup", "--primitive", tinycoro)
	for _, want := range []string{"primitive wait_group_tinycoro.lsp", "30 executions", "lost-wakeup in 8 steps, 1 preemption:\n  W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6"} {
		if !strings.Contains(out, want) {
			t.Errorf("explore --primitive printed:\n%s\nwant %q", out, want)
		}
	}
	out = mustCLI(t, "explore", "wg-lost-wakeup", "--primitive", fixed, "--variant", "fixed", "--set", "waiters=2", "--set", "workers=2")
	if !strings.Contains(out, "no bug: every execution is ok") {
		t.Errorf("explore of the written fixed wait_group printed:\n%s\nwant no bug", out)
	}
}

func TestPrimitiveFlagErrors(t *testing.T) {
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.lsp")
	if err := os.WriteFile(broken, []byte("primitive wg {\n  atomic<int32> c;\n  void done() { c.load(; }\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"run", "wg-basic", "--primitive", broken}, broken + ":3:24: expected an expression"},
		{[]string{"explore", "wg-basic", "--primitive", filepath.Join(dir, "none.lsp")}, "no primitive file"},
		{[]string{"run", "mutex-handoff", "--primitive", filepath.Join("primitives", "examples", "event_fixed.lsp")}, "which primitive event does not have"},
		{[]string{"run", "wg-basic", "--variant", "lifo", "--primitive", filepath.Join("primitives", "examples", "wait_group_fixed.lsp")}, `--variant "lifo": wg-basic has no such variant`},
		{[]string{"run", "wg-lost-wakeup", "--primitive", filepath.Join("primitives", "examples", "wait_group_fixed.lsp")}, "the schedule is variant tinycoro's, and wait_group_fixed.lsp cannot follow it even by its threads: --variant picks"},
	}
	for _, tt := range tests {
		_, errs, status := cli(t, tt.args...)
		if status != 2 || !strings.Contains(errs, tt.want) {
			t.Errorf("lockstep %s: exit %d, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), status, errs, tt.want)
		}
	}
}

// TestVerify grades the assignment's start, which fails with the lost
// wakeup, and the fixed example, which passes; --start prints the start.
func TestVerify(t *testing.T) {
	start := mustCLI(t, "verify", "wg-lost-wakeup", "--start")
	if !strings.HasPrefix(start, "// tinyCoro v1.2's wait_group") {
		t.Errorf("verify --start printed %.60q..., want the tinyCoro wait_group", start)
	}
	mine := filepath.Join(t.TempDir(), "mine.lsp")
	if err := os.WriteFile(mine, []byte(start), 0o644); err != nil {
		t.Fatal(err)
	}
	out := mustCLI(t, "verify", "wg-lost-wakeup", "--primitive", mine)
	for _, want := range []string{"primitive mine.lsp", "task: Fix tinyCoro's wait_group",
		"waiters=1,workers=1: lost-wakeup in 8 steps, 1 preemption:\n  W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6", "not passed"} {
		if !strings.Contains(out, want) {
			t.Errorf("verify printed:\n%s\nwant %q", out, want)
		}
	}
	out = mustCLI(t, "verify", "wg-lost-wakeup", "--primitive", filepath.Join("primitives", "examples", "wait_group_fixed.lsp"), "--json")
	if !strings.Contains(out, `"passed": true`) || strings.Count(out, `"complete": true`) != 2 {
		t.Errorf("verify --json printed:\n%s\nwant two complete checks and a pass", out)
	}
	if _, errs, status := cli(t, "verify", "wg-basic", "--start"); status != 2 || !strings.Contains(errs, "has no assignment") {
		t.Errorf("verify --start of a lesson without an assignment: exit %d, %q", status, errs)
	}
}

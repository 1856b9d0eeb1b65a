package main

import (
	"net"
	"runtime/debug"
	"strings"
	"testing"
)

// TestHelpPerCommand: "lockstep help CMD" prints what "lockstep CMD
// --help" does, the command's synopsis and every one of its flags with
// two dashes, and exits 0.
func TestHelpPerCommand(t *testing.T) {
	tests := []struct {
		cmd   string
		flags []string
	}{
		{"serve", []string{"--addr", "--dev", "--data", "--trust-proxy", "--sockets-per-address", "--search-workers"}},
		{"list", []string{"--json"}},
		{"run", []string{"--variant", "--schedule", "--set", "--memory", "--lang", "--json", "--primitive"}},
		{"explore", []string{"--strategy", "--max-preemptions", "--runs", "--workers", "--stop-at", "--memory"}},
		{"verify", []string{"--primitive", "--start", "--json"}},
	}
	for _, tt := range tests {
		out, errs, status := cli(t, "help", tt.cmd)
		if status != 0 || errs != "" || !strings.HasPrefix(out, "usage: lockstep ") {
			t.Errorf("help %s: exit %d, stdout %q, stderr %q; want its usage", tt.cmd, status, out, errs)
		}
		for _, f := range tt.flags {
			if !strings.Contains(out, "\n  "+f) {
				t.Errorf("help %s does not list %s:\n%s", tt.cmd, f, out)
			}
		}
		if own, _, _ := cli(t, tt.cmd, "--help"); own != out {
			t.Errorf("help %s printed\n%s\nbut %s --help printed\n%s", tt.cmd, out, tt.cmd, own)
		}
	}
	out, _, _ := cli(t, "help")
	for _, want := range []string{"--search-workers", "lockstep version", "lockstep help [COMMAND]"} {
		if !strings.Contains(out, want) {
			t.Errorf("help does not mention %s:\n%s", want, out)
		}
	}
	if _, errs, status := cli(t, "help", "explor"); status != 2 || !strings.Contains(errs, `help: unknown command "explor"; did you mean explore?`) {
		t.Errorf("help explor: exit %d, stderr %q; want exit 2 and a suggestion", status, errs)
	}
}

// TestVersion: the version line is the build information's: the
// module's version, the commit and its time, uncommitted changes, the
// toolchain.
func TestVersion(t *testing.T) {
	tests := []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "darwin"}, {Key: "GOARCH", Value: "arm64"},
			{Key: "vcs.revision", Value: "5a63055e37491342fec4997b8e7613fe8be1db76"}, {Key: "vcs.time", Value: "2026-12-01T21:56:17Z"},
			{Key: "vcs.modified", Value: "false"}}},
			"lockstep v1.2.0 (commit 5a63055e3749, 2026-12-01T21:56:17Z), go1.26.0 darwin/arm64"},
		{debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "GOOS", Value: "linux"}, {Key: "GOARCH", Value: "amd64"},
			{Key: "vcs.revision", Value: "abc"}, {Key: "vcs.modified", Value: "true"}}},
			"lockstep devel (commit abc, with uncommitted changes), go1.26.0 linux/amd64"},
	}
	for _, tt := range tests {
		if got := versionLine(&tt.info); got != tt.want {
			t.Errorf("versionLine = %q, want %q", got, tt.want)
		}
	}
	out, errs, status := cli(t, "version")
	if status != 0 || errs != "" || !strings.HasPrefix(out, "lockstep ") || !strings.Contains(out, ", go1.") {
		t.Errorf("version: exit %d, stdout %q, stderr %q; want a version line", status, out, errs)
	}
	if _, errs, status := cli(t, "version", "x"); status != 2 || !strings.Contains(errs, `version takes no arguments, got "x"`) {
		t.Errorf("version x: exit %d, stderr %q", status, errs)
	}
}

// TestRunHeadingsChinese: with --lang zh the header's words are Chinese,
// the names (lesson, variant, outcome kind) as they are.
func TestRunHeadingsChinese(t *testing.T) {
	out := mustCLI(t, "run", "wg-lost-wakeup", "--lang", "zh")
	lines := strings.SplitN(out, "\n", 3)
	want := []string{"课程：wg-lost-wakeup (丢失的唤醒)，变体 tinycoro，waiters=1 workers=1",
		"重放：lost (done() 插在检查与入栈之间)，预期 lost-wakeup"}
	for i, w := range want {
		if lines[i] != w {
			t.Errorf("line %d = %q, want %q", i+1, lines[i], w)
		}
	}
	if c11 := mustCLI(t, "run", "event-missing-release", "--schedule", "stale-handle", "--lang", "zh"); !strings.Contains(strings.SplitN(c11, "\n", 2)[0], "，内存模型 c11") {
		t.Errorf("a c11 run's header in Chinese: %q", strings.SplitN(c11, "\n", 2)[0])
	}
}

// TestAddressInUseSuggests: a taken address says how to choose another.
func TestAddressInUseSuggests(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	_, errs, status := cli(t, "--addr", ln.Addr().String(), "--data", "")
	if status != 1 || !strings.Contains(errs, "--addr HOST:PORT") || !strings.Contains(errs, "LOCKSTEP_ADDR") {
		t.Errorf("serving on a taken port: exit %d, stderr %q; want it to suggest --addr and LOCKSTEP_ADDR", status, errs)
	}
}

// TestVerifyFlags: verify's flags that contradict each other are errors.
func TestVerifyFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"verify", "wg-lost-wakeup", "--start", "--json"}, "--json does not apply to --start"},
		{[]string{"verify", "wg-lost-wakeup", "--start", "--primitive", "x.lsp"}, "--start and --primitive: give one"},
		{[]string{"verify", "wg-lost-wakeup"}, "verify needs --primitive FILE"},
		{[]string{"verify"}, "verify needs a lesson"},
	}
	for _, tt := range tests {
		out, errs, status := cli(t, tt.args...)
		if status != 2 || out != "" || !strings.Contains(errs, tt.want) {
			t.Errorf("lockstep %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(tt.args, " "), status, out, errs, tt.want)
		}
	}
}

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// The binary the tests that run it share, built once.
var built struct {
	once sync.Once
	dir  string
	err  error
	out  []byte
}

// builtBinary builds the command once for the tests that run it as a
// process and returns its path.
func builtBinary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		built.dir, built.err = os.MkdirTemp("", "lockstep-bin-")
		if built.err == nil {
			built.out, built.err = exec.Command("go", "build", "-o", filepath.Join(built.dir, "lockstep"), ".").CombinedOutput()
		}
	})
	if built.err != nil {
		t.Fatalf("go build: %v\n%s", built.err, built.out)
	}
	return filepath.Join(built.dir, "lockstep")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// signalBudget is how soon after a signal a search must have ended,
// printed what it found and exited, on a machine with a core to spare
// (10 to 40 ms measured). The test logs what it measured and allows
// more, as a machine busy with other work delays any process: 0.7 and
// 1.3 s were measured at load average 45 on 2 cores. A search that does
// not look at its context (8 to 15 s, before) still fails it.
const signalBudget, signalAllowed = 200 * time.Millisecond, 5 * time.Second

// TestSignalStopsExplore sends SIGINT, then SIGTERM, to a built binary in
// the middle of a long search (one that prints progress): it must stop
// at once, print its result marked "incomplete (interrupted)", and exit
// with 130 for SIGINT, 143 for SIGTERM, as a shell reports a command a
// signal ended.
func TestSignalStopsExplore(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := builtBinary(t)
	for _, tt := range []struct {
		sig    syscall.Signal
		status int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(tt.sig.String(), func(t *testing.T) {
			cmd := exec.Command(bin, "explore", "wg-lost-wakeup", "--set", "waiters=6", "--set", "workers=7", "--strategy", "exhaustive")
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			// The binary catches signals before it does anything else;
			// by now it is searching (the search takes tens of seconds).
			time.Sleep(500 * time.Millisecond)
			sent := time.Now()
			if err := cmd.Process.Signal(tt.sig); err != nil {
				t.Fatal(err)
			}
			err := cmd.Wait()
			took := time.Since(sent)
			t.Logf("%v: exited %v after the signal (budget %v)", tt.sig, took.Round(time.Millisecond), signalBudget)
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != tt.status {
				t.Errorf("exit: %v; want status %d", err, tt.status)
			}
			if took > signalAllowed {
				t.Errorf("the search took %v to stop after %v; want at most %v", took, tt.sig, signalAllowed)
			}
			out := stdout.String()
			if !strings.Contains(out, "strategy exhaustive: incomplete (interrupted) in ") {
				t.Errorf("stdout:\n%s\nwant the search marked incomplete (interrupted)", out)
			}
			if !strings.Contains(stderr.String(), "lockstep: interrupted by "+signalName(tt.sig)) {
				t.Errorf("stderr %q; want it to say the search was interrupted", stderr.String())
			}
			if strings.Contains(out, "no bug: every execution is ok") {
				t.Errorf("stdout:\n%s\nclaims a proof the interrupted search did not make", out)
			}
		})
	}
}

package webtest

import (
	"bytes"
	"runtime"
	"strings"
	"testing"
	"time"
)

// leakWait is how long a leak check waits for goroutines to end: those a
// test's last close set going need a moment, longer under the race
// detector.
var leakWait = map[bool]time.Duration{false: 2 * time.Second, true: 10 * time.Second}[RaceEnabled]

// NoLeaks notes the goroutines running now and returns a check that
// fails t if others, started since, are still running once they have had
// leakWait to end (as goleak.VerifyNone with goleak.IgnoreCurrent does).
// It reads runtime.Stack by each goroutine's header line alone, so
// stacks the runtime prints with frames elided (deep ones, as under the
// race detector) read as well as any.
func NoLeaks(t testing.TB) (check func()) {
	before := map[string]bool{}
	for _, g := range goroutines() {
		before[g.id] = true
	}
	return func() {
		t.Helper()
		deadline := time.Now().Add(leakWait)
		for wait := time.Millisecond; ; wait = min(2*wait, 100*time.Millisecond) {
			var left []string
			for _, g := range goroutines() {
				if !before[g.id] && !g.testing() {
					left = append(left, g.stack)
				}
			}
			if len(left) == 0 {
				return
			}
			if time.Now().After(deadline) {
				t.Errorf("%d goroutines started by the test are still running after %v:\n\n%s", len(left), leakWait, strings.Join(left, "\n\n"))
				return
			}
			time.Sleep(wait)
		}
	}
}

// A goroutine is one stack of runtime.Stack's.
type goroutine struct {
	id    string // of "goroutine 17 [chan receive]:"
	first string // the function it is in
	stack string
}

// testing reports whether g is the testing package's own: a test's
// runner waiting for its subtests, or for parallel tests.
func (g goroutine) testing() bool {
	return strings.HasPrefix(g.first, "testing.(*T).Run(") || strings.HasPrefix(g.first, "testing.(*T).Parallel(") ||
		strings.HasPrefix(g.first, "testing.runTests(") || strings.HasPrefix(g.first, "testing.tRunner.func1(")
}

// goroutines returns every goroutine but the caller's.
func goroutines() []goroutine {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	var gs []goroutine
	for i, block := range bytes.Split(buf, []byte("\n\n")) {
		if i == 0 {
			continue // the caller's own
		}
		header, rest, _ := strings.Cut(string(block), "\n")
		id, ok := strings.CutPrefix(header, "goroutine ")
		if !ok {
			continue
		}
		id, _, _ = strings.Cut(id, " ")
		first, _, _ := strings.Cut(rest, "\n")
		gs = append(gs, goroutine{id: id, first: first, stack: string(block)})
	}
	return gs
}

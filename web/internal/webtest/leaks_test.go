package webtest

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// recorder is a testing.TB that keeps what it is told of errors.
type recorder struct {
	testing.TB
	errs []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errs = append(r.errs, fmt.Sprintf(format, a...))
}

// parked is a function a leaked goroutine is found in.
func parked(stop chan struct{}) { <-stop }

func TestNoLeaks(t *testing.T) {
	defer func(w time.Duration) { leakWait = w }(leakWait)
	leakWait = 50 * time.Millisecond

	r := &recorder{TB: t}
	check := NoLeaks(r)
	ended := make(chan struct{})
	go func() { <-ended }()
	close(ended)
	check()
	if len(r.errs) != 0 {
		t.Errorf("a goroutine that ended was reported: %v", r.errs)
	}

	check = NoLeaks(r)
	stop := make(chan struct{})
	defer close(stop)
	go parked(stop)
	check()
	if len(r.errs) != 1 || !strings.Contains(r.errs[0], "webtest.parked") {
		t.Errorf("a goroutine left running was not reported: %v", r.errs)
	}
}

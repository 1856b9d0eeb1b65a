package playground

import (
	"context"
	"testing"
	"time"

	"lockstep/web/internal/webtest"
)

// TestSocketPing: a client that reads (and so answers pings) keeps its
// socket past many ping intervals; one that stops reading is closed once
// a ping goes unanswered for the timeout.
func TestSocketPing(t *testing.T) {
	defer webtest.NoLeaks(t)()
	ts := newTestHTTP(t, Config{}, func(p *Playground) {
		p.pingInterval, p.pingTimeout = 20*time.Millisecond, 200*time.Millisecond
	})
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), socketLimit)
	defer cancel()

	live := dial(t, ctx, ts)
	live.roundTrip(t, loadLesson)
	reading := make(chan error, 1)
	rctx, stopReading := context.WithCancel(ctx)
	go func() {
		_, _, err := live.c.Read(rctx) // answers pings while it waits
		reading <- err
	}()

	dead := dial(t, ctx, ts)
	dead.roundTrip(t, loadLesson)
	time.Sleep(time.Second) // dead reads nothing: its pings go unanswered
	dctx, dcancel := context.WithTimeout(ctx, 5*time.Second)
	defer dcancel()
	var err error
	for err == nil {
		_, _, err = dead.c.Read(dctx)
	}
	if dctx.Err() != nil {
		t.Errorf("a client that answered no ping for 1 s still has its socket (timeout 200 ms)")
	}
	select {
	case err := <-reading:
		t.Errorf("the client that answers pings lost its socket: %v", err)
	default:
	}
	stopReading()
	<-reading
}

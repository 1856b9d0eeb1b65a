package playground

import (
	"context"
	"encoding/json"
	"testing"
	"testing/synctest"
	"time"

	"lockstep/sim"
	"lockstep/web/internal/webtest"
	"lockstep/web/playground/protocol"
)

// chanSink is a Sink that hands every message to a channel, as a socket's
// outbox does.
type chanSink chan []byte

func (c chanSink) Send(msg []byte) error {
	select {
	case c <- msg:
		return nil
	default:
		return errSlowClient
	}
}

// loop is a session running its own goroutine, fed through a channel.
type loop struct {
	cmds chan []byte
	out  chanSink
	done chan error
}

func startLoop(t *testing.T, ctx context.Context) *loop {
	t.Helper()
	p := testPlayground(t)
	l := &loop{cmds: make(chan []byte), out: make(chanSink, 64), done: make(chan error, 1)}
	go func() { l.done <- newSession(p, p.log).run(ctx, l.cmds, l.out) }()
	if e := l.next(t); e.Type != "hello" || e.Protocol != protocol.Version {
		t.Fatalf("first event %+v; want hello, protocol %d", e, protocol.Version)
	}
	return l
}

// next returns the next event; in a synctest bubble it fails when none is
// coming.
func (l *loop) next(t *testing.T) event {
	t.Helper()
	select {
	case msg := <-l.out:
		var e event
		if err := json.Unmarshal(msg, &e); err != nil {
			t.Fatalf("event %s: %v", msg, err)
		}
		return e
	case err := <-l.done:
		t.Fatalf("session ended: %v", err)
	}
	return event{}
}

// pending reports how many events wait to be read.
func (l *loop) pending() int { return len(l.out) }

// TestAutoplay plays the lost wakeup at 2 steps per second in a synctest
// bubble: one state every half second, then autoplay stops by itself at
// the end of the run.
func TestAutoplay(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		l := startLoop(t, ctx)
		l.cmds <- []byte(`{"v":1,"type":"load","lesson":"test-wakeup","schedule":"lost","step":0}`)
		l.next(t) // loaded
		l.next(t) // state
		l.cmds <- []byte(`{"v":1,"id":2,"type":"play","speed":2}`)
		if st := l.next(t); !st.Playing || st.Position != 0 {
			t.Fatalf("play: %+v; want playing at 0", st)
		}
		start := time.Now()
		for want := 1; want <= 8; want++ {
			time.Sleep(500 * time.Millisecond)
			synctest.Wait()
			if n := l.pending(); n != 1 {
				t.Fatalf("after %v: %d events; want one tick", time.Since(start), n)
			}
			st := l.next(t)
			if st.Position != want || st.ID != nil {
				t.Fatalf("tick %d: position %d, id %v; want %d, no id", want, st.Position, st.ID, want)
			}
			if over := want == 8; st.Playing == over {
				t.Fatalf("tick %d: playing %v; want it to stop exactly at the end", want, st.Playing)
			}
		}
		time.Sleep(10 * time.Second)
		synctest.Wait()
		if n := l.pending(); n != 0 {
			t.Errorf("%d events after the end; want autoplay stopped", n)
		}
		close(l.cmds)
		if err := <-l.done; err != nil {
			t.Errorf("run = %v after the commands ended; want nil", err)
		}
	})
}

// TestAutoplayPastTheHistory plays from an empty history: the threads take
// turns (sim.Continue) until the run is over, as a replay of nothing does.
func TestAutoplayPastTheHistory(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		defer cancel()
		l := startLoop(t, ctx)
		l.cmds <- []byte(`{"v":1,"type":"load","lesson":"test-wakeup"}`)
		l.next(t)
		l.next(t)
		l.cmds <- []byte(`{"v":1,"type":"play","speed":20}`)
		l.next(t)
		var st event
		for st.Position == 0 || st.Playing {
			time.Sleep(50 * time.Millisecond)
			st = l.next(t)
		}
		want := continueRun(t)
		if st.Schedule != want.Schedule().String() || st.Outcome == nil || st.Outcome.Kind != string(want.Outcome().Kind) {
			t.Errorf("autoplay ended at %q with %+v; want %q with %s", st.Schedule, st.Outcome, want.Schedule(), want.Outcome().Kind)
		}
		cancel()
		if err := <-l.done; err != context.Canceled {
			t.Errorf("run = %v after cancel; want context.Canceled", err)
		}
	})
}

// continueRun is the test lesson run by sim.Continue from the start.
func continueRun(t *testing.T) *sim.Machine {
	t.Helper()
	l, err := webtest.Catalog(t).Lookup("test-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Build("tinycoro", nil)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(p, nil, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestSlowSink ends the session when its sink is full: a client that does
// not read is dropped, and the session does not wait for it.
func TestSlowSink(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := testPlayground(t)
		cmds := make(chan []byte, 4)
		out := make(chanSink, 2) // hello, then room for one more
		done := make(chan error, 1)
		go func() { done <- newSession(p, p.log).run(t.Context(), cmds, out) }()
		cmds <- []byte(loadLesson) // loaded fits, state does not
		synctest.Wait()
		select {
		case err := <-done:
			if err != errSlowClient {
				t.Errorf("run = %v; want errSlowClient", err)
			}
		default:
			t.Fatal("the session waits for a client that does not read")
		}
	})
}

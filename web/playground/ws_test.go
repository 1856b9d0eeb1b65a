package playground

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/internal/webtest"
	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// socketLimit bounds every socket test.
const socketLimit = 10 * time.Second

// client is a test's end of a playground socket.
type client struct {
	c   *websocket.Conn
	ctx context.Context
}

func dial(t *testing.T, ctx context.Context, ts *testHTTP) *client {
	t.Helper()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	c.SetReadLimit(8 << 20)
	t.Cleanup(func() { c.CloseNow() }) // before the server's cleanup, which waits for the socket
	cl := &client{c: c, ctx: ctx}
	if e := cl.read(t); e.Type != "hello" {
		t.Fatalf("first event %s; want hello", e.Type)
	}
	return cl
}

func (cl *client) write(t *testing.T, frame string) {
	t.Helper()
	if err := cl.c.Write(cl.ctx, websocket.MessageText, []byte(frame)); err != nil {
		t.Fatalf("write: %v", err)
	}
}

func (cl *client) read(t *testing.T) event {
	t.Helper()
	_, data, err := cl.c.Read(cl.ctx)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	var e event
	if err := json.Unmarshal(data, &e); err != nil {
		t.Fatalf("event %s: %v", data, err)
	}
	return e
}

// roundTrip sends a command and reads the events up to its state.
func (cl *client) roundTrip(t *testing.T, frame string) event {
	t.Helper()
	cl.write(t, frame)
	for {
		e := cl.read(t)
		switch e.Type {
		case "state":
			return e
		case "error":
			t.Fatalf("%s: error %q", frame, e.Message)
		}
	}
}

// testHTTP is a test server whose handlers, WebSockets included, can be
// waited for.
type testHTTP struct {
	*httptest.Server
	handlers sync.WaitGroup
}

// newTestHTTP serves the playground of cfg at /ws, on the tests' own
// lessons unless cfg names others; tune adjusts the playground first.
func newTestHTTP(t *testing.T, cfg Config, tune ...func(*Playground)) *testHTTP {
	t.Helper()
	if cfg.Lessons == nil {
		cfg.Lessons = webtest.Catalog(t)
	}
	if cfg.Logger == nil {
		cfg.Logger = quietLogger()
	}
	p, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range tune {
		f(p)
	}
	th := &testHTTP{}
	h := http.NewServeMux()
	h.Handle("GET /ws", site.NewPages(cfg.Logger, "test", site.NewBrowsers(site.NewKey(), nil)).Handle(p.ServeWS))
	th.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		th.handlers.Add(1)
		defer th.handlers.Done()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(th.Close)
	return th
}

// Close stops the server and waits for every handler to return: a
// hijacked connection is not waited for by httptest.
func (th *testHTTP) Close() {
	th.Server.Close()
	th.handlers.Wait()
}

func TestSocket(t *testing.T) {
	defer webtest.NoLeaks(t)()
	ts := newTestHTTP(t, Config{})
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), socketLimit)
	defer cancel()

	cl := dial(t, ctx, ts)
	cl.write(t, loadLesson)
	if e := cl.read(t); e.Type != "loaded" || e.Lesson.ID != "test-wakeup" {
		t.Fatalf("load: %s %+v; want loaded", e.Type, e.Lesson)
	}
	cl.read(t)
	st := cl.roundTrip(t, step("W1"))
	wantStep(t, st, "W1", "G1")
	cl.write(t, `{"v":1,"type":"step","thread":"nobody"}`)
	if e := cl.read(t); e.Type != "error" {
		t.Fatalf("step of nobody: %s; want error", e.Type)
	}
	st = cl.roundTrip(t, step("W1"))
	wantPos(t, st, 2, 2)
	if err := cl.c.Close(websocket.StatusNormalClosure, ""); err != nil {
		t.Errorf("close: %v", err)
	}
}

// TestSocketHugeFrame sends a frame over the read limit: that socket is
// closed with 1009, and another socket goes on working.
func TestSocketHugeFrame(t *testing.T) {
	defer webtest.NoLeaks(t)()
	ts := newTestHTTP(t, Config{})
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), socketLimit)
	defer cancel()

	other := dial(t, ctx, ts)
	other.roundTrip(t, loadLesson)
	big := dial(t, ctx, ts)
	big.write(t, `{"v":1,"type":"run","schedule":"`+strings.Repeat(" ", protocol.MaxFrame)+`"}`)
	_, _, err := big.c.Read(ctx)
	if got := websocket.CloseStatus(err); got != websocket.StatusMessageTooBig {
		t.Errorf("after a huge frame: %v (status %d); want close status 1009", err, got)
	}
	st := other.roundTrip(t, step("W1"))
	wantPos(t, st, 1, 1)
	other.c.Close(websocket.StatusNormalClosure, "")
}

// TestSocketSlowClient never reads: the server drops it instead of
// queueing without bound, and goes on serving others.
func TestSocketSlowClient(t *testing.T) {
	defer webtest.NoLeaks(t)()
	var log webtest.LogBuffer
	ts := newTestHTTP(t, Config{Logger: slog.New(slog.NewTextHandler(&log, nil))},
		func(p *Playground) { p.writeTimeout = 200 * time.Millisecond })
	ctx, cancel := context.WithTimeout(t.Context(), socketLimit)
	defer cancel()

	slow := dial(t, ctx, ts)
	slow.write(t, `{"v":1,"type":"load","lesson":"test-wakeup","params":{"waiters":64},"schedule":"W1*400"}`)
	// Keep asking for big states without reading them, until the server
	// stops taking commands.
	var err error
	for i := 0; i < 5000 && err == nil; i++ {
		wctx, wcancel := context.WithTimeout(ctx, time.Second)
		err = slow.c.Write(wctx, websocket.MessageText, []byte(`{"v":1,"type":"goto","step":`+[]string{"1", "300"}[i%2]+`}`))
		wcancel()
	}
	// Read what was sent until the socket ends.
	for err == nil {
		_, _, err = slow.c.Read(ctx)
	}
	if errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the slow client was never dropped")
	}
	other := dial(t, ctx, ts)
	other.roundTrip(t, loadLesson)
	other.c.Close(websocket.StatusNormalClosure, "")
	slow.c.CloseNow()
	ts.Close()
	if !strings.Contains(log.String(), "slow client") {
		t.Errorf("log:\n%s\nwant the slow client dropped and logged", log.String())
	}
}

func TestSocketOrigin(t *testing.T) {
	defer webtest.NoLeaks(t)()
	tests := []struct {
		name    string
		origins []string
		origin  string
		want    int
	}{
		{name: "no origin (not a browser)", want: http.StatusSwitchingProtocols},
		{name: "foreign origin", origin: "http://evil.example", want: http.StatusForbidden},
		{name: "allowed origin", origins: []string{"docs.example"}, origin: "http://docs.example", want: http.StatusSwitchingProtocols},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ts := newTestHTTP(t, Config{Origins: tt.origins})
			defer ts.Close()
			ctx, cancel := context.WithTimeout(t.Context(), socketLimit)
			defer cancel()
			h := http.Header{}
			if tt.origin != "" {
				h.Set("Origin", tt.origin)
			}
			c, resp, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", &websocket.DialOptions{HTTPHeader: h})
			if resp == nil {
				t.Fatalf("dial: %v", err)
			}
			if resp.StatusCode != tt.want {
				t.Errorf("status %d; want %d", resp.StatusCode, tt.want)
			}
			if c != nil {
				c.Close(websocket.StatusNormalClosure, "")
			}
		})
	}
}

func TestOutbox(t *testing.T) {
	o := &outbox{ch: make(chan []byte, 2)}
	for i := range 2 {
		if err := o.Send([]byte("x")); err != nil {
			t.Fatalf("send %d: %v", i, err)
		}
	}
	if err := o.Send([]byte("x")); err != errSlowClient {
		t.Errorf("send to a full outbox = %v; want errSlowClient", err)
	}
}

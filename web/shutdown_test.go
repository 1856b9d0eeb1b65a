package web

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/classroom/lecture"
	"lockstep/web/playground"
)

// TestShutdownGoingAway ends the server's base context, as the server
// does on SIGTERM, with a playground socket running a search, a room's
// student, and a client that never answers (half-open): the first two
// read a close frame 1001 with its reason, and every socket is gone well
// within the shutdown budget of 5 s.
func TestShutdownGoingAway(t *testing.T) {
	srv := newTestServer(t, Config{})
	base, shutdown := context.WithCancel(context.Background())
	defer shutdown()
	ts := httptest.NewUnstartedServer(srv.Handler())
	ts.Config.BaseContext = func(net.Listener) context.Context { return base }
	ts.Start()
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	ws := "ws" + strings.TrimPrefix(ts.URL, "http")

	play, _, err := websocket.Dial(ctx, ws+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer play.CloseNow()
	send := func(frame string) {
		if err := play.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
			t.Fatal(err)
		}
	}
	send(`{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"fixed","params":{"waiters":8,"workers":8}}`)
	send(`{"v":1,"id":2,"type":"explore","strategy":"exhaustive"}`)
	for {
		_, data, err := play.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), `"explore-progress"`) {
			break
		}
	}

	code, presenter := openRoom(t, ts)
	student, _, err := websocket.Dial(ctx, ws+"/room/ws?role=student&code="+code, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer student.CloseNow()
	halfOpen, _, err := websocket.Dial(ctx, ws+"/room/ws?role=presenter&code="+code,
		&websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {presenter.String()}}})
	if err != nil {
		t.Fatal(err)
	}
	defer halfOpen.CloseNow() // never read: it answers no close frame

	start := time.Now()
	shutdown()
	for name, c := range map[string]*websocket.Conn{"playground": play, "student": student} {
		var err error
		for err == nil {
			_, _, err = c.Read(ctx)
		}
		var ce websocket.CloseError
		if !asClose(err, &ce) || ce.Code != websocket.StatusGoingAway || ce.Reason != playground.GoingAwayReason {
			t.Errorf("the %s socket ended with %v; want 1001 and %q", name, err, playground.GoingAwayReason)
		}
	}
	dctx, dcancel := context.WithTimeout(ctx, 5*time.Second)
	defer dcancel()
	if err := srv.Drain(dctx); err != nil {
		t.Errorf("Drain: %v after %v", err, time.Since(start))
		var stacks strings.Builder
		_ = pprof.Lookup("goroutine").WriteTo(&stacks, 1)
		t.Logf("where the sockets wait:\n%s", stacks.String())
	}
	d := time.Since(start)
	if d > 5*time.Second {
		t.Errorf("the sockets took %v to close; want it within the 5 s budget", d)
	}
	t.Logf("every socket closed %v after the shutdown began", d.Round(time.Millisecond))
}

// asClose is errors.As for a close error.
func asClose(err error, ce *websocket.CloseError) bool {
	if st := websocket.CloseStatus(err); st == -1 {
		return false
	}
	for err != nil {
		if c, ok := err.(websocket.CloseError); ok {
			*ce = c
			return true
		}
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return false
		}
		err = u.Unwrap()
	}
	return false
}

// openRoom opens a room on the test lesson and returns its code and the
// presenter's cookie.
func openRoom(t *testing.T, ts *httptest.Server) (string, *http.Cookie) {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(ts.URL+"/room", map[string][]string{"lesson": {"test-wakeup"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc := resp.Header.Get("Location")
	code, ok := strings.CutPrefix(loc, "/room/")
	if !ok || len(code) < lecture.CodeLen {
		t.Fatalf("POST /room: %s to %q", resp.Status, loc)
	}
	code = code[:lecture.CodeLen]
	for _, c := range resp.Cookies() {
		if c.Name == "lockstep_room_"+code {
			return code, c
		}
	}
	t.Fatalf("POST /room set no presenter cookie")
	return "", nil
}

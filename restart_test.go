package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestRoomSurvivesKill runs the built server on a room file, opens a room,
// has its presenter publish a position and open a poll and a student vote,
// kills the server with SIGKILL, starts it again on the same file and
// port, and checks that the room's code still works: the student's and
// the presenter's sockets reconnect to the same position, poll and tally,
// and the student follows the presenter on. Then it stops the server with
// SIGTERM, and checks the same after the next start.
func TestRoomSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server")
	}
	dir := t.TempDir()
	bin := builtBinary(t)
	data := filepath.Join(dir, "data")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()

	srv := startServer(t, bin, addr, data)
	base := "http://" + addr
	client := &http.Client{Timeout: 10 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(base+"/room", url.Values{"lesson": {"wg-lost-wakeup"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	m := regexp.MustCompile(`^/room/([A-Z2-9]{8})/present`).FindStringSubmatch(resp.Header.Get("Location"))
	if m == nil {
		t.Fatalf("POST /room: %s to %q", resp.Status, resp.Header.Get("Location"))
	}
	code := m[1]
	presenter := cookieNamed(t, resp, "lockstep_room_"+code)
	resp, err = client.Get(base + "/room/" + code)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	voter := cookieNamed(t, resp, "lockstep_browser")

	ws := "ws://" + addr + "/room/ws?code=" + code + "&role="
	pres := dialWS(t, ws+"presenter", presenter)
	pres.until(t, "welcome")
	stu := dialWS(t, ws+"student", voter)
	stu.until(t, "welcome")
	pos := map[string]any{"lesson": "wg-lost-wakeup", "variant": "tinycoro", "params": map[string]int{"waiters": 1, "workers": 1},
		"schedule": "W1 W1 W1 W1 W1 D1", "position": 4}
	pres.send(t, map[string]any{"v": 1, "type": "publish", "position": pos})
	stu.until(t, "position")
	pres.send(t, map[string]any{"v": 1, "type": "poll", "kind": "thread"})
	poll := stu.until(t, "poll")
	stu.send(t, map[string]any{"v": 1, "type": "vote", "poll": poll.Poll.ID, "option": 1})
	stu.until(t, "voted")
	time.Sleep(time.Second) // a change reaches the file within milliseconds

	if err := srv.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	srv.Wait()
	rctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	for { // the events queued before the kill, then the end
		if _, _, err := stu.c.Read(rctx); err != nil {
			if rctx.Err() != nil {
				t.Fatal("the student's socket outlived the server")
			}
			break
		}
	}

	srv = startServer(t, bin, addr, data)
	stu = dialWS(t, ws+"student", voter)
	w := stu.until(t, "welcome")
	if w.Room != code || w.Position == nil || w.Position.Index != 4 || w.Position.Schedule != "W1 W1 W1 W1 W1 D1" {
		t.Errorf("the student's welcome after the restart: room %s, position %+v; want %s at step 4", w.Room, w.Position, code)
	}
	// A student is told how many voted, the presenter how they split.
	if w.Poll == nil || w.Poll.ID != poll.Poll.ID || w.Tally == nil || w.Tally.Votes != 1 || w.Tally.Counts != nil {
		t.Errorf("the poll after the restart: %+v, tally %+v; want poll %d with the vote, and no split for a student", w.Poll, w.Tally, poll.Poll.ID)
	}
	pres = dialWS(t, ws+"presenter", presenter)
	if w := pres.until(t, "welcome"); w.Role != "presenter" || w.Tally == nil || len(w.Tally.Counts) < 2 || w.Tally.Counts[1] != 1 {
		t.Errorf("the presenter's welcome after the restart: %+v; want the poll's split, the vote for option 1", w)
	}
	pos["position"] = 5
	pres.send(t, map[string]any{"v": 1, "type": "publish", "position": pos})
	if ev := stu.until(t, "position"); ev.Position.Index != 5 {
		t.Errorf("after the restart the student follows to %+v, want step 5", ev.Position)
	}
	resp, err = client.Get(base + "/room/" + code)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /room/%s after the restart: %s", code, resp.Status)
	}

	// A graceful stop: the sockets are told the server is going away, and
	// the room, its vote included, is there after the next start.
	pres.send(t, map[string]any{"v": 1, "type": "poll", "kind": "thread"})
	poll = stu.until(t, "poll")
	stu.send(t, map[string]any{"v": 1, "type": "vote", "poll": poll.Poll.ID, "option": 0})
	stu.until(t, "voted")
	if err := srv.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	gctx, gcancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer gcancel()
	var closeErr error
	for closeErr == nil {
		_, _, closeErr = stu.c.Read(gctx)
	}
	if websocket.CloseStatus(closeErr) != websocket.StatusGoingAway {
		t.Errorf("on SIGTERM the student's socket ended with %v; want 1001, going away", closeErr)
	}
	if err := srv.Wait(); err != nil {
		t.Errorf("the server's exit after SIGTERM: %v", err)
	}
	startServer(t, bin, addr, data)
	stu = dialWS(t, ws+"student", voter)
	w = stu.until(t, "welcome")
	if w.Position == nil || w.Position.Index != 5 || w.Poll == nil || w.Poll.ID != poll.Poll.ID || w.Tally == nil || w.Tally.Votes != 1 {
		t.Errorf("after a graceful restart: position %+v, poll %+v, tally %+v; want step 5 and poll %d with its vote", w.Position, w.Poll, w.Tally, poll.Poll.ID)
	}
}

// startServer runs bin on addr with its rooms in data until the test
// ends, and waits until it serves.
func startServer(t *testing.T, bin, addr, data string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "--addr", addr, "--data", data)
	cmd.Env = append(os.Environ(), "LOCKSTEP_ADDR=")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(out).ReadString('\n')
		line <- s
	}()
	select {
	case s := <-line:
		if !strings.Contains(s, "serving on http://"+addr) {
			t.Fatalf("the server says %q", s)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the server did not start")
	}
	return cmd
}

// cookieNamed is the cookie resp sets named name.
func cookieNamed(t *testing.T, resp *http.Response, name string) *http.Cookie {
	t.Helper()
	for _, c := range resp.Cookies() {
		if c.Name == name {
			return c
		}
	}
	t.Fatalf("%s sets no cookie %s", resp.Request.URL, name)
	return nil
}

// roomEvent is what the test reads of a room's events.
type roomEvent struct {
	Type     string
	Role     string
	Room     string
	Position *struct {
		Schedule string
		Index    int `json:"position"`
	}
	Poll  *struct{ ID int }
	Tally *struct {
		Votes  int
		Counts []int
	}
	Message string
}

// wsClient is a test's room socket.
type wsClient struct{ c *websocket.Conn }

func dialWS(t *testing.T, u string, cookie *http.Cookie) *wsClient {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {cookie.String()}}})
	if err != nil {
		t.Fatalf("dial %s: %v", u, err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &wsClient{c: c}
}

func (w *wsClient) send(t *testing.T, v any) {
	t.Helper()
	b, _ := json.Marshal(v)
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	if err := w.c.Write(ctx, websocket.MessageText, b); err != nil {
		t.Fatal(err)
	}
}

// until reads events up to the first of type typ; an error or closed
// event fails the test.
func (w *wsClient) until(t *testing.T, typ string) roomEvent {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	for {
		_, data, err := w.c.Read(ctx)
		if err != nil {
			t.Fatalf("waiting for %s: %v", typ, err)
		}
		var ev roomEvent
		if err := json.Unmarshal(data, &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Type == typ {
			return ev
		}
		if ev.Type == "error" || ev.Type == "closed" {
			t.Fatalf("%s event %q while waiting for %s", ev.Type, ev.Message, typ)
		}
	}
}

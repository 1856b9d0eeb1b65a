package web

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/classroom/lecture"
	"lockstep/web/site"
)

// TestClassroomBehindOneAddress: a class of 80 students behind one
// address (a school's NAT), each in a browser of its own, all join: each
// holds the room's socket and the playground's, 160 sockets from one
// address. Each votes once, and a second tab of one browser changes its
// vote without adding one. A script at the same address, without the
// browser cookie, still gets 32 sockets and is refused the 33rd.
func TestClassroomBehindOneAddress(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	code, presenter := openRoom(t, ts.Server)
	base := "ws" + strings.TrimPrefix(ts.URL, "http")
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	dial := func(path string, cookies ...*http.Cookie) (*websocket.Conn, *http.Response, error) {
		h := http.Header{}
		for _, c := range cookies {
			h.Add("Cookie", c.String())
		}
		c, resp, err := websocket.Dial(ctx, base+path, &websocket.DialOptions{HTTPHeader: h})
		if err == nil {
			open = append(open, c)
		}
		return c, resp, err
	}
	pres, _, err := dial("/room/ws?role=presenter&code="+code, presenter, browserOf(t, ts, "/room"))
	if err != nil {
		t.Fatal(err)
	}
	poll := openThreadPoll(ctx, t, pres)

	const class = 80
	var firstTab *websocket.Conn
	for i := range class {
		browser := browserOf(t, ts, "/room/"+code)
		stu, _, err := dial("/room/ws?role=student&code="+code, browser)
		if err != nil {
			t.Fatalf("student %d's room socket: %v", i+1, err)
		}
		until(ctx, t, stu, "welcome")
		play, _, err := dial("/ws", browser)
		if err != nil {
			t.Fatalf("student %d's playground socket: %v", i+1, err)
		}
		if _, _, err := play.Read(ctx); err != nil { // hello
			t.Fatalf("student %d's playground: %v", i+1, err)
		}
		send(ctx, t, stu, fmt.Sprintf(`{"v":1,"type":"vote","poll":%d,"option":0}`, poll))
		until(ctx, t, stu, "voted")
		if i == 0 {
			if firstTab, _, err = dial("/room/ws?role=student&code="+code, browser); err != nil {
				t.Fatal(err)
			}
			until(ctx, t, firstTab, "welcome")
		}
	}
	send(ctx, t, firstTab, fmt.Sprintf(`{"v":1,"type":"vote","poll":%d,"option":1}`, poll))
	until(ctx, t, firstTab, "voted")
	for {
		tl := until(ctx, t, pres, "tally").Tally
		if tl.Votes > class {
			t.Fatalf("tally %+v: %d browsers voted, one of them from two tabs; want %d votes", tl, class, class)
		}
		if tl.Votes == class && tl.Counts[1] == 1 {
			break
		}
	}

	for i := range DefaultSocketsPerClient {
		c, _, err := dial("/ws")
		if err != nil {
			t.Fatalf("the script's socket %d: %v", i+1, err)
		}
		if _, _, err := c.Read(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if _, resp, err := dial("/ws"); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the script's socket %d: %v; want 429", DefaultSocketsPerClient+1, err)
	}
}

// TestSocketsPerAddress: the browsers of one address hold at most
// SocketsPerAddress sockets between them; one more, from a new browser,
// gets 429 with a message in the page's language.
func TestSocketsPerAddress(t *testing.T) {
	const limit = 6
	ts := newTestHTTP(t, Config{SocketsPerAddress: limit})
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	base := "ws" + strings.TrimPrefix(ts.URL, "http")
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	for i := range limit {
		h := http.Header{"Cookie": {browserOf(t, ts, "/").String()}}
		c, _, err := websocket.Dial(ctx, base+"/ws", &websocket.DialOptions{HTTPHeader: h})
		if err != nil {
			t.Fatalf("socket %d: %v", i+1, err)
		}
		open = append(open, c)
	}
	for _, lang := range []string{"en", "zh"} {
		req, err := http.NewRequest(http.MethodGet, ts.URL+"/ws?lang="+lang, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("Connection", "Upgrade")
		req.Header.Set("Upgrade", "websocket")
		req.AddCookie(browserOf(t, ts, "/"))
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		want := map[string]string{"en": "Your network has 6 connections", "zh": "你所在的网络已经打开了 6 个"}[lang]
		if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(body), want) {
			t.Errorf("a new browser past the address's limit (%s): %s %q; want 429 saying %q", lang, resp.Status, body, want)
		}
	}
}

// TestSocketsPerAddressFitsARoom: by default an address holds a full room
// (two sockets a student, and the presenter's), and more when the rooms
// take more students.
func TestSocketsPerAddressFitsARoom(t *testing.T) {
	if got := newTestServer(t, Config{}).addrSockets.Limit; got != DefaultSocketsPerAddress {
		t.Errorf("the per-address limit is %d by default, want %d", got, DefaultSocketsPerAddress)
	}
	for _, students := range []int{0, 300, 1000} {
		n := students
		if n == 0 {
			n = lecture.DefaultMaxStudents
		}
		if got, need := socketsForRoom(lecture.Limits{MaxStudents: students}, DefaultSocketsPerClient), 2*(n+1); got < need {
			t.Errorf("with rooms of %d students, the per-address limit is %d; a full room needs %d", n, got, need)
		}
	}
	if got := newTestServer(t, Config{SocketsPerAddress: 7}).addrSockets.Limit; got != 7 {
		t.Errorf("SocketsPerAddress 7 gives a limit of %d", got)
	}
}

// browserOf is the browser cookie a new browser gets with the page at
// path.
func browserOf(t *testing.T, ts *testHTTP, path string) *http.Cookie {
	t.Helper()
	resp := get(t, ts, path, nil)
	resp.Body.Close()
	for _, c := range resp.Cookies() {
		if c.Name == site.BrowserCookie {
			return c
		}
	}
	t.Fatalf("GET %s set no %s cookie", path, site.BrowserCookie)
	return nil
}

// roomEvent is what these tests read of a room's event.
type roomEvent struct {
	Type string `json:"type"`
	Poll *struct {
		ID int `json:"id"`
	} `json:"poll"`
	Tally *struct {
		Votes  int   `json:"votes"`
		Counts []int `json:"counts"`
	} `json:"tally"`
	Message   string `json:"message"`
	MessageZH string `json:"message_zh"`
}

// until reads c's events until one of type typ, and fails on an error
// event.
func until(ctx context.Context, t *testing.T, c *websocket.Conn, typ string) roomEvent {
	t.Helper()
	for {
		_, data, err := c.Read(ctx)
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
		if ev.Type == "error" {
			t.Fatalf("waiting for %s: %s", typ, data)
		}
	}
}

// openThreadPoll waits for the presenter's welcome on pres, shows the
// test lesson at its start and opens a poll on the next thread, whose id
// it returns.
func openThreadPoll(ctx context.Context, t *testing.T, pres *websocket.Conn) int {
	t.Helper()
	until(ctx, t, pres, "welcome")
	send(ctx, t, pres, `{"v":1,"type":"publish","position":{"lesson":"test-wakeup","variant":"fixed","schedule":"","position":0}}`)
	send(ctx, t, pres, `{"v":1,"type":"poll","kind":"thread"}`)
	return until(ctx, t, pres, "poll").Poll.ID
}

// send writes one frame to c.
func send(ctx context.Context, t *testing.T, c *websocket.Conn, frame string) {
	t.Helper()
	if err := c.Write(ctx, websocket.MessageText, []byte(frame)); err != nil {
		t.Fatal(err)
	}
}

// TestMadeUpBrowsers: cookies a script makes up, in the form of the
// server's identities or of the old unsigned ones, name no browser: all
// the script's sockets are its address's one client (32, then 429), and
// a student with a made-up cookie cannot vote.
func TestMadeUpBrowsers(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	code, presenter := openRoom(t, ts.Server)
	base := "ws" + strings.TrimPrefix(ts.URL, "http")
	var open []*websocket.Conn
	defer func() {
		for _, c := range open {
			c.CloseNow()
		}
	}()
	dial := func(path, cookie string) (*websocket.Conn, *http.Response, error) {
		h := http.Header{"Cookie": {site.BrowserCookie + "=" + cookie}}
		c, resp, err := websocket.Dial(ctx, base+path, &websocket.DialOptions{HTTPHeader: h})
		if err == nil {
			open = append(open, c)
		}
		return c, resp, err
	}
	made := func(i int) string { return fmt.Sprintf("%052d", i) }
	pres, _, err := websocket.Dial(ctx, base+"/room/ws?role=presenter&code="+code, &websocket.DialOptions{HTTPHeader: http.Header{"Cookie": {presenter.String()}}})
	if err != nil {
		t.Fatal(err)
	}
	defer pres.CloseNow()
	poll := openThreadPoll(ctx, t, pres)

	stu, _, err := dial("/room/ws?role=student&code="+code, made(0))
	if err != nil {
		t.Fatal(err)
	}
	until(ctx, t, stu, "welcome")
	send(ctx, t, stu, fmt.Sprintf(`{"v":1,"type":"vote","poll":%d,"option":0}`, poll))
	if e := until(ctx, t, stu, "error"); !strings.Contains(e.Message, "vote") {
		t.Errorf("a vote with a made-up cookie: %+v; want it refused", e)
	}
	// The presenter's socket, without a browser cookie, and the student's
	// are two of the address's.
	for i := 2; i < DefaultSocketsPerClient; i++ {
		cookie := made(i)
		if i%2 == 0 {
			cookie = fmt.Sprintf("%026d", i) // the old, unsigned form
		}
		if _, _, err := dial("/ws", cookie); err != nil {
			t.Fatalf("the script's socket %d: %v", i+1, err)
		}
	}
	if _, resp, err := dial("/ws", made(999)); err == nil || resp == nil || resp.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("the script's socket %d, with yet another made-up cookie: %v; want 429", DefaultSocketsPerClient+1, err)
	}
}

// TestNewBrowsersPerAddress: an address is given a full room's new
// identities and some to spare at once, then one a second: past the
// burst, no more than the seconds since it began (a slow machine, or the
// race detector, lets a few refill), and soon none.
func TestNewBrowsersPerAddress(t *testing.T) {
	const students = 5
	ts := newTestHTTP(t, Config{RoomLimits: lecture.Limits{MaxStudents: students}})
	burst := newIdentities(lecture.Limits{MaxStudents: students}).Burst
	start := time.Now()
	for range burst {
		browserOf(t, ts, "/") // fails unless the page gives one
	}
	for extra := 0; ; extra++ {
		resp := get(t, ts, "/", nil)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("GET / past the new identities: %s; want the page", resp.Status)
		}
		given := slices.ContainsFunc(resp.Cookies(), func(c *http.Cookie) bool { return c.Name == site.BrowserCookie })
		if !given {
			return
		}
		if refilled := int(time.Since(start) / time.Second); extra >= refilled+1 || extra >= 100 {
			t.Fatalf("GET / gave the %d-th new browser of one address an identity after %v; want %d at once and one a second", burst+extra+1, time.Since(start).Round(time.Millisecond), burst)
		}
	}
}

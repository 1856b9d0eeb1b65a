package classroom

import (
	"bytes"
	"context"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"lockstep/web/classroom/lecture"

	"github.com/coder/websocket"
	"github.com/go-chi/chi/v5"
)

// roomSite is a test server of the classroom's routes, with an HTTP
// client that does not follow redirects.
type roomSite struct {
	t      *testing.T
	srv    *httptest.Server
	client *http.Client
}

func newRoomSite(t *testing.T) *roomSite {
	t.Helper()
	rs := newTestRooms(t, lecture.Limits{})
	h := rs.pages.Handle
	r := chi.NewRouter() // the classroom's routes, as package web's
	r.Method(http.MethodGet, "/room", h(rs.ServeForm))
	r.Method(http.MethodPost, "/room", h(rs.ServeOpen))
	r.Method(http.MethodGet, "/room/ws", h(rs.ServeSocket))
	r.Method(http.MethodGet, "/room/{code}", h(rs.ServeJoin))
	r.Method(http.MethodGet, "/room/{code}/present", h(rs.ServePresent))
	r.Method(http.MethodGet, "/room/{code}/qr.png", h(rs.ServeQR))
	srv := httptest.NewServer(r)
	t.Cleanup(srv.Close)
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return &roomSite{t: t, srv: srv, client: client}
}

// do sends a request and returns the response with its body read.
func (rs *roomSite) do(req *http.Request) (*http.Response, string) {
	rs.t.Helper()
	resp, err := rs.client.Do(req)
	if err != nil {
		rs.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		rs.t.Fatal(err)
	}
	return resp, string(body)
}

// get fetches path, with cookies if any.
func (rs *roomSite) get(path string, cookies ...*http.Cookie) (*http.Response, string) {
	rs.t.Helper()
	req, err := http.NewRequest(http.MethodGet, rs.srv.URL+path, nil)
	if err != nil {
		rs.t.Fatal(err)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return rs.do(req)
}

// open opens a room on lesson and returns its code and the presenter's
// cookie.
func (rs *roomSite) open(lesson string) (string, *http.Cookie) {
	rs.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, rs.srv.URL+"/room", strings.NewReader(url.Values{"lesson": {lesson}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, _ := rs.do(req)
	m := regexp.MustCompile(`^/room/([A-Z2-9]{6})/present\?lesson=`).FindStringSubmatch(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusSeeOther || m == nil {
		rs.t.Fatalf("POST /room: %s to %q; want 303 to a presenter page", resp.Status, resp.Header.Get("Location"))
	}
	for _, c := range resp.Cookies() {
		if c.Name == presenterCookie(m[1]) && c.HttpOnly && c.Path == "/room" {
			return m[1], c
		}
	}
	rs.t.Fatalf("POST /room set no presenter cookie: %v", resp.Cookies())
	return "", nil
}

// roomSocketURL is the room socket's URL for code and role.
func roomSocketURL(base, code, role string) string {
	return "ws" + strings.TrimPrefix(base, "http") + "/room/ws?" + url.Values{"code": {code}, "role": {role}}.Encode()
}

// roomConn is one test client of a room socket.
type roomConn struct {
	t *testing.T
	c *websocket.Conn
}

// dialRoom connects to the room socket at u, with cookies if any.
func dialRoom(t *testing.T, u string, cookies ...*http.Cookie) *roomConn {
	t.Helper()
	h := http.Header{}
	for _, c := range cookies {
		h.Add("Cookie", c.String())
	}
	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial %s: %v", u, err)
	}
	t.Cleanup(func() { c.CloseNow() })
	return &roomConn{t: t, c: c}
}

// send sends a command.
func (rc *roomConn) send(fields map[string]any) {
	rc.t.Helper()
	fields["v"] = 1
	b, err := json.Marshal(fields)
	if err != nil {
		rc.t.Fatal(err)
	}
	rc.sendRaw(b)
}

func (rc *roomConn) sendRaw(b []byte) {
	rc.t.Helper()
	ctx, cancel := context.WithTimeout(rc.t.Context(), 5*time.Second)
	defer cancel()
	if err := rc.c.Write(ctx, websocket.MessageText, b); err != nil {
		rc.t.Fatalf("write: %v", err)
	}
}

// read returns the next event, or the error that ended the socket.
func (rc *roomConn) read() (lecture.Event, error) {
	ctx, cancel := context.WithTimeout(rc.t.Context(), 5*time.Second)
	defer cancel()
	_, data, err := rc.c.Read(ctx)
	if err != nil {
		return lecture.Event{}, err
	}
	var ev lecture.Event
	if err := json.Unmarshal(data, &ev); err != nil {
		rc.t.Fatalf("event %s: %v", data, err)
	}
	return ev, nil
}

// until reads events up to the first of type typ, skipping rosters and
// tallies of other types.
func (rc *roomConn) until(typ lecture.Type) lecture.Event {
	rc.t.Helper()
	for {
		ev, err := rc.read()
		if err != nil {
			rc.t.Fatalf("waiting for a %s event: %v", typ, err)
		}
		if ev.Type == typ {
			return ev
		}
		if ev.Type != lecture.TypeRoster && ev.Type != lecture.TypeTally {
			rc.t.Fatalf("got a %s event (%+v) while waiting for %s", ev.Type, ev, typ)
		}
	}
}

// closedWith reads up to the closed event and the socket's end; it
// returns the event's message and the close status.
func (rc *roomConn) closedWith() (string, websocket.StatusCode) {
	rc.t.Helper()
	ev := rc.until(lecture.TypeClosed)
	_, err := rc.read()
	return ev.Message, websocket.CloseStatus(err)
}

func TestRoomPages(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-lost-wakeup")

	tests := []struct {
		name    string
		path    string
		cookies []*http.Cookie
		status  int
		want    string // in the body, or the Location of a redirect
	}{
		{"form", "/room", nil, 200, "300 students"},
		{"join by code", "/room?code=" + strings.ToLower(code[:3]) + "-" + code[3:], nil, 303, "/room/" + code},
		{"join a missing room", "/room?code=ZZZ222", nil, 404, "no open room with that code"},
		{"student page", "/room/" + code, nil, 200, `data-role="student"`},
		{"missing room", "/room/ZZZ222", nil, 404, "no open room"},
		{"presenter page", "/room/" + code + "/present", []*http.Cookie{cookie}, 200, `data-role="presenter"`},
		{"presenter page without the token", "/room/" + code + "/present", nil, 403, "presenter"},
		{"presenter page with a wrong token", "/room/" + code + "/present?token=nope", nil, 403, "presenter"},
		{"token in the link", "/room/" + code + "/present?token=" + cookie.Value, nil, 303, "/room/" + code + "/present"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := ts.get(tt.path, tt.cookies...)
			got := body
			if resp.StatusCode == http.StatusSeeOther {
				got = resp.Header.Get("Location")
			}
			if resp.StatusCode != tt.status || !strings.Contains(got, tt.want) {
				t.Errorf("GET %s: %d, %.300q; want %d with %q", tt.path, resp.StatusCode, got, tt.status, tt.want)
			}
		})
	}

	t.Run("qr code", func(t *testing.T) {
		resp, body := ts.get("/room/" + code + "/qr.png")
		img, err := png.Decode(strings.NewReader(body))
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" || err != nil {
			t.Fatalf("qr.png: %d %s, decode: %v", resp.StatusCode, resp.Header.Get("Content-Type"), err)
		}
		if w := img.Bounds().Dx(); w < 100 {
			t.Errorf("qr code %d pixels wide, want a readable size", w)
		}
	})
}

func TestOpenRoomRefused(t *testing.T) {
	ts := newRoomSite(t)
	tests := []struct {
		name   string
		lesson string
		header map[string]string
		status int
	}{
		{"unknown lesson", "no-such-lesson", nil, 400},
		{"another site's page", "wg-lost-wakeup", map[string]string{"Origin": "http://elsewhere.example"}, 403},
		{"another site's fetch", "wg-lost-wakeup", map[string]string{"Sec-Fetch-Site": "cross-site"}, 403},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/room", strings.NewReader("lesson="+tt.lesson))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			if resp, _ := ts.do(req); resp.StatusCode != tt.status {
				t.Errorf("POST /room: %s, want %d", resp.Status, tt.status)
			}
		})
	}
}

func TestRoomSocket(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-lost-wakeup")
	pres := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), cookie)
	if w := pres.until(lecture.TypeWelcome); w.Role != lecture.Presenter || w.Room != code {
		t.Fatalf("presenter's welcome %+v", w)
	}
	stu := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"))
	if w := stu.until(lecture.TypeWelcome); w.Role != lecture.Student || w.Member != "s1" || w.Position != nil {
		t.Fatalf("student's welcome %+v; want s1 with no position yet", w)
	}

	pos := map[string]any{"lesson": "wg-lost-wakeup", "variant": "tinycoro", "schedule": "", "position": 0}
	pres.send(map[string]any{"type": "publish", "position": pos})
	if ev := stu.until(lecture.TypePosition); ev.Seq != 1 || ev.Position.Lesson != "wg-lost-wakeup" {
		t.Errorf("student's position %+v", ev)
	}

	pres.send(map[string]any{"type": "poll", "kind": "thread"})
	poll := stu.until(lecture.TypePoll).Poll
	if poll == nil || len(poll.Options) != 2 || poll.Options[1].Thread != "D1" {
		t.Fatalf("student's poll %+v; want W1 or D1", poll)
	}
	pres.until(lecture.TypePoll)
	stu.send(map[string]any{"type": "vote", "poll": poll.ID, "option": 1})
	if ev := stu.until(lecture.TypeVoted); *ev.Vote != 1 {
		t.Errorf("voted %+v", ev)
	}
	if tl := pres.until(lecture.TypeTally).Tally; !slices.Equal(tl.Counts, []int{0, 1}) {
		t.Errorf("presenter's tally %v, want [0 1]", tl.Counts)
	}

	refused := []struct {
		name string
		cmd  map[string]any
		want string
	}{
		{"an option the poll lacks", map[string]any{"type": "vote", "poll": poll.ID, "option": 7}, "no such option"},
		{"a poll never opened", map[string]any{"type": "vote", "poll": poll.ID + 1, "option": 0}, "poll is closed"},
		{"a student publishing", map[string]any{"type": "publish", "position": pos}, "only the presenter"},
		{"a student polling", map[string]any{"type": "poll", "kind": "thread"}, "only the presenter"},
		{"a student revealing", map[string]any{"type": "reveal"}, "only the presenter"},
		{"an unknown command", map[string]any{"type": "dance"}, "unknown command"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			stu.send(tt.cmd)
			if ev := stu.until(lecture.TypeError); !strings.Contains(ev.Message, tt.want) {
				t.Errorf("error %q, want one saying %q", ev.Message, tt.want)
			}
		})
	}
	stu.sendRaw([]byte(`{"v":1,"type":"vote","poll":`))
	if ev := stu.until(lecture.TypeError); !strings.Contains(ev.Message, "not JSON") {
		t.Errorf("error for a broken frame: %q", ev.Message)
	}

	pres.send(map[string]any{"type": "reveal"})
	res := stu.until(lecture.TypeReveal).Result
	if res.Chosen != 1 || res.Thread != "D1" || res.Votes != 1 {
		t.Errorf("reveal %+v; want D1, the class's choice, with 1 vote", res)
	}

	pres.send(map[string]any{"type": "close"})
	if msg, status := stu.closedWith(); !strings.Contains(msg, "closed the room") || status != websocket.StatusNormalClosure {
		t.Errorf("student told %q, status %v; want the room closed, a normal closure", msg, status)
	}
}

func TestRoomSocketRefused(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-lost-wakeup")
	bad := &http.Cookie{Name: cookie.Name, Value: "forged"}
	tests := []struct {
		name    string
		url     string
		cookies []*http.Cookie
		want    string
	}{
		{"missing room", roomSocketURL(ts.srv.URL, "ZZZ222", "student"), nil, "no open room with that code"},
		{"bad code", roomSocketURL(ts.srv.URL, "<>", "student"), nil, "no open room with that code"},
		{"forged token", roomSocketURL(ts.srv.URL, code, "presenter"), []*http.Cookie{bad}, "token does not match"},
		{"no token", roomSocketURL(ts.srv.URL, code, "presenter"), nil, "token does not match"},
		{"no role", roomSocketURL(ts.srv.URL, code, "spectator"), nil, "role must be"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, status := dialRoom(t, tt.url, tt.cookies...).closedWith()
			if !strings.Contains(msg, tt.want) || status != statusRefused {
				t.Errorf("closed with %q, status %v; want %q, status %v", msg, status, tt.want, statusRefused)
			}
		})
	}
}

func TestRoomSocketFull(t *testing.T) {
	rs := newTestRooms(t, lecture.Limits{MaxStudents: 1})
	srv := httptest.NewServer(rs.pages.Handle(rs.ServeSocket))
	t.Cleanup(srv.Close)
	room, _, err := rs.hub.Open()
	if err != nil {
		t.Fatal(err)
	}
	first := dialRoom(t, roomSocketURL(srv.URL, room.Code(), "student"))
	first.until(lecture.TypeWelcome)
	msg, status := dialRoom(t, roomSocketURL(srv.URL, room.Code(), "student")).closedWith()
	if !strings.Contains(msg, "room is full") || status != statusRefused {
		t.Errorf("second student told %q, status %v; want the room is full", msg, status)
	}
	if room.Students() != 1 {
		t.Errorf("Students() = %d, want 1", room.Students())
	}
}

func TestRoomSocketFrameLimit(t *testing.T) {
	rs := newTestRooms(t, lecture.Limits{})
	srv := httptest.NewServer(rs.pages.Handle(rs.ServeSocket))
	t.Cleanup(srv.Close)
	room, _, err := rs.hub.Open()
	if err != nil {
		t.Fatal(err)
	}
	big := dialRoom(t, roomSocketURL(srv.URL, room.Code(), "student"))
	big.until(lecture.TypeWelcome)
	watcher := dialRoom(t, roomSocketURL(srv.URL, room.Code(), "student"))
	watcher.until(lecture.TypeWelcome)
	big.sendRaw(bytes.Repeat([]byte(" "), maxStudentFrame+1))
	for {
		_, err := big.read()
		if err == nil {
			continue
		}
		if status := websocket.CloseStatus(err); status != websocket.StatusMessageTooBig {
			t.Errorf("socket ended with %v, want status 1009 (message too big)", err)
		}
		break
	}
	for { // the oversized student has left: the roster says so
		if ev := watcher.until(lecture.TypeRoster); ev.Roster.Students == 1 {
			break
		}
	}
}

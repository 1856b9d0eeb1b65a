package classroom

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/classroom/lecture"
)

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

// until reads events up to the first of type typ, skipping rosters,
// tallies and members lists of other types.
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
		if ev.Type != lecture.TypeRoster && ev.Type != lecture.TypeTally && ev.Type != lecture.TypeMembers {
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

func TestRoomSocket(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-lost-wakeup")
	pres := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), cookie)
	if w := pres.until(lecture.TypeWelcome); w.Role != lecture.Presenter || w.Room != code {
		t.Fatalf("presenter's welcome %+v", w)
	}
	stu := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), ts.voter(code))
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
	room, _, err := rs.hub.Open("")
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
	room, _, err := rs.hub.Open("")
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

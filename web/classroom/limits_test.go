package classroom

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"lockstep/web/classroom/lecture"
	"lockstep/web/site"
)

// voter is the browser cookie a new browser gets with room code's
// student page: its identity as a voter.
func (rs *roomSite) voter(code string) *http.Cookie {
	rs.t.Helper()
	resp, _ := rs.get("/room/" + code)
	for _, c := range resp.Cookies() {
		if c.Name == site.BrowserCookie {
			return c
		}
	}
	rs.t.Fatalf("GET /room/%s set no %s cookie", code, site.BrowserCookie)
	return nil
}

func TestRoomsPerClient(t *testing.T) {
	ts := newRoomSite(t)
	for range lecture.DefaultRoomsPerOwner {
		ts.open("wg-basic")
	}
	for _, lang := range []string{"en", "zh"} {
		req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/room?lang="+lang, strings.NewReader(url.Values{"lesson": {"wg-basic"}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		resp, body := ts.do(req)
		want := map[string]string{"en": "You have 3 rooms open", "zh": "你已经开了 3 个教室"}[lang]
		if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, want) {
			t.Errorf("POST /room past the limit (%s): %s, want 429 saying %q", lang, resp.Status, want)
		}
	}
}

func TestOneVotePerBrowser(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-lost-wakeup")
	pres := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), cookie)
	pres.until(lecture.TypeWelcome)
	pos := map[string]any{"lesson": "wg-lost-wakeup", "variant": "tinycoro", "schedule": "", "position": 0}
	pres.send(map[string]any{"type": "publish", "position": pos})
	pres.send(map[string]any{"type": "poll", "kind": "thread"})
	poll := pres.until(lecture.TypePoll).Poll

	browser := ts.voter(code)
	for i := range 5 {
		stu := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), browser)
		stu.until(lecture.TypeWelcome)
		stu.send(map[string]any{"type": "vote", "poll": poll.ID, "option": i % 2})
		stu.until(lecture.TypeVoted)
	}
	other := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), ts.voter(code))
	other.until(lecture.TypeWelcome)
	other.send(map[string]any{"type": "vote", "poll": poll.ID, "option": 1})
	other.until(lecture.TypeVoted)

	anon := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"))
	anon.until(lecture.TypeWelcome)
	anon.send(map[string]any{"type": "vote", "poll": poll.ID, "option": 0})
	if ev := anon.until(lecture.TypeError); !strings.Contains(ev.Message, "reload") {
		t.Errorf("a vote without the voter cookie: %+v, want an error that says to reload", ev)
	}
	for {
		tl := pres.until(lecture.TypeTally).Tally
		if tl.Votes == 2 && tl.Counts[0] == 1 && tl.Counts[1] == 1 {
			break
		}
		if tl.Votes > 2 {
			t.Fatalf("tally %+v: 5 sockets of one browser and one other voted, want 2 votes", tl)
		}
	}
}

// TestWrongCodes: a client's first ten wrong room codes are answered at
// once; past them it must wait, growing, before the next, and while it
// waits even a right code is not looked up (a guesser learns nothing),
// on the form, a room's page and its socket alike, in both languages.
// Another client is not slowed.
func TestWrongCodes(t *testing.T) {
	ts := newRoomSite(t)
	code, _ := ts.open("wg-basic")
	for i := range 11 {
		if resp, _ := ts.get(fmt.Sprintf("/room?code=ZZZZZZ%02d", 22+i%7)); resp.StatusCode != http.StatusNotFound {
			t.Fatalf("wrong code %d: %s, want 404", i+1, resp.Status)
		}
	}
	for _, path := range []string{"/room?code=" + code, "/room/" + code, "/room?code=" + code + "&lang=zh"} {
		resp, body := ts.get(path)
		want := "11 room codes or presenter links you tried were wrong: wait 1 s before the next try"
		if strings.Contains(path, "zh") {
			want = "你试过的 11 个课堂代码或主讲人链接都不对：请等 1 秒再试"
		}
		if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, want) {
			t.Errorf("GET %s after 11 wrong codes: %s; want 429 saying %q", path, resp.Status, want)
		}
	}
	stu := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"))
	if e := stu.until(lecture.TypeClosed); !strings.Contains(e.Message, "wrong") {
		t.Errorf("the room socket after 11 wrong codes: %+v; want it refused for the wrong codes", e)
	}

	// Another address: the test server's handler is called with another
	// RemoteAddr.
	req := httptest.NewRequest(http.MethodGet, "/room?code="+code, nil)
	req.RemoteAddr = "192.0.2.9:1234"
	w := httptest.NewRecorder()
	ts.handler.ServeHTTP(w, req)
	if w.Code != http.StatusSeeOther {
		t.Errorf("another client with the right code: %d; want the redirect to the room", w.Code)
	}
}

// TestSeatsPerAddress: the presenter says how many students the room
// takes (300 by default): no more join from one address, each in a
// browser of its own; a number out of bounds is refused.
func TestSeatsPerAddress(t *testing.T) {
	ts := newRoomSite(t)
	resp, body := ts.get("/room")
	if !strings.Contains(body, `name="students" value="300" min="1" max="300"`) {
		t.Errorf("the form does not ask how many students, 300 by default: %s", resp.Status)
	}
	for _, bad := range []string{"0", "301", "many"} {
		req, _ := http.NewRequest(http.MethodPost, ts.srv.URL+"/room", strings.NewReader(url.Values{"lesson": {"wg-basic"}, "students": {bad}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		if resp, body := ts.do(req); resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, "from 1 to 300") {
			t.Errorf("students=%s: %s; want 400", bad, resp.Status)
		}
	}
	code, _ := ts.openWith(url.Values{"lesson": {"wg-basic"}, "students": {"2"}})
	for i := range 2 {
		stu := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), ts.voter(code))
		if e := stu.until(lecture.TypeWelcome); e.Type != lecture.TypeWelcome {
			t.Fatalf("student %d: %+v", i+1, e)
		}
	}
	third := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), ts.voter(code))
	if e := third.until(lecture.TypeClosed); !strings.Contains(e.Message, "full for your network") || !strings.Contains(e.Message, "2 students") {
		t.Errorf("a third student of the address: %+v; want the room full for the network", e)
	}
}

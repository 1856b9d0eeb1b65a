package classroom

import (
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"rsc.io/qr"

	"lockstep/web/classroom/lecture"
	"lockstep/web/site"
)

// browser is a new browser identity, as the form page gives one.
func (rs *roomSite) browser() *http.Cookie {
	rs.t.Helper()
	resp, _ := rs.get("/room")
	for _, c := range resp.Cookies() {
		if c.Name == site.BrowserCookie {
			return c
		}
	}
	rs.t.Fatal("GET /room set no browser cookie")
	return nil
}

// openAs opens a room on lesson from browser and returns its code and
// the presenter's cookie.
func (rs *roomSite) openAs(lesson string, browser *http.Cookie) (string, *http.Cookie) {
	rs.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, rs.srv.URL+"/room", strings.NewReader(url.Values{"lesson": {lesson}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.AddCookie(browser)
	resp, _ := rs.do(req)
	m := regexp.MustCompile(`^/room/([A-Z2-9]{8})/present`).FindStringSubmatch(resp.Header.Get("Location"))
	if m == nil {
		rs.t.Fatalf("POST /room: %s to %q", resp.Status, resp.Header.Get("Location"))
	}
	for _, c := range resp.Cookies() {
		if c.Name == presenterCookie(m[1]) {
			return m[1], c
		}
	}
	rs.t.Fatal("POST /room set no presenter cookie")
	return "", nil
}

// linkIn is the presenter link a presenter page shows, or "".
func linkIn(body string) string {
	m := regexp.MustCompile(`data-testid="room-key-url"`).FindStringIndex(body)
	if m == nil {
		return ""
	}
	v := regexp.MustCompile(`value="([^"]*)"`).FindAllStringSubmatch(body[:m[0]], -1)
	if len(v) == 0 {
		return ""
	}
	return html.UnescapeString(v[len(v)-1][1])
}

func TestPresenterLinkShownOnce(t *testing.T) {
	ts := newRoomSite(t)
	b := ts.browser()
	code, cookie := ts.openAs("wg-basic", b)
	_, first := ts.get("/room/"+code+"/present", cookie, b)
	link := linkIn(first)
	want := ts.srv.URL + "/room/" + code + "/present?token=" + url.QueryEscape(cookie.Value)
	if link != want || !strings.Contains(first, `data-testid="room-key-qr"`) {
		t.Fatalf("first presenter page: link %q, want %q with its QR code", link, want)
	}
	_, again := ts.get("/room/"+code+"/present?lang=zh", cookie, b)
	if strings.Contains(again, `data-testid="room-key"`) {
		t.Error("the presenter link is shown on the second presenter page too")
	}
	if !strings.Contains(again, `href="/room/`+code+`/present?lang=zh&amp;link=1"`) {
		t.Error("the presenter page has no way to show the presenter link again")
	}
	if _, asked := ts.get("/room/"+code+"/present?link=1", cookie, b); linkIn(asked) != want {
		t.Error("?link=1 does not show the presenter link again")
	}
	if _, student := ts.get("/room/"+code+"?link=1", b); strings.Contains(student, cookie.Value) {
		t.Error("a student's page holds the presenter's token")
	}
}

// TestQRSVGIsTheLibrarysCode: the SVG's path covers exactly the dark
// modules of the library's code of the text, inside a quiet zone.
func TestQRSVGIsTheLibrarysCode(t *testing.T) {
	text := "http://127.0.0.1:8080/room/ABCDEFGH/present?token=ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	got, err := qrSVG(text)
	if err != nil {
		t.Fatal(err)
	}
	c, err := qr.Encode(text, qr.M)
	if err != nil {
		t.Fatal(err)
	}
	if got.Side != c.Size+2*qrQuiet || c.Size != 17+4*((c.Size-17)/4) {
		t.Fatalf("side %d for a code of %d modules", got.Side, c.Size)
	}
	dark := map[[2]int]bool{}
	for _, m := range regexp.MustCompile(`M(\d+) (\d+)h(\d+)v1h-(\d+)z`).FindAllStringSubmatch(got.Path, -1) {
		var x, y, n, back int
		fmt.Sscan(m[1]+" "+m[2]+" "+m[3]+" "+m[4], &x, &y, &n, &back)
		if n != back || n < 1 {
			t.Fatalf("run %q is not a rectangle", m[0])
		}
		for i := range n {
			dark[[2]int{x + i - qrQuiet, y - qrQuiet}] = true
		}
	}
	for y := -qrQuiet; y < c.Size+qrQuiet; y++ {
		for x := -qrQuiet; x < c.Size+qrQuiet; x++ {
			if dark[[2]int{x, y}] != c.Black(x, y) {
				t.Fatalf("module (%d,%d): drawn %v, the code has %v", x, y, dark[[2]int{x, y}], c.Black(x, y))
			}
		}
	}
}

func TestReclaimWithThePresenterLink(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-basic")
	old := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), cookie)
	old.until(lecture.TypeWelcome)

	// Another browser, with no cookie, opens the link.
	resp, _ := ts.get("/room/" + code + "/present?token=" + url.QueryEscape(cookie.Value))
	var taken *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == presenterCookie(code) {
			taken = c
		}
	}
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "/room/"+code+"/present" || taken == nil {
		t.Fatalf("the presenter link: %s to %q, cookies %v; want 303 to the presenter page with the cookie",
			resp.Status, resp.Header.Get("Location"), resp.Cookies())
	}
	if r, _ := ts.get("/room/"+code+"/present", taken); r.StatusCode != 200 {
		t.Fatalf("the presenter page with the link's cookie: %s", r.Status)
	}
	taker := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), taken)
	if w := taker.until(lecture.TypeWelcome); w.Role != lecture.Presenter {
		t.Fatalf("the new presenter's welcome %+v", w)
	}
	ev := old.until(lecture.TypeClosed)
	if ev.Reason != "replaced" || ev.Retry {
		t.Errorf("the old presenter was told %+v; want replaced, not to retry", ev)
	}
	if _, err := old.read(); websocket.CloseStatus(err) == -1 {
		t.Errorf("the old presenter's socket did not close: %v", err)
	}
}

func TestWrongPresenterTokens(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-basic")
	bad := &http.Cookie{Name: cookie.Name, Value: "A" + cookie.Value[1:]}
	if bad.Value == cookie.Value {
		bad.Value = "B" + cookie.Value[1:]
	}
	if resp, _ := ts.get("/room/" + code + "/present?token=" + url.QueryEscape(bad.Value)); resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a wrong token in the link: %s, want 403", resp.Status)
	}
	msg, status := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), bad).closedWith()
	if !strings.Contains(msg, "token does not match") || status != statusRefused {
		t.Errorf("a presenter socket with a wrong token: %q, %v", msg, status)
	}
	// Two wrong tries so far; once the free ones are used up the client
	// waits, even with the right token.
	for range newGuesses().Free - 1 {
		ts.get("/room/"+code+"/present", bad)
	}
	resp, body := ts.get("/room/"+code+"/present", cookie)
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(body, "presenter links you tried were wrong") {
		t.Errorf("after %d wrong tokens: %s %.200q; want 429 saying to wait", newGuesses().Free+1, resp.Status, body)
	}
}

// memStore is a Store that keeps what it is given as JSON, as a file
// would: what a restart reads back is what was written, and nothing more.
type memStore struct {
	mu        sync.Mutex
	rooms     map[string][]byte
	presented map[string][]byte
}

func newMemStore() *memStore {
	return &memStore{rooms: map[string][]byte{}, presented: map[string][]byte{}}
}

func (m *memStore) Writable() bool { return true }

func (m *memStore) Load() (snaps []lecture.Snapshot, bad []error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, data := range m.rooms {
		var s lecture.Snapshot
		if err := json.Unmarshal(data, &s); err != nil {
			bad = append(bad, err)
			continue
		}
		snaps = append(snaps, s)
	}
	return snaps, bad
}

func (m *memStore) Save(s lecture.Snapshot) error {
	data, err := json.Marshal(s)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rooms[s.Code] = data
	return err
}

func (m *memStore) Delete(code string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.rooms, code)
	return nil
}

func (m *memStore) LoadPresented() ([]lecture.Presented, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []lecture.Presented
	for _, data := range m.presented {
		var p lecture.Presented
		if err := json.Unmarshal(data, &p); err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

func (m *memStore) SavePresented(p lecture.Presented) error {
	data, err := json.Marshal(p)
	m.mu.Lock()
	defer m.mu.Unlock()
	m.presented[p.Browser+" "+p.Code] = data
	return err
}

func (m *memStore) ForgetPresented(time.Time) error { return nil }

// TestPresenterLinkAndMyRoomsSurviveARestart: the token, kept hashed,
// and the browser's list of its rooms are read back from the store by
// the next server. (roomstore's tests show that its file keeps both.)
func TestPresenterLinkAndMyRoomsSurviveARestart(t *testing.T) {
	store := newMemStore()
	ts := newRoomSiteWith(t, store)
	b := ts.browser()
	code, cookie := ts.openAs("wg-lost-wakeup", b)
	_, body := ts.get("/room/"+code+"/present", cookie, b)
	link := linkIn(body)
	ts.rooms.Close()
	for _, data := range store.rooms {
		if strings.Contains(string(data), cookie.Value) {
			t.Fatalf("the store holds the presenter's token in the clear: %s", data)
		}
	}
	if len(store.rooms) != 1 || len(store.presented) != 1 {
		t.Fatalf("the store holds %d rooms and %d records, want 1 and 1", len(store.rooms), len(store.presented))
	}

	ts2 := newRoomSiteWith(t, store)
	u, _ := url.Parse(link)
	resp, _ := ts2.get(u.RequestURI())
	if resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("the presenter link after the restart: %s, want 303", resp.Status)
	}
	p := dialRoom(t, roomSocketURL(ts2.srv.URL, code, "presenter"), cookie)
	if w := p.until(lecture.TypeWelcome); w.Role != lecture.Presenter {
		t.Fatalf("welcome after the restart %+v", w)
	}
	_, form := ts2.get("/room", b)
	if !strings.Contains(form, `href="/room/`+code+`/present"`) || !strings.Contains(form, `<option value="wg-lost-wakeup" selected>`) {
		t.Errorf("the form after the restart does not list room %s as open, or does not offer its lesson first: %s", code, mine(form))
	}
}

// mine is the "Your rooms" section of a form page.
func mine(body string) string {
	i := strings.Index(body, `data-testid="room-mine"`)
	if i < 0 {
		return "(no Your rooms)"
	}
	j := strings.Index(body[i:], "</section>")
	return body[i : i+max(j, 0)]
}

func TestMyRooms(t *testing.T) {
	ts := newRoomSite(t)
	b, other := ts.browser(), ts.browser()
	if _, form := ts.get("/room", b); strings.Contains(form, `data-testid="room-mine"`) ||
		!regexp.MustCompile(`<select name="lesson"[^>]*><option value="[^"]+" selected>`).MatchString(form) {
		t.Errorf("a browser that opened no room: %s, and the first lesson must be selected", mine(form))
	}
	code, cookie := ts.openAs("wg-lost-wakeup", b)
	_, form := ts.get("/room", b)
	if got := mine(form); !strings.Contains(got, `href="/room/`+code+`/present"`) || !strings.Contains(got, `data-open="true"`) {
		t.Errorf("Your rooms after opening %s: %s", code, got)
	}
	if _, form := ts.get("/room", other); strings.Contains(form, code) {
		t.Error("another browser lists the room")
	}
	p := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), cookie, b)
	p.until(lecture.TypeWelcome)
	p.send(map[string]any{"type": "close"})
	p.closedWith()
	_, form = ts.get("/room?lang=zh", b)
	if got := mine(form); !strings.Contains(got, `data-open="false"`) || strings.Contains(got, "href=") || !strings.Contains(got, "已关闭") {
		t.Errorf("Your rooms after the room closed: %s; want it closed, with no link", got)
	}
	// The link taken on another browser puts the room on its list.
	code2, cookie2 := ts.openAs("wg-basic", b)
	resp, _ := ts.get("/room/"+code2+"/present?token="+url.QueryEscape(cookie2.Value), other)
	var taken *http.Cookie
	for _, c := range resp.Cookies() {
		if c.Name == presenterCookie(code2) {
			taken = c
		}
	}
	dialRoom(t, roomSocketURL(ts.srv.URL, code2, "presenter"), taken, other).until(lecture.TypeWelcome)
	if _, form := ts.get("/room", other); !strings.Contains(mine(form), `href="/room/`+code2+`/present"`) {
		t.Errorf("the browser that took room %s over does not list it: %s", code2, mine(form))
	}
}

func TestRemoveAStudent(t *testing.T) {
	ts := newRoomSite(t)
	code, cookie := ts.open("wg-lost-wakeup")
	pres := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), cookie)
	pres.until(lecture.TypeWelcome)
	v1, v2 := ts.voter(code), ts.voter(code)
	s1 := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), v1)
	if w := s1.until(lecture.TypeWelcome); w.Seat != 1 {
		t.Fatalf("first student's seat %d, want 1", w.Seat)
	}
	s2 := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), v2)
	s2.until(lecture.TypeWelcome)
	pres.send(map[string]any{"type": "publish", "position": map[string]any{"lesson": "wg-lost-wakeup", "variant": "tinycoro", "schedule": "", "position": 0}})
	s1.until(lecture.TypePosition)
	s2.until(lecture.TypePosition)
	pres.send(map[string]any{"type": "poll", "kind": "thread"})
	poll := s1.until(lecture.TypePoll).Poll
	s1.send(map[string]any{"type": "vote", "poll": poll.ID, "option": 0})
	s1.until(lecture.TypeVoted)
	s2.until(lecture.TypePoll)
	s2.send(map[string]any{"type": "vote", "poll": poll.ID, "option": 1})
	s2.until(lecture.TypeVoted)
	for {
		ev, err := pres.read()
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type == lecture.TypeMembers && len(ev.Members) == 2 && ev.Members[0].Here && ev.Members[1].Here {
			break
		}
	}

	s2.send(map[string]any{"type": "remove", "seat": 1})
	if ev := s2.until(lecture.TypeError); !strings.Contains(ev.Message, "only the presenter") {
		t.Errorf("a student removing: %q", ev.Message)
	}
	pres.send(map[string]any{"type": "remove", "seat": 1})
	if msg, status := s1.closedWith(); !strings.Contains(msg, "removed you") || status != websocket.StatusNormalClosure {
		t.Errorf("the removed student was told %q, status %v", msg, status)
	}
	for {
		ev, err := pres.read()
		if err != nil {
			t.Fatal(err)
		}
		if ev.Type == lecture.TypeTally && ev.Tally.Votes == 1 && ev.Tally.Counts[0] == 0 && ev.Tally.Counts[1] == 1 {
			break
		}
	}
	msg, status := dialRoom(t, roomSocketURL(ts.srv.URL, code, "student"), v1).closedWith()
	if !strings.Contains(msg, "removed you") || status != statusRefused {
		t.Errorf("the removed browser rejoining: %q, %v; want refused", msg, status)
	}
	pres.send(map[string]any{"type": "reveal"})
	if res := s2.until(lecture.TypeReveal).Result; res.Votes != 1 || res.Chosen != 1 {
		t.Errorf("the reveal counts %d votes for option %d; want the remaining student's alone", res.Votes, res.Chosen)
	}
}

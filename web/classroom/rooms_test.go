package classroom

import (
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"lockstep/web/classroom/lecture"
)

// roomSite is a test server of the classroom's routes, with an HTTP
// client that does not follow redirects.
type roomSite struct {
	t       *testing.T
	rooms   *Rooms
	srv     *httptest.Server
	handler http.Handler
	client  *http.Client
}

func newRoomSite(t *testing.T) *roomSite { return newRoomSiteWith(t, nil) }

// newRoomSiteWith is newRoomSite with its rooms kept in store (nil: in
// memory only).
func newRoomSiteWith(t *testing.T, store Store) *roomSite {
	t.Helper()
	rs := newTestRoomsWith(t, lecture.Limits{}, store)
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
	return &roomSite{t: t, rooms: rs, srv: srv, handler: r, client: client}
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
	return rs.openWith(url.Values{"lesson": {lesson}})
}

// openWith is open with the form's values form.
func (rs *roomSite) openWith(form url.Values) (string, *http.Cookie) {
	rs.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, rs.srv.URL+"/room", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, _ := rs.do(req)
	m := regexp.MustCompile(`^/room/([A-Z2-9]{8})/present\?lesson=`).FindStringSubmatch(resp.Header.Get("Location"))
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
		{"join a missing room, in Chinese", "/room?code=ZZZ222&lang=zh", nil, 404, "没有使用这个代码的课堂"},
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

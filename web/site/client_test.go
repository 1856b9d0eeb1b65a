package site

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestClientOf(t *testing.T) {
	tests := []struct {
		name  string
		trust bool
		xff   []string
		want  string
	}{
		{"the remote host", false, nil, "192.0.2.1"},
		{"a forwarded-for not trusted", false, []string{"203.0.113.9"}, "192.0.2.1"},
		{"trusted: the last address", true, []string{"198.51.100.7, 203.0.113.9"}, "203.0.113.9"},
		{"trusted: the last header", true, []string{"198.51.100.7", "203.0.113.9 "}, "203.0.113.9"},
		{"trusted, but not an address", true, []string{"unknown"}, "192.0.2.1"},
		{"trusted, none sent", true, nil, "192.0.2.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, "/", nil)
			r.RemoteAddr = "192.0.2.1:4242"
			for _, v := range tt.xff {
				r.Header.Add("X-Forwarded-For", v)
			}
			var got string
			Clients{TrustForwardedFor: tt.trust}.Identify(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = ClientOf(r).Addr
			})).ServeHTTP(httptest.NewRecorder(), r)
			if got != tt.want {
				t.Errorf("ClientOf = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestBrowser: a page gives a browser without an identity one, signed,
// for the whole site; a browser with one keeps it; the client is then the
// address and the browser. Without a cookie, or with one the server did
// not sign (made up, or signed under another key), it is the address
// alone; and an address that has had its share of new identities gets no
// more until its turn comes again.
func TestBrowser(t *testing.T) {
	clock := time.Unix(1e9, 0)
	issue := &Limiter{Burst: 2, Every: time.Minute, now: func() time.Time { return clock }}
	b := NewBrowsers(NewKey(), issue)
	serve := func(addr string, cookies ...*http.Cookie) (*httptest.ResponseRecorder, Client) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = addr + ":4242"
		for _, c := range cookies {
			r.AddCookie(c)
		}
		w := httptest.NewRecorder()
		var got Client
		Clients{Browsers: b}.Identify(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got = ClientOf(r)
			b.Ensure(w, r)
		})).ServeHTTP(w, r)
		return w, got
	}
	w, c := serve("192.0.2.1")
	set := w.Result().Cookies()
	if len(set) != 1 || set[0].Name != BrowserCookie || set[0].Path != "/" || !set[0].HttpOnly ||
		set[0].SameSite != http.SameSiteLaxMode || len(set[0].Value) != 52 {
		t.Fatalf("a first page sets %v; want one HttpOnly, SameSite=Lax %s for /", set, BrowserCookie)
	}
	if c.Key() != "192.0.2.1" || c.Browser != "" {
		t.Errorf("a request without a cookie is client %+v, key %q; want the address alone", c, c.Key())
	}
	w, c = serve("192.0.2.1", set[0])
	if len(w.Result().Cookies()) != 0 {
		t.Errorf("a browser with an identity is given another: %v", w.Result().Cookies())
	}
	if c.Browser != set[0].Value || c.Key() != "192.0.2.1 "+set[0].Value {
		t.Errorf("with its cookie, the client is %+v, key %q", c, c.Key())
	}
	other := NewBrowsers(NewKey(), nil)
	foreign := httptest.NewRecorder()
	other.Ensure(foreign, httptest.NewRequest(http.MethodGet, "/", nil))
	forged := set[0].Value[:26] + strings.Repeat("A", 26)
	for _, bad := range []string{"short", strings.Repeat("A", 52), forged, set[0].Value[:51] + "B", foreign.Result().Cookies()[0].Value, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"} {
		if bad == set[0].Value {
			continue
		}
		if _, c := serve("192.0.2.7", &http.Cookie{Name: BrowserCookie, Value: bad}); c.Browser != "" {
			t.Errorf("the cookie %q names browser %q; want none", bad, c.Browser)
		}
	}

	// 192.0.2.1 had one new identity, 192.0.2.7 two: its share.
	if w, _ := serve("192.0.2.7"); len(w.Result().Cookies()) != 0 {
		t.Errorf("an address past its share of new identities is given one")
	}
	if w, _ := serve("192.0.2.1"); len(w.Result().Cookies()) != 1 {
		t.Errorf("an address within its share is not given an identity")
	}
	clock = clock.Add(time.Minute)
	if w, _ := serve("192.0.2.7"); len(w.Result().Cookies()) != 1 {
		t.Errorf("a minute later, the address is not given an identity")
	}
}

func TestLimiter(t *testing.T) {
	clock := time.Unix(1e9, 0)
	l := &Limiter{Burst: 3, Every: 10 * time.Second, now: func() time.Time { return clock }}
	var got []bool
	for range 4 {
		got = append(got, l.Allow("a"))
	}
	got = append(got, l.Allow("b"))
	clock = clock.Add(15 * time.Second)
	got = append(got, l.Allow("a"), l.Allow("a"))
	clock = clock.Add(time.Hour)
	for range 3 {
		got = append(got, l.Allow("a"))
	}
	got = append(got, l.Allow("a"))
	want := []bool{true, true, true, false, true, true, false, true, true, true, false}
	if !slices.Equal(got, want) {
		t.Errorf("Allow = %v, want %v", got, want)
	}
}

func TestQuota(t *testing.T) {
	q := &Quota{Limit: 2}
	r1, ok1 := q.Acquire("a")
	_, ok2 := q.Acquire("a")
	_, ok3 := q.Acquire("a")
	_, okb := q.Acquire("b")
	if !ok1 || !ok2 || ok3 || !okb {
		t.Fatalf("Acquire a, a, a, b = %v %v %v %v; want true true false true", ok1, ok2, ok3, okb)
	}
	r1()
	r1() // a second release does nothing
	if q.Held("a") != 1 {
		t.Errorf("a holds %d after one release, want 1", q.Held("a"))
	}
	if _, ok := q.Acquire("a"); !ok {
		t.Error("a cannot take one back after a release")
	}
}

func TestClip(t *testing.T) {
	if got := Clip("short"); got != "short" {
		t.Errorf("Clip(short) = %q", got)
	}
	long := strings.Repeat("界", 1000)
	got := Clip(long)
	if len(got) > MaxLogValue+40 || !strings.HasSuffix(got, "(3000 bytes)") || !strings.HasPrefix(got, "界界") {
		t.Errorf("Clip of 3000 bytes = %q", got)
	}
	if i := strings.Index(got, "…"); i < 0 || !strings.HasSuffix(got[:i], "界") {
		t.Errorf("Clip cut a character in two: %q", got)
	}
}

func TestBackoff(t *testing.T) {
	clock := time.Unix(1e9, 0)
	b := &Backoff{Free: 2, Base: time.Second, Max: 4 * time.Second, Forget: time.Minute, now: func() time.Time { return clock }}
	var waits []time.Duration
	for range 6 {
		b.Fail("a")
		waits = append(waits, b.Wait("a"))
	}
	want := []time.Duration{0, 0, time.Second, 2 * time.Second, 4 * time.Second, 4 * time.Second}
	if !slices.Equal(waits, want) {
		t.Errorf("waits after each failure = %v, want %v", waits, want)
	}
	if n := b.Failures("a"); n != 6 {
		t.Errorf("Failures = %d after 6, want 6", n)
	}
	if w, n := b.Wait("b"), b.Failures("b"); w != 0 || n != 0 {
		t.Errorf("another key waits %v after %d failures", w, n)
	}
	clock = clock.Add(3 * time.Second)
	if w := b.Wait("a"); w != time.Second {
		t.Errorf("3 s later the key waits %v, want 1s", w)
	}
	clock = clock.Add(2 * time.Minute)
	if n := b.Failures("a"); n != 0 {
		t.Errorf("Failures of a forgotten key = %d, want 0", n)
	}
	b.Fail("a")
	if w := b.Wait("a"); w != 0 {
		t.Errorf("a failure after the key was forgotten makes it wait %v; want it free again", w)
	}
}

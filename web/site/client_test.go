package site

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
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

// TestBrowser: a page gives a browser without an identity one, for the
// whole site; a browser with one keeps it, and one with the old voter
// cookie keeps its value; the client is then the address and the
// browser, and without a cookie (or with one the site never gives) the
// address alone.
func TestBrowser(t *testing.T) {
	serve := func(cookies ...*http.Cookie) (*httptest.ResponseRecorder, Client) {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = "192.0.2.1:4242"
		for _, c := range cookies {
			r.AddCookie(c)
		}
		w := httptest.NewRecorder()
		var got Client
		Clients{}.Identify(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got = ClientOf(r)
			EnsureBrowser(w, r)
		})).ServeHTTP(w, r)
		return w, got
	}
	w, c := serve()
	set := w.Result().Cookies()
	if len(set) != 1 || set[0].Name != BrowserCookie || set[0].Path != "/" || !set[0].HttpOnly ||
		set[0].SameSite != http.SameSiteLaxMode || !validBrowser(set[0].Value) {
		t.Fatalf("a first page sets %v; want one HttpOnly, SameSite=Lax %s for /", set, BrowserCookie)
	}
	if c.Key() != "192.0.2.1" || c.Browser != "" {
		t.Errorf("a request without a cookie is client %+v, key %q; want the address alone", c, c.Key())
	}
	w, c = serve(set[0])
	if len(w.Result().Cookies()) != 0 {
		t.Errorf("a browser with an identity is given another: %v", w.Result().Cookies())
	}
	if c.Browser != set[0].Value || c.Key() != "192.0.2.1 "+set[0].Value {
		t.Errorf("with its cookie, the client is %+v, key %q", c, c.Key())
	}
	old := &http.Cookie{Name: legacyVoterCookie, Value: "ABCDEFGHIJKLMNOPQRSTUVWXYZ"}
	w, c = serve(old)
	if got := w.Result().Cookies(); len(got) != 1 || got[0].Value != old.Value || c.Browser != old.Value {
		t.Errorf("the old voter cookie: the browser is %q and is given %v; want its value kept", c.Browser, got)
	}
	for _, bad := range []string{"short", strings.Repeat("A", 65), "ABCDEFGHIJKLMNOP-Q", "ABCDEFGHIJKLMNOP.QRS"} {
		if _, c := serve(&http.Cookie{Name: BrowserCookie, Value: bad}); c.Browser != "" {
			t.Errorf("the cookie %q names browser %q; want none", bad, c.Browser)
		}
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

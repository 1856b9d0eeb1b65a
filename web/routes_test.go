package web

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"lockstep/web/internal/webtest"
)

// testHTTP is a test server of the whole site.
type testHTTP struct {
	*httptest.Server
	srv *Server
}

// newTestHTTP serves the site of cfg, on the tests' own lessons unless
// cfg names others.
func newTestHTTP(t *testing.T, cfg Config) *testHTTP {
	t.Helper()
	srv := newTestServer(t, cfg)
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return &testHTTP{Server: ts, srv: srv}
}

// newTestServer is the server of cfg, on the tests' own lessons unless
// cfg names others, logging nowhere unless cfg says where.
func newTestServer(t testing.TB, cfg Config) *Server {
	t.Helper()
	if cfg.Catalog == nil {
		cfg.Catalog = webtest.Catalog(t)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	srv, err := NewServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

// TestRoutes requests every route and checks the status, the content
// type, the caching and a piece of the body.
func TestRoutes(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	defer ts.Close()
	v := ts.srv.AssetVersion()
	tests := []struct {
		name, method, path string
		status             int
		ctype              string
		cache              string // Cache-Control, "" for any
		body               string // in the body
	}{
		{name: "catalog", path: "/", status: 200, ctype: "text/html; charset=utf-8", cache: "no-cache", body: `href="/lesson/test-wakeup"`},
		{name: "catalog in Chinese", path: "/?lang=zh", status: 200, ctype: "text/html; charset=utf-8", body: `<html lang="zh">`},
		{name: "lesson", path: "/lesson/test-wakeup", status: 200, ctype: "text/html; charset=utf-8", body: `id="app"`},
		{name: "lesson deep link", path: "/lesson/test-wakeup?variant=fixed&waiters=2&schedule=lost&step=3&lang=zh", status: 200,
			ctype: "text/html; charset=utf-8", body: `data-step="3"`},
		{name: "unknown lesson", path: "/lesson/nope", status: 404, ctype: "text/html; charset=utf-8", cache: "no-store", body: `There is no lesson &#34;nope&#34;.`},
		{name: "unknown variant", path: "/lesson/test-wakeup?variant=nope", status: 404, ctype: "text/html; charset=utf-8", body: "has no variant"},
		{name: "unknown parameter", path: "/lesson/test-wakeup?cats=2", status: 400, ctype: "text/html; charset=utf-8", body: "has no parameter"},
		{name: "parameter not a number", path: "/lesson/test-wakeup?waiters=many", status: 400, ctype: "text/html; charset=utf-8", body: "not a whole number"},
		{name: "parameter out of range", path: "/lesson/test-wakeup?waiters=1000", status: 400, ctype: "text/html; charset=utf-8", body: "out of range"},
		{name: "bad step", path: "/lesson/test-wakeup?step=-1", status: 400, ctype: "text/html; charset=utf-8", body: "not a step number"},
		{name: "c11 link", path: "/lesson/test-wakeup?memory=c11&schedule=W1%20W1%3Cinit&step=2", status: 200, ctype: "text/html; charset=utf-8", body: `"memory":"c11"`},
		{name: "bad memory", path: "/lesson/test-wakeup?memory=tso", status: 400, ctype: "text/html; charset=utf-8", body: "want sc or c11"},
		{name: "bad schedule", path: "/lesson/test-wakeup?schedule=W1%20%3F%3F", status: 400, ctype: "text/html; charset=utf-8", body: "cannot be read"},
		{name: "howto", path: "/howto", status: 200, ctype: "text/html; charset=utf-8", body: "lost-wakeup"},
		{name: "health", path: "/healthz", status: 200, ctype: "text/plain; charset=utf-8", cache: "no-store", body: "ok"},
		{name: "versioned asset", path: "/static/app.js?v=" + v, status: 200, ctype: "text/javascript; charset=utf-8", cache: "public, max-age=31536000, immutable"},
		{name: "unversioned asset", path: "/static/app.css", status: 200, ctype: "text/css; charset=utf-8", cache: "no-cache"},
		{name: "stale version", path: "/static/app.js?v=old", status: 200, ctype: "text/javascript; charset=utf-8", cache: "no-cache"},
		{name: "the embedding Go file", path: "/static/static.go", status: 404, ctype: "text/html; charset=utf-8"},
		{name: "missing asset", path: "/static/nope.js", status: 404, ctype: "text/html; charset=utf-8"},
		{name: "asset in a subdirectory", path: "/static/x/app.js", status: 404, ctype: "text/html; charset=utf-8"},
		{name: "no such page", path: "/nowhere", status: 404, ctype: "text/html; charset=utf-8", body: "There is no page at /nowhere."},
		{name: "websocket without upgrade", path: "/ws", status: 426},
		{name: "post", method: "POST", path: "/", status: 405, ctype: "text/html; charset=utf-8"},
		{name: "head", method: "HEAD", path: "/", status: 200, ctype: "text/html; charset=utf-8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			method := tt.method
			if method == "" {
				method = http.MethodGet
			}
			req, err := http.NewRequestWithContext(t.Context(), method, ts.URL+tt.path, nil)
			if err != nil {
				t.Fatal(err)
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != tt.status {
				t.Errorf("status %d; want %d (body %.200s)", resp.StatusCode, tt.status, body)
			}
			if got := resp.Header.Get("Content-Type"); tt.ctype != "" && got != tt.ctype {
				t.Errorf("Content-Type %q; want %q", got, tt.ctype)
			}
			if got := resp.Header.Get("Cache-Control"); tt.cache != "" && got != tt.cache {
				t.Errorf("Cache-Control %q; want %q", got, tt.cache)
			}
			if got := resp.Header.Get("X-Content-Type-Options"); got != "nosniff" {
				t.Errorf("X-Content-Type-Options %q; want nosniff", got)
			}
			if !strings.Contains(string(body), tt.body) {
				t.Errorf("body %.400s; want it to contain %q", body, tt.body)
			}
			if method == http.MethodHead && len(body) > 0 {
				t.Errorf("HEAD has a body of %d bytes", len(body))
			}
		})
	}
}

// TestAssetRevalidation checks that an unversioned asset is revalidated
// with its ETag, and that the page's asset URLs carry the version.
func TestAssetRevalidation(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	defer ts.Close()
	resp := get(t, ts, "/static/app.js", nil)
	etag := resp.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag on /static/app.js")
	}
	resp = get(t, ts, "/static/app.js", map[string]string{"If-None-Match": etag})
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("with If-None-Match: status %d; want 304", resp.StatusCode)
	}
	resp = get(t, ts, "/lesson/test-wakeup", nil)
	body, _ := io.ReadAll(resp.Body)
	for _, want := range []string{`/static/app.js?v=` + ts.srv.AssetVersion(), `/static/app.css?v=` + ts.srv.AssetVersion()} {
		if !strings.Contains(string(body), want) {
			t.Errorf("the lesson page does not link %s", want)
		}
	}
}

// TestDevStatic serves assets from a directory, uncached.
func TestDevStatic(t *testing.T) {
	dir := t.TempDir()
	if err := writeFile(dir+"/app.js", "export {};\n"); err != nil {
		t.Fatal(err)
	}
	ts := newTestHTTP(t, Config{DevStaticDir: dir})
	defer ts.Close()
	resp := get(t, ts, "/static/app.js?v=dev", nil)
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 || string(body) != "export {};\n" || resp.Header.Get("Cache-Control") != "no-store" {
		t.Errorf("dev asset: %d %q %q; want 200, the file, no-store", resp.StatusCode, body, resp.Header.Get("Cache-Control"))
	}
	if _, err := NewServer(Config{Catalog: webtest.Catalog(t), DevStaticDir: dir + "/missing"}); err == nil {
		t.Error("NewServer with a missing static directory: no error")
	}
}

func TestNewServerNeedsCatalog(t *testing.T) {
	if _, err := NewServer(Config{}); err == nil {
		t.Error("NewServer without a catalog: no error")
	}
}

func get(t *testing.T, ts *testHTTP, path string, header map[string]string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), http.MethodGet, ts.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return resp
}

func writeFile(name, text string) error { return os.WriteFile(name, []byte(text), 0o644) }

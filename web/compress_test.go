package web

import (
	"compress/gzip"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestCompression checks that pages, scripts and styles go compressed to
// a browser that accepts gzip, and whole to one that does not.
func TestCompression(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	for _, path := range []string{"/lesson/test-wakeup", "/static/app.css", "/static/stage.js", "/"} {
		for _, gz := range []bool{true, false} {
			req, err := http.NewRequest(http.MethodGet, ts.URL+path, nil)
			if err != nil {
				t.Fatal(err)
			}
			if gz {
				req.Header.Set("Accept-Encoding", "gzip")
			} else {
				req.Header.Set("Accept-Encoding", "identity")
			}
			res, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			if res.StatusCode != http.StatusOK {
				t.Fatalf("GET %s: %s", path, res.Status)
			}
			enc := res.Header.Get("Content-Encoding")
			var body io.Reader = res.Body
			if gz {
				if enc != "gzip" {
					t.Errorf("GET %s accepting gzip: Content-Encoding %q; want gzip", path, enc)
					continue
				}
				zr, err := gzip.NewReader(res.Body)
				if err != nil {
					t.Fatalf("GET %s: %v", path, err)
				}
				body = zr
			} else if enc != "" {
				t.Errorf("GET %s accepting identity: Content-Encoding %q; want none", path, enc)
			}
			b, err := io.ReadAll(body)
			if err != nil || len(b) == 0 || (strings.HasPrefix(path, "/lesson") && !strings.Contains(string(b), `id="app"`)) {
				t.Errorf("GET %s (gzip %v): %d bytes, %v; want the page", path, gz, len(b), err)
			}
		}
	}
}

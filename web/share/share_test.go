package share

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/go-chi/chi/v5"

	"lockstep/scenarios"
	"lockstep/web/internal/webtest"
	"lockstep/web/site"
)

// newTestSite serves the pages of a Share on lessons at their URLs, with
// the framing policy, as package web's routes do.
func newTestSite(t testing.TB, lessons site.Lessons) http.Handler {
	t.Helper()
	pages := site.NewPages(slog.New(slog.DiscardHandler), "test")
	s, err := New(Config{Pages: pages, Lessons: lessons})
	if err != nil {
		t.Fatal(err)
	}
	r := chi.NewRouter()
	r.Use(DenyFraming)
	r.Method(http.MethodGet, "/lesson/{id}", pages.Handle(s.ServeLesson))
	r.Method(http.MethodGet, "/compose", pages.Handle(s.ServeCompose))
	r.Method(http.MethodPost, "/compose/check", pages.Handle(s.ServeComposeCheck))
	r.With(AllowFraming).Method(http.MethodGet, "/embed/{id}", pages.Handle(s.ServeEmbed))
	return r
}

// testSite is newTestSite on the tests' own lessons (webtest.Catalog).
func testSite(t testing.TB) http.Handler { return newTestSite(t, webtest.Catalog(t)) }

// realSite is newTestSite on the embedded catalog.
func realSite(t testing.TB) http.Handler {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	return newTestSite(t, cat)
}

// get requests path of h and returns the response and its body.
func get(t *testing.T, h http.Handler, path string) (*http.Response, string) {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, path, nil))
	res := w.Result()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res, string(body)
}

// page requests path of h and returns its status and body.
func page(t *testing.T, h http.Handler, path string) (int, string) {
	t.Helper()
	res, body := get(t, h, path)
	return res.StatusCode, body
}

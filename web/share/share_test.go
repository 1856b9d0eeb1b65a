package share

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
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
	pages := site.NewPages(slog.New(slog.DiscardHandler), "test", site.NewBrowsers(site.NewKey(), nil))
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
	r.Method(http.MethodGet, "/handout/{id}", pages.Handle(s.ServeHandout))
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

// TestLessonPageEditLink: a catalog lesson's page links to the lab on its
// lesson and variant ("edit this primitive"); a lesson from a link, which
// is no catalog lesson, does not.
func TestLessonPageEditLink(t *testing.T) {
	h := testSite(t)
	status, body := page(t, h, "/lesson/test-wakeup?variant=fixed&lang=zh")
	want := `href="/lab?lang=zh&amp;lesson=test-wakeup&amp;variant=fixed" data-testid="edit-primitive"`
	if status != http.StatusOK || !strings.Contains(body, want) {
		t.Errorf("GET /lesson/test-wakeup: %d; want the edit link %s", status, want)
	}
	src, err := encodeSource([]byte(webtest.CustomLesson))
	if err != nil {
		t.Fatal(err)
	}
	status, body = page(t, h, "/lesson/custom?src="+src)
	if status != http.StatusOK || strings.Contains(body, "edit-primitive") {
		t.Errorf("GET /lesson/custom: %d, with an edit link; want the page without one", status)
	}
}

package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"lockstep/web/internal/webtest"
)

// TestWrittenLessonPages: the pages of a lesson that runs a written
// primitive, its embed, its lab and a room on it, are served as for any
// lesson.
func TestWrittenLessonPages(t *testing.T) {
	srv := newTestServer(t, Config{Catalog: webtest.WrittenCatalog(t)})
	for _, path := range []string{"/lesson/test-written", "/embed/test-written", "/lab?lesson=test-written"} {
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != 200 {
			t.Errorf("GET %s: %d", path, rec.Code)
		}
		if strings.HasPrefix(path, "/lab") && !strings.Contains(rec.Body.String(), `<option value="wait_group_tinycoro.lsp" selected>`) {
			t.Errorf("the lab of the lesson does not start from its primitive")
		}
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/room", strings.NewReader(url.Values{"lesson": {"test-written"}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusSeeOther || !strings.Contains(rec.Header().Get("Location"), "lesson=test-written") {
		t.Errorf("POST /room: %d to %q; want the presenter's page of the lesson", rec.Code, rec.Header().Get("Location"))
	}
}

package web_test

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/web"
)

// TestRoomPageIsALessonPage checks that a room's page, package
// classroom's, holds the same playground as a lesson's page, package
// share's.
func TestRoomPageIsALessonPage(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := web.NewServer(web.Config{Catalog: cat, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	code, _ := openRoom(t, ts.URL, "wg-lost-wakeup")
	lesson, room := body(t, ts.URL+"/lesson/wg-lost-wakeup"), body(t, ts.URL+"/room/"+code)
	if got, want := sectionIDs(room), sectionIDs(lesson); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("room page sections %v, lesson page sections %v", got, want)
	}
}

// body is the body of a GET of u.
func body(t *testing.T, u string) string {
	t.Helper()
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s, %v", u, resp.Status, err)
	}
	return string(b)
}

// sectionIDs are the ids of the sections inside #app, in order.
func sectionIDs(page string) []string {
	_, app, _ := strings.Cut(page, `id="app"`)
	app, _, _ = strings.Cut(app, "</main>")
	var ids []string
	for _, m := range regexp.MustCompile(`<section id="([a-z-]+)"`).FindAllStringSubmatch(app, -1) {
		ids = append(ids, m[1])
	}
	return ids
}

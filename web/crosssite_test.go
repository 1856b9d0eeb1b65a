package web

import (
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"

	"lockstep/primitives/examples"
	"lockstep/scenarios"
	"lockstep/web/site"
)

// TestCrossSitePosts: every POST the site answers refuses a request a
// page of another site sent, by Sec-Fetch-Site or by Origin, text/plain
// (which a foreign page may send without asking) included; the same
// request from the site's own page, or from no page, is answered.
func TestCrossSitePosts(t *testing.T) {
	ts := newTestHTTP(t, Config{})
	var posts []string
	// Every route but a GET's, from the router itself, so a new one is
	// checked too.
	err := chi.Walk(ts.srv.handler.(chi.Routes), func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		if method != http.MethodGet && method != http.MethodHead {
			posts = append(posts, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"/compose/check", "/lab/check", "/lab/explore", "/room"}; !slices.Equal(slices.Sorted(slices.Values(posts)), want) {
		t.Errorf("the routes that change state: %v; want %v (check the new ones here)", posts, want)
	}
	for _, path := range posts {
		for _, tc := range []struct {
			header, value string
			refused       bool
		}{
			{"Sec-Fetch-Site", "cross-site", true},
			{"Sec-Fetch-Site", "same-site", true},
			{"Origin", "http://attacker.example", true},
			// A sandboxed frame of another site, in a browser that sends
			// no Sec-Fetch-Site.
			{"Origin", "null", true},
			{"Sec-Fetch-Site", "same-origin", false},
			{"Origin", ts.URL, false},
			{"", "", false},
		} {
			req, err := http.NewRequest(http.MethodPost, ts.URL+path, strings.NewReader(`{"lesson":"nothing"}`))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Content-Type", "text/plain")
			if tc.header != "" {
				req.Header.Set(tc.header, tc.value)
			}
			resp, err := ts.Client().Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if refused := resp.StatusCode == http.StatusForbidden; refused != tc.refused {
				t.Errorf("POST %s with %s: %s: %s; want refused %v", path, tc.header, tc.value, resp.Status, tc.refused)
			}
			if resp.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("POST %s with %s: %s: no security headers", path, tc.header, tc.value)
			}
		}
	}
}

// TestLabSearchesPerClient: a lab search takes its turn in the search
// queue as its client: a browser whose search is running or waiting is
// refused a second at once, with 429.
func TestLabSearchesPerClient(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestHTTP(t, Config{Catalog: cat})
	cookie := browserOf(t, ts, "/lab")
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	release, err := ts.srv.play.SearchSlot(ctx, site.Client{Addr: "127.0.0.1", Browser: cookie.Value})
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	src, err := fs.ReadFile(examples.FS, "wait_group_fixed.lsp")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"lang": "en", "lesson": "wg-lost-wakeup", "source": string(src)})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, ts.URL+"/lab/explore", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	req.AddCookie(cookie)
	resp, err := ts.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	reply, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || !strings.Contains(string(reply), "already have a search") {
		t.Errorf("a second search of one browser: %s %s; want 429", resp.Status, reply)
	}
}

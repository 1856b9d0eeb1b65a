package web

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// TestFramingPolicy requests every route of the router, found by walking
// it, plus a path no route matches and a method no route takes, and checks
// that only the embed view may be framed, by any site, and every other
// response by none.
func TestFramingPolicy(t *testing.T) {
	srv := newDocsServer(t)
	routes, ok := srv.Handler().(chi.Routes)
	if !ok {
		t.Fatalf("the handler is a %T, not a chi router: walk it some other way", srv.Handler())
	}
	type request struct{ method, path string }
	reqs := []request{{http.MethodGet, "/no/such/page"}, {http.MethodDelete, "/"}}
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		reqs = append(reqs, request{method, concretePath(route)})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"/embed/wg-lost-wakeup", "/docs/event", "/lesson/wg-lost-wakeup", "/static/app.css"} {
		if !slices.ContainsFunc(reqs, func(r request) bool { return r.path == want }) {
			t.Errorf("walking the router did not reach %s", want)
		}
	}
	for _, rq := range reqs {
		t.Run(rq.method+" "+rq.path, func(t *testing.T) {
			w := httptest.NewRecorder()
			srv.Handler().ServeHTTP(w, httptest.NewRequest(rq.method, rq.path, strings.NewReader("")))
			checkFraming(t, w.Result().Header, strings.HasPrefix(rq.path, "/embed/"))
		})
	}
}

// checkFraming checks the framing headers of a response: any site may
// frame it when embeddable, none otherwise.
func checkFraming(t *testing.T, h http.Header, embeddable bool) {
	t.Helper()
	xfo := h.Values("X-Frame-Options")
	csp := h.Values("Content-Security-Policy")
	if embeddable {
		if len(xfo) != 0 {
			t.Errorf("X-Frame-Options %q; want none on the embed view", xfo)
		}
		if !slices.Contains(csp, "frame-ancestors *") || slices.ContainsFunc(csp, func(p string) bool { return strings.Contains(p, "'none'") }) {
			t.Errorf("Content-Security-Policy %q; want frame-ancestors * and nothing that forbids framing", csp)
		}
		return
	}
	if len(xfo) != 1 || xfo[0] != "DENY" {
		t.Errorf("X-Frame-Options %q; want DENY", xfo)
	}
	if !slices.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("Content-Security-Policy %q; want frame-ancestors 'none'", csp)
	}
}

// routeParam matches a chi route parameter, {id} or {id:regexp}.
var routeParam = regexp.MustCompile(`\{[^}]*\}`)

// concretePath makes a path the route matches: a real lesson, docs page
// or asset where the route names one, and "x" for any other parameter.
func concretePath(route string) string {
	route = strings.Replace(route, "/*", "/app.css", 1)
	return routeParam.ReplaceAllStringFunc(route, func(p string) string {
		switch strings.Trim(p, "{}") {
		case "id":
			return "wg-lost-wakeup"
		case "slug":
			return "event"
		}
		return "x"
	})
}

func TestAllowFramingKeepsOtherPolicies(t *testing.T) {
	h := allowFraming(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	w := httptest.NewRecorder()
	w.Header().Set("X-Frame-Options", "DENY")
	w.Header().Add("Content-Security-Policy", "default-src 'self'")
	w.Header().Add("Content-Security-Policy", frameNone)
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/embed/x", nil))
	got := w.Header().Values("Content-Security-Policy")
	if want := []string{"default-src 'self'", frameAny}; !slices.Equal(got, want) {
		t.Errorf("Content-Security-Policy %q; want %q", got, want)
	}
	if got := w.Header().Values("X-Frame-Options"); len(got) != 0 {
		t.Errorf("X-Frame-Options %q; want none", got)
	}
}

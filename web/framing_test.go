package web

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"

	"lockstep/web/internal/webtest"
)

// TestFramingPolicy requests every route of the router, found by walking
// it, plus a path no route matches and a method no route takes, and checks
// that only the embed view may be framed, by any site, and every other
// response by none, and that every response carries the site's content
// policy.
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
			webtest.CheckFraming(t, w.Result().Header, strings.HasPrefix(rq.path, "/embed/"))
			if csp := w.Result().Header.Values("Content-Security-Policy"); !slices.Contains(csp, contentPolicy) {
				t.Errorf("Content-Security-Policy %q; want the site's policy, %q", csp, contentPolicy)
			}
		})
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

package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestPagesUnderCSP opens every kind of page under the site's
// Content-Security-Policy and checks that each still works: its scripts
// run, its socket connects, and nothing is blocked (tab reports a blocked
// script, style, image or connection as an error).
func TestPagesUnderCSP(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	resp, err := http.Get(b.base + "/embed/wg-basic")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if csp := strings.Join(resp.Header.Values("Content-Security-Policy"), "; "); !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Fatalf("the embed's policy %q; want scripts and connections from the site only", csp)
	}
	code, token := openRoom(t, b.base, "wg-lost-wakeup")
	ready := `document.querySelector('#app.ready') && document.querySelector('#app').dataset.position !== undefined`
	for _, tt := range []struct{ path, js string }{
		{"/", `document.querySelector('main') !== null`},
		{"/lesson/wg-lost-wakeup?schedule=lost&step=3", ready},
		{"/embed/wg-basic", ready},
		{"/room/" + code + "/present?lesson=wg-lost-wakeup&token=" + url.QueryEscape(token), `document.querySelector('#room').dataset.welcomed === "true"`},
		{"/room/" + code, `document.querySelector('#room').dataset.welcomed === "true"`},
		{"/compose?lang=en", `document.querySelector("#compose-form").dataset.checked === "ok"`},
		{"/docs/b5-lost-wakeup", `document.querySelector('main') !== null`},
		{"/handout/wg-lost-wakeup?schedule=lost&step=3", `document.querySelector('[data-testid="handout-title"]') !== null`},
	} {
		p := b.openPage(t, tt.path, tt.js)
		p.shot("csp" + strings.NewReplacer("/", "-", "?", "-", "&", "-", "=", "-").Replace(tt.path[:min(len(tt.path), 24)]))
	}
	b.checkErrors(t)
}

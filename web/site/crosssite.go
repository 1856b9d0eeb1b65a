package site

import (
	"net/http"
	"net/url"
)

// CrossSite reports whether r was sent by a page of another site: its
// browser says so (Sec-Fetch-Site other than same-origin or none, the
// user's own typing), or its Origin is not r's own host. An Origin of
// "null" is a page with no origin of its own (a sandboxed frame, a
// file, a redirect from elsewhere), never one of this site's (they send
// their origin: Referrer-Policy same-origin), so it counts as another
// site's. A request without either header (a script, an old browser) is
// not cross-site: what a script may do is bounded by the per-client
// limits, not by this.
func CrossSite(r *http.Request) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "", "same-origin", "none":
	default:
		return true
	}
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		return err != nil || u.Host != r.Host
	}
	return false
}

// RefuseCrossSite is middleware that answers 403 to a request that may
// change the server's state (any method but GET, HEAD and OPTIONS) sent
// by a page of another site (CrossSite): a form or a fetch of text/plain
// there needs no permission from this site to be sent.
func RefuseCrossSite(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
		default:
			if CrossSite(r) {
				http.Error(w, "This can only be done from this site's own pages. 只能在本站自己的页面上这样做。", http.StatusForbidden)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

package share

import "net/http"

// The framing policies. Every page forbids being framed by any page, its
// own site's included (clickjacking); only the embed view, made to be
// framed, allows every site.
const (
	frameNone = "frame-ancestors 'none'"
	frameAny  = "frame-ancestors *"
)

// DenyFraming forbids framing every response: X-Frame-Options for old
// browsers, and a Content-Security-Policy of frame-ancestors 'none' (added
// to, not replacing, any other policy). Use it for the whole router; the
// embed view's route undoes it with AllowFraming.
func DenyFraming(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Frame-Options", "DENY")
		h.Add("Content-Security-Policy", frameNone)
		next.ServeHTTP(w, r)
	})
}

// AllowFraming lets any site frame the response: it drops X-Frame-Options
// and replaces DenyFraming's policy with frame-ancestors *, keeping any
// other policy. Use it on the embed view's route only, inside DenyFraming.
func AllowFraming(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Del("X-Frame-Options")
		var keep []string
		for _, p := range h.Values("Content-Security-Policy") {
			if p != frameNone {
				keep = append(keep, p)
			}
		}
		h["Content-Security-Policy"] = append(keep, frameAny)
		next.ServeHTTP(w, r)
	})
}

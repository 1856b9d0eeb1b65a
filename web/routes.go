package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"lockstep/web/share"
	"lockstep/web/site"
)

// routes is every URL the server answers, in one place. Handlers are
// site.HandlerFuncs, of this package or of the one named: they return
// their errors to one adapter (site.Pages.Handle), which makes them error
// pages.
func (s *Server) routes() http.Handler {
	h := s.pages.Handle
	r := chi.NewRouter()
	r.Use(headers, share.DenyFraming, capURL, capHeaders, s.clients.Identify, middleware.GetHead, site.RefuseCrossSite, compress)
	r.Method(http.MethodGet, "/", h(s.serveCatalog))                                        // the lessons, by primitive
	r.Method(http.MethodGet, "/lesson/{id}", h(s.share.ServeLesson))                        // one lesson's playground (share)
	r.Method(http.MethodGet, "/howto", h(s.serveHowto))                                     // how to use the playground
	r.Method(http.MethodGet, "/compose", h(s.share.ServeCompose))                           // write a lesson in the browser (share)
	r.Method(http.MethodPost, "/compose/check", h(s.share.ServeComposeCheck))               // check it; its link when right (share)
	r.Method(http.MethodGet, "/lab", h(s.lab.ServeLab))                                     // write a primitive in the browser (lab)
	r.Method(http.MethodPost, "/lab/check", h(s.lab.ServeCheck))                            // compile it, replay a lesson with it (lab)
	r.Method(http.MethodPost, "/lab/explore", h(s.lab.ServeExplore))                        // find its bug, or verify it (lab)
	r.Method(http.MethodGet, "/ws", h(s.limitSockets(s.play.ServeWS)))                      // the playground's WebSocket (playground)
	r.Method(http.MethodGet, "/static/*", h(s.assets.serve))                                // scripts, styles, images
	r.Method(http.MethodGet, "/healthz", h(s.serveHealth))                                  // liveness
	r.Method(http.MethodGet, "/docs", h(s.serveDocsIndex))                                  // the docs' contents
	r.Method(http.MethodGet, "/docs/{slug}", h(s.serveDocsPage))                            // one primitive or bug
	r.Method(http.MethodGet, "/handout/{id}", h(s.share.ServeHandout))                      // one run, printable (share)
	r.With(share.AllowFraming).Method(http.MethodGet, "/embed/{id}", h(s.share.ServeEmbed)) // one lesson, for an iframe (share)
	r.NotFound(h(s.serveNotFound).ServeHTTP)                                                // everything else
	r.MethodNotAllowed(h(s.serveMethodNotAllowed).ServeHTTP)                                // POST / and the like

	// The live classroom (package classroom).
	r.Method(http.MethodGet, "/room", h(s.rooms.ServeForm))                      // open a room, or join one
	r.Method(http.MethodPost, "/room", h(s.rooms.ServeOpen))                     // open a room: to its presenter page
	r.Method(http.MethodGet, "/room/ws", h(s.limitSockets(s.rooms.ServeSocket))) // a room's WebSocket
	r.Method(http.MethodGet, "/room/{code}", h(s.rooms.ServeJoin))               // a student's page of a room
	r.Method(http.MethodGet, "/room/{code}/present", h(s.rooms.ServePresent))    // the presenter's page
	r.Method(http.MethodGet, "/room/{code}/qr.png", h(s.rooms.ServeQR))          // the join link as a QR code
	return r
}

// contentPolicy is the Content-Security-Policy of every response, the
// embed view's included: scripts, styles, images, fonts and connections
// (the WebSockets) come from the site itself only, with no inline script
// or style attribute (the pages' data travels in script elements of type
// application/json, which are not run). Framing has a policy of its own
// (share.DenyFraming, share.AllowFraming), sent as a second header: a
// browser enforces both.
const contentPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
	"connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'"

// headers sets the headers every response carries.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		h.Add("Content-Security-Policy", contentPolicy)
		next.ServeHTTP(w, r)
	})
}

// serveMethodNotAllowed answers a method a route does not take.
func (s *Server) serveMethodNotAllowed(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Allow", "GET, HEAD")
	return &site.Error{Status: http.StatusMethodNotAllowed, Msg: "Only GET and HEAD are answered here."}
}

// compress compresses the pages, scripts, styles and SVG a browser that
// accepts it asks for (gzip or deflate, level 5): a lesson page with its
// assets is about a third of its size on the wire. The WebSocket's
// upgrade passes through, its connection hijacked below the compressor.
var compress = middleware.Compress(5, "text/html", "text/css", "text/javascript", "application/javascript", "application/json", "image/svg+xml", "text/plain")

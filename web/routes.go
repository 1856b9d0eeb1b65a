package web

import (
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"

	"lockstep/web/classroom"
)

// routes is every URL the server answers, in one place. Handlers are
// handlerFuncs: they return their errors to one adapter (handle).
func (s *Server) routes() http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.GetHead, headers, denyFraming)
	r.Method(http.MethodGet, "/", s.handle(s.serveCatalog))                            // the lessons, by primitive
	r.Method(http.MethodGet, "/lesson/{id}", s.handle(s.serveLesson))                  // one lesson's playground
	r.Method(http.MethodGet, "/howto", s.handle(s.serveHowto))                         // how to use the playground
	r.Method(http.MethodGet, "/compose", s.handle(s.serveCompose))                     // write a lesson in the browser
	r.Method(http.MethodPost, "/compose/check", s.handle(s.serveComposeCheck))         // check it; its link when right
	r.Method(http.MethodGet, "/lab", s.handle(s.serveLab))                             // write a primitive in the browser
	r.Method(http.MethodPost, "/lab/check", s.handle(s.serveLabCheck))                 // compile it, replay a lesson with it
	r.Method(http.MethodPost, "/lab/explore", s.handle(s.serveLabExplore))             // find its bug, or verify it
	r.Method(http.MethodGet, "/ws", s.handle(s.serveWS))                               // the playground's WebSocket
	r.Method(http.MethodGet, "/static/*", s.handle(s.assets.serve))                    // scripts, styles, images
	r.Method(http.MethodGet, "/healthz", s.handle(s.serveHealth))                      // liveness
	r.Method(http.MethodGet, "/docs", s.handle(s.serveDocsIndex))                      // the docs' contents
	r.Method(http.MethodGet, "/docs/{slug}", s.handle(s.serveDocsPage))                // one primitive or bug
	r.With(allowFraming).Method(http.MethodGet, "/embed/{id}", s.handle(s.serveEmbed)) // one lesson, for an iframe
	r.NotFound(s.handle(s.serveNotFound).ServeHTTP)                                    // everything else
	r.MethodNotAllowed(s.handle(s.serveMethodNotAllowed).ServeHTTP)                    // POST / and the like

	// The live classroom (room.go).
	rooms := s.newRooms(classroom.Limits{})
	r.Method(http.MethodGet, "/room", s.handle(rooms.serveForm))                   // open a room, or join one
	r.Method(http.MethodPost, "/room", s.handle(rooms.serveOpen))                  // open a room: to its presenter page
	r.Method(http.MethodGet, "/room/ws", s.handle(rooms.serveSocket))              // a room's WebSocket
	r.Method(http.MethodGet, "/room/{code}", s.handle(rooms.serveJoin))            // a student's page of a room
	r.Method(http.MethodGet, "/room/{code}/present", s.handle(rooms.servePresent)) // the presenter's page
	r.Method(http.MethodGet, "/room/{code}/qr.png", s.handle(rooms.serveQR))       // the join link as a QR code
	return r
}

// headers sets the headers every response carries.
func headers(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "same-origin")
		next.ServeHTTP(w, r)
	})
}

// serveMethodNotAllowed answers a method a route does not take.
func (s *Server) serveMethodNotAllowed(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Allow", "GET, HEAD")
	return &httpError{Status: http.StatusMethodNotAllowed, Msg: "Only GET and HEAD are answered here."}
}

// Package web serves the Lockstep playground: the catalog and lesson pages,
// the static assets, and the WebSocket through which a page drives one
// deterministic step machine held by the server.
//
// The server is authoritative: a page sends commands (step this thread, go
// back, replay that schedule) and draws the states it is sent. Each socket
// has its own session, a loop over the commands that owns the lesson, the
// history of steps and a machine at the current position; ws.go adapts it
// to coder/websocket and nothing else knows about sockets.
package web

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/a-h/templ"

	"lockstep/scenarios"
	"lockstep/static"
	"lockstep/templates"
	"lockstep/web/classroom"
	"lockstep/web/playground"
	"lockstep/web/share"
	"lockstep/web/site"
)

// Config is what a Server needs. Catalog is required; Logger defaults to
// slog.Default; DevStaticDir, when set, serves /static/ from that directory
// (read on every request, no caching) instead of the embedded assets.
type Config struct {
	Catalog      *scenarios.Catalog
	Logger       *slog.Logger
	DevStaticDir string
	// Origins are the extra origins whose pages may open the WebSocket,
	// as host patterns ("example.org", "*.example.org", "localhost:*").
	// A page of the server's own host is always allowed.
	Origins []string
}

// A Server holds the routes of the playground. It is safe for concurrent
// use; every WebSocket gets its own session.
type Server struct {
	cfg     Config
	log     *slog.Logger
	catalog *scenarios.Catalog
	assets  *assets
	pages   *site.Pages
	play    *playground.Playground
	share   *share.Share
	rooms   *classroom.Rooms
	handler http.Handler
}

// NewServer checks cfg, reads the static assets and builds the routes.
func NewServer(cfg Config) (*Server, error) {
	if cfg.Catalog == nil {
		return nil, errors.New("web: Config.Catalog is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	a, err := newAssets(static.FS, cfg.DevStaticDir)
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: cfg.Logger, catalog: cfg.Catalog, assets: a, pages: site.NewPages(cfg.Logger, a.version)}
	s.play, err = playground.New(playground.Config{Lessons: cfg.Catalog, FromLink: share.CustomLesson, Logger: cfg.Logger, Origins: cfg.Origins})
	if err != nil {
		return nil, err
	}
	s.share, err = share.New(share.Config{Pages: s.pages, Lessons: cfg.Catalog})
	if err != nil {
		return nil, err
	}
	s.rooms, err = classroom.New(classroom.Config{Pages: s.pages, Lessons: cfg.Catalog, Logger: cfg.Logger, Origins: cfg.Origins})
	if err != nil {
		return nil, err
	}
	s.handler = s.routes()
	return s, nil
}

// Handler returns the root handler of the playground.
func (s *Server) Handler() http.Handler { return s.handler }

// AssetVersion is the version appended to asset URLs (?v=): a hash of the
// embedded assets, or "dev" when they are read from a directory.
func (s *Server) AssetVersion() string { return s.assets.version }

// chrome is what every page of the server's own shares (site.Pages.Chrome).
func (s *Server) chrome(r *http.Request, lang, title string) templates.Chrome {
	return s.pages.Chrome(r, lang, title)
}

// render writes one of the server's own pages (site.Pages.Render).
func (s *Server) render(w http.ResponseWriter, r *http.Request, c templ.Component) error {
	return s.pages.Render(w, r, c)
}

// Lookup returns the catalog's lesson with the given id.
func (s *Server) Lookup(id string) (*scenarios.Scenario, error) { return s.catalog.Lookup(id) }

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
	"lockstep/web/docs"
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
	// Origins are the extra origins whose pages may open the WebSockets
	// (the playground's and a room's), as host patterns ("example.org",
	// "*.example.org", "localhost:*"). A page of the server's own host is
	// always allowed.
	Origins []string
}

// A Server holds the routes of the site and the handlers they lead to. It
// is safe for concurrent use; every WebSocket gets its own session.
type Server struct {
	catalog *scenarios.Catalog
	assets  *assets
	pages   *site.Pages
	play    *playground.Playground
	share   *share.Share
	rooms   *classroom.Rooms
	docs    *docs.Site // read once, at NewServer
	handler http.Handler
}

// NewServer checks cfg, reads the static assets, builds the handlers of
// the site's packages, each with what it needs, and routes them.
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
	s := &Server{catalog: cfg.Catalog, assets: a, pages: site.NewPages(cfg.Logger, a.version), docs: loadDocs(cfg.Logger)}
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

// Handler returns the root handler of the site.
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

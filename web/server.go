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
	"time"

	"lockstep/scenarios"
	"lockstep/static"
	"lockstep/web/docs"
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
	code    *codeCache
	docs    *docs.Site // read once, at NewServer
	handler http.Handler
	// writeTimeout bounds every write to a WebSocket.
	writeTimeout time.Duration
	// searches holds a token for every running search (explore.go).
	searches chan struct{}
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
	s := &Server{cfg: cfg, log: cfg.Logger, catalog: cfg.Catalog, assets: a, code: newCodeCache(primitivesSource()),
		docs: loadDocs(cfg.Logger), writeTimeout: writeTimeout, searches: make(chan struct{}, searchSlotCount())}
	s.handler = s.routes()
	return s, nil
}

// Handler returns the root handler of the playground.
func (s *Server) Handler() http.Handler { return s.handler }

// AssetVersion is the version appended to asset URLs (?v=): a hash of the
// embedded assets, or "dev" when they are read from a directory.
func (s *Server) AssetVersion() string { return s.assets.version }

// Lookup returns the lesson with the given id (lessonSource).
func (s *Server) Lookup(id string) (*scenarios.Scenario, error) { return s.catalog.Lookup(id) }

// Describe returns the code lesson l runs as variant v (lessonSource).
func (s *Server) Describe(l *scenarios.Scenario, v string) (*lessonCode, error) {
	return s.code.describe(l, v)
}

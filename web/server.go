package web

import (
	"errors"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/a-h/templ"

	"lockstep/scenarios"
	"lockstep/static"
	"lockstep/templates"
	"lockstep/web/classroom"
	"lockstep/web/classroom/lecture"
	"lockstep/web/classroom/roomstore"
	"lockstep/web/docs"
	"lockstep/web/lab"
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
	// TrustForwardedFor names a request's client, for the per-client
	// limits, by the last address of X-Forwarded-For: set it only behind
	// a reverse proxy that sets that header (site.Clients).
	TrustForwardedFor bool
	// SearchSlots is how many searches run at once
	// (playground.Config.SearchSlots).
	SearchSlots int
	// SearchWorkers is how many cores each search may use
	// (playground.Config.SearchWorkers).
	SearchWorkers int
	// SearchMemory is each search's memory budget in bytes
	// (playground.Config.SearchMemory).
	SearchMemory int64
	// SocketsPerClient bounds the WebSockets one client (a browser at an
	// address, or an address without a browser) holds open at once
	// (DefaultSocketsPerClient when 0).
	SocketsPerClient int
	// SocketsPerAddress bounds the WebSockets all the clients at one
	// address hold open at once; when 0, DefaultSocketsPerAddress, or
	// more if RoomLimits.MaxStudents asks for more: a full room behind
	// one address fits.
	SocketsPerAddress int
	// RoomLimits bound the classroom's rooms; zero fields take the
	// defaults of package lecture.
	RoomLimits lecture.Limits
	// DataDir is where the rooms are kept across restarts (roomstore);
	// "" keeps them in memory only.
	DataDir string
}

// A Server holds the routes of the site and the handlers they lead to. It
// is safe for concurrent use; every WebSocket gets its own session.
type Server struct {
	catalog     *scenarios.Catalog
	assets      *assets
	pages       *site.Pages
	play        *playground.Playground
	share       *share.Share
	rooms       *classroom.Rooms
	lab         *lab.Lab
	docs        *docs.Site // read once, at NewServer
	handler     http.Handler
	clients     site.Clients
	sockets     *site.Quota    // the WebSockets each client holds
	addrSockets *site.Quota    // the WebSockets each address holds
	open        sync.WaitGroup // the WebSockets open, for Drain
	closeOnce   sync.Once
	closeErr    error
	store       *roomstore.Store // nil without a DataDir
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
	if cfg.SocketsPerClient <= 0 {
		cfg.SocketsPerClient = DefaultSocketsPerClient
	}
	if cfg.SocketsPerAddress <= 0 {
		cfg.SocketsPerAddress = socketsForRoom(cfg.RoomLimits, cfg.SocketsPerClient)
	}
	browsers := site.NewBrowsers(browserKey(cfg.DataDir, cfg.Logger), newIdentities(cfg.RoomLimits))
	s := &Server{catalog: cfg.Catalog, assets: a, pages: site.NewPages(cfg.Logger, a.version, browsers), docs: loadDocs(cfg.Logger),
		clients: site.Clients{TrustForwardedFor: cfg.TrustForwardedFor, Browsers: browsers}, sockets: &site.Quota{Limit: cfg.SocketsPerClient},
		addrSockets: &site.Quota{Limit: cfg.SocketsPerAddress}}
	s.play, err = playground.New(playground.Config{Lessons: cfg.Catalog, FromLink: share.CustomLesson, Logger: cfg.Logger, Origins: cfg.Origins, SearchSlots: cfg.SearchSlots, SearchWorkers: cfg.SearchWorkers, SearchMemory: cfg.SearchMemory, BugPages: s.bugPages()})
	if err != nil {
		return nil, err
	}
	s.share, err = share.New(share.Config{Pages: s.pages, Lessons: cfg.Catalog})
	if err != nil {
		return nil, err
	}
	s.lab, err = lab.New(lab.Config{Pages: s.pages, Lessons: cfg.Catalog, SearchSlot: s.play.SearchSlot})
	if err != nil {
		return nil, err
	}
	opts := classroom.Options{Limits: cfg.RoomLimits}
	if cfg.DataDir != "" {
		s.store = openStore(cfg.DataDir, cfg.Logger)
		if s.store != nil {
			opts.Store = s.store
		}
	}
	s.rooms, err = classroom.New(classroom.Config{Pages: s.pages, Lessons: cfg.Catalog, Logger: cfg.Logger, Origins: cfg.Origins, Options: opts})
	if err != nil {
		return nil, err
	}
	s.handler = s.routes()
	return s, nil
}

// openStore opens the room store in dir, and says in one line of log
// what became of it: kept across restarts, set aside as damaged and
// begun anew, read-only, or not opened (nil: the rooms are kept in
// memory only). The server runs in every case.
func openStore(dir string, log *slog.Logger) *roomstore.Store {
	if _, err := os.Stat(filepath.Join(dir, "rooms.db")); err == nil {
		log.Warn("room store: rooms.db is the file of an earlier version of the store; it is not read, and its rooms are not restored", "dir", dir)
	}
	store, o, err := roomstore.Open(dir)
	switch {
	case err != nil && o.Aside != "":
		log.Error("rooms will not survive a restart: the room store was damaged, it is set aside, and a new one cannot be made", "aside", o.Aside, "damage", o.Damage, "err", err)
	case err != nil:
		log.Error("rooms will not survive a restart: the room store cannot be opened", "err", err)
	case o.Aside != "":
		log.Warn("room store: the file was damaged; it is set aside, the rooms read out of it are kept in a new file, and rooms are kept across restarts",
			"aside", o.Aside, "damage", o.Damage, "rooms", o.Salvaged)
	case o.ReadOnly && o.Damage != nil:
		log.Warn("room store: the file is damaged and cannot be written, nor set aside; the rooms read out of it are restored, but rooms will not survive a restart",
			"dir", dir, "damage", o.Damage, "rooms", o.Salvaged, "err", o.Err)
	case o.ReadOnly && o.LogUnread:
		log.Warn("room store: the file cannot be written, nor its log read; the rooms in the file are restored, not the changes in its log, and rooms will not survive a restart", "dir", dir, "err", o.Err)
	case o.ReadOnly:
		log.Warn("room store: the file cannot be written; its rooms are restored, but rooms will not survive a restart", "dir", dir, "err", o.Err)
	default:
		log.Info("room store: rooms are kept across restarts", "dir", dir)
	}
	if err != nil {
		return nil
	}
	return store
}

// newIdentities bounds the new browser identities each address is given:
// a full room of limits arriving at once behind one address, with some to
// spare, then one a second.
func newIdentities(limits lecture.Limits) *site.Limiter {
	students := limits.MaxStudents
	if students <= 0 {
		students = lecture.DefaultMaxStudents
	}
	return &site.Limiter{Burst: students + 50, Every: time.Second}
}

// socketsForRoom is the default WebSockets per address: enough for a full
// room of limits behind one address, two sockets a student and the
// presenter's, with a client's quota to spare, and at least
// DefaultSocketsPerAddress.
func socketsForRoom(limits lecture.Limits, perClient int) int {
	students := limits.MaxStudents
	if students <= 0 {
		students = lecture.DefaultMaxStudents
	}
	return max(DefaultSocketsPerAddress, 2*(students+1)+perClient)
}

// bugPages maps each bug code to the path of the docs page about it: the
// first of the bugs' pages that names it, else the first page that does
// (a primitive's page names the bugs of its variants).
func (s *Server) bugPages() map[string]string {
	pages := map[string]string{}
	for _, group := range []docs.Group{docs.Bugs, docs.Primitives} {
		for _, pg := range s.docs.Pages("en") {
			for _, b := range pg.Bugs {
				if _, ok := pages[b]; !ok && pg.Group == group {
					pages[b] = "/docs/" + pg.Slug
				}
			}
		}
	}
	return pages
}

// Close writes the rooms' last changes to their store and closes it; the
// rooms' later changes are not kept. Call it when the server shuts down,
// before the sockets close: members that leave then did not choose to.
// Calling it again does nothing.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		s.rooms.Close()
		if s.store != nil {
			s.closeErr = s.store.Close()
		}
	})
	return s.closeErr
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

package playground

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim/explore"
	"lockstep/web/playground/lessonview"
	"lockstep/web/playground/searchqueue"
	"lockstep/web/site"
)

// Config is what a Playground needs. Lessons is required; Logger defaults
// to slog.Default.
type Config struct {
	// Lessons are the lessons a load command names by id.
	Lessons site.Lessons
	// FromLink reads the lesson a link carries in its src, which a load
	// command sends as its source (lesson "custom"). Nil refuses such a
	// load.
	FromLink func(src string) (*scenarios.Scenario, error)
	Logger   *slog.Logger
	// Origins are the extra origins whose pages may open the WebSocket,
	// as host patterns ("example.org", "*.example.org", "localhost:*").
	// A page of the server's own host is always allowed.
	Origins []string
	// BugPages maps a bug code ("B5") to the path of the docs page about
	// it ("/docs/b5-lost-wakeup"), which its glossary entry links to.
	BugPages map[string]string
	// SearchSlots is how many searches run at once (0: one per two
	// cores, at least one); the others wait in the queue.
	SearchSlots int
	// SearchWorkers is how many goroutines, and so cores, each search
	// may use (explore.Options.Workers), so that one classroom's searches
	// cannot take every core (0: the cores shared among the slots, at
	// least one).
	SearchWorkers int
	// SearchMemory is the memory budget of each search, in bytes: the
	// state cache a search may hold, all its workers together
	// (explore.Options.MaxMemory), past which it stops incomplete
	// ("memory"). 0: explore.DefaultMaxMemory.
	SearchMemory int64
}

// A Playground serves the playground's WebSocket. It is safe for
// concurrent use; every socket gets its own session.
type Playground struct {
	cfg  Config
	log  *slog.Logger
	code *lessonview.CodeCache
	// writeTimeout bounds every write to a WebSocket.
	writeTimeout time.Duration
	// pingInterval and pingTimeout keep a socket alive (KeepAlive).
	pingInterval, pingTimeout time.Duration
	// queue admits the searches pages ask for.
	queue *searchqueue.Queue
}

// New checks cfg and returns its playground.
func New(cfg Config) (*Playground, error) {
	if cfg.Lessons == nil {
		return nil, errors.New("playground: Config.Lessons is required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.SearchSlots <= 0 {
		cfg.SearchSlots = searchSlotCount()
	}
	if cfg.SearchWorkers <= 0 {
		cfg.SearchWorkers = searchWorkers(cfg.SearchSlots)
	}
	if cfg.SearchMemory <= 0 {
		cfg.SearchMemory = explore.DefaultMaxMemory
	}
	return &Playground{cfg: cfg, log: cfg.Logger, code: lessonview.NewCodeCache(primitives.Source, CustomLessonID),
		writeTimeout: WriteTimeout, pingInterval: PingInterval, pingTimeout: PingTimeout, queue: searchqueue.New(cfg.SearchSlots)}, nil
}

// lookup returns the catalog's lesson with the given id (lessonSource).
func (p *Playground) lookup(id string) (*scenarios.Scenario, error) { return p.cfg.Lessons.Lookup(id) }

// fromLink returns the lesson a link's src carries (lessonSource).
func (p *Playground) fromLink(src string) (*scenarios.Scenario, error) {
	if p.cfg.FromLink == nil {
		return nil, errNoLinks
	}
	return p.cfg.FromLink(src)
}

// errNoLinks answers a load of a lesson from a link on a playground
// configured without FromLink.
var errNoLinks = errors.New(`load: this server opens no lessons from links`)

// describe returns the code lesson l runs as variant v (lessonSource).
func (p *Playground) describe(l *scenarios.Scenario, v string) (*lessonview.Code, error) {
	return p.code.Describe(l, v)
}

// bugPages maps a bug code to its docs page (lessonSource).
func (p *Playground) bugPages() map[string]string { return p.cfg.BugPages }

// workers is how many goroutines each search may use (lessonSource).
func (p *Playground) workers() int { return p.cfg.SearchWorkers }

// searchMemory is each search's memory budget (lessonSource).
func (p *Playground) searchMemory() int64 { return p.cfg.SearchMemory }

// searches is the queue of searches (lessonSource).
func (p *Playground) searches() *searchqueue.Queue { return p.queue }

// SearchSlot waits in the queue of the playground's searches as client,
// so that a search run elsewhere (the lab's) shares the machine with the
// pages' searches and takes its turns as they do: one search of a client
// at a time (a second fails with searchqueue.ErrQueued), the addresses
// in turn. It returns the function that frees its slot, and fails if ctx
// ends first.
func (p *Playground) SearchSlot(ctx context.Context, client site.Client) (release func(), err error) {
	t, err := p.queue.Enter(client)
	if err != nil {
		return nil, err
	}
	select {
	case <-t.Ready():
		return t.Leave, nil
	case <-ctx.Done():
		t.Leave()
		return nil, ctx.Err()
	}
}

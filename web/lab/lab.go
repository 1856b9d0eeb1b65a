package lab

import (
	"context"
	"errors"
	"runtime"
	"time"

	"lockstep/web/site"
)

// Config is what a Lab needs; every field is required.
type Config struct {
	// Pages renders the page and its chrome.
	Pages *site.Pages
	// Lessons are the catalog's lessons, which a source is written
	// against.
	Lessons site.Lessons
	// SearchSlot waits for one of the server's search slots and returns
	// the function that frees it (playground.Playground.SearchSlot): the
	// lab's searches queue with the playground's.
	SearchSlot func(ctx context.Context, client site.Client) (release func(), err error)
}

// A Lab serves the lab's page and requests. It is safe for concurrent
// use.
type Lab struct {
	pages   *site.Pages
	lessons site.Lessons
	slot    func(ctx context.Context, client site.Client) (func(), error)
	// compiles holds a token for each check or compile running: at most
	// half the cores' worth at once (compileSlots), so that however many
	// requests come, the steps of the playground's pages keep a core.
	compiles chan struct{}
	// requestTime bounds a POST /lab/explore (RequestTime; a test
	// shortens it), and searchTime its searches (labSearchTime).
	requestTime, searchTime time.Duration
}

// New checks cfg and returns its lab.
func New(cfg Config) (*Lab, error) {
	if cfg.Pages == nil || cfg.Lessons == nil || cfg.SearchSlot == nil {
		return nil, errors.New("lab: Config.Pages, Config.Lessons and Config.SearchSlot are required")
	}
	return &Lab{pages: cfg.Pages, lessons: cfg.Lessons, slot: cfg.SearchSlot, compiles: make(chan struct{}, compileSlots()),
		requestTime: RequestTime, searchTime: labSearchTime}, nil
}

// compileSlots is how many checks and compiles run at once: half the
// cores, at least one.
func compileSlots() int { return max(1, runtime.NumCPU()/2) }

// compiling waits for a turn to compile (Lab.compiles) for as long as
// a request may take (requestTime), and returns the function that ends
// it; ok is false if no turn came.
func (lb *Lab) compiling(ctx context.Context) (done func(), ok bool) {
	ctx, cancel := context.WithTimeout(ctx, lb.requestTime)
	defer cancel()
	select {
	case lb.compiles <- struct{}{}:
		return func() { <-lb.compiles }, true
	case <-ctx.Done():
		return nil, false
	}
}

// busyCompiling is what a request is told when no turn to compile came.
var busyCompiling = site.Phrase{"The server is busy with other primitives; try again in a moment.", "服务器正忙于编译其他原语，请稍后再试。"}

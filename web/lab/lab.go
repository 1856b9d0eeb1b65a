package lab

import (
	"context"
	"errors"
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
	// requestTime bounds a POST /lab/explore (RequestTime; a test
	// shortens it), and searchTime its searches (labSearchTime).
	requestTime, searchTime time.Duration
}

// New checks cfg and returns its lab.
func New(cfg Config) (*Lab, error) {
	if cfg.Pages == nil || cfg.Lessons == nil || cfg.SearchSlot == nil {
		return nil, errors.New("lab: Config.Pages, Config.Lessons and Config.SearchSlot are required")
	}
	return &Lab{pages: cfg.Pages, lessons: cfg.Lessons, slot: cfg.SearchSlot,
		requestTime: RequestTime, searchTime: labSearchTime}, nil
}

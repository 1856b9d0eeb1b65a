package share

import (
	"errors"

	"lockstep/web/site"
)

// Config is what a Share needs; both fields are required.
type Config struct {
	// Pages renders the pages and their chrome.
	Pages *site.Pages
	// Lessons are the catalog's lessons: what a link names by id, and
	// what a new lesson may start from.
	Lessons site.Lessons
}

// A Share serves the pages that carry a playground's state in their URL:
// a lesson's playground page with its deep link, the embed view, and the
// composer that makes a lesson into a link. It is safe for concurrent use.
type Share struct {
	pages   *site.Pages
	lessons site.Lessons
}

// New checks cfg and returns its pages.
func New(cfg Config) (*Share, error) {
	if cfg.Pages == nil || cfg.Lessons == nil {
		return nil, errors.New("share: Config.Pages and Config.Lessons are required")
	}
	return &Share{pages: cfg.Pages, lessons: cfg.Lessons}, nil
}

package site

import "lockstep/scenarios"

// Lessons is where the site's handlers find the lessons of the catalog.
// A *scenarios.Catalog is one; a lesson carried by a link is not in it.
type Lessons interface {
	// Lookup returns the lesson with the given id.
	Lookup(id string) (*scenarios.Scenario, error)
	// All returns every lesson, in the catalog's order.
	All() []*scenarios.Scenario
}

var _ Lessons = (*scenarios.Catalog)(nil)

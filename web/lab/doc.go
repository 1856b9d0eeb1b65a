// Package lab serves the lab, /lab: the page where a primitive is written
// in Lockstep's language (package primitives/lang) against one of the
// catalog's lessons, and the two requests its script sends. POST
// /lab/check compiles the source as it is typed and replays the lesson's
// schedules with it (check.go); POST /lab/explore runs the explorer on it,
// the grade of the lesson's assignment or a search for the first bug
// (explore.go). The page itself (page.go) starts from the lesson's
// assignment, the example that writes its primitive, or the source its
// link carries.
//
// Nothing is stored: links carry the source. The lab's own link carries
// it compressed as package share compresses a lesson; its links into the
// playground carry the lesson, with the source as its primitive, as a
// lesson from a link (/lesson/custom?src=…), which the playground, the
// explorer and the composer then treat like any other.
//
// A Lab gets its pages, lessons and search slots from package web in a
// Config. Under lockstep/web it imports web/share (the links),
// web/playground (the id of a lesson from a link) and web/site; only web
// imports it.
package lab

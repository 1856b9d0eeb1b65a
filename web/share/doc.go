// Package share serves the pages that carry a playground's state in their
// URL, so that it can be handed on: a lesson's playground page opened by
// its deep link (lesson_page.go, link.go: /lesson/{id}?variant=…&step=…),
// a lesson written in the browser that travels in its link
// (link_source.go: /lesson/custom?src=…), the composer that writes one
// (compose*.go: /compose), the embed view, for another site's iframe,
// with the site's framing policy (embed*.go: /embed/{id}), and the
// printable handout of a run, drawn on the server (handout*.go:
// /handout/{id}).
//
// A Share gets its pages and lessons from package web in a Config; web
// also hands CustomLesson to the playground, whose load command opens the
// lesson a link carries. Under lockstep/web it imports web/playground (the
// id of a lesson from a link, how a schedule is read),
// web/playground/protocol (the protocol's version, the longest schedule
// text) and web/site; only web imports it.
package share

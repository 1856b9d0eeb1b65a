// Package playground runs a lesson one atomic step at a time for a page:
// the session that owns one page's lesson, history and machine
// (session.go, commands*.go), the timeline of steps and the state event
// it fills in (timeline.go, state.go), the lesson's challenge its loaded
// event carries (challenge.go), the searches for a bug a page asks for
// (explore.go), whether a challenge's bug can still be reached from the
// step shown (reach.go), and where in a schedule's text its error lies
// (schedule_span.go). The WebSocket protocol's vocabulary, its commands,
// events and their JSON (protocol/protocol.md), is package protocol's;
// the code panel, the algorithms and the glossary a lesson loads with
// are package lessonview's; the line the searches wait in is package
// searchqueue's.
//
// The server is authoritative: a page sends commands (step this thread, go
// back, replay that schedule) and draws the states it is sent. Each socket
// has its own session, a loop over the commands that owns the lesson, the
// history of steps and a machine at the current position; ws.go and
// accept.go adapt it to coder/websocket, and nothing else here knows
// about sockets.
//
// A Playground gets what it needs from package web in a Config: the
// catalog, the reader of the lessons links carry, which is package
// share's (share imports playground, so playground cannot import it), and
// the docs pages of the bugs, which package docs has.
// Under lockstep/web it imports web/site and its own subpackages
// lessonview, protocol and searchqueue; share and classroom import it for
// LessonSchedule, the bounds of a socket and its closing (Accept, Guard),
// and protocol for the protocol's version and the bounds of a frame.
package playground

// Package protocol is the playground's WebSocket protocol as data, the
// vocabulary protocol.md specifies: its version (Version), the bounds on
// what a client may send (MaxFrame, MaxScheduleText, the autoplay speeds),
// the command a client sends (Command, its types Cmd*, and Decode, which
// reads and checks one frame, its errors wrapping ErrBadFrame), and the
// events the server answers with and their JSON shapes, each starting
// with an Envelope: Hello, Error (with the Span of a schedule's text it
// is about), Loaded (the Lesson, its code, algorithms, glossary and
// Challenge), State (the Step, the Snapshot, what is Pending, the
// Findings, a c11 Read), ExploreProgress, ExploreResult and ReachResult
// (protocol.go, lesson.go, state.go, explore.go).
//
// It holds no session and runs nothing: package playground, one level up,
// fills these types from its session, its timeline and its searches, and
// package lessonview fills the lesson's code, algorithms and glossary.
// It imports no package under lockstep/web and of the rest of the module
// only sim/words, whose values, CAS attribution and glossary terms the
// events carry as they are. Share and classroom read its version and
// bounds for their pages and sockets.
package protocol

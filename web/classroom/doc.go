// Package classroom serves the live classroom over HTTP and WebSockets:
// the page that opens or joins a room, a room's pages for its students
// and its presenter (pages.go), the QR code of its join link, the room's
// socket and its protocol (socket.go, protocol.go, room.md), and the
// polls it derives from the presenter's position by replaying it
// (poll.go).
//
// The rooms themselves, their members, positions, polls and events, are
// the model in the subpackage lecture, which knows nothing of HTTP,
// sockets or the step machine. It is a package of its own, not files of
// this one, so that the compiler and deps_test.go keep it so: lecture
// imports the standard library only, and runs its tests in a
// testing/synctest bubble, where idle hours pass at once; this package is
// its one adapter.
//
// Rooms are kept across restarts through a Store (persist.go): the hub
// reports each change of a room, and one goroutine writes the room's
// lecture.Snapshot, so a slow disk never holds a room's lock. Package
// roomstore, below, is the Store of a SQLite file; web opens it. The
// per-client limits a room's adapter applies (rooms per address, one
// vote per browser) name the address with site.ClientOf and the voter
// with the browser's identity the server signed, site.Pages.BrowserOf.
//
// Rooms get what they need from package web in a Config. Under
// lockstep/web this package imports web/classroom/lecture, web/playground
// (a room's page is a playground page: how a schedule is read, the bounds
// of a socket), web/playground/protocol (the protocol's version, the
// largest frame, a bad frame's error) and web/site; only web imports it.
package classroom

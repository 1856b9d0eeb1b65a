// Package roomstore keeps the classroom's rooms in a file, so that they
// survive a restart of the server: one bbolt database, DIR/rooms.db, with
// one bucket of lecture.Snapshots as JSON, keyed by room code.
//
// bbolt is a pure-Go embedded key/value store (no cgo), used by etcd: one
// file, transactions that are atomic and durable (a write is on disk when
// Save returns, and a killed process leaves the last committed state),
// and one writer at a time, which is all a server's rooms need. SQLite
// through modernc.org/sqlite would do as well, at the price of a far
// larger dependency and a schema for what is a map of code to snapshot.
//
// A file that cannot be opened as a store (corrupt, or not a bbolt file)
// is set aside under another name and a new one is made, so the server
// starts anyway; a snapshot in it that cannot be read is skipped and
// reported. The file is locked while a server has it open: a second
// server on the same directory fails to open it within a second.
//
// Under lockstep/web it imports web/classroom/lecture only.
package roomstore

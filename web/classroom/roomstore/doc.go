// Package roomstore keeps the classroom's rooms in a file, so that they
// survive a restart of the server: one SQLite database, DIR/rooms.sqlite,
// read and written through modernc.org/sqlite (SQLite in pure Go, no
// cgo), with one table of lecture.Snapshots as JSON, keyed by room code.
//
// The file is in WAL mode and each commit is synced before Save returns,
// so a killed process leaves the last committed state. It is locked for
// one process (locking_mode EXCLUSIVE): a second server on the same
// directory fails to open it within a second, and sets nothing aside.
//
// No damage to the file crashes the server. Open reads the whole file
// (PRAGMA integrity_check) before it serves; SQLite answers a damaged
// page with an error, never a fault (it reads with read(2), not through
// a memory map). A file that is damaged, or is not a file at all (a
// directory), is set aside under another name, the rooms that can still
// be read out of it are copied into a new file, and the new one serves; a
// file that can be read but not written (a read-only directory) is
// opened for reading (through a temporary copy when its log cannot be
// read in place), so its rooms are restored, and Opening says so. A
// snapshot that cannot be read is skipped and reported.
//
// Under lockstep/web it imports web/classroom/lecture only.
package roomstore

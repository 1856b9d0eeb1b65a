package roomstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"lockstep/web/classroom/lecture"
)

// FileName is the store's file in its directory.
const FileName = "rooms.sqlite"

// lockTimeout is how long Open waits for another process's lock on the
// file.
const lockTimeout = time.Second

// ErrReadOnly is what Save and Delete return on a store that was opened
// for reading only (Opening.ReadOnly).
var ErrReadOnly = errors.New("the room store is open for reading only")

// A Store is an open room file. It is safe for concurrent use: its one
// connection serves one statement at a time.
type Store struct {
	db       *sql.DB
	conn     *sql.Conn // the one connection, which holds the file's lock
	readOnly bool
	copyDir  string // a read-only store read through a copy: the copy's directory, removed by Close
}

// An Opening is what Open found: a file set aside (Aside), or one that
// cannot be written (ReadOnly), damaged or not, or neither; Err says why
// when the store is not writable.
type Opening struct {
	// Aside names where a damaged file was moved; Salvaged is how many
	// rooms were read out of it into the new file.
	Aside    string
	Damage   error // what was wrong with the file set aside
	Salvaged int
	// ReadOnly is a store that can be read but not written (the
	// directory or the file is read-only, or the disk is full); Err
	// says what failed. With Damage and no Aside, the file was damaged
	// and could not be set aside: the store is a temporary copy of the
	// Salvaged rooms read out of it.
	ReadOnly bool
	Err      error
	// LogUnread is a read-only store whose write-ahead log (the changes
	// of a process killed before it closed the file) could not be read:
	// the rooms restored are those of the file alone.
	LogUnread bool
}

// Open opens DIR/rooms.sqlite, creating DIR and the file as needed, and
// checks the whole file (PRAGMA integrity_check). A damaged file is
// renamed (Opening.Aside names it), the rooms that can still be read out
// of it are copied into a new file made in its place, and the new file is
// returned. A file that can be read but not written is returned read-only
// (Opening.ReadOnly). Open fails, and sets nothing aside, when another
// process holds the file, or when no store can be opened at all (the
// directory cannot be made or read, or the disk is full before a file
// exists); the Opening then says what was found on the way.
func Open(dir string) (*Store, Opening, error) {
	var o Opening
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, o, err
	}
	path := filepath.Join(dir, FileName)
	fi, serr := os.Stat(path)
	if serr == nil && !fi.Mode().IsRegular() {
		return setAside(path, fmt.Errorf("%s is not a regular file", path), nil)
	}
	s, err := openWritable(path)
	switch {
	case err == nil:
		return s, o, nil
	case isBusy(err):
		return nil, o, fmt.Errorf("room store %s: another process holds it: %w", path, err)
	case isDamage(err):
		return setAside(path, err, salvage(path))
	}
	if serr != nil {
		return nil, o, fmt.Errorf("room store %s: %w", path, err)
	}
	// The file cannot be written: read what it holds.
	ro, unread, rerr := openReadOnly(path)
	if rerr != nil {
		if isDamage(rerr) {
			// It can be neither written nor set aside: the rooms read out
			// of it are kept in a temporary copy, read-only.
			s, n, serr := salvagedCopy(path)
			if serr != nil {
				return nil, o, fmt.Errorf("room store %s cannot be written (%v), and is damaged: %w", path, err, rerr)
			}
			o.ReadOnly, o.Err, o.Damage, o.Salvaged = true, err, rerr, n
			return s, o, nil
		}
		return nil, o, fmt.Errorf("room store %s: %w", path, err)
	}
	o.ReadOnly, o.Err, o.LogUnread = true, err, unread
	return ro, o, nil
}

// setAside renames the damaged file at path, with its write-ahead log,
// and makes a new store in its place holding rooms.
func setAside(path string, damage error, rooms []lecture.Snapshot) (*Store, Opening, error) {
	o := Opening{Damage: damage, Aside: fmt.Sprintf("%s.damaged-%s", path, time.Now().UTC().Format("20060102T150405.000000000Z"))}
	if err := os.Rename(path, o.Aside); err != nil {
		o.Aside = ""
		return nil, o, fmt.Errorf("room store %s is damaged (%v); setting it aside: %w", path, damage, err)
	}
	// A log left by a process killed mid-write belongs to the old file:
	// replayed into the new one it would damage it.
	if err := os.Rename(path+"-wal", o.Aside+"-wal"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, o, fmt.Errorf("room store %s: setting its log aside: %w", path, err)
	}
	if err := os.Remove(path + "-shm"); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, o, fmt.Errorf("room store %s: %w", path, err)
	}
	s, err := openWritable(path)
	if err != nil {
		return nil, o, fmt.Errorf("room store %s: a new file in place of the damaged one: %w", path, err)
	}
	for _, snap := range rooms {
		if err := s.Save(snap); err != nil {
			s.Close()
			return nil, o, fmt.Errorf("room store %s: copying a room out of the damaged file: %w", path, err)
		}
		o.Salvaged++
	}
	return s, o, nil
}

// salvage returns the rooms that can be read out of a damaged file: the
// rows Load reads in the order of their codes up to the first that cannot
// be read, and those it reads in the reverse order, from the last code
// down to one that cannot be read, so that one bad page of the tree loses
// only the rooms behind it. A file that cannot be opened for reading where
// it is (a read-only file system: no lock, no log index) is read as it is.
func salvage(path string) []lecture.Snapshot {
	for _, m := range []mode{salvaging, salvagingAsIs} {
		if snaps, ok := salvageAs(path, m); ok {
			return snaps
		}
	}
	return nil
}

// salvageAs is salvage with the file opened in mode m; ok is false when
// it cannot be read at all that way (for want of a lock, say, not for
// its damage).
func salvageAs(path string, m mode) (snaps []lecture.Snapshot, ok bool) {
	s, err := open(path, m)
	if err != nil {
		return nil, false
	}
	defer s.Close()
	snaps, bad := s.load("ASC")
	if len(snaps) == 0 && len(bad) > 0 && !isDamage(bad[0]) {
		return nil, false
	}
	seen := map[string]bool{}
	for _, snap := range snaps {
		seen[snap.Code] = true
	}
	back, _ := s.load("DESC")
	for _, snap := range back {
		if !seen[snap.Code] {
			snaps = append(snaps, snap)
		}
	}
	return snaps, true
}

// openWritable opens the file at path for writing, checks it, and makes
// its table.
func openWritable(path string) (*Store, error) {
	s, err := checked(path, writable)
	if err != nil {
		return nil, err
	}
	for _, table := range []string{
		`CREATE TABLE IF NOT EXISTS rooms (code TEXT PRIMARY KEY, snapshot BLOB NOT NULL) WITHOUT ROWID`,
		// The rooms each browser presented (classroom's shelf): at is the
		// record's time in Unix nanoseconds, for ForgetPresented.
		`CREATE TABLE IF NOT EXISTS presented (browser TEXT NOT NULL, code TEXT NOT NULL, opened INTEGER NOT NULL,
			at INTEGER NOT NULL, record BLOB NOT NULL, PRIMARY KEY (browser, code, opened)) WITHOUT ROWID`,
	} {
		if _, err := s.conn.ExecContext(context.Background(), table); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// openReadOnly opens the file at path for reading, and checks it. On a
// read-only file system, where no lock can be taken and no log index
// made, SQLite cannot read the file's write-ahead log in place: a file
// with a log (left by a process killed before it closed the file) is
// read through a copy of both in a temporary directory, so the rooms
// committed to the log are restored too, and a file without one is read
// as it is (immutable). unread reports a log that could not be read
// (the copy failed): the store then holds the file's rooms alone.
func openReadOnly(path string) (s *Store, unread bool, err error) {
	if s, err = checked(path, readOnly); err == nil || isDamage(err) {
		return s, false, err
	}
	if fi, werr := os.Stat(path + "-wal"); werr == nil && fi.Size() > 0 {
		if s, cerr := openCopy(path); cerr == nil || isDamage(cerr) {
			return s, false, cerr
		}
		unread = true
	}
	s, err = checked(path, immutable)
	return s, unread && err == nil, err
}

// salvagedCopy copies the rooms that can be read out of the damaged file
// at path into a new store in a temporary directory, and returns it
// read-only, with how many rooms it holds; its Close removes it.
func salvagedCopy(path string) (*Store, int, error) {
	dir, err := os.MkdirTemp("", "lockstep-rooms-")
	if err != nil {
		return nil, 0, err
	}
	s, err := openWritable(filepath.Join(dir, FileName))
	if err != nil {
		os.RemoveAll(dir)
		return nil, 0, err
	}
	s.copyDir = dir
	rooms := salvage(path)
	for _, snap := range rooms {
		if err := s.Save(snap); err != nil {
			s.Close()
			return nil, 0, err
		}
	}
	s.readOnly = true
	return s, len(rooms), nil
}

// openCopy copies the file at path and its log into a new temporary
// directory and opens the copy for reading; the store's Close removes
// the copy.
func openCopy(path string) (*Store, error) {
	dir, err := os.MkdirTemp("", "lockstep-rooms-")
	if err != nil {
		return nil, err
	}
	dst := filepath.Join(dir, FileName)
	for _, suffix := range []string{"", "-wal"} {
		if err := copyFile(path+suffix, dst+suffix); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	s, err := checked(dst, readOnly)
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	s.copyDir = dir
	return s, nil
}

// copyFile copies the file src to a new file dst.
func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o600)
}

// checked opens the file at path in mode m and checks it.
func checked(path string, m mode) (*Store, error) {
	s, err := open(path, m)
	if err != nil {
		return nil, err
	}
	if err := s.check(); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// A mode is how open opens a file.
type mode int

const (
	writable      mode = iota
	readOnly           // read, with the locks of a reader
	immutable          // read as it is, no locks, no log
	salvaging          // read a damaged file, as far as it goes
	salvagingAsIs      // salvaging, immutable
)

// open opens the file at path on one connection. Writable, it is locked
// for this process alone (locking_mode EXCLUSIVE, taken at once), in WAL
// mode, each commit synced to disk before it returns.
func open(path string, m mode) (*Store, error) {
	q := url.Values{}
	if m != writable {
		q.Set("mode", "ro")
	}
	if m == immutable || m == salvagingAsIs {
		q.Set("immutable", "1")
	}
	connector, err := sqlite.NewConnector((&url.URL{Scheme: "file", OmitHost: true, Path: path, RawQuery: q.Encode()}).String())
	if err != nil {
		return nil, err
	}
	db := sql.OpenDB(connector)
	db.SetMaxOpenConns(1)
	s := &Store{db: db, readOnly: m != writable}
	ctx := context.Background()
	if s.conn, err = db.Conn(ctx); err != nil {
		db.Close()
		return nil, err
	}
	// The order matters: EXCLUSIVE before the first access in WAL mode
	// keeps the log's index in memory, with no -shm file to share.
	pragmas := []string{fmt.Sprintf("PRAGMA busy_timeout = %d", lockTimeout.Milliseconds())}
	if m == salvaging || m == salvagingAsIs {
		// A file cut short is read up to its end, not refused.
		pragmas = append(pragmas, "PRAGMA writable_schema = ON")
	}
	if m == writable {
		pragmas = append(pragmas, "PRAGMA locking_mode = EXCLUSIVE", "PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL",
			// An empty write transaction takes the lock now, not at the
			// first room saved.
			"BEGIN EXCLUSIVE", "COMMIT")
	}
	for _, p := range pragmas {
		if _, err := s.conn.ExecContext(ctx, p); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// errDamaged is a file PRAGMA integrity_check finds fault with.
var errDamaged = errors.New("the file is damaged")

// check reads the whole file (PRAGMA integrity_check).
func (s *Store) check() error {
	var verdict string
	if err := s.conn.QueryRowContext(context.Background(), "PRAGMA integrity_check(1)").Scan(&verdict); err != nil {
		return err
	}
	if verdict != "ok" {
		return fmt.Errorf("%w: %s", errDamaged, verdict)
	}
	return nil
}

// code is SQLite's primary result code of err, or 0.
func code(err error) int {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() & 0xff
	}
	return 0
}

// isBusy is an error of a file another process holds.
func isBusy(err error) bool {
	c := code(err)
	return c == sqlite3.SQLITE_BUSY || c == sqlite3.SQLITE_LOCKED
}

// isDamage is an error of a file that is not a sound store.
func isDamage(err error) bool {
	c := code(err)
	return errors.Is(err, errDamaged) || c == sqlite3.SQLITE_CORRUPT || c == sqlite3.SQLITE_NOTADB || c == sqlite3.SQLITE_FORMAT
}

// Writable reports whether Save and Delete can write: false for a store
// opened for reading only.
func (s *Store) Writable() bool { return !s.readOnly }

// Load returns every snapshot the file holds, and an error for each it
// cannot read (those are left out); reading stops at a row of a damaged
// file that cannot be read at all.
func (s *Store) Load() (snaps []lecture.Snapshot, bad []error) { return s.load("ASC") }

// load is Load, in the order of the codes (order is ASC or DESC).
func (s *Store) load(order string) (snaps []lecture.Snapshot, bad []error) {
	rows, err := s.conn.QueryContext(context.Background(), "SELECT code, snapshot FROM rooms ORDER BY code "+order)
	if err != nil {
		return nil, []error{err}
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		var v []byte
		if err := rows.Scan(&k, &v); err != nil {
			bad = append(bad, err)
			continue
		}
		var snap lecture.Snapshot
		if err := json.Unmarshal(v, &snap); err != nil {
			bad = append(bad, fmt.Errorf("room %q: %w", k, err))
			continue
		}
		if snap.Code != k {
			bad = append(bad, fmt.Errorf("room %q: the snapshot is of room %q", k, snap.Code))
			continue
		}
		snaps = append(snaps, snap)
	}
	if err := rows.Err(); err != nil {
		bad = append(bad, err)
	}
	return snaps, bad
}

// Save writes snap, replacing the room's earlier snapshot. It returns
// once the write is on disk.
func (s *Store) Save(snap lecture.Snapshot) error {
	if s.readOnly {
		return ErrReadOnly
	}
	data, err := json.Marshal(snap)
	if err != nil {
		return err
	}
	_, err = s.conn.ExecContext(context.Background(), "INSERT OR REPLACE INTO rooms (code, snapshot) VALUES (?, ?)", snap.Code, data)
	return err
}

// Delete forgets room code.
func (s *Store) Delete(code string) error {
	if s.readOnly {
		return ErrReadOnly
	}
	_, err := s.conn.ExecContext(context.Background(), "DELETE FROM rooms WHERE code = ?", code)
	return err
}

// LoadPresented returns the records of the rooms browsers presented. A
// file made before the records were kept has none. A record that cannot
// be read is skipped: it is a line of a browser's list, not a room.
func (s *Store) LoadPresented() ([]lecture.Presented, error) {
	rows, err := s.conn.QueryContext(context.Background(), "SELECT record FROM presented")
	if err != nil {
		if code(err) == sqlite3.SQLITE_ERROR {
			return nil, nil // no such table: a read-only file from before
		}
		return nil, err
	}
	defer rows.Close()
	var out []lecture.Presented
	for rows.Next() {
		var v []byte
		var p lecture.Presented
		if rows.Scan(&v) == nil && json.Unmarshal(v, &p) == nil {
			out = append(out, p)
		}
	}
	return out, rows.Err()
}

// SavePresented writes p, replacing its browser's record of the room.
func (s *Store) SavePresented(p lecture.Presented) error {
	if s.readOnly {
		return ErrReadOnly
	}
	data, err := json.Marshal(p)
	if err != nil {
		return err
	}
	_, err = s.conn.ExecContext(context.Background(),
		"INSERT OR REPLACE INTO presented (browser, code, opened, at, record) VALUES (?, ?, ?, ?, ?)",
		p.Browser, p.Code, p.Opened.UnixNano(), p.At.UnixNano(), data)
	return err
}

// ForgetPresented deletes the records taken before before.
func (s *Store) ForgetPresented(before time.Time) error {
	if s.readOnly {
		return ErrReadOnly
	}
	_, err := s.conn.ExecContext(context.Background(), "DELETE FROM presented WHERE at < ?", before.UnixNano())
	return err
}

// Close closes the file, folding its log into it (a store read through
// a copy removes the copy).
func (s *Store) Close() error {
	cerr := s.conn.Close()
	err := errors.Join(cerr, s.db.Close())
	if s.copyDir != "" {
		err = errors.Join(err, os.RemoveAll(s.copyDir))
	}
	return err
}

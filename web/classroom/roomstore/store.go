package roomstore

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	bolt "go.etcd.io/bbolt"
	bolterrors "go.etcd.io/bbolt/errors"

	"lockstep/web/classroom/lecture"
)

// FileName is the store's file in its directory.
const FileName = "rooms.db"

// lockTimeout is how long Open waits for another process's lock on the
// file.
const lockTimeout = time.Second

// bucket holds the snapshots, by room code.
var bucket = []byte("rooms")

// A Store is an open room file. It is safe for concurrent use.
type Store struct {
	db *bolt.DB
}

// Open opens DIR/rooms.db, creating DIR and the file as needed. A file
// that is not a readable store is renamed (aside names it) and a new one
// is made in its place. It fails when the directory cannot be written or
// another process holds the file.
func Open(dir string) (s *Store, aside string, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, "", err
	}
	path := filepath.Join(dir, FileName)
	db, err := open(path)
	if err != nil && !errors.Is(err, bolterrors.ErrTimeout) && !errors.Is(err, os.ErrPermission) {
		aside = fmt.Sprintf("%s.corrupt-%s", path, time.Now().UTC().Format("20060102T150405Z"))
		if rerr := os.Rename(path, aside); rerr != nil {
			return nil, "", fmt.Errorf("%w; setting it aside: %v", err, rerr)
		}
		db, err = open(path)
	}
	if err != nil {
		return nil, aside, fmt.Errorf("room store %s: %w", path, err)
	}
	return &Store{db: db}, aside, nil
}

// open opens the bbolt file at path and makes its bucket. bbolt may
// panic on a damaged file instead of failing: that is an error too.
func open(path string) (db *bolt.DB, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("the file is damaged: %v", p)
		}
	}()
	db, err = bolt.Open(path, 0o600, &bolt.Options{Timeout: lockTimeout})
	if err != nil {
		return nil, err
	}
	err = db.Update(func(tx *bolt.Tx) error {
		_, err := tx.CreateBucketIfNotExists(bucket)
		return err
	})
	if err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// Load returns every snapshot the file holds, and an error for each it
// cannot read (those are left out).
func (s *Store) Load() (snaps []lecture.Snapshot, bad []error) {
	defer func() {
		if p := recover(); p != nil {
			bad = append(bad, fmt.Errorf("the file is damaged: %v", p))
		}
	}()
	err := s.db.View(func(tx *bolt.Tx) error {
		return tx.Bucket(bucket).ForEach(func(k, v []byte) error {
			var snap lecture.Snapshot
			if err := json.Unmarshal(v, &snap); err != nil {
				bad = append(bad, fmt.Errorf("room %q: %w", k, err))
				return nil
			}
			if snap.Code != string(k) {
				bad = append(bad, fmt.Errorf("room %q: the snapshot is of room %q", k, snap.Code))
				return nil
			}
			snaps = append(snaps, snap)
			return nil
		})
	})
	if err != nil {
		bad = append(bad, err)
	}
	return snaps, bad
}

// Save writes snap, replacing the room's earlier snapshot. It returns
// once the write is on disk.
func (s *Store) Save(snap lecture.Snapshot) error {
	data, err := json.Marshal(snap)
	if err != nil {
		return err
	}
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Put([]byte(snap.Code), data) })
}

// Delete forgets room code.
func (s *Store) Delete(code string) error {
	return s.db.Update(func(tx *bolt.Tx) error { return tx.Bucket(bucket).Delete([]byte(code)) })
}

// Close closes the file.
func (s *Store) Close() error { return s.db.Close() }

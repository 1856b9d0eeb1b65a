package classroom

import (
	"errors"
	"sync"
	"time"

	"lockstep/web/classroom/lecture"
)

// A Store keeps rooms across restarts of the server (package roomstore
// keeps them in a file). Save and Delete may be slow (a write to disk):
// the rooms call them from one goroutine of their own, never while a room
// is locked.
type Store interface {
	// Load returns the rooms stored, and an error for each that cannot
	// be read.
	Load() ([]lecture.Snapshot, []error)
	// Save replaces the stored snapshot of a room.
	Save(lecture.Snapshot) error
	// Delete forgets a room.
	Delete(code string) error
	// Writable is false for a store that can only be loaded from (its
	// file is read-only): its rooms are restored, and nothing is saved.
	Writable() bool

	// LoadPresented returns the records of the rooms browsers presented
	// (shelf.go).
	LoadPresented() ([]lecture.Presented, error)
	// SavePresented writes p, replacing its browser's record of the room.
	SavePresented(p lecture.Presented) error
	// ForgetPresented deletes the records taken before before.
	ForgetPresented(before time.Time) error
}

// A saver writes rooms that changed to the store: a room reports each
// change (lecture.Hub.Notify) by noting its code; the saver's goroutine
// then saves the room as it is, or deletes it once it has closed. Changes
// that come faster than the disk cost one write each time the goroutine
// comes round, not one each.
type saver struct {
	hub       *lecture.Hub
	store     Store
	fail      func(code string, err error)
	recovered func()
	failing   bool // the last write failed; only the goroutine uses it

	mu        sync.Mutex
	dirty     map[string]bool
	presented []lecture.Presented // records to write
	wake      chan struct{}       // holds a token while something is to write
	stop      chan struct{}       // closed by close
	done      chan struct{}       // closed when the goroutine returns
}

// newSaver starts the goroutine that saves hub's rooms to store; fail
// hears of a write that failed after one that did not (the first of a
// run of failures), and recovered of the first write that succeeded after
// it, so that a full disk is reported once, not at every change.
func newSaver(hub *lecture.Hub, store Store, fail func(code string, err error), recovered func()) *saver {
	sv := &saver{hub: hub, store: store, fail: fail, recovered: recovered, dirty: map[string]bool{},
		wake: make(chan struct{}, 1), stop: make(chan struct{}), done: make(chan struct{})}
	hub.Notify(sv.note)
	go sv.run()
	return sv
}

// note records that room code changed. It never blocks.
func (sv *saver) note(code string) {
	sv.mu.Lock()
	sv.dirty[code] = true
	sv.mu.Unlock()
	sv.poke()
}

// notePresented queues p to be written. It never blocks.
func (sv *saver) notePresented(p lecture.Presented) {
	sv.mu.Lock()
	sv.presented = append(sv.presented, p)
	sv.mu.Unlock()
	sv.poke()
}

// poke wakes the goroutine.
func (sv *saver) poke() {
	select {
	case sv.wake <- struct{}{}:
	default:
	}
}

func (sv *saver) run() {
	defer close(sv.done)
	for {
		select {
		case <-sv.wake:
			sv.flush()
		case <-sv.stop:
			sv.flush()
			return
		}
	}
}

// flush writes every room and record noted since the last flush.
func (sv *saver) flush() {
	sv.mu.Lock()
	codes, records := sv.dirty, sv.presented
	sv.dirty, sv.presented = map[string]bool{}, nil
	sv.mu.Unlock()
	for code := range codes {
		var err error
		if room, lerr := sv.hub.Lookup(code); lerr == nil {
			err = sv.store.Save(room.Snapshot())
		} else if errors.Is(lerr, lecture.ErrNoRoom) {
			err = sv.store.Delete(code)
		}
		sv.report(code, err)
	}
	for _, p := range records {
		sv.report(p.Code, sv.store.SavePresented(p))
	}
}

// report hears how a write of room code went.
func (sv *saver) report(code string, err error) {
	switch {
	case err != nil && !sv.failing:
		sv.failing = true
		sv.fail(code, err)
	case err == nil && sv.failing:
		sv.failing = false
		sv.recovered()
	}
}

// close writes what is left and stops the goroutine.
func (sv *saver) close() {
	close(sv.stop)
	<-sv.done
}

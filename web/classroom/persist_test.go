package classroom

import (
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"lockstep/web/classroom/lecture"
	"lockstep/web/internal/webtest"
)

// flakyStore fails its writes while full is set.
type flakyStore struct {
	mu    sync.Mutex
	full  bool
	saved int
}

func (f *flakyStore) Load() ([]lecture.Snapshot, []error) { return nil, nil }
func (f *flakyStore) Writable() bool                      { return true }
func (f *flakyStore) Delete(string) error                 { return nil }
func (f *flakyStore) Save(lecture.Snapshot) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.full {
		return errors.New("disk full")
	}
	f.saved++
	return nil
}

// TestSaverReportsARunOfFailuresOnce: a disk that stays full is reported
// at its first failed write, not at every change, and its recovery once.
func TestSaverReportsARunOfFailuresOnce(t *testing.T) {
	hub := lecture.NewHub(lecture.Limits{})
	store := &flakyStore{full: true}
	var fails, recoveries int
	// The saver's goroutine is not started: the test flushes.
	sv := &saver{hub: hub, store: store, dirty: map[string]bool{},
		fail: func(string, error) { fails++ }, recovered: func() { recoveries++ }}
	room, _, err := hub.Open("")
	if err != nil {
		t.Fatal(err)
	}
	code := room.Snapshot().Code
	for range 5 {
		sv.note(code)
		sv.flush()
	}
	store.mu.Lock()
	store.full = false
	store.mu.Unlock()
	sv.note(code)
	sv.flush()
	sv.note(code)
	sv.flush()
	if fails != 1 || recoveries != 1 || store.saved != 2 {
		t.Errorf("fails %d, recoveries %d, saves %d; want 1, 1 and 2", fails, recoveries, store.saved)
	}
}

func (f *flakyStore) LoadPresented() ([]lecture.Presented, error) { return nil, nil }
func (f *flakyStore) SavePresented(lecture.Presented) error       { return nil }
func (f *flakyStore) ForgetPresented(time.Time) error             { return nil }

// fullStore holds rooms and fails every write, as a full disk does.
type fullStore struct{ snaps []lecture.Snapshot }

func (f *fullStore) Load() ([]lecture.Snapshot, []error)         { return f.snaps, nil }
func (f *fullStore) Writable() bool                              { return true }
func (f *fullStore) Delete(string) error                         { return errors.New("disk full") }
func (f *fullStore) Save(lecture.Snapshot) error                 { return errors.New("disk full") }
func (f *fullStore) LoadPresented() ([]lecture.Presented, error) { return nil, nil }
func (f *fullStore) SavePresented(lecture.Presented) error       { return errors.New("disk full") }
func (f *fullStore) ForgetPresented(time.Time) error             { return errors.New("disk full") }

// TestRestoreOnAFullDisk: the rooms that expired while the server was
// down cannot be deleted from a full disk's store; that is said once, not
// once a room.
func TestRestoreOnAFullDisk(t *testing.T) {
	other := lecture.NewHub(lecture.Limits{})
	store := &fullStore{}
	for range 3 {
		room, _, err := other.Open("")
		if err != nil {
			t.Fatal(err)
		}
		snap := room.Snapshot()
		snap.Opened = time.Now().Add(-24 * time.Hour)
		snap.LastActive = snap.Opened
		store.snaps = append(store.snaps, snap)
	}
	var log webtest.LogBuffer
	rs := &Rooms{log: slog.New(slog.NewTextHandler(&log, nil)), hub: lecture.NewHub(lecture.Limits{})}
	rs.restore(store)
	if n := strings.Count(log.String(), "cannot be deleted"); n != 1 || !strings.Contains(log.String(), "rooms=3") {
		t.Errorf("the log:\n%s\nwant one line for the 3 deletes that failed", log.String())
	}
}

package roomstore

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"lockstep/web/classroom/lecture"
)

// The fault-injection tests damage a store holding rooms in every way a
// disk or an operator can, and check that no damage crashes it: Open
// either returns a store that serves (reads back only rooms that were
// saved, as saved, and takes new ones that a second Open finds without
// setting anything aside again) or fails with an error, and says which.
// By default they try a few pages and cuts of each kind; with
// LOCKSTEP_STORE_FAULTS=1 every page and every cut.

// pageSize is SQLite's default page size, the unit of the damage.
const pageSize = 4096

// faultRooms is how many rooms the damaged store holds: enough for a
// tree of several pages.
const faultRooms = 40

// fullFaults reports whether to try every page and cut.
func fullFaults() bool { return os.Getenv("LOCKSTEP_STORE_FAULTS") == "1" }

// fixture returns the bytes of a store holding faultRooms rooms, closed
// cleanly, and its rooms by code.
func fixture(t *testing.T) ([]byte, map[string]lecture.Snapshot) {
	t.Helper()
	dir := t.TempDir()
	s, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	rooms := map[string]lecture.Snapshot{}
	for i := range faultRooms {
		r := snap(fmt.Sprintf("R%05d", i))
		// A long schedule makes each snapshot a good part of a page.
		r.Position.Schedule = strings.Repeat("W1 D1 ", 150+i)
		if err := s.Save(r); err != nil {
			t.Fatal(err)
		}
		rooms[r.Code] = r
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 8*pageSize || len(b)%pageSize != 0 {
		t.Fatalf("the fixture is %d bytes; want several whole pages", len(b))
	}
	return b, rooms
}

// pick returns every index below n when the run is full, else the first
// two, the last and a few between.
func pick(n int) []int {
	var is []int
	for i := range n {
		if fullFaults() || i < 2 || i == n-1 || i%7 == 3 {
			is = append(is, i)
		}
	}
	return is
}

func TestEveryPageOverwritten(t *testing.T) {
	pristine, rooms := fixture(t)
	rng := rand.New(rand.NewPCG(1, 2))
	for _, page := range pick(len(pristine) / pageSize) {
		damaged := bytes.Clone(pristine)
		for i := page * pageSize; i < (page+1)*pageSize; i++ {
			damaged[i] = byte(rng.Uint32())
		}
		t.Run(fmt.Sprintf("page%d", page), func(t *testing.T) { survives(t, damaged, rooms) })
	}
}

func TestEveryCut(t *testing.T) {
	pristine, rooms := fixture(t)
	for _, page := range pick(len(pristine)/pageSize + 1) {
		for _, at := range []int{page * pageSize, page*pageSize + pageSize/2 + 17} {
			if at > len(pristine) {
				continue
			}
			t.Run(fmt.Sprintf("at%d", at), func(t *testing.T) { survives(t, pristine[:at], rooms) })
		}
	}
}

func TestEmptyFile(t *testing.T) {
	_, rooms := fixture(t)
	survives(t, nil, rooms)
}

// survives writes content as the store's file and checks what Open makes
// of it.
func survives(t *testing.T, content []byte, rooms map[string]lecture.Snapshot) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, content, 0o600); err != nil {
		t.Fatal(err)
	}
	s, o, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v (%+v); want a store in place of a damaged file", err, o)
	}
	if o.Aside != "" {
		if o.Damage == nil {
			t.Errorf("%s was set aside with no damage named", o.Aside)
		}
		if b, err := os.ReadFile(o.Aside); err != nil || !bytes.Equal(b, content) {
			t.Errorf("the file set aside is not the damaged one: %v", err)
		}
	}
	if o.ReadOnly || !s.Writable() {
		t.Errorf("a file in a writable directory was opened read-only: %v", o.Err)
	}
	kept := loadKept(t, s, rooms)
	if o.Aside != "" && o.Salvaged != len(kept) {
		t.Errorf("Open says it copied %d rooms out of the damaged file; the new one holds %d", o.Salvaged, len(kept))
	}
	extra := snap("NEWONE")
	if err := s.Save(extra); err != nil {
		t.Errorf("Save to the store in place of a damaged file: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	s, o2, err := Open(dir)
	if err != nil || o2 != (Opening{}) {
		t.Fatalf("the second Open: %v, %+v; want the store made by the first, nothing set aside again", err, o2)
	}
	defer s.Close()
	again := loadKept(t, s, map[string]lecture.Snapshot{extra.Code: extra})
	if _, ok := again[extra.Code]; !ok {
		t.Errorf("the room saved after the first Open is lost")
	}
	for code := range kept {
		if _, ok := again[code]; !ok {
			t.Errorf("room %s, kept at the first Open, is lost at the second", code)
		}
	}
	if o.Aside != "" {
		t.Logf("set aside (%v); %d of %d rooms kept", o.Damage, len(kept), len(rooms))
	}
}

// loadKept loads s and checks that each room it holds is one of want
// (or of rooms saved before), as saved; it returns them by code.
func loadKept(t *testing.T, s *Store, want map[string]lecture.Snapshot) map[string]lecture.Snapshot {
	t.Helper()
	snaps, _ := s.Load()
	kept := map[string]lecture.Snapshot{}
	for _, got := range snaps {
		w, ok := want[got.Code]
		if !ok && len(want) == 1 {
			kept[got.Code] = got // a room the first Open kept
			continue
		}
		if !ok || !reflect.DeepEqual(normal(got), normal(w)) {
			t.Errorf("Load returned room %s, which is not a room saved as saved", got.Code)
			continue
		}
		kept[got.Code] = got
	}
	return kept
}

// normal drops the monotonic part of a snapshot's times, which JSON does
// not keep.
func normal(s lecture.Snapshot) lecture.Snapshot {
	s.Opened, s.LastActive = s.Opened.Round(0), s.LastActive.Round(0)
	return s
}

func TestDirectoryInPlaceOfTheFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, FileName), 0o700); err != nil {
		t.Fatal(err)
	}
	s, o, err := Open(dir)
	if err != nil || o.Aside == "" {
		t.Fatalf("Open: %v, %+v; want the directory set aside and a new store", err, o)
	}
	if fi, err := os.Stat(o.Aside); err != nil || !fi.IsDir() {
		t.Errorf("the directory was not set aside: %v", err)
	}
	if err := s.Save(snap("ABCDEF")); err != nil {
		t.Error(err)
	}
	s.Close()
	if s, o, err := Open(dir); err != nil || o != (Opening{}) {
		t.Errorf("the second Open: %v, %+v", err, o)
	} else {
		s.Close()
	}
}

// mountTmpfs mounts a tmpfs of size bytes on dir, for the cases a
// directory's mode cannot make when the tests run as root; it skips the
// test when it cannot.
func mountTmpfs(t *testing.T, dir string, size int) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small file system needs root")
	}
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", fmt.Sprintf("size=%d", size), "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("mount: %v: %s", err, out)
	}
	t.Cleanup(func() {
		if out, err := exec.Command("umount", dir).CombinedOutput(); err != nil {
			t.Errorf("umount: %v: %s", err, out)
		}
	})
}

// storeWithRooms makes a store in dir holding rooms, and closes it.
func storeWithRooms(t *testing.T, dir string, codes ...string) {
	t.Helper()
	s, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range codes {
		if err := s.Save(snap(c)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestReadOnlyDirectory opens a store on a file system that cannot be
// written: closed cleanly, and as a process killed mid-lecture leaves it
// (its last rooms in the write-ahead log only, which SQLite cannot read
// in place there). Every room committed is restored, read-only.
func TestReadOnlyDirectory(t *testing.T) {
	db, wal, rooms := liveStore(t)
	killed := map[string][]byte{FileName: db, FileName + "-wal": wal}
	for _, tc := range []struct {
		name   string
		files  map[string][]byte
		noTemp bool // no temporary directory to copy the file to
		want   int  // the rooms restored
	}{
		{"closed", nil, false, 2},
		{"killed, with its log", killed, false, len(rooms)},
		// The rooms in the log are lost, and Opening says so.
		{"killed, with its log, nowhere to copy it", killed, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.noTemp {
				t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
			}
			dir := readOnlyDir(t, func(dir string) {
				if tc.files == nil {
					storeWithRooms(t, dir, "ABCDEF", "GHJKLM")
				}
				writeFiles(t, dir, tc.files)
			})
			s, o, err := Open(dir)
			if err != nil {
				t.Fatalf("Open of a store in a read-only directory: %v, %+v", err, o)
			}
			defer s.Close()
			if !o.ReadOnly || o.Err == nil || o.Aside != "" || o.LogUnread != tc.noTemp || s.Writable() {
				t.Errorf("Open = %+v, writable %v; want read-only, saying why, its log read (%v), nothing set aside", o, s.Writable(), !tc.noTemp)
			}
			if snaps, bad := s.Load(); len(snaps) != tc.want || (len(bad) != 0 && !tc.noTemp) {
				t.Errorf("Load = %d rooms, %v; want the %d rooms committed", len(snaps), bad, tc.want)
			}
			if err := s.Save(snap("MNPQRS")); !errors.Is(err, ErrReadOnly) {
				t.Errorf("Save to a read-only store: %v, want ErrReadOnly", err)
			}
			if s.copyDir != "" {
				s.Close()
				if _, err := os.Stat(s.copyDir); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the copy %s outlived Close: %v", s.copyDir, err)
				}
			}
		})
	}
}

// TestDamagedInAReadOnlyDirectory: a damaged file that can be neither
// written nor set aside still gives the rooms that can be read out of it,
// from a temporary copy, read-only, and Opening says it was damaged.
func TestDamagedInAReadOnlyDirectory(t *testing.T) {
	good, rooms := fixture(t)
	bad := bytes.Clone(good)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 3 * pageSize; i < 4*pageSize; i++ { // a leaf of the table's tree
		bad[i] = byte(rng.Uint32())
	}
	dir := readOnlyDir(t, func(dir string) { writeFiles(t, dir, map[string][]byte{FileName: bad}) })
	s, o, err := Open(dir)
	if err != nil {
		t.Fatalf("Open: %v, %+v", err, o)
	}
	if !o.ReadOnly || o.Damage == nil || o.Aside != "" || s.Writable() {
		t.Errorf("Open = %+v, writable %v; want read-only, damaged, nothing set aside", o, s.Writable())
	}
	kept := loadKept(t, s, rooms)
	if len(kept) == 0 || len(kept) != o.Salvaged || len(kept) == len(rooms) {
		t.Errorf("%d rooms restored, %d said salvaged, of %d; want those the damage spared", len(kept), o.Salvaged, len(rooms))
	}
	copyDir := s.copyDir
	if err := s.Close(); err != nil {
		t.Error(err)
	}
	if _, err := os.Stat(copyDir); copyDir == "" || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the copy %q outlived Close: %v", copyDir, err)
	}
}

// readOnlyDir makes a directory that fill fills, then makes it read-only:
// a read-only tmpfs when the tests run as root, whom a directory's mode
// does not stop, the directory's mode otherwise.
func readOnlyDir(t *testing.T, fill func(dir string)) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() != 0 {
		fill(dir)
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o700) })
		return dir
	}
	mountTmpfs(t, dir, 1<<20)
	fill(dir)
	if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
		t.Skipf("remount read-only: %v: %s", err, out)
	}
	return dir
}

// writeFiles writes each file of files, by name, into dir.
func writeFiles(t *testing.T, dir string, files map[string][]byte) {
	t.Helper()
	for name, b := range files {
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDiskFull(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	mountTmpfs(t, dir, 256<<10)
	storeWithRooms(t, dir, "ABCDEF", "GHJKLM")
	filler := filepath.Join(dir, "filler")
	f, err := os.Create(filler)
	if err != nil {
		t.Fatal(err)
	}
	for _, err = f.Write(make([]byte, 4096)); err == nil; _, err = f.Write(make([]byte, 4096)) {
	}
	f.Close()

	s, o, err := Open(dir)
	if err != nil || o != (Opening{}) {
		t.Fatalf("Open of a sound store on a full disk: %v, %+v; want it opened as it is", err, o)
	}
	if snaps, _ := s.Load(); len(snaps) != 2 {
		t.Errorf("Load on a full disk = %d rooms, want 2", len(snaps))
	}
	big := snap("MNPQRS")
	big.Position.Schedule = strings.Repeat("W1 D1 ", 20000)
	if err := s.Save(big); err == nil {
		t.Errorf("Save of %d bytes on a full disk succeeded", len(big.Position.Schedule))
	}
	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if err := s.Save(big); err != nil {
		t.Errorf("Save once the disk has room again: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Error(err)
	}
	s, o, err = Open(dir)
	if err != nil || o != (Opening{}) {
		t.Fatalf("Open after the disk was full: %v, %+v", err, o)
	}
	defer s.Close()
	if snaps, bad := s.Load(); len(snaps) != 3 || len(bad) != 0 {
		t.Errorf("Load after the disk was full = %d rooms, %v; want 3", len(snaps), bad)
	}
}

func TestDiskFullBeforeTheFileExists(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	mountTmpfs(t, dir, 64<<10)
	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	for _, err = f.Write(make([]byte, 4096)); err == nil; _, err = f.Write(make([]byte, 4096)) {
	}
	f.Close()
	s, o, err := Open(dir)
	if err == nil {
		s.Close()
		t.Fatalf("Open on a full disk with no store made one: %+v", o)
	}
	if o.Aside != "" {
		t.Errorf("Open on a full disk set %s aside", o.Aside)
	}
}

// TestKilledWithItsLog copies a store that is open, as a process killed
// mid-lecture leaves it (the file and its write-ahead log), then damages
// the log: the rooms committed are read back from a sound log, and a
// damaged one costs at most the rooms it holds.
func TestKilledWithItsLog(t *testing.T) {
	db, wal, rooms := liveStore(t)
	for _, tc := range []struct {
		name string
		wal  func([]byte) []byte
		all  bool
	}{
		{"sound", func(b []byte) []byte { return b }, true},
		{"cut", func(b []byte) []byte { return b[:len(b)/2] }, false},
		{"overwritten", func(b []byte) []byte {
			b = bytes.Clone(b)
			for i := len(b) / 3; i < len(b)/3+pageSize; i++ {
				b[i] ^= 0x5a
			}
			return b
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, FileName), db, 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, FileName+"-wal"), tc.wal(wal), 0o600); err != nil {
				t.Fatal(err)
			}
			s, o, err := Open(dir)
			if err != nil {
				t.Fatalf("Open: %v, %+v", err, o)
			}
			defer s.Close()
			kept := loadKept(t, s, rooms)
			if tc.all && (len(kept) != len(rooms) || o != (Opening{})) {
				t.Errorf("from a sound log: %d of %d rooms, %+v; want all, nothing set aside", len(kept), len(rooms), o)
			}
			if err := s.Save(snap("NEWONE")); err != nil {
				t.Errorf("Save: %v", err)
			}
		})
	}
}

// liveStore returns the bytes of a store that is open, as a process
// killed mid-lecture leaves it: the file, and its write-ahead log, which
// holds every room saved (none is in the file yet), and its rooms.
func liveStore(t *testing.T) (db, wal []byte, rooms map[string]lecture.Snapshot) {
	t.Helper()
	live := t.TempDir()
	s, _, err := Open(live)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	rooms = map[string]lecture.Snapshot{}
	for _, c := range []string{"ABCDEF", "GHJKLM", "MNPQRS"} {
		rooms[c] = snap(c)
		if err := s.Save(rooms[c]); err != nil {
			t.Fatal(err)
		}
	}
	if db, err = os.ReadFile(filepath.Join(live, FileName)); err != nil {
		t.Fatal(err)
	}
	wal, err = os.ReadFile(filepath.Join(live, FileName+"-wal"))
	if err != nil || len(wal) == 0 {
		t.Fatalf("the open store has no log: %v", err)
	}
	return db, wal, rooms
}

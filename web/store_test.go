package web

import (
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"lockstep/web/classroom/roomstore"
	"lockstep/web/internal/webtest"
)

// TestDamagedStore damages the room file of a server that kept a room,
// starts a server on it, and checks that it serves, opens and keeps a new
// room, and says in one line of its log what became of the file; the
// next server on the directory finds the new room, sets nothing aside,
// and says the rooms are kept. (Package roomstore tries every page and
// cut; this checks what the server makes of each kind of outcome.)
func TestDamagedStore(t *testing.T) {
	tests := []struct {
		name   string
		damage func(t *testing.T, dir string)
		say    string // the log line about the store
	}{
		{"sound", func(*testing.T, string) {}, "room store: rooms are kept across restarts"},
		{"overwritten", func(t *testing.T, dir string) {
			overwrite(t, filepath.Join(dir, roomstore.FileName), 0, 4096)
		}, "room store: the file was damaged; it is set aside"},
		{"cut", func(t *testing.T, dir string) {
			if err := os.Truncate(filepath.Join(dir, roomstore.FileName), 4096+100); err != nil {
				t.Fatal(err)
			}
		}, "room store: the file was damaged; it is set aside"},
		{"directory", func(t *testing.T, dir string) {
			path := filepath.Join(dir, roomstore.FileName)
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(path, 0o700); err != nil {
				t.Fatal(err)
			}
		}, "room store: the file was damaged; it is set aside"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			first := newTestServer(t, Config{DataDir: dir})
			ts := httptest.NewServer(first.Handler())
			openRoom(t, ts)
			ts.Close()
			if err := first.Close(); err != nil {
				t.Fatal(err)
			}
			tc.damage(t, dir)

			code := serveOnStore(t, dir, tc.say)
			if !strings.Contains(serveOnStoreLog(t, dir, code), "room store: rooms are kept across restarts") {
				t.Errorf("the next server did not keep the rooms")
			}
		})
	}
}

// TestStoreInUse starts a second server on a directory a first one
// holds: it serves, with rooms in memory, and says so once.
func TestStoreInUse(t *testing.T) {
	dir := t.TempDir()
	first := newTestServer(t, Config{DataDir: dir})
	defer first.Close()
	var log webtest.LogBuffer
	second := newTestServer(t, Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	defer second.Close()
	ts := httptest.NewServer(second.Handler())
	defer ts.Close()
	openRoom(t, ts)
	if lines := storeLines(log.String()); len(lines) != 1 || !strings.Contains(lines[0], "rooms will not survive a restart: the room store cannot be opened") {
		t.Errorf("the log says of the store:\n%s\nwant one line: rooms will not survive a restart", strings.Join(lines, "\n"))
	}
}

// TestReadOnlyStoreOfAKilledServer copies the data directory of a server
// that is running, as a server killed mid-lecture leaves it (its last
// rooms in the room file's log alone), to a directory that cannot be
// written: a server there serves every room, and says once that changes
// will not survive a restart.
func TestReadOnlyStoreOfAKilledServer(t *testing.T) {
	live := t.TempDir()
	first := newTestServer(t, Config{DataDir: live})
	ts := httptest.NewServer(first.Handler())
	code, _ := openRoom(t, ts)
	ts.Close()
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 { // a directory's mode does not stop root
		if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir).CombinedOutput(); err != nil {
			t.Skipf("mount: %v: %s", err, out)
		}
		t.Cleanup(func() { exec.Command("umount", dir).Run() })
	}
	for _, name := range []string{roomstore.FileName, roomstore.FileName + "-wal", "browser.key"} {
		b, err := os.ReadFile(filepath.Join(live, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
			t.Skipf("remount read-only: %v: %s", err, out)
		}
	} else {
		if err := os.Chmod(dir, 0o500); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o700) })
	}
	log := serveOnStoreLog(t, dir, code)
	if lines := storeLines(log); len(lines) != 1 || !strings.Contains(lines[0], "room store: the file cannot be written; its rooms are restored, but rooms will not survive a restart") {
		t.Errorf("the log says of the store:\n%s\nwant: its rooms are restored", strings.Join(lines, "\n"))
	}
}

// serveOnStore starts a server on dir, checks that it serves and that its
// log says say, and only that, of the store; it opens a room and returns
// its code.
func serveOnStore(t *testing.T, dir, say string) string {
	t.Helper()
	var log webtest.LogBuffer
	srv := newTestServer(t, Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	ts := httptest.NewServer(srv.Handler())
	resp, err := ts.Client().Get(ts.URL + "/")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("GET /: %v, %v", resp, err)
	}
	resp.Body.Close()
	code, _ := openRoom(t, ts)
	ts.Close()
	if err := srv.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if lines := storeLines(log.String()); len(lines) != 1 || !strings.Contains(lines[0], say) {
		t.Errorf("the log says of the store:\n%s\nwant one line: %s", strings.Join(lines, "\n"), say)
	}
	return code
}

// serveOnStoreLog starts a server on dir, checks that room code is open,
// and returns its log.
func serveOnStoreLog(t *testing.T, dir, code string) string {
	t.Helper()
	var log webtest.LogBuffer
	srv := newTestServer(t, Config{DataDir: dir, Logger: slog.New(slog.NewTextHandler(&log, nil))})
	defer srv.Close()
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	resp, err := ts.Client().Get(ts.URL + "/room/" + code)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("GET /room/%s after a restart: %s; want the room kept", code, resp.Status)
	}
	if lines := storeLines(log.String()); len(lines) != 1 {
		t.Errorf("the next server's log says of the store:\n%s\nwant one line", strings.Join(lines, "\n"))
	}
	return log.String()
}

// storeLines are the lines of log that say what became of the store
// (those of openStore, not those of each room restored).
func storeLines(log string) []string {
	var lines []string
	for _, l := range strings.Split(log, "\n") {
		if strings.Contains(l, "room store: rooms are") || strings.Contains(l, "room store: the file") || strings.Contains(l, "rooms will not survive") {
			lines = append(lines, l)
		}
	}
	return lines
}

// overwrite writes n bytes of a pattern over the file at path, from off.
func overwrite(t *testing.T, path string, off, n int) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteAt([]byte(strings.Repeat("\xa5\x5a", n/2)), int64(off)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserKeyKept: a browser's identity outlives a restart on the same
// data directory (the key is kept there), and not one on another.
func TestBrowserKeyKept(t *testing.T) {
	dir := t.TempDir()
	first := newTestHTTP(t, Config{DataDir: dir})
	cookie := browserOf(t, first, "/")
	first.Close()
	first.srv.Close()
	if fi, err := os.Stat(filepath.Join(dir, browserKeyFile)); err != nil || fi.Mode().Perm() != 0o600 || fi.Size() != 32 {
		t.Fatalf("the key file: %v, %v; want 32 bytes readable by its owner alone", fi, err)
	}
	for _, tc := range []struct {
		dir  string
		kept bool
	}{{dir, true}, {t.TempDir(), false}} {
		ts := newTestHTTP(t, Config{DataDir: tc.dir})
		resp := get(t, ts, "/", map[string]string{"Cookie": cookie.Name + "=" + cookie.Value})
		resp.Body.Close()
		given := false
		for _, c := range resp.Cookies() {
			given = given || c.Name == cookie.Name
		}
		if given == tc.kept {
			t.Errorf("on the same directory %v, the browser was given a new identity %v; want %v", tc.kept, given, !tc.kept)
		}
		ts.srv.Close()
	}
}

package roomstore

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"lockstep/web/classroom/lecture"
)

func snap(code string) lecture.Snapshot {
	now := time.Now().UTC().Truncate(time.Second)
	return lecture.Snapshot{Code: code, Token: "secret", Owner: "127.0.0.1", Opened: now, LastActive: now, Seq: 2,
		Position: &lecture.Position{Lesson: "wg-basic", Schedule: "W1 D1", Index: 1}}
}

func TestSaveLoadDelete(t *testing.T) {
	dir := t.TempDir()
	s, o, err := Open(dir)
	if err != nil || o != (Opening{}) {
		t.Fatalf("Open: %v, %+v", err, o)
	}
	for _, c := range []string{"ABCDEF", "GHJKLM"} {
		if err := s.Save(snap(c)); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Delete("ABCDEF"); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, _, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, bad := s.Load()
	if len(bad) != 0 || len(got) != 1 || got[0].Code != "GHJKLM" || got[0].Position.Index != 1 || got[0].Token != "secret" {
		t.Errorf("Load after reopening = %+v, %v; want room GHJKLM as saved", got, bad)
	}
}

func TestCorruptFileIsSetAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, []byte(strings.Repeat("not a database ", 1000)), 0o600); err != nil {
		t.Fatal(err)
	}
	s, o, err := Open(dir)
	if err != nil {
		t.Fatalf("Open of a corrupt file: %v", err)
	}
	defer s.Close()
	aside := o.Aside
	if !strings.HasPrefix(aside, path+".damaged-") || o.Damage == nil {
		t.Errorf("aside = %q, want the file renamed beside it", aside)
	}
	if b, err := os.ReadFile(aside); err != nil || !strings.HasPrefix(string(b), "not a database") {
		t.Errorf("the set-aside file: %v", err)
	}
	if got, bad := s.Load(); len(got) != 0 || len(bad) != 0 {
		t.Errorf("the new store holds %v, %v", got, bad)
	}
}

func TestUnreadableSnapshotIsSkipped(t *testing.T) {
	dir := t.TempDir()
	s, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.Save(snap("ABCDEF")); err != nil {
		t.Fatal(err)
	}
	_, err = s.conn.ExecContext(context.Background(), "INSERT INTO rooms VALUES ('GHJKLM', '{'), ('MNPQRS', '{\"code\":\"ABCDEF\"}')")
	if err != nil {
		t.Fatal(err)
	}
	got, bad := s.Load()
	if len(got) != 1 || len(bad) != 2 {
		t.Errorf("Load = %d snapshots, errors %v; want 1 and 2", len(got), bad)
	}
}

func TestLockedFile(t *testing.T) {
	dir := t.TempDir()
	s, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	start := time.Now()
	if _, o, err := Open(dir); err == nil || o != (Opening{}) {
		t.Errorf("a second Open of a file in use: %v, %+v; want an error and nothing set aside", err, o)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the second Open took %v", d)
	}
}

// TestPresentedSurvivesReopening: the rooms a browser presented are read
// back after the file is closed and opened again; a record of the same
// room replaces the earlier one; ForgetPresented drops the old ones.
func TestPresentedSurvivesReopening(t *testing.T) {
	dir := t.TempDir()
	s, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	old := lecture.Presented{Browser: "b1", Code: "ABCDEFGH", Opened: now.Add(-40 * 24 * time.Hour), Lesson: "wg-basic", At: now.Add(-40 * 24 * time.Hour)}
	mine := lecture.Presented{Browser: "b1", Code: "JKLMNPQR", Opened: now.Add(-time.Hour), Lesson: "wg-basic", At: now.Add(-time.Hour)}
	for _, p := range []lecture.Presented{old, mine} {
		if err := s.SavePresented(p); err != nil {
			t.Fatal(err)
		}
	}
	mine.At, mine.Lesson = now, "wg-lost-wakeup"
	if err := s.SavePresented(mine); err != nil {
		t.Fatal(err)
	}
	if err := s.ForgetPresented(now.Add(-30 * 24 * time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, _, err = Open(dir); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.LoadPresented()
	if err != nil || len(got) != 1 || got[0].Code != mine.Code || got[0].Lesson != "wg-lost-wakeup" || !got[0].At.Equal(now) {
		t.Errorf("LoadPresented after reopening = %+v, %v; want the newer record of %s alone", got, err, mine.Code)
	}
}

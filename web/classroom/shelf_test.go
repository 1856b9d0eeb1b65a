package classroom

import (
	"fmt"
	"testing"
	"time"

	"lockstep/web/classroom/lecture"
)

// TestShelfBounds: a browser's list keeps its newest rooms, newest
// first; a room taken again moves to the front and keeps its lesson;
// records older than shelfKeep are not loaded.
func TestShelfBounds(t *testing.T) {
	s := newShelf()
	b := browserDigest("browser")
	now := time.Now()
	var records []lecture.Presented
	for i := range shelfPerBrowser + 3 {
		records = append(records, lecture.Presented{Browser: b, Code: fmt.Sprintf("ROOM%04d", i), Opened: now, Lesson: "wg-basic",
			At: now.Add(time.Duration(i) * time.Hour)})
	}
	old := lecture.Presented{Browser: b, Code: "OLDROOM2", Opened: now, At: now.Add(-shelfKeep - time.Hour)}
	s.load(append(records, old), now.Add(24*time.Hour))
	got := s.of("browser")
	if len(got) != shelfPerBrowser || got[0].Code != records[len(records)-1].Code {
		t.Fatalf("the list holds %d rooms, the first %s; want the %d newest, newest first", len(got), got[0].Code, shelfPerBrowser)
	}
	back := got[len(got)-1]
	back.At, back.Lesson = now.Add(48*time.Hour), ""
	if p, changed := s.put(back); !changed || p.Lesson != "wg-basic" {
		t.Errorf("taking a room again: changed %v, lesson %q; want a change that keeps the lesson", changed, p.Lesson)
	}
	if got := s.of("browser"); got[0].Code != back.Code {
		t.Errorf("the room taken again is not first: %s", got[0].Code)
	}
	if _, changed := s.put(back); changed {
		t.Error("the same record within a minute is written again")
	}
	if len(s.of("someone else")) != 0 {
		t.Error("another browser has a list")
	}
}

package classroom

import (
	"testing"

	"lockstep/web/classroom/lecture"
)

// TestReachedReplayed: a "reached" report counts once the server has
// replayed its run to the goal: the lesson's own winning schedule counts,
// a run that misses the goal is refused and counts nothing.
func TestReachedReplayed(t *testing.T) {
	rs := newTestRooms(t, lecture.Limits{})
	lesson, err := rs.lessons.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	c, err := lesson.Challenge()
	if err != nil || c == nil {
		t.Fatalf("wg-lost-wakeup's challenge: %v", err)
	}
	room, token, err := rs.hub.Open("")
	if err != nil {
		t.Fatal(err)
	}
	pres, err := room.Present(token)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = room.Close(pres) }()
	if err := rs.startChallenge(pres, lecture.Position{Lesson: lesson.ID, Variant: c.Variant, Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	id := room.Snapshot().Challenges
	miss, err := room.JoinAs("misses")
	if err != nil {
		t.Fatal(err)
	}
	win, err := room.JoinAs("wins")
	if err != nil {
		t.Fatal(err)
	}
	if err := rs.dispatch(miss, roomCommand{Type: roomProgress, Challenge: id, State: lecture.Reached, Schedule: "W1", Step: 1}); err == nil {
		t.Errorf("a reached report of a run that misses the goal was taken")
	}
	if err := rs.dispatch(win, roomCommand{Type: roomProgress, Challenge: id, State: lecture.Reached, Schedule: c.Schedule, Step: 1}); err != nil {
		t.Errorf("the lesson's own winning run (%s): %v", c.Schedule, err)
	}
	if s := room.Snapshot(); s.Challenge == nil || len(s.Challenge.States) != 1 || s.Challenge.States["wins"] != lecture.Reached {
		t.Errorf("the challenge's states %+v; want the winner's alone", s.Challenge)
	}
}

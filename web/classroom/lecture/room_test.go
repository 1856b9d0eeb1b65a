package lecture

import (
	"context"
	"errors"
	"testing"
)

func TestJoinLeave(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	a, b := join(t, r), join(t, r)
	if a.ID() != "s1" || b.ID() != "s2" || a.Role() != Student || p.Role() != Presenter {
		t.Errorf("members %s/%s, %s/%s, %s/%s; want s1/student, s2/student, p/presenter",
			a.ID(), a.Role(), b.ID(), b.Role(), p.ID(), p.Role())
	}
	w := drain(t, a)[0]
	if w.Type != TypeWelcome || w.Room != r.Code() || w.Member != "s1" || w.Role != Student {
		t.Errorf("first event of s1 = %+v, want a welcome to %s as s1", w, r.Code())
	}
	if got := last(t, drain(t, p), TypeRoster).Roster; *got != (Roster{Students: 2, Following: 2, Presenter: true}) {
		t.Errorf("presenter's roster after two joins = %+v, want 2 students, 2 following", *got)
	}

	r.Leave(a)
	r.Leave(a) // leaving twice does nothing
	if got := r.Students(); got != 1 {
		t.Errorf("Students() after a leave = %d, want 1", got)
	}
	if got := last(t, drain(t, b), TypeRoster).Roster.Students; got != 1 {
		t.Errorf("roster after a leave counts %d students, want 1", got)
	}
	if _, err := a.Next(context.Background()); !errors.Is(err, ErrLeft) {
		t.Errorf("Next after Leave: %v, want ErrLeft", err)
	}
	if c := join(t, r); c.ID() != "s3" {
		t.Errorf("a new student after s1 left got id %s, want s3 (ids are never reused)", c.ID())
	}
}

func TestFollowInOrder(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	const n = 20
	for i := 0; i <= n; i++ {
		if err := r.Publish(p, step(i)); err != nil {
			t.Fatalf("Publish(%d): %v", i, err)
		}
	}
	if err := r.Publish(p, step(n)); err != nil { // the same position again
		t.Fatalf("Publish again: %v", err)
	}
	got := ofType(drain(t, s), TypePosition)
	if len(got) != n+1 {
		t.Fatalf("student received %d positions, want %d", len(got), n+1)
	}
	for i, ev := range got {
		if ev.Seq != i+1 || ev.Position.Index != i {
			t.Errorf("position event %d: seq %d index %d, want seq %d index %d", i, ev.Seq, ev.Position.Index, i+1, i)
		}
	}
	if evs := ofType(drain(t, p), TypePosition); len(evs) != 0 {
		t.Errorf("presenter received %d of its own positions, want none", len(evs))
	}

	late := join(t, r)
	w := drain(t, late)[0]
	if w.Seq != n+1 || w.Position == nil || w.Position.Index != n {
		t.Errorf("late joiner's welcome: seq %d position %+v, want seq %d at index %d", w.Seq, w.Position, n+1, n)
	}
}

func TestPublishCopiesPosition(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	pos := step(3)
	if err := r.Publish(p, pos); err != nil {
		t.Fatal(err)
	}
	pos.Params["waiters"] = 9
	if got := last(t, drain(t, s), TypePosition).Position.Params["waiters"]; got != 1 {
		t.Errorf("published params changed with the caller's map: waiters = %d, want 1", got)
	}
}

func TestPublishRefused(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	long := step(1)
	long.Schedule = string(make([]byte, maxScheduleLen+1))
	tests := []struct {
		name string
		who  *Member
		pos  Position
		want error
	}{
		{"student", s, step(1), ErrNotPresenter},
		{"no lesson", p, Position{Schedule: "W1"}, ErrBadPosition},
		{"negative", p, Position{Lesson: "x", Index: -1}, ErrBadPosition},
		{"schedule too long", p, long, ErrBadPosition},
		{"unknown memory model", p, Position{Lesson: "x", Memory: "tso"}, ErrBadPosition},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, "Publish", r.Publish(tt.who, tt.pos), tt.want)
		})
	}
	if evs := ofType(drain(t, s), TypePosition); len(evs) != 0 {
		t.Errorf("refused publishes sent %d positions", len(evs))
	}
}

func TestFollowFlag(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	a, _ := join(t, r), join(t, r)
	if err := r.Follow(a, false); err != nil {
		t.Fatal(err)
	}
	if got := last(t, drain(t, p), TypeRoster).Roster; got.Following != 1 || got.Students != 2 {
		t.Errorf("roster after a branch-off = %+v, want 2 students, 1 following", *got)
	}
	if err := r.Follow(a, true); err != nil {
		t.Fatal(err)
	}
	if got := last(t, drain(t, p), TypeRoster).Roster.Following; got != 2 {
		t.Errorf("following after snapping back = %d, want 2", got)
	}
	wantErr(t, "presenter Follow", r.Follow(p, false), ErrNotStudent)
}

func TestPresenter(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, token, err := h.Open("")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Present(token + "x"); !errors.Is(err, ErrBadToken) {
		t.Errorf("Present with a wrong token: %v, want ErrBadToken", err)
	}
	if _, err := r.Present(""); !errors.Is(err, ErrBadToken) {
		t.Errorf("Present with no token: %v, want ErrBadToken", err)
	}
	p1, err := r.Present(token)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := r.Present(token)
	if err != nil {
		t.Fatal(err)
	}
	if !errors.Is(p1.Err(), ErrReplaced) {
		t.Errorf("first presenter after a second connected: %v, want ErrReplaced", p1.Err())
	}
	wantErr(t, "Publish by the replaced presenter", r.Publish(p1, step(1)), ErrNotMember)
	if err := r.Publish(p2, step(1)); err != nil {
		t.Errorf("Publish by the new presenter: %v", err)
	}
}

func TestCloseRoom(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	wantErr(t, "Close by a student", r.Close(s), ErrNotPresenter)
	if err := r.Close(p); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Next(context.Background()); !errors.Is(err, ErrClosed) {
		t.Errorf("student's Next after Close: %v, want ErrClosed", err)
	}
	if _, err := h.Lookup(r.Code()); !errors.Is(err, ErrNoRoom) {
		t.Errorf("Lookup of a closed room: %v, want ErrNoRoom", err)
	}
	if _, err := r.Join(); !errors.Is(err, ErrNoRoom) {
		t.Errorf("Join of a closed room: %v, want ErrNoRoom", err)
	}
	wantErr(t, "Publish to a closed room", r.Publish(p, step(1)), ErrNotMember)
}

func TestNextWaits(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	drain(t, s)
	got := make(chan *Event)
	go func() {
		ev, _ := s.Next(context.Background())
		got <- ev
	}()
	if err := r.Publish(p, step(2)); err != nil {
		t.Fatal(err)
	}
	if ev := <-got; ev.Type != TypePosition || ev.Position.Index != 2 {
		t.Errorf("Next = %+v, want the position at 2", ev)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Next(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Next with an ended context: %v, want context.Canceled", err)
	}
}

// TestPositionMemory: a position under c11 differs from the same under
// sc, and passes validation.
func TestPositionMemory(t *testing.T) {
	a := Position{Lesson: "x", Schedule: "S@S3<1", Index: 1, Memory: "c11"}
	b := a
	b.Memory = ""
	if a.Equal(&b) || a.Validate() != nil {
		t.Errorf("c11 position: equal to sc %v, validate %v", a.Equal(&b), a.Validate())
	}
}

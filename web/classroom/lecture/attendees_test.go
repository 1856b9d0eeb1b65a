package lecture

import (
	"reflect"
	"testing"
)

func TestAttendeesKeepTheirNumbers(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	a1 := joinAs(t, r, "v1")
	a2 := joinAs(t, r, "v1") // a second tab of the same browser
	b := joinAs(t, r, "v2")
	if a1.Seat() != 1 || a2.Seat() != 1 || b.Seat() != 2 {
		t.Fatalf("seats %d %d %d, want 1 1 2", a1.Seat(), a2.Seat(), b.Seat())
	}
	if w := drain(t, b)[0]; w.Seat != 2 || w.Members != nil {
		t.Errorf("a student's welcome: seat %d, members %v; want seat 2 and no members", w.Seat, w.Members)
	}
	want := []Seat{{N: 1, Here: true, Tabs: 2, Following: true}, {N: 2, Here: true, Tabs: 1, Following: true}}
	if got := last(t, drain(t, p), TypeMembers).Members; !reflect.DeepEqual(got, want) {
		t.Errorf("members %+v, want %+v", got, want)
	}
	r.Leave(a1)
	r.Leave(a2)
	if err := r.Follow(b, false); err != nil {
		t.Fatal(err)
	}
	want = []Seat{{N: 1}, {N: 2, Here: true, Tabs: 1}}
	if got := last(t, drain(t, p), TypeMembers).Members; !reflect.DeepEqual(got, want) {
		t.Errorf("members after v1 left and v2 explores: %+v, want %+v", got, want)
	}
	if again := joinAs(t, r, "v1"); again.Seat() != 1 {
		t.Errorf("v1 back: seat %d, want its number 1", again.Seat())
	}
}

func TestRemoveAttendee(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	a1 := joinAs(t, r, "v1")
	a2 := joinAs(t, r, "v1")
	b := joinAs(t, r, "v2")
	q, err := r.OpenPoll(p, threadPoll())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*Member{a1, b} {
		if err := r.Vote(m, q.ID, 0); err != nil {
			t.Fatal(err)
		}
	}
	wantErr(t, "a student removes", r.Remove(b, 1), ErrNotPresenter)
	wantErr(t, "removing no one", r.Remove(p, 9), ErrNoSeat)
	drain(t, p)
	if err := r.Remove(p, 1); err != nil {
		t.Fatal(err)
	}
	for i, m := range []*Member{a1, a2} {
		if _, err := m.Next(t.Context()); err != ErrRemoved {
			t.Errorf("tab %d of the removed browser: %v, want ErrRemoved", i+1, err)
		}
	}
	evs := drain(t, p)
	if got := last(t, evs, TypeTally).Tally; got.Votes != 1 || got.Counts[0] != 1 {
		t.Errorf("tally after the removal %+v, want v2's vote alone", got)
	}
	if got := last(t, evs, TypeMembers).Members; !reflect.DeepEqual(got, []Seat{{N: 2, Here: true, Tabs: 1, Following: true}}) {
		t.Errorf("members after the removal %+v, want student 2 alone", got)
	}
	if _, err := r.JoinAs("v1"); err != ErrRemoved {
		t.Errorf("the removed browser joins again: %v, want ErrRemoved", err)
	}
	if got := ClosedEvent(ErrRemoved); got.Reason != "removed" || got.Retry {
		t.Errorf("closed event of a removal %+v, want reason removed, no retry", got)
	}
	// The bar survives a restart.
	r2, _ := restarted(t, r)
	if _, err := r2.JoinAs("v1"); err != ErrRemoved {
		t.Errorf("after a restart the removed browser joins: %v, want ErrRemoved", err)
	}
	if m := joinAs(t, r2, "v2"); m.Seat() != 2 {
		t.Errorf("after a restart v2 has seat %d, want 2", m.Seat())
	}
	if m := joinAs(t, r2, "v3"); m.Seat() != 3 {
		t.Errorf("a newcomer after a restart has seat %d, want 3", m.Seat())
	}
}

// TestRemoveForgetsAGoalReached: a removed student's report stops
// counting, a goal reached and its winning run included.
func TestRemoveForgetsAGoalReached(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	a := joinAs(t, r, "v1")
	b := joinAs(t, r, "v2")
	ch := startChallenge(t, r, p)
	if err := r.Report(a, ch.ID, Reached, "W1*5 D1 D1 W1", 8); err != nil {
		t.Fatal(err)
	}
	if err := r.Report(b, ch.ID, Reached, "W1*5 D1 D1 W1", 8); err != nil {
		t.Fatal(err)
	}
	drain(t, p)
	if err := r.Remove(p, a.Seat()); err != nil {
		t.Fatal(err)
	}
	got := last(t, drain(t, p), TypeProgress).Progress
	if got.Reached != 1 || len(got.Wins) != 1 || got.Wins[0].Member != b.ID() {
		t.Errorf("progress after the removal %+v, want v2's goal and win alone", got)
	}
}

// TestAttendeesAreBounded: past twice the student limit, the attendee
// that left longest ago is forgotten; those here are kept.
func TestAttendeesAreBounded(t *testing.T) {
	r, p := openRoom(t, newTestHub(t, Limits{MaxStudents: 2}))
	here := joinAs(t, r, "here")
	for _, v := range []string{"a", "b", "c", "d"} {
		m := joinAs(t, r, v)
		r.Leave(m)
	}
	drain(t, p)
	got := r.Attendees()
	if len(got) != 4 || got[0].N != here.Seat() || !got[0].Here || got[1].N != 3 {
		t.Errorf("attendees %+v; want 4 kept: the one here, and the three that left last", got)
	}
}

// TestRemoveAPageWithoutIdentity: pages with no browser identity are
// attendees of their own; removing one closes it alone and bars no one.
func TestRemoveAPageWithoutIdentity(t *testing.T) {
	r, p := openRoom(t, newTestHub(t, Limits{}))
	a := joinAs(t, r, "")
	b := joinAs(t, r, "")
	if a.Seat() == b.Seat() {
		t.Fatalf("two pages without an identity share seat %d", a.Seat())
	}
	if err := r.Remove(p, a.Seat()); err != nil {
		t.Fatal(err)
	}
	if a.Err() != ErrRemoved || b.Err() != nil {
		t.Errorf("after removing one: %v and %v; want the one removed alone", a.Err(), b.Err())
	}
	if _, err := r.JoinAs(""); err != nil {
		t.Errorf("a page without an identity joins after the removal: %v", err)
	}
	r.Leave(b)
	for _, s := range r.Attendees() {
		if s.N == b.Seat() {
			t.Errorf("a page without an identity is kept after it left: %+v", s)
		}
	}
}

package lecture

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

func TestRoomsPerOwner(t *testing.T) {
	h := newTestHub(t, Limits{RoomsPerOwner: 3})
	var first *Room
	for i := range 3 {
		r, _, err := h.Open("10.0.0.1")
		if err != nil {
			t.Fatalf("Open %d: %v", i+1, err)
		}
		if first == nil {
			first = r
		}
	}
	_, _, err := h.Open("10.0.0.1")
	if !errors.Is(err, ErrTooManyYours) || !strings.Contains(err.Error(), "(3)") {
		t.Errorf("fourth Open of one owner: %v, want ErrTooManyYours naming 3", err)
	}
	if _, _, err := h.Open("10.0.0.2"); err != nil {
		t.Errorf("another owner's Open: %v", err)
	}
	h.remove(first, ErrClosed)
	if _, _, err := h.Open("10.0.0.1"); err != nil {
		t.Errorf("Open after one of the owner's rooms closed: %v", err)
	}
}

func TestUnclaimedExpiry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := NewHub(Limits{IdleTimeout: 2 * time.Hour, UnclaimedTimeout: 10 * time.Minute})
		start := time.Now()
		unclaimed, _, err := h.Open("a")
		if err != nil {
			t.Fatal(err)
		}
		s := join(t, unclaimed)
		claimed, token, err := h.Open("a")
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Minute)
		p, err := claimed.Present(token)
		if err != nil {
			t.Fatal(err)
		}
		<-s.Done()
		if got := time.Since(start); got != 10*time.Minute {
			t.Errorf("the unclaimed room closed after %v, want 10m", got)
		}
		if !errors.Is(s.Err(), ErrUnclaimed) {
			t.Errorf("its student was told %v, want ErrUnclaimed", s.Err())
		}
		<-p.Done()
		if got := time.Since(start); got != 5*time.Minute+2*time.Hour {
			t.Errorf("the claimed room closed after %v, want 2h05m (2h after its presenter came)", got)
		}
	})
}

func TestOneVotePerVoter(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	var tabs []*Member
	for range 30 {
		m, err := r.JoinAs("browser-1")
		if err != nil {
			t.Fatal(err)
		}
		tabs = append(tabs, m)
	}
	other, err := r.JoinAs("browser-2")
	if err != nil {
		t.Fatal(err)
	}
	anon, err := r.JoinAs("")
	if err != nil {
		t.Fatal(err)
	}
	q, err := r.OpenPoll(p, threadPoll())
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range tabs {
		if err := r.Vote(m, q.ID, i%2); err != nil {
			t.Fatalf("vote of tab %d: %v", i, err)
		}
	}
	if err := r.Vote(other, q.ID, 0); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "a vote without a voter", r.Vote(anon, q.ID, 0), ErrNoVoter)
	if got := last(t, drain(t, p), TypeTally).Tally; got.Votes != 2 || got.Counts[0] != 1 || got.Counts[1] != 1 {
		t.Errorf("tally %+v after 30 tabs of one browser and one other voted: want 2 votes, the browser's last (option 1) and the other's", got)
	}
	r.Leave(tabs[0])
	if got := r.Snapshot().Poll.Votes; len(got) != 2 {
		t.Errorf("votes %v after one of the browser's tabs left: want its vote kept while other tabs remain", got)
	}
	for _, m := range tabs[1:] {
		r.Leave(m)
	}
	if got := r.Snapshot().Poll.Votes; len(got) != 1 {
		t.Errorf("votes %v after all the browser's tabs left: want only the other's", got)
	}
}

// TestClosedReasons: every reason a member leaves for has a word the page
// says in its own language (static/room.js has "closed-WORD" in English
// and Chinese; TestRoomPageWords in package web checks it).
func TestClosedReasons(t *testing.T) {
	for _, r := range closedReasons {
		if got := ClosedEvent(fmt.Errorf("wrapped: %w", r.err)).Reason; got != r.word {
			t.Errorf("ClosedEvent(%v).Reason = %q, want %q", r.err, got, r.word)
		}
	}
	if got := ClosedEvent(ErrUnclaimed).Reason; got != "unclaimed" {
		t.Errorf("the unclaimed room's reason %q", got)
	}
}

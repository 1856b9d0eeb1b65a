package lecture

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSnapshotRestore(t *testing.T) {
	var changed []string
	h := newTestHub(t, Limits{})
	h.Notify(func(code string) { changed = append(changed, code) })
	r, p, token := openRoomToken(t, h)
	s, err := r.JoinAs("v1")
	if err != nil {
		t.Fatal(err)
	}
	// The presenter changed lesson and variant in the room: the snapshot
	// keeps them.
	pos := step(3)
	pos.Lesson, pos.Variant = "event-basic", "fixed"
	if err := r.Publish(p, pos); err != nil {
		t.Fatal(err)
	}
	q, err := r.OpenPoll(p, valuePoll())
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Vote(s, q.ID, 2); err != nil {
		t.Fatal(err)
	}
	if len(changed) < 4 {
		t.Errorf("Notify reported %d changes for open, present, publish, poll and vote", len(changed))
	}
	snap := r.Snapshot()
	data, err := json.Marshal(snap)
	if err != nil {
		t.Fatal(err)
	}
	var back Snapshot
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}

	h2 := newTestHub(t, Limits{})
	r2, err := h2.Restore(back)
	if err != nil {
		t.Fatalf("Restore: %v", err)
	}
	if got := r2.Snapshot(); !reflect.DeepEqual(got.Position, snap.Position) || got.Seq != snap.Seq ||
		got.Poll.Answer != 1 || got.Poll.Votes["v1"] != 2 || !got.Expires.Equal(snap.Expires) {
		t.Errorf("restored snapshot %+v, want %+v", got, snap)
	}
	if !r2.Authorized(token) || r2.Authorized(token[1:]) || r2.Authorized("") {
		t.Error("the restored room does not take its presenter's token, or takes another")
	}
	if snap.Token != "" || string(data) == "" || strings.Contains(string(data), token) {
		t.Errorf("the snapshot holds the presenter's token in the clear: %s", data)
	}
	s2, err := r2.JoinAs("v1")
	if err != nil {
		t.Fatal(err)
	}
	w := drain(t, s2)[0]
	if w.Type != TypeWelcome || w.Position.Index != 3 || w.Position.Lesson != "event-basic" ||
		w.Poll == nil || w.Tally.Votes != 1 || w.Tally.Counts != nil {
		t.Errorf("welcome after the restore: %+v, want position 3 and the poll with its vote", w)
	}
	if err := r2.Vote(s2, q.ID, 0); err != nil {
		t.Fatal(err)
	}
	if got := r2.Snapshot().Poll.Votes; len(got) != 1 || got["v1"] != 0 {
		t.Errorf("votes %v: the voter's vote after the restore replaces its earlier one", got)
	}
	if _, err := h2.Restore(back); err == nil {
		t.Error("Restore of a code already open succeeded")
	}
}

func TestRestoreRefuses(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, _ := openRoom(t, h)
	good := r.Snapshot()
	tests := []struct {
		name string
		edit func(*Snapshot)
		want error
	}{
		{"expired", func(s *Snapshot) { s.LastActive = time.Now().Add(-3 * time.Hour) }, ErrExpired},
		{"bad code", func(s *Snapshot) { s.Code = "abc" }, nil},
		{"no token", func(s *Snapshot) { s.TokenHash = "" }, nil},
		{"bad token hash", func(s *Snapshot) { s.TokenHash = "00ff" }, nil},
		{"attendee past the count", func(s *Snapshot) { s.Attendees = map[string]int{"v": 2}; s.Attended = 1 }, nil},
		{"bad position", func(s *Snapshot) { s.Position = &Position{} }, ErrBadPosition},
		{"poll never opened", func(s *Snapshot) {
			s.Poll = &OpenPoll{Poll: threadPoll(), Answer: NoAnswer}
			s.Poll.Poll.ID = 1
		}, ErrBadPoll},
		{"vote for no option", func(s *Snapshot) {
			s.Polls = 1
			s.Poll = &OpenPoll{Poll: threadPoll(), Answer: NoAnswer, Votes: map[string]int{"v": 5}}
			s.Poll.Poll.ID = 1
		}, ErrBadPoll},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := good
			tt.edit(&s)
			_, err := newTestHub(t, Limits{}).Restore(s)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Errorf("Restore: %v, want an error (%v)", err, tt.want)
			}
		})
	}
}

// TestRestoreReadsAClearToken: a snapshot written before the token was
// hashed opens again, and takes the token it held.
func TestRestoreReadsAClearToken(t *testing.T) {
	r, _ := openRoom(t, newTestHub(t, Limits{}))
	old := r.Snapshot()
	old.TokenHash, old.Token = "", "OLDSECRET"
	r2, err := newTestHub(t, Limits{}).Restore(old)
	if err != nil {
		t.Fatal(err)
	}
	if !r2.Authorized("OLDSECRET") || r2.Authorized("OLDSECRE") {
		t.Error("a room restored from a clear token does not take exactly that token")
	}
	if s := r2.Snapshot(); s.Token != "" || s.TokenHash == "" {
		t.Errorf("the restored room's snapshot %+v keeps the token in the clear", s)
	}
}

package lecture

import (
	"errors"
	"testing"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// newTestHub returns a hub with limits.
func newTestHub(t *testing.T, l Limits) *Hub {
	t.Helper()
	return NewHub(l)
}

// openRoom opens a room on h with its presenter connected.
func openRoom(t *testing.T, h *Hub) (*Room, *Member) {
	t.Helper()
	r, p, _ := openRoomToken(t, h)
	return r, p
}

// openRoomToken is openRoom that also returns the presenter's token.
func openRoomToken(t *testing.T, h *Hub) (*Room, *Member, string) {
	t.Helper()
	r, token, err := h.Open("")
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	p, err := r.Present(token)
	if err != nil {
		t.Fatalf("Present: %v", err)
	}
	return r, p, token
}

// join adds a student to r.
func join(t *testing.T, r *Room) *Member {
	t.Helper()
	m, err := r.Join()
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	return m
}

// drain takes every event queued for m, without waiting.
func drain(t *testing.T, m *Member) []*Event {
	t.Helper()
	var evs []*Event
	for {
		ev, err := m.out.pop()
		if ev == nil || err != nil {
			return evs
		}
		evs = append(evs, ev)
	}
}

// ofType keeps the events of type typ.
func ofType(evs []*Event, typ Type) []*Event {
	var out []*Event
	for _, e := range evs {
		if e.Type == typ {
			out = append(out, e)
		}
	}
	return out
}

// last returns the last event of type typ in evs; it fails the test when
// there is none.
func last(t *testing.T, evs []*Event, typ Type) *Event {
	t.Helper()
	got := ofType(evs, typ)
	if len(got) == 0 {
		t.Fatalf("no %s event among %d events", typ, len(evs))
	}
	return got[len(got)-1]
}

// step is the position at step i of a fixed lesson.
func step(i int) Position {
	return Position{Lesson: "wg-lost-wakeup", Variant: "tinycoro", Params: map[string]int{"waiters": 1},
		Lang: "en", Schedule: "W1 W1 W1 W1 W1 D1 D1 W1", Index: i}
}

// threadPoll is a poll with no right answer over two threads.
func threadPoll() Poll {
	return Poll{Kind: "thread", Question: "Whose CAS on m_state wins?", Answer: NoAnswer,
		Options: []Option{{Label: "W1", Thread: "W1"}, {Label: "W2", Thread: "W2"}}}
}

// valuePoll is a poll whose right answer is option 1.
func valuePoll() Poll {
	return Poll{Kind: "value", Question: "What will wg.m_state become?", Thread: "W1", Answer: 1,
		Options: []Option{{Label: "nullptr"}, {Label: "&W1.awaiter"}, {Label: "&W2.awaiter"}}}
}

// wantErr fails the test unless err wraps want.
func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: error %v, want %v", what, err, want)
	}
}

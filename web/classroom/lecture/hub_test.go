package lecture

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"testing/synctest"
	"time"
)

func TestFullRoom(t *testing.T) {
	h := newTestHub(t, Limits{MaxStudents: 3})
	r, _ := openRoom(t, h)
	for range 3 {
		join(t, r)
	}
	_, err := r.Join()
	if !errors.Is(err, ErrRoomFull) || !strings.Contains(err.Error(), "3 students") {
		t.Errorf("fourth Join: %v, want ErrRoomFull naming the limit of 3", err)
	}
	if got := r.Students(); got != 3 {
		t.Errorf("Students() = %d, want 3", got)
	}
}

func TestTooManyRooms(t *testing.T) {
	h := newTestHub(t, Limits{MaxRooms: 2})
	a, pa := openRoom(t, h)
	openRoom(t, h)
	if _, _, err := h.Open(""); !errors.Is(err, ErrTooManyRooms) {
		t.Errorf("third Open: %v, want ErrTooManyRooms", err)
	}
	if err := a.Close(pa); err != nil {
		t.Fatal(err)
	}
	if _, _, err := h.Open(""); err != nil {
		t.Errorf("Open after a room closed: %v", err)
	}
}

func TestLookup(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, _ := openRoom(t, h)
	code := r.Code()
	spaced := strings.ToLower(code[:3]) + "-" + code[3:]
	tests := []struct {
		code string
		want error
	}{
		{code, nil},
		{spaced, nil},
		{"", ErrNoRoom},
		{"ABCDE", ErrNoRoom},
		{"ABCDE0", ErrNoRoom}, // 0 is not in the alphabet
		{"<script>", ErrNoRoom},
	}
	for _, tt := range tests {
		got, err := h.Lookup(tt.code)
		if !errors.Is(err, tt.want) || (err == nil && got != r) {
			t.Errorf("Lookup(%q) = %v, %v; want room %v, error %v", tt.code, got, err, code, tt.want)
		}
	}
	never := "ZZZZZZ"
	if code == never {
		never = "YYYYYY"
	}
	if _, err := h.Lookup(never); !errors.Is(err, ErrNoRoom) {
		t.Errorf("Lookup(%q), a code never issued: %v, want ErrNoRoom", never, err)
	}
}

func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		c := newCode()
		if n, ok := NormalizeCode(c); !ok || n != c {
			t.Fatalf("NormalizeCode(%q) = %q, %v", c, n, ok)
		}
		if strings.ContainsAny(c, "0O1I") {
			t.Fatalf("code %q has an ambiguous character", c)
		}
		seen[c] = true
	}
	if len(seen) < 990 {
		t.Errorf("1000 codes have only %d distinct", len(seen))
	}
}

func TestIdleExpiry(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := NewHub(Limits{IdleTimeout: 2 * time.Hour})
		start := time.Now()
		busy, pb := openRoom(t, h)
		idle, _ := openRoom(t, h)
		s := join(t, idle)

		time.Sleep(90 * time.Minute) // the bubble's clock: no real waiting
		if err := busy.Publish(pb, step(1)); err != nil {
			t.Fatal(err)
		}
		join(t, idle) // students joining is not presenter activity
		synctest.Wait()
		if h.Rooms() != 2 {
			t.Fatalf("%d rooms open after 90 minutes, want 2", h.Rooms())
		}

		<-s.Done()
		if got := time.Since(start); got != 2*time.Hour {
			t.Errorf("the idle room closed after %v, want 2h", got)
		}
		if !errors.Is(s.Err(), ErrIdle) {
			t.Errorf("student of the expired room told %v, want ErrIdle", s.Err())
		}
		if w := ClosedEvent(s.Err()); w.Retry || !strings.Contains(w.Message, "idle") {
			t.Errorf("closed event %+v: want a final one saying the room was idle", w)
		}
		if _, err := h.Lookup(idle.Code()); !errors.Is(err, ErrNoRoom) {
			t.Errorf("Lookup of the expired room: %v, want ErrNoRoom", err)
		}

		<-pb.Done()
		if got := time.Since(start); got != 3*time.Hour+30*time.Minute {
			t.Errorf("the busy room closed after %v, want 3h30m (2h after its last publish)", got)
		}
		if h.Rooms() != 0 {
			t.Errorf("%d rooms open, want 0", h.Rooms())
		}
	})
}

func TestSlowStudentDropped(t *testing.T) {
	h := newTestHub(t, Limits{Backlog: 8})
	r, p := openRoom(t, h)
	slow, fast := join(t, r), join(t, r)
	const n = 40
	var got []int
	for i := 1; i <= n; i++ {
		if err := r.Publish(p, step(i)); err != nil { // never waits for a reader
			t.Fatalf("Publish(%d): %v", i, err)
		}
		for _, ev := range ofType(drain(t, fast), TypePosition) {
			got = append(got, ev.Position.Index)
		}
		drain(t, p)
	}
	if !errors.Is(slow.Err(), ErrSlow) {
		t.Errorf("a student who never read: %v, want ErrSlow", slow.Err())
	}
	if !ClosedEvent(slow.Err()).Retry {
		t.Errorf("the slow student's closed event does not invite a reconnect")
	}
	if fast.Err() != nil || p.Err() != nil {
		t.Errorf("reading members dropped: student %v, presenter %v", fast.Err(), p.Err())
	}
	if len(got) != n || got[0] != 1 || got[n-1] != n {
		t.Errorf("the reading student received %d positions (%v), want 1..%d", len(got), got, n)
	}
	if r.Students() != 1 {
		t.Errorf("Students() = %d after the slow one was dropped, want 1", r.Students())
	}
}

func TestSlowPresenterDropped(t *testing.T) {
	h := newTestHub(t, Limits{Backlog: 4})
	r, p := openRoom(t, h)
	s := join(t, r)
	for i := range 10 { // every poll and reveal goes to the presenter too
		q, err := r.OpenPoll(p, threadPoll())
		if errors.Is(err, ErrNotMember) {
			break
		}
		if err != nil {
			t.Fatalf("OpenPoll %d: %v", i, err)
		}
		drain(t, s)
		if _, err := r.Reveal(p, 0); err != nil && !errors.Is(err, ErrNotMember) {
			t.Fatalf("Reveal %d: %v", q.ID, err)
		}
	}
	if !errors.Is(p.Err(), ErrSlow) {
		t.Errorf("a presenter who never read: %v, want ErrSlow", p.Err())
	}
	if s.Err() != nil {
		t.Errorf("student dropped with the presenter: %v", s.Err())
	}
	if w := drain(t, join(t, r))[0]; w.Roster.Presenter {
		t.Errorf("roster after the presenter was dropped still has a presenter")
	}
}

func TestRosterCoalesces(t *testing.T) {
	h := newTestHub(t, Limits{Backlog: 4})
	r, p := openRoom(t, h)
	for range 50 { // 50 roster updates fit in one queued event
		join(t, r)
	}
	if p.Err() != nil {
		t.Fatalf("presenter dropped by joins: %v", p.Err())
	}
	if got := ofType(drain(t, p), TypeRoster); len(got) != 1 || got[0].Roster.Students != 50 {
		t.Errorf("presenter holds %d rosters, want one counting 50", len(got))
	}
}

// TestSeatsPerAddress: a room opened for 2 students an address seats 2
// from each address, and any number of joins that name none; the bound
// survives a snapshot.
func TestSeatsPerAddress(t *testing.T) {
	h := NewHub(Limits{})
	r, _, err := h.OpenSeats("", 2)
	if err != nil {
		t.Fatal(err)
	}
	defer h.remove(r, ErrClosed)
	for i := range 2 {
		if _, err := r.JoinFrom("v"+strconv.Itoa(i), "192.0.2.1"); err != nil {
			t.Fatalf("student %d of the address: %v", i+1, err)
		}
	}
	if _, err := r.JoinFrom("v3", "192.0.2.1"); !errors.Is(err, ErrAddressFull) || !strings.Contains(err.Error(), "allowed 2 students from one network") {
		t.Errorf("a third student of the address: %v; want ErrAddressFull", err)
	}
	if _, err := r.JoinFrom("v4", "192.0.2.2"); err != nil {
		t.Errorf("a student of another address: %v", err)
	}
	if _, err := r.JoinAs("v5"); err != nil {
		t.Errorf("a join naming no address: %v", err)
	}
	if s := r.Snapshot(); s.Seats != 2 {
		t.Errorf("the snapshot keeps seats %d, want 2", s.Seats)
	}
}

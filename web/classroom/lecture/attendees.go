package lecture

import (
	"slices"
	"strings"
	"time"
)

// Who is in a room, as its presenter sees it: each browser that joined as
// a student is an attendee with a number ("Student 3") that stays across
// its tabs and reconnections, here while one of its pages is connected,
// away after. The presenter may remove an attendee: its pages are closed
// (ErrRemoved), its votes and challenge reports stop counting, and the
// browser cannot join the room again (the bar is on the browser's
// identity, the voter, for the rest of the room's life). A page with no
// identity (it cannot vote either) is an attendee of its own, for as long
// as it is connected: it can be removed, not barred.

// maxRemoved bounds the browsers barred from one room.
const maxRemoved = 1000

// An attendee is a browser that joined a room as a student.
type attendee struct {
	n    int       // its number in the room, from 1, never reused
	tabs int       // its members connected now
	left time.Time // when its last member left; zero while one is here
}

// A Seat is an attendee as the presenter's members event lists it.
type Seat struct {
	// N is the attendee's number: the page says "Student N".
	N int `json:"n"`
	// Here is true while one of its pages is connected; Tabs counts them.
	Here bool `json:"here"`
	Tabs int  `json:"tabs,omitempty"`
	// Following is true when one of its pages follows the presenter.
	Following bool `json:"following,omitempty"`
}

// attendeeKey is whom student m's attendee stands for: its voter, or,
// for a page without one, the member alone.
func attendeeKey(m *Member) string {
	if m.voter == "" {
		return "member:" + m.id
	}
	return m.voter
}

// seatFor is the attendee of key, made when it first joins (new is then
// true). The attendees kept are bounded: past twice Limits.MaxStudents
// the one that left longest ago is forgotten. r.mu is held.
func (r *Room) seatFor(key string) (a *attendee, new bool) {
	if a := r.attendees[key]; a != nil {
		return a, false
	}
	if len(r.attendees) >= 2*r.limits.MaxStudents {
		oldest := ""
		for v, a := range r.attendees {
			if a.tabs == 0 && (oldest == "" || a.left.Before(r.attendees[oldest].left)) {
				oldest = v
			}
		}
		delete(r.attendees, oldest)
	}
	r.attended++
	a = &attendee{n: r.attended}
	r.attendees[key] = a
	return a, true
}

// arrive seats student m. r.mu is held.
func (r *Room) arrive(m *Member) {
	a, isNew := r.seatFor(attendeeKey(m))
	a.tabs++
	a.left = time.Time{}
	m.seat = a.n
	r.membersDirty = true
	if isNew {
		r.changed()
	}
}

// depart counts student m's page gone. r.mu is held.
func (r *Room) depart(m *Member) {
	key := attendeeKey(m)
	if a := r.attendees[key]; a != nil && a.n == m.seat {
		a.tabs--
		if a.tabs == 0 {
			a.left = time.Now()
			if m.voter == "" {
				delete(r.attendees, key) // it cannot come back as itself
			}
		}
		r.membersDirty = true
	}
}

// seatList lists the attendees by number. r.mu is held.
func (r *Room) seatList() []Seat {
	list := make([]Seat, 0, len(r.attendees))
	byN := map[int]*Seat{}
	for _, a := range r.attendees {
		list = append(list, Seat{N: a.n, Here: a.tabs > 0, Tabs: a.tabs})
	}
	slices.SortFunc(list, func(a, b Seat) int { return a.N - b.N })
	for i := range list {
		byN[list[i].N] = &list[i]
	}
	for _, s := range r.students {
		if st := byN[s.seat]; st != nil && s.following {
			st.Following = true
		}
	}
	return list
}

// Attendees lists the room's attendees, as the presenter's members
// event does.
func (r *Room) Attendees() []Seat {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.seatList()
}

// Remove takes attendee n out of the room at its presenter's request:
// every page of it is closed with ErrRemoved, its vote and its challenge
// report (a goal reached included) no longer count, and its browser
// cannot join the room again (JoinAs fails with ErrRemoved). It fails
// with ErrNoSeat when the room has no attendee n.
func (r *Room) Remove(m *Member, n int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return err
	}
	key := ""
	for k, a := range r.attendees {
		if a.n == n {
			key = k
		}
	}
	if key == "" {
		return Detail(ErrNoSeat, "student %d", "学生 %d", n)
	}
	if len(r.removed) >= maxRemoved {
		return Detail(ErrTooManyRemoved, "%d", "%d", maxRemoved)
	}
	for _, s := range r.students {
		if attendeeKey(s) == key {
			r.drop(s, ErrRemoved)
		}
	}
	delete(r.attendees, key)
	// A member's own key names no browser that could come back: there is
	// nothing to bar.
	if !strings.HasPrefix(key, "member:") {
		r.removed[key] = true
	}
	if r.poll != nil {
		if _, ok := r.poll.votes[key]; ok {
			delete(r.poll.votes, key)
			r.tallyDirty = true
		}
	}
	if c := r.challenge; c != nil {
		if _, ok := c.states[key]; ok {
			delete(c.states, key)
			r.progressDirty = true
		}
		c.dropWins(key)
	}
	r.membersDirty = true
	r.changed()
	return nil
}

// sendMembers sends the presenter the attendees. r.mu is held.
func (r *Room) sendMembers() {
	if r.presenter == nil {
		return
	}
	ev := newEvent(TypeMembers)
	ev.Members = r.seatList()
	r.send(r.presenter, ev)
}

package lecture

import "time"

// What a room tells its members about itself: the roster, the welcome, the
// presenter's position, and who votes.

// roster counts the students. r.mu is held.
func (r *Room) roster() *Roster {
	ro := &Roster{Students: len(r.students), Presenter: r.presenter != nil}
	for _, s := range r.students {
		if s.following {
			ro.Following++
		}
	}
	return ro
}

// welcome is m's first event: the room as it is now. r.mu is held.
func (r *Room) welcome(m *Member) *Event {
	ev := newEvent(TypeWelcome)
	ev.Role, ev.Member, ev.Room, ev.Seat = m.role, m.id, r.code, m.seat
	if m.role == Presenter {
		ev.Members = r.seatList()
	}
	ev.Seq, ev.Position = r.seq, r.position
	ev.Roster = r.roster()
	if r.poll != nil {
		ev.Poll, ev.Tally = &r.poll.Poll, r.poll.tally()
		if m.role == Student {
			ev.Tally = ev.Tally.hidden()
		}
	}
	if c := r.challenge; c != nil {
		open := c.Challenge
		ev.Challenge, ev.Progress = &open, c.progress(m.role == Presenter)
	}
	return ev
}

// Position is the presenter's latest published position; ok is false
// before the first.
func (r *Room) Position() (pos Position, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.position == nil {
		return Position{}, false
	}
	return *r.position.clone(), true
}

// hasVoter reports whether a student in the room votes as voter. r.mu is
// held.
func (r *Room) hasVoter(voter string) bool {
	for _, s := range r.students {
		if s.voter == voter {
			return true
		}
	}
	return false
}

// Opened is when the room was opened; with its code it names the room
// apart from any later room given the same code.
func (r *Room) Opened() time.Time { return r.opened }

package lecture

import (
	"crypto/sha256"
	"crypto/subtle"
	"strconv"
	"sync"
	"time"
)

// A Room is one live lecture. Its methods are safe for concurrent use and
// never block on a member: they queue events and return.
type Room struct {
	code string
	// tokenHash is the SHA-256 of the presenter's token: the room keeps
	// no copy of the token itself.
	tokenHash [sha256.Size]byte
	owner     string // who opened it (Hub.Open)
	opened    time.Time
	// seats is how many students one address may seat (Hub.OpenSeats);
	// 0 is no bound but the room's.
	seats  int
	hub    *Hub
	limits Limits

	mu         sync.Mutex
	err        error // why the room closed; nil while open
	presenter  *Member
	students   map[string]*Member
	joined     int                  // students ever joined, for ids
	attendees  map[string]*attendee // by voter (attendees.go)
	attended   int                  // attendees ever seated, for numbers
	removed    map[string]bool      // voters the presenter removed
	claimed    bool                 // a presenter has connected
	lastActive time.Time            // the presenter's last action
	idle       *time.Timer          // fires at the deadline, or later

	seq      int // positions published
	position *Position

	polls int   // polls opened, for ids
	poll  *poll // the open poll, or nil

	challenges int        // challenges started, for ids
	challenge  *challenge // the open challenge, or nil

	// Set when a broadcast, a report or a departure changed what they
	// report; settle sends them.
	rosterDirty, tallyDirty, progressDirty, membersDirty bool
}

// roomState is what a room is made from: a new room's, or a restored
// one's (Hub.Restore).
type roomState struct {
	tokenHash          [sha256.Size]byte
	code, owner        string
	seats              int
	attendees          map[string]int // voter → number
	attended           int
	removed            []string
	opened, lastActive time.Time
	claimed            bool
	seq, polls         int
	position           *Position
	poll               *poll
	challenges         int
	challenge          *challenge
}

// newRoom returns a room of h in state st whose idle timer runs.
func newRoom(h *Hub, st roomState) *Room {
	r := &Room{code: st.code, tokenHash: st.tokenHash, owner: st.owner, seats: st.seats, opened: st.opened, hub: h, limits: h.limits,
		students: map[string]*Member{}, claimed: st.claimed, lastActive: st.lastActive,
		attendees: map[string]*attendee{}, attended: st.attended, removed: map[string]bool{},
		seq: st.seq, polls: st.polls, position: st.position, poll: st.poll,
		challenges: st.challenges, challenge: st.challenge}
	if r.opened.IsZero() {
		r.opened = r.lastActive
	}
	now := time.Now()
	for voter, n := range st.attendees {
		r.attendees[voter] = &attendee{n: n, left: now}
	}
	for _, voter := range st.removed {
		r.removed[voter] = true
	}
	r.mu.Lock()
	r.idle = time.AfterFunc(max(0, time.Until(r.deadline())), r.checkIdle)
	r.mu.Unlock()
	return r
}

// deadline is when the room closes unless its presenter acts: the idle
// timeout after its last action, or, while no presenter has ever
// connected, the unclaimed timeout after it opened. r.mu is held.
func (r *Room) deadline() time.Time {
	if !r.claimed {
		return r.opened.Add(r.limits.UnclaimedTimeout)
	}
	return r.lastActive.Add(r.limits.IdleTimeout)
}

// changed tells the hub that what a snapshot holds changed. r.mu is held.
func (r *Room) changed() { r.hub.notify(r.code) }

// Code is the room's join code.
func (r *Room) Code() string { return r.code }

// Students is the number of students in the room.
func (r *Room) Students() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.students)
}

// Join adds a student who votes as itself alone (JoinAs).
func (r *Room) Join() (*Member, error) { return r.join(nil, "") }

// JoinAs adds a student, who follows the presenter until it branches off,
// and votes as voter: every member with the same voter (a person's tabs
// and reconnections) holds one vote per poll between them. A voter of ""
// cannot vote (ErrNoVoter). The student's first event is a welcome. It
// fails with ErrRoomFull when the room has Limits.MaxStudents students,
// and ErrNoRoom once the room closed.
func (r *Room) JoinAs(voter string) (*Member, error) { return r.join(&voter, "") }

// JoinFrom is JoinAs for a student at address addr: it fails with
// ErrAddressFull when the room already seats as many students from addr
// as the presenter allowed one address (Hub.OpenSeats).
func (r *Room) JoinFrom(voter, addr string) (*Member, error) { return r.join(&voter, addr) }

func (r *Room) join(voter *string, addr string) (*Member, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if r.err != nil {
		return nil, ErrNoRoom
	}
	if len(r.students) >= r.limits.MaxStudents {
		return nil, Detail(ErrRoomFull, "it has %d students, the most a room takes", "它已有 %d 个学生，这是一个课堂的上限", r.limits.MaxStudents)
	}
	if addr != "" && r.seats > 0 && r.seatedFrom(addr) >= r.seats {
		return nil, Detail(ErrAddressFull, "the presenter allowed %d students from one network", "讲师允许同一网络最多 %d 名学生", r.seats)
	}
	if voter != nil && r.removed[*voter] {
		return nil, ErrRemoved
	}
	r.joined++
	m := r.newMember("s"+strconv.Itoa(r.joined), Student)
	m.addr = addr
	m.voter = "member:" + m.id
	if voter != nil {
		m.voter = *voter
	}
	m.following = true
	r.students[m.id] = m
	r.arrive(m)
	r.send(m, r.welcome(m))
	r.rosterDirty = true
	return m, nil
}

// seatedFrom counts the students seated from addr. r.mu is held.
func (r *Room) seatedFrom(addr string) int {
	n := 0
	for _, m := range r.students {
		if m.addr == addr {
			n++
		}
	}
	return n
}

// Seats is how many students one address may seat in the room; 0 is no
// bound but Limits.MaxStudents.
func (r *Room) Seats() int { return r.seats }

// Authorized reports whether token is the room's presenter token. It
// compares the token's hash with the room's in constant time.
func (r *Room) Authorized(token string) bool {
	h := sha256.Sum256([]byte(token))
	return token != "" && subtle.ConstantTimeCompare(h[:], r.tokenHash[:]) == 1
}

// Present connects the presenter, who proves itself with token. A
// presenter already connected is dropped with ErrReplaced: the newest
// presenter view wins.
func (r *Room) Present(token string) (*Member, error) {
	if !r.Authorized(token) {
		return nil, ErrBadToken
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if r.err != nil {
		return nil, ErrNoRoom
	}
	if r.presenter != nil {
		r.drop(r.presenter, ErrReplaced)
	}
	m := r.newMember("p", Presenter)
	r.presenter = m
	r.lastActive = time.Now()
	if !r.claimed {
		r.claimed = true
		r.idle.Reset(time.Until(r.deadline()))
	}
	r.changed()
	r.send(m, r.welcome(m))
	r.rosterDirty = true
	return m, nil
}

// Leave takes m out of the room; its vote, if any, no longer counts.
// Leaving twice, or leaving a closed room, does nothing.
func (r *Room) Leave(m *Member) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if r.isMember(m) {
		r.drop(m, ErrLeft)
	}
}

// Publish makes pos the presenter's position and sends it to every
// student. Publishing the position already published only counts as
// activity. A position that differs cancels the open poll, whose question
// was about the position it was asked at. While a challenge is open the
// students play on their own and nothing is published (ErrChallengeOn);
// a position with a mode is published by the way of working it names
// (StartChallenge), not by Publish.
func (r *Room) Publish(m *Member, pos Position) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return err
	}
	if pos.Mode != "" {
		return Detail(ErrBadPosition, "mode %q is set by starting it, not by publish", "模式 %q 由开始它的命令设定，而不是 publish", pos.Mode)
	}
	if err := pos.Validate(); err != nil {
		return err
	}
	r.lastActive = time.Now()
	if r.challenge != nil {
		return ErrChallengeOn
	}
	if r.position != nil && r.position.Equal(&pos) {
		return nil
	}
	if r.poll != nil {
		r.cancelPoll()
	}
	r.publish(&pos)
	return nil
}

// Follow records whether student m's page follows the presenter (true) or
// has branched off (false); the roster counts the followers.
func (r *Room) Follow(m *Member, following bool) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if !r.isMember(m) {
		return ErrNotMember
	}
	if m.role != Student {
		return ErrNotStudent
	}
	if m.following != following {
		m.following = following
		r.rosterDirty, r.membersDirty = true, true
	}
	return nil
}

// Close closes the room at its presenter's request: every member is told
// ErrClosed and the code is freed.
func (r *Room) Close(m *Member) error {
	r.mu.Lock()
	err := r.checkPresenter(m)
	r.mu.Unlock()
	if err != nil {
		return err
	}
	r.hub.remove(r, ErrClosed)
	return nil
}

// shut closes the room for reason and drops every member.
func (r *Room) shut(reason error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.err != nil {
		return
	}
	r.err = reason
	r.idle.Stop()
	for _, s := range r.students {
		s.out.close(reason)
	}
	if r.presenter != nil {
		r.presenter.out.close(reason)
	}
	r.students, r.presenter, r.poll, r.challenge = nil, nil, nil, nil
}

// checkIdle runs when the idle timer fires: it closes the room once its
// deadline has passed, else it waits for the rest of the time.
func (r *Room) checkIdle() {
	r.mu.Lock()
	left := time.Until(r.deadline())
	reason := ErrIdle
	if !r.claimed {
		reason = ErrUnclaimed
	}
	if left > 0 && r.err == nil {
		r.idle.Reset(left)
	}
	r.mu.Unlock()
	if left <= 0 {
		r.hub.remove(r, reason)
	}
}

func (r *Room) newMember(id string, role Role) *Member {
	return &Member{id: id, role: role, room: r, out: newOutbox(r.limits.Backlog)}
}

// isMember reports whether m is in r now. r.mu is held.
func (r *Room) isMember(m *Member) bool {
	if m == nil || m.room != r || r.err != nil {
		return false
	}
	if m.role == Presenter {
		return r.presenter == m
	}
	return r.students[m.id] == m
}

// checkPresenter fails unless m is r's connected presenter. r.mu is held.
func (r *Room) checkPresenter(m *Member) error {
	if !r.isMember(m) {
		return ErrNotMember
	}
	if m.role != Presenter {
		return ErrNotPresenter
	}
	return nil
}

// send queues ev for m, dropping m when its outbox is full. r.mu is held.
func (r *Room) send(m *Member, ev *Event) bool {
	if ev.wire == nil {
		ev.seal()
	}
	if m.out.push(ev) {
		return true
	}
	r.drop(m, ErrSlow)
	return false
}

// broadcast queues ev for every member. r.mu is held.
func (r *Room) broadcast(ev *Event) {
	for _, s := range r.students {
		r.send(s, ev)
	}
	if r.presenter != nil {
		r.send(r.presenter, ev)
	}
}

// drop takes m out of the room for reason. r.mu is held.
func (r *Room) drop(m *Member, reason error) {
	m.out.close(reason)
	if m.role == Presenter {
		if r.presenter == m {
			r.presenter = nil
			r.rosterDirty = true
		}
		return
	}
	if r.students[m.id] != m {
		return
	}
	delete(r.students, m.id)
	r.depart(m)
	r.rosterDirty = true
	if r.hasVoter(m.voter) {
		return
	}
	if r.poll != nil {
		if _, ok := r.poll.votes[m.voter]; ok {
			delete(r.poll.votes, m.voter)
			r.tallyDirty = true
			r.changed()
		}
	}
	if c := r.challenge; c != nil {
		if st, ok := c.states[m.voter]; ok && st != Reached {
			delete(c.states, m.voter)
			r.progressDirty = true
			r.changed()
		}
	}
}

// settle sends the roster, the tally and the challenge's progress when
// something changed them. A
// send may drop a slow member, which changes them again: settle repeats
// until nothing did. r.mu is held.
func (r *Room) settle() {
	for r.rosterDirty || r.tallyDirty || r.progressDirty || r.membersDirty {
		if r.progressDirty {
			r.progressDirty = false
			if r.challenge != nil {
				r.sendProgress()
			}
		}
		if r.tallyDirty {
			r.tallyDirty = false
			if r.poll != nil {
				r.sendTally(TypeTally)
			}
		}
		if r.membersDirty {
			r.membersDirty = false
			r.sendMembers()
		}
		if r.rosterDirty {
			r.rosterDirty = false
			ev := newEvent(TypeRoster)
			ev.Roster = r.roster()
			r.broadcast(ev)
		}
	}
}

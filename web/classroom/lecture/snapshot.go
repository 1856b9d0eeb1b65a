package lecture

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"time"
)

// A Snapshot is what a room keeps across a restart of its server: all of
// it but its members, who reconnect. A room's store writes one each time
// the hub reports the room changed (Hub.Notify), and Hub.Restore opens
// the room again from it.
type Snapshot struct {
	Code string `json:"code"`
	// TokenHash is the SHA-256 of the presenter's secret, in hex: a
	// snapshot never holds the secret itself.
	TokenHash string `json:"token_sha256,omitempty"`
	// Token is the secret itself, as snapshots written before TokenHash
	// held it: Restore reads it, hashed, and Snapshot never writes it.
	Token      string    `json:"token,omitempty"`
	Owner      string    `json:"owner,omitempty"`
	Seats      int       `json:"seats,omitempty"` // students one address may seat (Hub.OpenSeats)
	Opened     time.Time `json:"opened"`
	Claimed    bool      `json:"claimed,omitempty"` // a presenter has connected
	LastActive time.Time `json:"last_active"`
	// Expires is when the room closes unless its presenter acts.
	Expires  time.Time `json:"expires"`
	Seq      int       `json:"seq"` // positions published
	Position *Position `json:"position,omitempty"`
	Polls    int       `json:"polls"` // polls opened
	Poll     *OpenPoll `json:"poll,omitempty"`
	// Challenges counts the challenges started; Challenge is the open one.
	Challenges int            `json:"challenges,omitempty"`
	Challenge  *OpenChallenge `json:"challenge,omitempty"`
	// Attendees numbers the browsers that joined as students, by voter;
	// Attended is the numbers given; Removed are the voters the
	// presenter removed, who cannot join again (attendees.go).
	Attendees map[string]int `json:"attendees,omitempty"`
	Attended  int            `json:"attended,omitempty"`
	Removed   []string       `json:"removed,omitempty"`
}

// An OpenChallenge is a snapshot's challenge: the challenge, the state
// each voter reported, and the first wins.
type OpenChallenge struct {
	Challenge Challenge         `json:"challenge"`
	States    map[string]string `json:"states"`
	Wins      []Win             `json:"wins,omitempty"`
	// Winners are the voters of Wins, in order.
	Winners []string `json:"winners,omitempty"`
}

// An OpenPoll is a snapshot's poll: the poll, its answer, and the votes
// cast so far, by voter.
type OpenPoll struct {
	Poll   Poll           `json:"poll"`
	Answer int            `json:"answer"`
	Votes  map[string]int `json:"votes"`
}

// Snapshot returns the room as it is now.
func (r *Room) Snapshot() Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := Snapshot{Code: r.code, TokenHash: hex.EncodeToString(r.tokenHash[:]), Owner: r.owner, Seats: r.seats, Opened: r.opened, Claimed: r.claimed,
		LastActive: r.lastActive, Expires: r.deadline(), Seq: r.seq, Polls: r.polls}
	if r.position != nil {
		s.Position = r.position.clone()
	}
	if r.poll != nil {
		p := r.poll.Poll
		p.Options = slices.Clone(p.Options)
		s.Poll = &OpenPoll{Poll: p, Answer: p.Answer, Votes: maps.Clone(r.poll.votes)}
	}
	s.Challenges = r.challenges
	if c := r.challenge; c != nil {
		s.Challenge = &OpenChallenge{Challenge: c.Challenge, States: maps.Clone(c.states), Wins: slices.Clone(c.wins),
			Winners: slices.Clone(c.winners)}
	}
	s.Attended = r.attended
	if len(r.attendees) > 0 {
		s.Attendees = map[string]int{}
		for voter, a := range r.attendees {
			s.Attendees[voter] = a.n
		}
	}
	for voter := range r.removed {
		s.Removed = append(s.Removed, voter)
	}
	slices.Sort(s.Removed)
	return s
}

// ErrExpired: a snapshot's room would have closed while it was stored.
var ErrExpired = errors.New("the room expired while the server was down")

// Restore opens a room again from its snapshot, with no members, and
// reports it changed. It fails when the snapshot does not hold together,
// when its room has expired (ErrExpired), or when its code is taken.
// The hub's room limits do not apply: the room was open already.
func (h *Hub) Restore(s Snapshot) (*Room, error) {
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("room %q: %w", s.Code, err)
	}
	hash, err := s.tokenHash()
	if err != nil {
		return nil, fmt.Errorf("room %q: %w", s.Code, err)
	}
	st := roomState{code: s.Code, tokenHash: hash, owner: s.Owner, seats: s.Seats, opened: s.Opened, lastActive: s.LastActive,
		claimed: s.Claimed, seq: s.Seq, polls: s.Polls, challenges: s.Challenges,
		attendees: maps.Clone(s.Attendees), attended: s.Attended, removed: slices.Clone(s.Removed)}
	if s.Position != nil {
		st.position = s.Position.clone()
	}
	if s.Poll != nil {
		q := s.Poll.Poll
		q.Answer, q.Options = s.Poll.Answer, slices.Clone(q.Options)
		st.poll = &poll{Poll: q, votes: maps.Clone(s.Poll.Votes)}
		if st.poll.votes == nil {
			st.poll.votes = map[string]int{}
		}
	}
	if c := s.Challenge; c != nil {
		st.challenge = &challenge{Challenge: c.Challenge, states: maps.Clone(c.States), wins: slices.Clone(c.Wins),
			winners: slices.Clone(c.Winners)}
		if st.challenge.states == nil {
			st.challenge.states = map[string]string{}
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.rooms[s.Code] != nil {
		return nil, fmt.Errorf("room %q: its code is taken", s.Code)
	}
	r := newRoom(h, st)
	r.mu.Lock()
	expired := !r.deadline().After(time.Now())
	r.mu.Unlock()
	if expired {
		r.idle.Stop()
		return nil, fmt.Errorf("room %q: %w", s.Code, ErrExpired)
	}
	h.rooms[s.Code] = r
	h.notify(s.Code)
	return r, nil
}

// tokenHash is the hash of the presenter's token s holds: TokenHash, or
// the hash of an older snapshot's Token.
func (s *Snapshot) tokenHash() ([sha256.Size]byte, error) {
	var h [sha256.Size]byte
	if s.TokenHash == "" {
		return sha256.Sum256([]byte(s.Token)), nil
	}
	b, err := hex.DecodeString(s.TokenHash)
	if err != nil || len(b) != sha256.Size {
		return h, errors.New("the presenter token's hash is not a SHA-256 in hex")
	}
	copy(h[:], b)
	return h, nil
}

// check reports what in s does not hold together.
func (s *Snapshot) check() error {
	if code, ok := NormalizeCode(s.Code); !ok || code != s.Code {
		return errors.New("not a room code")
	}
	switch {
	case s.Token == "" && s.TokenHash == "":
		return errors.New("no presenter token")
	case s.Attended < 0 || len(s.Removed) > maxRemoved:
		return errors.New("bad attendees")
	case s.LastActive.IsZero():
		return errors.New("no time of last activity")
	case s.Seq < 0 || s.Polls < 0 || s.Challenges < 0 || s.Seats < 0:
		return errors.New("negative counts")
	}
	if err := s.Challenge.check(s.Challenges); err != nil {
		return err
	}
	for voter, n := range s.Attendees {
		if voter == "" || n < 1 || n > s.Attended {
			return fmt.Errorf("attendee %d of %d", n, s.Attended)
		}
	}
	if s.Position != nil {
		if err := s.Position.Validate(); err != nil {
			return err
		}
	}
	if p := s.Poll; p != nil {
		q := p.Poll
		q.Answer = p.Answer
		if err := q.validate(); err != nil {
			return err
		}
		if q.ID < 1 || q.ID > s.Polls {
			return fmt.Errorf("%w: poll %d of %d", ErrBadPoll, q.ID, s.Polls)
		}
		for voter, o := range p.Votes {
			if voter == "" || o < 0 || o >= len(q.Options) {
				return fmt.Errorf("%w: a vote for option %d", ErrBadPoll, o)
			}
		}
	}
	return nil
}

// check reports what in c, one of challenges started, does not hold
// together. A nil c is no challenge, which holds.
func (c *OpenChallenge) check(challenges int) error {
	if c == nil {
		return nil
	}
	ch := c.Challenge
	switch {
	case ch.ID < 1 || ch.ID > challenges:
		return fmt.Errorf("%w: challenge %d of %d", ErrBadChallenge, ch.ID, challenges)
	case ch.Hints < 0 || ch.Hints > maxHints || ch.Shown < 0 || ch.Shown > ch.Hints || ch.Ended:
		return fmt.Errorf("%w: %d of %d hints shown", ErrBadChallenge, ch.Shown, ch.Hints)
	case len(c.Wins) > maxWins || (c.Winners != nil && len(c.Winners) != len(c.Wins)):
		return fmt.Errorf("%w: %d wins", ErrBadChallenge, len(c.Wins))
	}
	for voter, st := range c.States {
		if voter == "" || (st != Playing && st != Reached && st != Stuck) {
			return fmt.Errorf("%w: state %q", ErrBadChallenge, st)
		}
	}
	return nil
}

package lecture

import (
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
	Code       string    `json:"code"`
	Token      string    `json:"token"` // the presenter's secret
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
}

// An OpenChallenge is a snapshot's challenge: the challenge, the state
// each voter reported, and the first wins.
type OpenChallenge struct {
	Challenge Challenge         `json:"challenge"`
	States    map[string]string `json:"states"`
	Wins      []Win             `json:"wins,omitempty"`
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
	s := Snapshot{Code: r.code, Token: r.token, Owner: r.owner, Seats: r.seats, Opened: r.opened, Claimed: r.claimed,
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
		s.Challenge = &OpenChallenge{Challenge: c.Challenge, States: maps.Clone(c.states), Wins: slices.Clone(c.wins)}
	}
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
	st := roomState{code: s.Code, token: s.Token, owner: s.Owner, seats: s.Seats, opened: s.Opened, lastActive: s.LastActive,
		claimed: s.Claimed, seq: s.Seq, polls: s.Polls, challenges: s.Challenges}
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
		st.challenge = &challenge{Challenge: c.Challenge, states: maps.Clone(c.States), wins: slices.Clone(c.Wins)}
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

// check reports what in s does not hold together.
func (s *Snapshot) check() error {
	if code, ok := NormalizeCode(s.Code); !ok || code != s.Code {
		return errors.New("not a room code")
	}
	switch {
	case s.Token == "":
		return errors.New("no presenter token")
	case s.LastActive.IsZero():
		return errors.New("no time of last activity")
	case s.Seq < 0 || s.Polls < 0 || s.Challenges < 0 || s.Seats < 0:
		return errors.New("negative counts")
	}
	if err := s.Challenge.check(s.Challenges); err != nil {
		return err
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
	case len(c.Wins) > maxWins:
		return fmt.Errorf("%w: %d wins", ErrBadChallenge, len(c.Wins))
	}
	for voter, st := range c.States {
		if voter == "" || (st != Playing && st != Reached && st != Stuck) {
			return fmt.Errorf("%w: state %q", ErrBadChallenge, st)
		}
	}
	return nil
}

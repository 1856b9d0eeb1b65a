package lecture

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Version is the version of the room protocol every Event carries.
const Version = 1

// Type names an Event.
type Type string

// The event types. The fields each one sets are listed in web/classroom/room.md.
const (
	// TypeWelcome is the first event of every member: its role and id, the
	// room, the latest position, the open poll and its tally, the roster.
	TypeWelcome Type = "welcome"
	// TypePosition is a published position.
	TypePosition Type = "position"
	// TypePoll is a poll being opened.
	TypePoll Type = "poll"
	// TypeTally is the current count of a poll's votes. It replaces a tally
	// still queued.
	TypeTally Type = "tally"
	// TypeVoted confirms a student's own vote.
	TypeVoted Type = "voted"
	// TypeReveal closes a poll with its result.
	TypeReveal Type = "reveal"
	// TypeCancel closes a poll without a result.
	TypeCancel Type = "cancel"
	// TypeRoster counts the students. It replaces a roster still queued.
	TypeRoster Type = "roster"
	// TypeChallenge is a challenge started, a hint revealed to everyone,
	// or a challenge ended.
	TypeChallenge Type = "challenge"
	// TypeProgress counts how far the students got in the open challenge.
	// It replaces a progress still queued.
	TypeProgress Type = "progress"
	// TypeMembers lists the room's attendees, to the presenter alone. It
	// replaces a members event still queued.
	TypeMembers Type = "members"
	// TypeError answers a command that could not be carried out.
	TypeError Type = "error"
	// TypeClosed is the last event of a member: why it left the room.
	TypeClosed Type = "closed"
)

// coalesces reports whether an event of type t only states a current value,
// so a newer one replaces an older one still queued.
func (t Type) coalesces() bool {
	return t == TypeTally || t == TypeRoster || t == TypeProgress || t == TypeMembers
}

// Role is what a member does in a room.
type Role string

// The roles.
const (
	Presenter Role = "presenter"
	Student   Role = "student"
)

// An Event is one message to a member. It is also the room protocol's wire
// form: the fields a type does not use are left empty. Events are shared
// between the members they are broadcast to and must not be modified once
// queued.
type Event struct {
	V    int  `json:"v"`
	Type Type `json:"type"`

	Role   Role   `json:"role,omitempty"`   // welcome
	Member string `json:"member,omitempty"` // welcome: the member's id
	Room   string `json:"room,omitempty"`   // welcome: the room's code
	Seat   int    `json:"seat,omitempty"`   // welcome: a student's attendee number

	Seq      int       `json:"seq,omitempty"`      // position, welcome
	Position *Position `json:"position,omitempty"` // position, welcome

	Poll   *Poll   `json:"poll,omitempty"`   // poll, welcome
	Tally  *Tally  `json:"tally,omitempty"`  // tally, poll, welcome
	Vote   *int    `json:"vote,omitempty"`   // voted: the option counted
	Result *Result `json:"result,omitempty"` // reveal
	Roster *Roster `json:"roster,omitempty"` // roster, welcome
	// Members lists the attendees, to the presenter.
	Members []Seat `json:"members,omitempty"` // members, a presenter's welcome

	Challenge *Challenge `json:"challenge,omitempty"` // challenge, welcome
	Progress  *Progress  `json:"progress,omitempty"`  // progress, welcome

	PollID int `json:"poll_id,omitempty"` // voted, cancel

	Command string `json:"command,omitempty"` // error: the command refused
	Message string `json:"message,omitempty"` // error, closed: in English
	// MessageZH is Message in Chinese (Problem), which a page in Chinese
	// shows instead.
	MessageZH string `json:"message_zh,omitempty"` // error, closed
	// Retry, in a closed event, says that reconnecting makes sense: the
	// member was dropped for falling behind, not shut out.
	Retry bool `json:"retry,omitempty"`
	// Reason, in a closed event, names why in a word the page can put in
	// its own language (closedReasons); Message and MessageZH say it.
	Reason string `json:"reason,omitempty"`

	wire []byte // the JSON form, once queued
}

// JSON is the event's wire form. An event broadcast to a room is encoded
// once, when it is first queued, for every member it goes to.
func (e *Event) JSON() []byte {
	if e.wire == nil {
		e.seal()
	}
	return e.wire
}

// seal encodes e. It is called once, before e is shared: by the room under
// its lock, or by JSON for an event that was never queued.
func (e *Event) seal() {
	b, err := json.Marshal(e)
	if err != nil {
		// An event is made of strings, numbers and slices of them.
		panic(fmt.Sprintf("lecture: encode %s event: %v", e.Type, err))
	}
	e.wire = b
}

// newEvent returns an event of type t at the current version.
func newEvent(t Type) *Event { return &Event{V: Version, Type: t} }

// ErrorEvent is the answer to a command that failed with err, in English
// and, when err is a Problem, in Chinese.
func ErrorEvent(command string, err error) *Event {
	e := newEvent(TypeError)
	e.Command, e.Message, e.MessageZH = command, err.Error(), Chinese(err)
	return e
}

// ClosedEvent is the last event sent to a member dropped for reason.
func ClosedEvent(reason error) *Event {
	e := newEvent(TypeClosed)
	e.Message, e.MessageZH, e.Retry = reason.Error(), Chinese(reason), errors.Is(reason, ErrSlow)
	for _, r := range closedReasons {
		if errors.Is(reason, r.err) {
			e.Reason = r.word
			break
		}
	}
	return e
}

// closedReasons are the words of a closed event's Reason.
var closedReasons = []struct {
	err  error
	word string
}{
	{ErrNoRoom, "no-room"}, {ErrRoomFull, "full"}, {ErrBadToken, "token"}, {ErrClosed, "closed"},
	{ErrIdle, "idle"}, {ErrUnclaimed, "unclaimed"}, {ErrSlow, "slow"}, {ErrReplaced, "replaced"}, {ErrRemoved, "removed"}, {ErrLeft, "left"},
}

// Roster counts a room's students.
type Roster struct {
	Students  int  `json:"students"`
	Following int  `json:"following"` // students whose page follows the presenter
	Presenter bool `json:"presenter"` // a presenter is connected
}

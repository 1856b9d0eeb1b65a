package classroom

import (
	"encoding/json"
	"fmt"

	"lockstep/web/classroom/lecture"
	"lockstep/web/playground"
	"lockstep/web/site"
)

// The commands of the room protocol (room.md).
const (
	roomPublish = "publish" // presenter: the position on its page
	roomPoll    = "poll"    // presenter: ask a question about the next step
	roomReveal  = "reveal"  // presenter: close the poll on an option
	roomCancel  = "cancel"  // presenter: close the poll without a result
	roomClose   = "close"   // presenter: close the room
	roomVote    = "vote"    // student: choose an option
	roomFollow  = "follow"  // student: following or exploring
)

// roomCommand is one message from a room page. Which fields matter
// depends on Type.
type roomCommand struct {
	V         int               `json:"v"`
	Type      string            `json:"type"`
	Position  *lecture.Position `json:"position,omitempty"`
	Kind      string            `json:"kind,omitempty"`
	Thread    string            `json:"thread,omitempty"`
	Poll      int               `json:"poll,omitempty"`
	Option    *int              `json:"option,omitempty"`
	Following *bool             `json:"following,omitempty"`
}

// decodeRoomCommand reads one frame. On an error it still returns the
// type if it could read it, so the error event can name it.
func decodeRoomCommand(data []byte) (roomCommand, error) {
	var c roomCommand
	if err := json.Unmarshal(data, &c); err != nil {
		var head struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(data, &head) == nil {
			c.Type = head.Type
		}
		return c, fmt.Errorf("%w: %v", playground.ErrBadFrame, site.JSONProblem(err))
	}
	if c.V != lecture.Version {
		return c, fmt.Errorf("%w: room protocol version %d is not supported (want \"v\":%d)", playground.ErrBadFrame, c.V, lecture.Version)
	}
	return c, nil
}

// dispatch carries out command c of member m.
func (rs *Rooms) dispatch(m *lecture.Member, c roomCommand) error {
	room := m.Room()
	switch c.Type {
	case roomPublish:
		if c.Position == nil {
			return fmt.Errorf("publish: no position")
		}
		return room.Publish(m, *c.Position)
	case roomPoll:
		return rs.openPoll(m, c.Kind, c.Thread)
	case roomReveal:
		chosen := -1
		if c.Option != nil {
			chosen = *c.Option
		}
		_, err := room.Reveal(m, chosen)
		return err
	case roomCancel:
		return room.CancelPoll(m)
	case roomClose:
		return room.Close(m)
	case roomVote:
		if c.Option == nil {
			return fmt.Errorf("vote: no option")
		}
		return room.Vote(m, c.Poll, *c.Option)
	case roomFollow:
		if c.Following == nil {
			return fmt.Errorf("follow: say true or false")
		}
		return room.Follow(m, *c.Following)
	}
	return fmt.Errorf("unknown command type %q", c.Type)
}

// openPoll derives the poll of kind about thread from the presenter's
// position and opens it.
func (rs *Rooms) openPoll(m *lecture.Member, kind, thread string) error {
	if m.Role() != lecture.Presenter {
		return lecture.ErrNotPresenter
	}
	pos, ok := m.Room().Position()
	if !ok {
		return fmt.Errorf("poll: nothing is published yet")
	}
	q, err := rs.derivePoll(pos, kind, thread)
	if err != nil {
		return err
	}
	_, err = m.Room().OpenPoll(m, q)
	return err
}

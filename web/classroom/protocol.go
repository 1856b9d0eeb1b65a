package classroom

import (
	"encoding/json"
	"fmt"

	"lockstep/sim/words"
	"lockstep/web/classroom/lecture"
	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// The commands of the room protocol (room.md).
const (
	roomPublish = "publish" // presenter: the position on its page
	roomPoll    = "poll"    // presenter: ask a question about the next step
	roomReveal  = "reveal"  // presenter: close the poll on an option
	roomCancel  = "cancel"  // presenter: close the poll without a result
	roomClose   = "close"   // presenter: close the room
	roomRemove  = "remove"  // presenter: remove a student from the room
	roomVote    = "vote"    // student: choose an option
	roomFollow  = "follow"  // student: following or exploring

	roomChallenge = "challenge" // presenter: start the lesson's challenge for everyone
	roomHint      = "hint"      // presenter: reveal the challenge's next hint to everyone
	roomEnd       = "end"       // presenter: end the challenge; the pages follow again
	roomProgress  = "progress"  // student: how far its page got in the challenge
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
	Challenge int               `json:"challenge,omitempty"` // progress
	State     string            `json:"state,omitempty"`     // progress
	Schedule  string            `json:"schedule,omitempty"`  // progress, reached
	Step      int               `json:"step,omitempty"`      // progress
	Seat      int               `json:"seat,omitempty"`      // remove: the student's number
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
		return c, badFrame(site.JSONProblemIn(err))
	}
	if c.V != lecture.Version {
		return c, badFrame(site.Phrase{
			fmt.Sprintf("room protocol version %d is not supported (want \"v\":%d)", c.V, lecture.Version),
			fmt.Sprintf("不支持课堂协议版本 %d（应为 \"v\":%d）", c.V, lecture.Version),
		})
	}
	return c, nil
}

// dispatch carries out command c of member m.
func (rs *Rooms) dispatch(m *lecture.Member, c roomCommand) error {
	room := m.Room()
	switch c.Type {
	case roomPublish:
		if c.Position == nil {
			return lecture.Problemf(nil, "publish: no position", "publish：没有位置")
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
	case roomRemove:
		return room.Remove(m, c.Seat)
	case roomVote:
		if c.Option == nil {
			return lecture.Problemf(nil, "vote: no option", "vote：没有选项")
		}
		return room.Vote(m, c.Poll, *c.Option)
	case roomFollow:
		if c.Following == nil {
			return lecture.Problemf(nil, "follow: say true or false", "follow：请说 true 或 false")
		}
		return room.Follow(m, *c.Following)
	case roomChallenge:
		if c.Position == nil {
			return lecture.Problemf(nil, "challenge: no position", "challenge：没有位置")
		}
		return rs.startChallenge(m, *c.Position)
	case roomHint:
		_, err := room.RevealHint(m)
		return err
	case roomEnd:
		return room.EndChallenge(m)
	case roomProgress:
		if c.Challenge == 0 || c.State == "" {
			return lecture.Problemf(nil, "progress: say the challenge and the state", "progress：请给出挑战和状态")
		}
		// A report without its run is refused by Report, saying so.
		if c.State == lecture.Reached && c.Schedule != "" && m.Role() == lecture.Student {
			if err := rs.checkReached(room, c.Schedule); err != nil {
				return err
			}
		}
		return room.Report(m, c.Challenge, c.State, c.Schedule, c.Step)
	}
	return lecture.Problemf(nil, "unknown command type %q", "未知的命令类型 %q", c.Type)
}

// badFrame is protocol.ErrBadFrame with why, in English and Chinese.
func badFrame(why site.Phrase) error {
	return lecture.NewProblem(protocol.ErrBadFrame, protocol.ErrBadFrame.Error()+": "+why[0], "消息有误："+why.In("zh"))
}

// unreplayable says that the presenter's position cannot be replayed, for
// an error of the lessons or of the step machine that is in English only:
// a schedule's error is said in Chinese by words.
func unreplayable(err error) error {
	if err == nil || lecture.Chinese(err) != "" {
		return err
	}
	return lecture.NewProblem(err, err.Error(), "主讲人的位置无法重放："+words.Error(err, words.Chinese))
}

// openPoll derives the poll of kind about thread from the presenter's
// position and opens it.
func (rs *Rooms) openPoll(m *lecture.Member, kind, thread string) error {
	if m.Role() != lecture.Presenter {
		return lecture.ErrNotPresenter
	}
	pos, ok := m.Room().Position()
	if !ok {
		return lecture.Problemf(nil, "poll: nothing is published yet", "poll：还没有发布任何位置")
	}
	q, err := rs.derivePoll(pos, kind, thread)
	if err != nil {
		return err
	}
	_, err = m.Room().OpenPoll(m, q)
	return err
}

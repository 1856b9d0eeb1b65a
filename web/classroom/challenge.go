package classroom

import (
	"errors"

	"lockstep/scenarios"
	"lockstep/web/classroom/lecture"
)

// startChallenge starts, for the room of presenter m, the challenge of
// the lesson at pos (scenarios.Challenge): the room publishes pos with
// lecture.ModeChallenge, and every student's page plays it from there.
// The lesson must have a challenge, pos must be the first step of the
// challenge's variant, and the number of hints is the lesson's.
func (rs *Rooms) startChallenge(m *lecture.Member, pos lecture.Position) error {
	if m.Role() != lecture.Presenter {
		return lecture.ErrNotPresenter
	}
	lesson, err := rs.lessons.Lookup(pos.Lesson)
	if errors.Is(err, scenarios.ErrNotFound) {
		return lecture.Problemf(err, "challenge: there is no lesson %q", "challenge：没有课程 %q", pos.Lesson)
	}
	if err != nil {
		return unreplayable(err)
	}
	c, err := lesson.Challenge()
	if err != nil || c == nil {
		return lecture.Detail(lecture.ErrBadChallenge, "lesson %s has no challenge", "课程 %s 没有挑战", lesson.ID)
	}
	switch {
	case pos.Variant != c.Variant:
		return lecture.Detail(lecture.ErrBadChallenge, "the challenge of %s is played on %s, not %q", "%s 的挑战在 %s 上进行，而不是 %q", lesson.ID, c.Variant, pos.Variant)
	case pos.Schedule != "" || pos.Index != 0:
		return lecture.Detail(lecture.ErrBadChallenge, "a challenge starts at the first step, with no schedule", "挑战从第一步开始，不带调度")
	}
	_, err = m.Room().StartChallenge(m, pos, len(c.Hints))
	return err
}

package classroom

import (
	"errors"
	"slices"

	"lockstep/scenarios"
	"lockstep/sim/outcome"
	"lockstep/web/classroom/lecture"
	"lockstep/web/playground"
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

// checkReached replays the run a student reports reached the goal of the
// room's open challenge: from the challenge's position, the schedule,
// every step of it; the report counts only if the run ends in, or finds
// on the way, the outcome the challenge asks for (as the page judges it,
// static/challenge.js). A schedule the lesson cannot run is refused as a
// bad report, so that a script's made-up text never counts as a win.
func (rs *Rooms) checkReached(room *lecture.Room, sched string) error {
	pos, ok := room.Position()
	if !ok || pos.Mode != lecture.ModeChallenge {
		return lecture.ErrNoChallenge
	}
	lesson, err := rs.lessons.Lookup(pos.Lesson)
	if err != nil {
		return unreplayable(err)
	}
	c, err := lesson.Challenge()
	if err != nil || c == nil {
		return lecture.Detail(lecture.ErrBadChallenge, "lesson %s has no challenge", "课程 %s 没有挑战", lesson.ID)
	}
	run := pos
	run.Schedule = sched
	steps, err := playground.LessonSchedule(lesson, pos.Variant, sched)
	if err != nil {
		return lecture.Detail(lecture.ErrBadReport, "the schedule cannot be read", "调度无法读取")
	}
	run.Index = len(steps)
	m, err := rs.machineAt(run)
	if err != nil {
		return lecture.Detail(lecture.ErrBadReport, "the schedule cannot be replayed: %v", "调度无法重放：%v", err)
	}
	if m.Outcome().Kind == c.Kind || slices.ContainsFunc(m.Findings(), func(o outcome.Outcome) bool { return o.Kind == c.Kind }) {
		return nil
	}
	return lecture.Detail(lecture.ErrBadReport, "the schedule does not reach the goal", "该调度没有达到目标")
}

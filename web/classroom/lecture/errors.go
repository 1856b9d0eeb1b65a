package lecture

import (
	"errors"
	"fmt"
)

// A Problem is an error a room's member is told, in English (Error) and
// in Chinese (Chinese): the room's pages are in either. The package's
// errors are Problems, and so is every error a room command answers
// with, so that the event that carries it (ErrorEvent, ClosedEvent) can
// say it in both languages.
type Problem struct {
	en, zh string
	err    error // what the problem is a case of (errors.Is), or nil
}

// Error is the problem in English.
func (p *Problem) Error() string { return p.en }

// Chinese is the problem in Chinese.
func (p *Problem) Chinese() string { return p.zh }

// Unwrap is what the problem is a case of, or nil.
func (p *Problem) Unwrap() error { return p.err }

// problem is a problem that is a case of nothing else: a sentinel.
func problem(en, zh string) *Problem { return &Problem{en: en, zh: zh} }

// Problemf is a problem in English and in Chinese, each a format of the
// same args, that is a case of err (nil: of nothing). An arg may be an
// error: a Problem among them is said in each language in turn.
func Problemf(err error, en, zh string, args ...any) error {
	return &Problem{en: fmt.Sprintf(en, args...), zh: fmt.Sprintf(zh, inChinese(args)...), err: err}
}

// NewProblem is the problem said by en and zh, a case of err (nil: of
// nothing).
func NewProblem(err error, en, zh string) error { return &Problem{en: en, zh: zh, err: err} }

// Detail is problem p with a detail, as fmt.Errorf("%w: detail") would
// make it: "that poll is closed: poll 3 is over".
func Detail(p *Problem, en, zh string, args ...any) error {
	return &Problem{en: p.en + ": " + fmt.Sprintf(en, args...), zh: p.zh + "：" + fmt.Sprintf(zh, inChinese(args)...), err: p}
}

// inChinese is args with each error that has a Chinese text replaced by
// that text.
func inChinese(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		out[i] = a
		if err, ok := a.(error); ok {
			if zh := Chinese(err); zh != "" {
				out[i] = zh
			}
		}
	}
	return out
}

// Chinese is err in Chinese, or "" when it has no Chinese text: err is,
// or wraps without a word added, a Problem.
func Chinese(err error) string {
	var p *Problem
	if err != nil && errors.As(err, &p) && p.Error() == err.Error() {
		return p.zh
	}
	return ""
}

// The errors of the package. Their texts are shown to people as they are,
// so they say what happened and what to do.
var (
	// ErrNoRoom: no open room has the code.
	ErrNoRoom = problem("there is no open room with that code: check the code, or ask the presenter whether the room is still open",
		"没有使用这个代码的课堂：请检查代码，或者问问讲师课堂是否还开着")
	// ErrRoomFull: the room has Limits.MaxStudents students.
	ErrRoomFull = problem("the room is full", "课堂已满")
	// ErrAddressFull: the room seats as many students from one address
	// as its presenter allowed.
	ErrAddressFull = problem("the room is full for your network", "课堂对你所在的网络已满")
	// ErrTooManyRooms: the hub has Limits.MaxRooms rooms open.
	ErrTooManyRooms = problem("this server has as many rooms open as it allows: try again later, or close a room you no longer use",
		"本服务器开着的课堂已经达到上限：请稍后再试，或者关闭一个不再使用的课堂")
	// ErrTooManyYours: the owner has Limits.RoomsPerOwner rooms open.
	ErrTooManyYours = problem("you have as many rooms open as one person may: close one you no longer use (rooms you never presented close by themselves after a while)",
		"你开着的课堂已经达到一个人的上限：请关闭一个不再使用的课堂（从未讲授过的课堂过一会儿会自行关闭）")
	// ErrNoVoter: a student's connection carries no identity to vote with.
	ErrNoVoter = problem("this page cannot vote: reload it", "这个页面无法投票：请重新加载")
	// ErrBadToken: the presenter token does not belong to the room.
	ErrBadToken = problem("the presenter token does not match this room", "讲师令牌与这个课堂不符")
	// ErrNotMember: the member has left the room or belongs to another.
	ErrNotMember = problem("you are not a member of this room (any more): rejoin it", "你（已经）不是这个课堂的成员：请重新加入")
	// ErrNotPresenter: only the presenter may do that.
	ErrNotPresenter = problem("only the presenter can do that", "只有讲师可以这样做")
	// ErrNotStudent: only students vote.
	ErrNotStudent = problem("only students vote", "只有学生可以投票")
	// ErrNoPoll: no poll is open.
	ErrNoPoll = problem("no poll is open", "现在没有开着的投票")
	// ErrPollClosed: the vote names a poll that is no longer open.
	ErrPollClosed = problem("that poll is closed", "那个投票已经结束")
	// ErrNoOption: the vote names an option the poll does not have.
	ErrNoOption = problem("that poll has no such option", "那个投票没有这个选项")
	// ErrBadPoll: the poll is malformed (too few or too many options, texts
	// too long).
	ErrBadPoll = problem("bad poll", "投票有误")
	// ErrBadPosition: the position is malformed or too large.
	ErrBadPosition = problem("bad position", "位置有误")
	// ErrBadChallenge: the challenge to start is malformed.
	ErrBadChallenge = problem("bad challenge", "挑战有误")
	// ErrNoChallenge: no challenge is open, or not the one named.
	ErrNoChallenge = problem("no challenge is open", "现在没有进行中的挑战")
	// ErrChallengeOn: the presenter published while the students play.
	ErrChallengeOn = problem("a challenge is running: end it before stepping for the room", "挑战正在进行：先结束挑战，再为全班执行步骤")
	// ErrNoHint: the presenter revealed a hint the challenge does not have.
	ErrNoHint = problem("no hint is left to reveal", "没有可以揭示的提示了")
	// ErrBadReport: a student's report of the challenge is malformed.
	ErrBadReport = problem("bad challenge report", "挑战报告有误")
	// ErrClosed: the room was closed by its presenter.
	ErrClosed = problem("the presenter closed the room", "讲师关闭了课堂")
	// ErrUnclaimed: the room was closed because its presenter never came.
	ErrUnclaimed = problem("the room was closed because its presenter never opened it", "讲师一直没有打开课堂，课堂已关闭")
	// ErrIdle: the room was closed for lack of presenter activity.
	ErrIdle = problem("the room was closed because its presenter was idle for too long", "讲师太久没有操作，课堂已关闭")
	// ErrSlow: the member fell too far behind and was dropped.
	ErrSlow = problem("your connection fell behind the room and was dropped: reconnect to catch up", "你的连接跟不上课堂，已被断开：请重连以赶上进度")
	// ErrReplaced: the presenter view was opened on another connection.
	ErrReplaced = problem("the presenter view was opened somewhere else", "讲师视图在别处打开了")
	// ErrRemoved: the presenter removed the student from the room; its
	// browser cannot join the room again.
	ErrRemoved = problem("the presenter removed you from this room: this browser cannot join it again", "讲师已将你移出这个课堂：这个浏览器不能再加入它")
	// ErrNoSeat: the presenter named a student the room does not have.
	ErrNoSeat = problem("there is no such student in the room", "课堂里没有这个学生")
	// ErrTooManyRemoved: the room bars as many browsers as it keeps.
	ErrTooManyRemoved = problem("the room has removed as many students as it can keep barred", "这个课堂移出的学生已达上限")
	// ErrLeft: the member left the room.
	ErrLeft = problem("you left the room", "你已离开课堂")
)

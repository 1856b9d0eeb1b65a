package lecture

import "errors"

// The errors of the package. Their texts are shown to people as they are,
// so they say what happened and what to do.
var (
	// ErrNoRoom: no open room has the code.
	ErrNoRoom = errors.New("there is no open room with that code: check the code, or ask the presenter whether the room is still open")
	// ErrRoomFull: the room has Limits.MaxStudents students.
	ErrRoomFull = errors.New("the room is full")
	// ErrTooManyRooms: the hub has Limits.MaxRooms rooms open.
	ErrTooManyRooms = errors.New("this server has as many rooms open as it allows: try again later, or close a room you no longer use")
	// ErrTooManyYours: the owner has Limits.RoomsPerOwner rooms open.
	ErrTooManyYours = errors.New("you have as many rooms open as one person may: close one you no longer use (rooms you never presented close by themselves after a while)")
	// ErrNoVoter: a student's connection carries no identity to vote with.
	ErrNoVoter = errors.New("this page cannot vote: reload it")
	// ErrBadToken: the presenter token does not belong to the room.
	ErrBadToken = errors.New("the presenter token does not match this room")
	// ErrNotMember: the member has left the room or belongs to another.
	ErrNotMember = errors.New("you are not a member of this room (any more): rejoin it")
	// ErrNotPresenter: only the presenter may do that.
	ErrNotPresenter = errors.New("only the presenter can do that")
	// ErrNotStudent: only students vote.
	ErrNotStudent = errors.New("only students vote")
	// ErrNoPoll: no poll is open.
	ErrNoPoll = errors.New("no poll is open")
	// ErrPollClosed: the vote names a poll that is no longer open.
	ErrPollClosed = errors.New("that poll is closed")
	// ErrNoOption: the vote names an option the poll does not have.
	ErrNoOption = errors.New("that poll has no such option")
	// ErrBadPoll: the poll is malformed (too few or too many options, texts
	// too long).
	ErrBadPoll = errors.New("bad poll")
	// ErrBadPosition: the position is malformed or too large.
	ErrBadPosition = errors.New("bad position")
	// ErrClosed: the room was closed by its presenter.
	ErrClosed = errors.New("the presenter closed the room")
	// ErrUnclaimed: the room was closed because its presenter never came.
	ErrUnclaimed = errors.New("the room was closed because its presenter never opened it")
	// ErrIdle: the room was closed for lack of presenter activity.
	ErrIdle = errors.New("the room was closed because its presenter was idle for too long")
	// ErrSlow: the member fell too far behind and was dropped.
	ErrSlow = errors.New("your connection fell behind the room and was dropped: reconnect to catch up")
	// ErrReplaced: the presenter view was opened on another connection.
	ErrReplaced = errors.New("the presenter view was opened somewhere else")
	// ErrLeft: the member left the room.
	ErrLeft = errors.New("you left the room")
)

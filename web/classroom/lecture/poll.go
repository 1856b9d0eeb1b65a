package lecture

import (
	"slices"
	"time"
)

// NoAnswer is the Answer of a poll whose outcome the presenter decides, as
// "which thread's CAS wins?": whichever thread the presenter steps.
const NoAnswer = -1

// Bounds of a poll.
const (
	minOptions  = 2
	maxOptions  = 8
	maxQuestion = 500
	maxLabel    = 200
)

// A Poll asks the students to predict the next step.
type Poll struct {
	// ID numbers the room's polls from 1; votes name it.
	ID int `json:"id"`
	// Kind says what is asked ("thread", "value"), for the page's styling.
	Kind     string   `json:"kind,omitempty"`
	Question string   `json:"question"`
	Options  []Option `json:"options"`
	// Thread is the thread the presenter steps on reveal when the chosen
	// option names none.
	Thread string `json:"thread,omitempty"`
	// Answer is the index of the right option, or NoAnswer. It is sent to
	// nobody before the reveal: the presenter's page is on the projector.
	Answer int `json:"-"`
}

// An Option is one possible answer.
type Option struct {
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`
	// Thread is the thread the presenter steps when this option is
	// revealed, if it is not the poll's.
	Thread string `json:"thread,omitempty"`
}

// A Tally is the count of a poll's votes so far. The presenter is sent
// the count of each option; a student only how many voted, so that the
// class's split cannot sway a vote before the reveal shows it.
type Tally struct {
	Poll   int   `json:"poll"`
	Counts []int `json:"counts,omitempty"` // per option; the presenter's only
	Votes  int   `json:"votes"`
}

// hidden is t as a student is sent it: without the counts per option.
func (t *Tally) hidden() *Tally { return &Tally{Poll: t.Poll, Votes: t.Votes} }

// A Result is a revealed poll.
type Result struct {
	Poll   int   `json:"poll"`
	Chosen int   `json:"chosen"` // the option the presenter revealed
	Answer int   `json:"answer"` // the right option, or NoAnswer
	Counts []int `json:"counts"`
	Votes  int   `json:"votes"`
	// Thread is the thread the presenter's page steps now, or "".
	Thread string `json:"thread,omitempty"`
}

// poll is an open poll and its votes.
type poll struct {
	Poll
	votes map[string]int // voter → option
}

func (p *poll) tally() *Tally {
	t := &Tally{Poll: p.ID, Counts: make([]int, len(p.Options)), Votes: len(p.votes)}
	for _, o := range p.votes {
		t.Counts[o]++
	}
	return t
}

// validate checks q before it is opened.
func (q *Poll) validate() error {
	switch {
	case q.Question == "" || len(q.Question) > maxQuestion:
		return Detail(ErrBadPoll, "the question must have 1 to %d bytes", "问题必须有 1 到 %d 字节", maxQuestion)
	case len(q.Options) < minOptions || len(q.Options) > maxOptions:
		return Detail(ErrBadPoll, "a poll has %d to %d options, not %d", "投票应有 %d 到 %d 个选项，而不是 %d 个", minOptions, maxOptions, len(q.Options))
	case q.Answer < NoAnswer || q.Answer >= len(q.Options):
		return Detail(ErrBadPoll, "answer %d is not an option", "答案 %d 不是一个选项", q.Answer)
	case len(q.Kind) > maxNameLen || len(q.Thread) > maxNameLen:
		return Detail(ErrBadPoll, "kind or thread too long", "种类或线程名太长")
	}
	for i, o := range q.Options {
		if o.Label == "" || len(o.Label) > maxLabel || len(o.Detail) > maxLabel || len(o.Thread) > maxNameLen {
			return Detail(ErrBadPoll, "option %d must have a label of 1 to %d bytes", "选项 %d 的标签必须有 1 到 %d 字节", i, maxLabel)
		}
	}
	return nil
}

// OpenPoll opens q, replacing (cancelling) a poll still open, and sends it
// to every member. It returns the poll as opened, numbered.
func (r *Room) OpenPoll(m *Member, q Poll) (Poll, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return Poll{}, err
	}
	if err := q.validate(); err != nil {
		return Poll{}, err
	}
	r.lastActive = time.Now()
	if r.poll != nil {
		r.cancelPoll()
	}
	r.polls++
	q.ID = r.polls
	q.Options = slices.Clone(q.Options)
	r.poll = &poll{Poll: q, votes: map[string]int{}}
	r.changed()

	r.sendTally(TypePoll)
	return q, nil
}

// Vote records student m's choice of option in poll pollID, replacing its
// earlier vote in that poll. The student is sent a voted event, every
// member the new tally. A vote from a non-member, for a poll that is not
// open, or for an option the poll lacks is refused and changes nothing.
func (r *Room) Vote(m *Member, pollID, option int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if !r.isMember(m) {
		return ErrNotMember
	}
	if m.role != Student {
		return ErrNotStudent
	}
	switch {
	case pollID < 1 || pollID > r.polls:
		return Detail(ErrPollClosed, "there is no poll %d", "没有第 %d 个投票", pollID)
	case r.poll == nil || r.poll.ID != pollID:
		return Detail(ErrPollClosed, "poll %d is over", "第 %d 个投票已经结束", pollID)
	case option < 0 || option >= len(r.poll.Options):
		return Detail(ErrNoOption, "poll %d has options 1 to %d, not %d", "第 %d 个投票的选项是 1 到 %d，没有 %d", pollID, len(r.poll.Options), option+1)
	}
	if m.voter == "" {
		return ErrNoVoter
	}
	if prev, ok := r.poll.votes[m.voter]; !ok || prev != option {
		r.poll.votes[m.voter] = option
		r.tallyDirty = true
		r.changed()
	}
	ev := newEvent(TypeVoted)
	ev.PollID, ev.Vote = pollID, &option
	r.send(m, ev)
	return nil
}

// Reveal closes the open poll on option chosen and sends the result to
// every member. A chosen of -1 picks the right answer, or, when the poll
// has none, the option with the most votes (the first of a tie).
func (r *Room) Reveal(m *Member, chosen int) (Result, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return Result{}, err
	}
	if r.poll == nil {
		return Result{}, ErrNoPoll
	}
	p := r.poll
	if chosen < -1 || chosen >= len(p.Options) {
		return Result{}, Detail(ErrNoOption, "the poll has %d options", "这个投票有 %d 个选项", len(p.Options))
	}
	t := p.tally()
	if chosen == -1 {
		chosen = p.Answer
		if chosen == NoAnswer {
			chosen = argmax(t.Counts)
		}
	}
	res := Result{Poll: p.ID, Chosen: chosen, Answer: p.Answer, Counts: t.Counts, Votes: t.Votes,
		Thread: p.Options[chosen].Thread}
	if res.Thread == "" {
		res.Thread = p.Thread
	}
	r.poll = nil
	r.tallyDirty = false
	r.lastActive = time.Now()
	r.changed()
	ev := newEvent(TypeReveal)
	ev.Result = &res
	r.broadcast(ev)
	return res, nil
}

// CancelPoll closes the open poll without a result.
func (r *Room) CancelPoll(m *Member) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return err
	}
	if r.poll == nil {
		return ErrNoPoll
	}
	r.lastActive = time.Now()
	r.cancelPoll()
	return nil
}

// sendTally sends every member an event of type t (a poll or a tally)
// holding the open poll's tally: the presenter's with its counts, the
// students' without. A poll event holds the poll too. r.mu is held.
func (r *Room) sendTally(t Type) {
	full := newEvent(t)
	full.Tally = r.poll.tally()
	students := newEvent(t)
	students.Tally = full.Tally.hidden()
	if t == TypePoll {
		full.Poll, students.Poll = &r.poll.Poll, &r.poll.Poll
	}
	for _, s := range r.students {
		r.send(s, students)
	}
	if r.presenter != nil {
		r.send(r.presenter, full)
	}
}

// cancelPoll closes the open poll and tells every member. r.mu is held.
func (r *Room) cancelPoll() {
	ev := newEvent(TypeCancel)
	ev.PollID = r.poll.ID
	r.poll = nil
	r.tallyDirty = false
	r.changed()
	r.broadcast(ev)
}

// argmax is the index of the largest count, the first of a tie.
func argmax(counts []int) int {
	best := 0
	for i, c := range counts {
		if c > counts[best] {
			best = i
		}
	}
	return best
}

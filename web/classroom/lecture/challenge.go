package lecture

import (
	"slices"
	"time"
)

// ModeChallenge is the Mode of the position a room's challenge is played
// from: every student's page drives its own run from it, as the
// scheduler, instead of following the presenter's steps.
const ModeChallenge = "challenge"

// Bounds of a challenge.
const (
	maxHints = 16 // hints a challenge may have
	maxWins  = 5  // winning runs the presenter is sent
)

// A Challenge is a lesson's challenge played by the whole room: each
// student's page plays it on its own from the position the presenter
// started it at, and reports how far it got (Progress).
type Challenge struct {
	// ID numbers the room's challenges from 1; a student's report names
	// it, so that a late report of an ended challenge is refused.
	ID int `json:"id"`
	// Hints is how many hints the lesson's challenge has, Shown how many
	// of them the presenter revealed to every student; a student may
	// reveal more on their own page.
	Hints int `json:"hints"`
	Shown int `json:"shown"`
	// Ended is set in the event that ends the challenge.
	Ended bool `json:"ended,omitempty"`
}

// The states a student's page reports (Room.Report).
const (
	// Playing: the goal is still to be reached, and can be from the step
	// shown, as far as the page knows.
	Playing = "playing"
	// Reached: the engine's outcome was the goal. A student who reached
	// it stays counted so, whatever they do next.
	Reached = "reached"
	// Stuck: the goal can no longer be reached from the step shown (the
	// page's reach search covered every execution from there).
	Stuck = "stuck"
)

// A Progress counts how far the students got in the open challenge:
// each browser (voter) once, by the latest state it reported. The
// presenter's also holds the first winning runs; the students' does not.
type Progress struct {
	Challenge int   `json:"challenge"`
	Playing   int   `json:"playing"`
	Reached   int   `json:"reached"`
	Stuck     int   `json:"stuck"`
	Wins      []Win `json:"wins,omitempty"`
}

// A Win is a student's run that reached the goal: the member who played
// it, its history as schedule text and the step the goal was reached at,
// enough for the presenter's page to show it to the room.
type Win struct {
	Member   string `json:"member"`
	Schedule string `json:"schedule"`
	Step     int    `json:"step"`
}

// challenge is the open challenge, the state each voter reported, and
// the first wins.
type challenge struct {
	Challenge
	states map[string]string // voter → Playing, Reached or Stuck
	wins   []Win
	// winners[i] is the voter of wins[i]; the presenter is never sent it.
	winners []string
}

// dropWins forgets the wins of voter.
func (c *challenge) dropWins(voter string) {
	for i := len(c.wins) - 1; i >= 0; i-- {
		if i < len(c.winners) && c.winners[i] == voter {
			c.wins = slices.Delete(c.wins, i, i+1)
			c.winners = slices.Delete(c.winners, i, i+1)
		}
	}
}

// progress counts c's states; full includes the wins.
func (c *challenge) progress(full bool) *Progress {
	p := &Progress{Challenge: c.ID}
	for _, st := range c.states {
		switch st {
		case Reached:
			p.Reached++
		case Stuck:
			p.Stuck++
		default:
			p.Playing++
		}
	}
	if full {
		p.Wins = slices.Clone(c.wins)
	}
	return p
}

// StartChallenge starts a challenge with hints hints at pos, replacing
// one still open, and publishes pos with ModeChallenge to every student:
// their pages play it from there on their own. An open poll is
// cancelled. It returns the challenge as started, numbered.
func (r *Room) StartChallenge(m *Member, pos Position, hints int) (Challenge, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return Challenge{}, err
	}
	if hints < 0 || hints > maxHints {
		return Challenge{}, Detail(ErrBadChallenge, "a challenge has 0 to %d hints, not %d", "挑战应有 0 到 %d 条提示，而不是 %d 条", maxHints, hints)
	}
	pos.Mode = ModeChallenge
	if err := pos.Validate(); err != nil {
		return Challenge{}, err
	}
	r.lastActive = time.Now()
	if r.poll != nil {
		r.cancelPoll()
	}
	r.challenges++
	r.challenge = &challenge{Challenge: Challenge{ID: r.challenges, Hints: hints}, states: map[string]string{}}
	r.publish(&pos)
	r.sendChallenge()
	r.progressDirty = true
	return r.challenge.Challenge, nil
}

// RevealHint shows every student one more of the open challenge's hints.
func (r *Room) RevealHint(m *Member) (Challenge, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return Challenge{}, err
	}
	if r.challenge == nil {
		return Challenge{}, ErrNoChallenge
	}
	c := &r.challenge.Challenge
	if c.Shown >= c.Hints {
		return Challenge{}, Detail(ErrNoHint, "all %d are shown", "%d 条都已显示", c.Hints)
	}
	r.lastActive = time.Now()
	c.Shown++
	r.changed()
	r.sendChallenge()
	return *c, nil
}

// EndChallenge ends the open challenge: every member is told, and the
// position it was played from is published again without its mode, so
// that the students' pages follow the presenter once more.
func (r *Room) EndChallenge(m *Member) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if err := r.checkPresenter(m); err != nil {
		return err
	}
	if r.challenge == nil {
		return ErrNoChallenge
	}
	r.lastActive = time.Now()
	ended := r.challenge.Challenge
	ended.Ended = true
	r.challenge = nil
	r.progressDirty = false
	ev := newEvent(TypeChallenge)
	ev.Challenge = &ended
	r.broadcast(ev)
	pos := *r.position.clone()
	pos.Mode = ""
	r.publish(&pos)
	return nil
}

// Report records how far student m got in challenge id: state is
// Playing, Reached or Stuck, and a Reached report carries the run's
// schedule and the step the goal was reached at. A browser counts once
// (its voter), by its latest report, except that Reached stays. A report
// for a challenge that is not open, or that is malformed, is refused.
func (r *Room) Report(m *Member, id int, state, schedule string, step int) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	defer r.settle()
	if !r.isMember(m) {
		return ErrNotMember
	}
	if m.role != Student {
		return Detail(ErrBadReport, "only students play the room's challenge", "只有学生参加课堂的挑战")
	}
	c := r.challenge
	switch {
	case c == nil:
		return ErrNoChallenge
	case id != c.ID:
		return Detail(ErrNoChallenge, "challenge %d is over", "第 %d 个挑战已经结束", id)
	case state != Playing && state != Reached && state != Stuck:
		return Detail(ErrBadReport, "state %q (want playing, reached or stuck)", "状态 %q（应为 playing、reached 或 stuck）", state)
	case state == Reached && (schedule == "" || len(schedule) > maxScheduleLen):
		return Detail(ErrBadReport, "a goal reached needs its schedule, of at most %d bytes", "达到目标的报告需要附上它的调度，最多 %d 字节", maxScheduleLen)
	case step < 0 || step > maxIndex:
		return Detail(ErrBadReport, "step %d is out of range", "第 %d 步超出范围", step)
	}
	if m.voter == "" {
		return ErrNoVoter
	}
	prev, seen := c.states[m.voter]
	if prev == Reached || (seen && prev == state) {
		return nil
	}
	c.states[m.voter] = state
	if state == Reached && len(c.wins) < maxWins {
		c.wins = append(c.wins, Win{Member: m.id, Schedule: schedule, Step: step})
		c.winners = append(c.winners, m.voter)
	}
	r.progressDirty = true
	r.changed()
	return nil
}

// Challenge is the open challenge; ok is false when none is.
func (r *Room) Challenge() (c Challenge, ok bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.challenge == nil {
		return Challenge{}, false
	}
	return r.challenge.Challenge, true
}

// publish makes pos the room's position and sends it to every student.
// r.mu is held.
func (r *Room) publish(pos *Position) {
	r.seq++
	r.position = pos.clone()
	r.changed()
	ev := newEvent(TypePosition)
	ev.Seq, ev.Position = r.seq, r.position
	for _, s := range r.students {
		r.send(s, ev)
	}
}

// sendChallenge sends every member the open challenge. r.mu is held.
func (r *Room) sendChallenge() {
	ev := newEvent(TypeChallenge)
	c := r.challenge.Challenge
	ev.Challenge = &c
	r.broadcast(ev)
}

// sendProgress sends every member the open challenge's progress: the
// presenter's with the wins, the students' without. r.mu is held.
func (r *Room) sendProgress() {
	full := newEvent(TypeProgress)
	full.Progress = r.challenge.progress(true)
	students := newEvent(TypeProgress)
	students.Progress = r.challenge.progress(false)
	for _, s := range r.students {
		r.send(s, students)
	}
	if r.presenter != nil {
		r.send(r.presenter, full)
	}
}

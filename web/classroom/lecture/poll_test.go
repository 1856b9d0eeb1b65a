package lecture

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestVotesCountOncePerStudent(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	a, b, c := join(t, r), join(t, r), join(t, r)
	q, err := r.OpenPoll(p, valuePoll())
	if err != nil {
		t.Fatal(err)
	}
	drain(t, b)
	votes := []struct {
		who    *Member
		option int
	}{{a, 0}, {a, 1}, {a, 1}, {b, 1}, {c, 2}}
	for _, v := range votes {
		if err := r.Vote(v.who, q.ID, v.option); err != nil {
			t.Fatalf("Vote(%s, %d): %v", v.who.ID(), v.option, err)
		}
	}
	evs := drain(t, b)
	tallies := ofType(evs, TypeTally)
	if len(tallies) != 1 {
		t.Errorf("b holds %d queued tallies, want 1 (a newer tally replaces a queued one)", len(tallies))
	}
	// The presenter sees the split as it forms; a student only how many
	// voted, until the reveal.
	if got := last(t, evs, TypeTally).Tally; got.Votes != 3 || got.Counts != nil {
		t.Errorf("student's tally = %+v, want 3 votes and no counts per option", *got)
	}
	want := Tally{Poll: q.ID, Counts: []int{0, 2, 1}, Votes: 3}
	if got := last(t, drain(t, p), TypeTally).Tally; got.Votes != want.Votes || !slices.Equal(got.Counts, want.Counts) {
		t.Errorf("presenter's tally = %+v, want %+v", *got, want)
	}
	voted := ofType(drain(t, a), TypeVoted)
	if len(voted) != 3 || *voted[2].Vote != 1 || voted[2].PollID != q.ID {
		t.Errorf("a got %d voted events (last %+v), want 3, the last for option 1", len(voted), voted[len(voted)-1])
	}

	r.Leave(c)
	if got := last(t, drain(t, p), TypeTally).Tally; !slices.Equal(got.Counts, []int{0, 2, 0}) {
		t.Errorf("tally after a voter left = %v, want [0 2 0]", got.Counts)
	}

	res, err := r.Reveal(p, -1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Chosen != 1 || res.Answer != 1 || res.Thread != "W1" || res.Votes != 2 {
		t.Errorf("Reveal = %+v, want option 1 chosen and right, thread W1, 2 votes", res)
	}
	if got := last(t, drain(t, a), TypeReveal).Result; got.Chosen != 1 || !slices.Equal(got.Counts, []int{0, 2, 0}) {
		t.Errorf("student's reveal = %+v, want option 1 and the split [0 2 0]", got)
	}
}

func TestForgedVotes(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	other, _ := openRoom(t, h)
	s, gone, stranger := join(t, r), join(t, r), join(t, other)
	r.Leave(gone)
	first, err := r.OpenPoll(p, threadPoll())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Reveal(p, 0); err != nil {
		t.Fatal(err)
	}
	q, err := r.OpenPoll(p, valuePoll())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		who    *Member
		poll   int
		option int
		want   error
	}{
		{"member of another room", stranger, q.ID, 0, ErrNotMember},
		{"student who left", gone, q.ID, 0, ErrNotMember},
		{"nobody", nil, q.ID, 0, ErrNotMember},
		{"presenter", p, q.ID, 0, ErrNotStudent},
		{"revealed poll", s, first.ID, 0, ErrPollClosed},
		{"poll never opened", s, q.ID + 1, 0, ErrPollClosed},
		{"poll zero", s, 0, 0, ErrPollClosed},
		{"option past the end", s, q.ID, 3, ErrNoOption},
		{"negative option", s, q.ID, -1, ErrNoOption},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantErr(t, "Vote", r.Vote(tt.who, tt.poll, tt.option), tt.want)
		})
	}
	res, err := r.Reveal(p, -1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Votes != 0 {
		t.Errorf("forged votes counted: %+v", res)
	}
	wantErr(t, "Vote after the reveal", r.Vote(s, q.ID, 0), ErrPollClosed)
}

func TestReveal(t *testing.T) {
	tests := []struct {
		name       string
		poll       Poll
		votes      []int
		chosen     int
		wantChosen int
		wantThread string
	}{
		{"right answer by default", valuePoll(), []int{0, 0, 2}, -1, 1, "W1"},
		{"most votes without an answer", threadPoll(), []int{0, 1, 1}, -1, 1, "W2"},
		{"a tie goes to the first", threadPoll(), []int{1, 0}, -1, 0, "W1"},
		{"no votes", threadPoll(), nil, -1, 0, "W1"},
		{"presenter's choice", threadPoll(), []int{0, 0}, 1, 1, "W2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newTestHub(t, Limits{})
			r, p := openRoom(t, h)
			q, err := r.OpenPoll(p, tt.poll)
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range tt.votes {
				if err := r.Vote(join(t, r), q.ID, o); err != nil {
					t.Fatal(err)
				}
			}
			res, err := r.Reveal(p, tt.chosen)
			if err != nil {
				t.Fatal(err)
			}
			if res.Chosen != tt.wantChosen || res.Thread != tt.wantThread {
				t.Errorf("Reveal = chosen %d thread %q, want %d %q", res.Chosen, res.Thread, tt.wantChosen, tt.wantThread)
			}
			if _, err := r.Reveal(p, -1); err != ErrNoPoll {
				t.Errorf("second Reveal: %v, want ErrNoPoll", err)
			}
		})
	}
}

func TestPollAnswerHidden(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	if _, err := r.OpenPoll(p, valuePoll()); err != nil {
		t.Fatal(err)
	}
	late := join(t, r)
	for _, ev := range []*Event{last(t, drain(t, s), TypePoll), last(t, drain(t, p), TypePoll), drain(t, late)[0]} {
		b, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		if ev.Poll == nil || ev.Tally == nil || strings.Contains(string(b), "answer") {
			t.Errorf("%s event %s: want the poll and its tally, and no answer before the reveal", ev.Type, b)
		}
	}
}

func TestPollRefused(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	one := valuePoll()
	one.Options = one.Options[:1]
	badAnswer := valuePoll()
	badAnswer.Answer = 3
	tests := []struct {
		name string
		who  *Member
		poll Poll
		want error
	}{
		{"student", s, valuePoll(), ErrNotPresenter},
		{"one option", p, one, ErrBadPoll},
		{"answer out of range", p, badAnswer, ErrBadPoll},
		{"no question", p, Poll{Options: valuePoll().Options}, ErrBadPoll},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := r.OpenPoll(tt.who, tt.poll)
			wantErr(t, "OpenPoll", err, tt.want)
		})
	}
	wantErr(t, "CancelPoll without a poll", r.CancelPoll(p), ErrNoPoll)
	_, err := r.Reveal(p, 0)
	wantErr(t, "Reveal without a poll", err, ErrNoPoll)
}

func TestPollCancelled(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := join(t, r)
	if err := r.Publish(p, step(2)); err != nil {
		t.Fatal(err)
	}
	q1, _ := r.OpenPoll(p, valuePoll())
	q2, _ := r.OpenPoll(p, threadPoll()) // replaces q1
	if err := r.Publish(p, step(2)); err != nil {
		t.Fatal(err) // the same position keeps the poll
	}
	if err := r.Vote(s, q2.ID, 0); err != nil {
		t.Fatalf("vote after republishing the same position: %v", err)
	}
	if err := r.Publish(p, step(3)); err != nil {
		t.Fatal(err) // moving on cancels it
	}
	wantErr(t, "Vote after the presenter moved", r.Vote(s, q2.ID, 0), ErrPollClosed)
	var cancelled []int
	for _, ev := range ofType(drain(t, s), TypeCancel) {
		cancelled = append(cancelled, ev.PollID)
	}
	if !slices.Equal(cancelled, []int{q1.ID, q2.ID}) {
		t.Errorf("cancelled polls %v, want [%d %d]", cancelled, q1.ID, q2.ID)
	}
	q3, _ := r.OpenPoll(p, threadPoll())
	if err := r.CancelPoll(p); err != nil {
		t.Fatal(err)
	}
	wantErr(t, "Vote in a cancelled poll", r.Vote(s, q3.ID, 0), ErrPollClosed)
}

package lecture

import (
	"encoding/json"
	"reflect"
	"testing"
)

// startChallenge starts a challenge of 3 hints at step 0 of r's lesson.
func startChallenge(t *testing.T, r *Room, p *Member) Challenge {
	t.Helper()
	c, err := r.StartChallenge(p, step(0), 3)
	if err != nil {
		t.Fatalf("StartChallenge: %v", err)
	}
	return c
}

// joinAs adds a student voting as voter to r.
func joinAs(t *testing.T, r *Room, voter string) *Member {
	t.Helper()
	m, err := r.JoinAs(voter)
	if err != nil {
		t.Fatalf("JoinAs: %v", err)
	}
	return m
}

func TestChallengeStart(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := joinAs(t, r, "v1")
	if _, err := r.OpenPoll(p, threadPoll()); err != nil {
		t.Fatal(err)
	}
	drain(t, s)
	c := startChallenge(t, r, p)
	if c.ID != 1 || c.Hints != 3 || c.Shown != 0 {
		t.Errorf("StartChallenge = %+v, want challenge 1 of 3 hints, none shown", c)
	}
	evs := drain(t, s)
	if len(ofType(evs, TypeCancel)) != 1 {
		t.Error("starting a challenge did not cancel the open poll")
	}
	if pos := last(t, evs, TypePosition).Position; pos.Mode != ModeChallenge || pos.Index != 0 {
		t.Errorf("position sent with the challenge: %+v, want mode challenge at step 0", pos)
	}
	if got := last(t, evs, TypeChallenge).Challenge; *got != c {
		t.Errorf("challenge event %+v, want %+v", *got, c)
	}
	// While it runs the presenter's steps are not published.
	wantErr(t, "Publish during a challenge", r.Publish(p, step(2)), ErrChallengeOn)
	if got, ok := r.Challenge(); !ok || got != c {
		t.Errorf("Challenge() = %+v, %v; want %+v", got, ok, c)
	}
	// A student who joins now is welcomed into it.
	late := joinAs(t, r, "v2")
	w := drain(t, late)[0]
	if w.Challenge == nil || w.Challenge.ID != 1 || w.Position.Mode != ModeChallenge || w.Progress == nil {
		t.Errorf("late welcome %+v, want the challenge, its position and progress", w)
	}
	// Starting another replaces it.
	if c2 := startChallenge(t, r, p); c2.ID != 2 {
		t.Errorf("second challenge numbered %d, want 2", c2.ID)
	}
}

func TestChallengeRefuses(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := joinAs(t, r, "v1")
	noVoter := join(t, r)
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"student starts", func() error { _, err := r.StartChallenge(s, step(0), 3); return err }, ErrNotPresenter},
		{"too many hints", func() error { _, err := r.StartChallenge(p, step(0), maxHints+1); return err }, ErrBadChallenge},
		{"negative hints", func() error { _, err := r.StartChallenge(p, step(0), -1); return err }, ErrBadChallenge},
		{"bad position", func() error { _, err := r.StartChallenge(p, Position{}, 3); return err }, ErrBadPosition},
		{"publish a mode", func() error {
			pos := step(1)
			pos.Mode = ModeChallenge
			return r.Publish(p, pos)
		}, ErrBadPosition},
		{"hint with none open", func() error { _, err := r.RevealHint(p); return err }, ErrNoChallenge},
		{"end with none open", func() error { return r.EndChallenge(p) }, ErrNoChallenge},
		{"report with none open", func() error { return r.Report(s, 1, Playing, "", 0) }, ErrNoChallenge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { wantErr(t, tt.name, tt.do(), tt.want) })
	}

	c := startChallenge(t, r, p)
	open := []struct {
		name string
		do   func() error
		want error
	}{
		{"student reveals", func() error { _, err := r.RevealHint(s); return err }, ErrNotPresenter},
		{"student ends", func() error { return r.EndChallenge(s) }, ErrNotPresenter},
		{"presenter reports", func() error { return r.Report(p, c.ID, Playing, "", 0) }, ErrBadReport},
		{"old challenge", func() error { return r.Report(s, c.ID-1, Playing, "", 0) }, ErrNoChallenge},
		{"unknown state", func() error { return r.Report(s, c.ID, "won", "W1", 1) }, ErrBadReport},
		{"reached without a run", func() error { return r.Report(s, c.ID, Reached, "", 3) }, ErrBadReport},
		{"step out of range", func() error { return r.Report(s, c.ID, Playing, "", -1) }, ErrBadReport},
		{"no voter", func() error { return r.Report(noVoter, c.ID, Playing, "", 0) }, nil},
	}
	for _, tt := range open {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.do()
			if tt.want == nil {
				if err != nil {
					t.Errorf("%s: %v, want no error (a student without a browser id still counts as itself)", tt.name, err)
				}
				return
			}
			wantErr(t, tt.name, err, tt.want)
			if Chinese(err) == "" {
				t.Errorf("%s: %v has no Chinese text", tt.name, err)
			}
		})
	}
	for range c.Hints {
		if _, err := r.RevealHint(p); err != nil {
			t.Fatal(err)
		}
	}
	_, err := r.RevealHint(p)
	wantErr(t, "a hint past the last", err, ErrNoHint)
}

func TestChallengeProgress(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	a, a2 := joinAs(t, r, "va"), joinAs(t, r, "va") // one browser, two tabs
	b, c := joinAs(t, r, "vb"), joinAs(t, r, "vc")
	ch := startChallenge(t, r, p)
	drain(t, p)
	drain(t, b)

	steps := []struct {
		name     string
		who      *Member
		state    string
		schedule string
		step     int
		want     Progress // without the wins
	}{
		{"a plays", a, Playing, "", 0, Progress{Playing: 1}},
		{"a's other tab plays", a2, Playing, "", 0, Progress{Playing: 1}},
		{"b plays", b, Playing, "", 0, Progress{Playing: 2}},
		{"c is stuck", c, Stuck, "", 4, Progress{Playing: 2, Stuck: 1}},
		{"c goes back", c, Playing, "", 2, Progress{Playing: 3}},
		{"a reaches the goal", a, Reached, "W1*5 D1 D1 W1", 8, Progress{Playing: 2, Reached: 1}},
		{"a reaches it again", a2, Reached, "W1*5 D1 D1 W1", 8, Progress{Playing: 2, Reached: 1}},
		{"a goes back: reached stays", a, Playing, "", 3, Progress{Playing: 2, Reached: 1}},
		{"b is stuck", b, Stuck, "", 6, Progress{Playing: 1, Reached: 1, Stuck: 1}},
	}
	var seen Progress // the presenter's latest: a report that changes nothing sends none
	for _, tt := range steps {
		if err := r.Report(tt.who, ch.ID, tt.state, tt.schedule, tt.step); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if evs := ofType(drain(t, p), TypeProgress); len(evs) > 0 {
			seen = *evs[len(evs)-1].Progress
		}
		got := seen
		wins := got.Wins
		got.Wins = nil
		tt.want.Challenge = ch.ID
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: presenter's progress %+v, want %+v", tt.name, got, tt.want)
		}
		if tt.want.Reached > 0 && (len(wins) != 1 || wins[0] != (Win{Member: a.ID(), Schedule: "W1*5 D1 D1 W1", Step: 8})) {
			t.Errorf("%s: wins %+v, want a's run once", tt.name, wins)
		}
	}
	if got := last(t, drain(t, b), TypeProgress).Progress; got.Wins != nil || got.Reached != 1 {
		t.Errorf("student's progress %+v, want the counts without the wins", got)
	}
	// A stuck student who leaves is no longer counted; a winner still is.
	r.Leave(b)
	r.Leave(a)
	r.Leave(a2)
	if got := last(t, drain(t, p), TypeProgress).Progress; got.Stuck != 0 || got.Reached != 1 || got.Playing != 1 {
		t.Errorf("progress after b and a left: %+v, want 1 reached, 1 playing", got)
	}
}

func TestChallengeHintAndEnd(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p := openRoom(t, h)
	s := joinAs(t, r, "v1")
	if err := r.Publish(p, step(4)); err != nil {
		t.Fatal(err)
	}
	ch := startChallenge(t, r, p)
	drain(t, s)
	got, err := r.RevealHint(p)
	if err != nil || got.Shown != 1 {
		t.Fatalf("RevealHint = %+v, %v; want 1 shown", got, err)
	}
	if ev := last(t, drain(t, s), TypeChallenge).Challenge; ev.Shown != 1 || ev.ID != ch.ID {
		t.Errorf("student's challenge event %+v, want hint 1 of challenge %d", ev, ch.ID)
	}
	if err := r.EndChallenge(p); err != nil {
		t.Fatal(err)
	}
	evs := drain(t, s)
	if ev := last(t, evs, TypeChallenge).Challenge; !ev.Ended || ev.ID != ch.ID {
		t.Errorf("end event %+v, want challenge %d ended", ev, ch.ID)
	}
	if pos := last(t, evs, TypePosition).Position; pos.Mode != "" || pos.Index != 0 {
		t.Errorf("position after the end %+v, want the challenge's position without its mode", pos)
	}
	if _, ok := r.Challenge(); ok {
		t.Error("a challenge is still open after its end")
	}
	wantErr(t, "a report after the end", r.Report(s, ch.ID, Playing, "", 0), ErrNoChallenge)
	if err := r.Publish(p, step(5)); err != nil {
		t.Errorf("Publish after the end: %v", err)
	}
}

func TestChallengeSnapshot(t *testing.T) {
	h := newTestHub(t, Limits{})
	r, p, token := openRoomToken(t, h)
	s := joinAs(t, r, "v1")
	ch := startChallenge(t, r, p)
	if _, err := r.RevealHint(p); err != nil {
		t.Fatal(err)
	}
	if err := r.Report(s, ch.ID, Reached, "W1*5 D1 D1 W1", 8); err != nil {
		t.Fatal(err)
	}
	r2, back := restarted(t, r)
	p2, err := r2.Present(token)
	if err != nil {
		t.Fatal(err)
	}
	w := drain(t, p2)[0]
	if w.Challenge == nil || w.Challenge.Shown != 1 || w.Position.Mode != ModeChallenge ||
		w.Progress.Reached != 1 || len(w.Progress.Wins) != 1 {
		t.Errorf("presenter's welcome after the restore: %+v %+v, want the challenge with its hint and win", w.Challenge, w.Progress)
	}
	if c2 := startChallenge(t, r2, p2); c2.ID != ch.ID+1 {
		t.Errorf("the next challenge after the restore is numbered %d, want %d", c2.ID, ch.ID+1)
	}

	bad := []struct {
		name string
		edit func(*OpenChallenge)
	}{
		{"never started", func(c *OpenChallenge) { c.Challenge.ID = back.Challenges + 1 }},
		{"more shown than hints", func(c *OpenChallenge) { c.Challenge.Shown = c.Challenge.Hints + 1 }},
		{"ended", func(c *OpenChallenge) { c.Challenge.Ended = true }},
		{"unknown state", func(c *OpenChallenge) { c.States = map[string]string{"v1": "won"} }},
	}
	for _, tt := range bad {
		t.Run(tt.name, func(t *testing.T) {
			s := back
			c := *back.Challenge
			tt.edit(&c)
			s.Challenge = &c
			_, err := newTestHub(t, Limits{}).Restore(s)
			wantErr(t, "Restore", err, ErrBadChallenge)
		})
	}
}

// restarted is room r as a restarted server restores it, with the
// snapshot it restores from: r's, through JSON, into a new hub.
func restarted(t *testing.T, r *Room) (*Room, Snapshot) {
	t.Helper()
	data, err := json.Marshal(r.Snapshot())
	if err != nil {
		t.Fatal(err)
	}
	var back Snapshot
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	r2, err := newTestHub(t, Limits{}).Restore(back)
	if err != nil {
		t.Fatalf("Restore: %v", err)
	}
	return r2, back
}

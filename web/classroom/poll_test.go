package classroom

import (
	"log/slog"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/web/classroom/lecture"
	"lockstep/web/site"
)

// newTestRooms returns rooms on the embedded lessons, with limits.
func newTestRooms(t testing.TB, limits lecture.Limits) *Rooms {
	return newTestRoomsWith(t, limits, nil)
}

// testKey signs the browser identities of every test's rooms, as a
// server keeps its key across restarts.
var testKey = site.NewKey()

// newTestRoomsWith is newTestRooms keeping its rooms in store (nil: in
// memory only).
func newTestRoomsWith(t testing.TB, limits lecture.Limits, store Store) *Rooms {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	rs, err := New(Config{Pages: site.NewPages(log, "test", site.NewBrowsers(testKey, nil)), Lessons: cat, Logger: log, Options: Options{Limits: limits, Store: store}})
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// lostWakeup is the lost wakeup of wg-lost-wakeup: W1 checks the count and
// is about to push itself when done() runs and finds no one to wake.
const lostWakeup = "W1 W1 W1 W1 W1 D1 D1 W1"

func TestDerivePoll(t *testing.T) {
	rs := newTestRooms(t, lecture.Limits{})
	wg := func(schedule string, index int) lecture.Position {
		return lecture.Position{Lesson: "wg-lost-wakeup", Variant: "tinycoro", Schedule: schedule, Index: index, Lang: "en"}
	}
	twoWaiters := wg("W1 W1 W1 W1 W1 W2 W2 W2 W2 W2", 10)
	twoWaiters.Params = map[string]int{"waiters": 2}
	tests := []struct {
		name     string
		pos      lecture.Position
		kind     string
		thread   string
		question string   // a part of the question
		options  []string // the options' labels
		answer   string   // the right option's label; "" for none
	}{
		{"who moves first", wg("", 0), pollThread, "", "Which thread should move next?", []string{"W1", "D1"}, ""},
		{"whose CAS wins", twoWaiters, pollThread, "", "W1, W2 are each about to CAS wg.m_state", []string{"W1", "W2"}, ""},
		{"the push", wg(lostWakeup, 5), pollValue, "W1", "What will wg.m_state hold after W1's next step (G6 cas)?",
			[]string{"&W1.awaiter", "nullptr"}, "&W1.awaiter"},
		{"the push after done", wg(lostWakeup, 7), pollValue, "W1", "wg.m_state", []string{"&W1.awaiter", "nullptr"}, "&W1.awaiter"},
		{"the check", wg(lostWakeup, 2), pollValue, "W1", "What will W1 read from wg.m_count", []string{"0", "1", "2"}, "1"},
		{"done's decrement", wg(lostWakeup, 5), pollValue, "D1", "What will wg.m_count hold after D1's next step (D1 fetch_add)?", []string{"0", "1", "2"}, "0"},
		{"in Chinese", wg(lostWakeup, 5), pollValue, "D1", "D1 执行下一步（D1 原子加（fetch_add））之后，wg.m_count 的值是什么", []string{"0", "1", "2"}, "0"},
	}
	tests[len(tests)-1].pos.Lang = "zh"
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := rs.derivePoll(tt.pos, tt.kind, tt.thread)
			if err != nil {
				t.Fatalf("derivePoll: %v", err)
			}
			var labels []string
			for _, o := range q.Options {
				labels = append(labels, o.Label)
			}
			// The question never names the step's operands: a value poll
			// that says "-1" next to the count on screen is answered.
			if tt.kind == pollValue && (strings.Contains(q.Question, "-1") || strings.Contains(q.Question, "←") || strings.Contains(q.Question, "->")) {
				t.Errorf("question %q names the step's operands", q.Question)
			}
			if !strings.Contains(q.Question, tt.question) || !slices.Equal(labels, tt.options) {
				t.Errorf("poll %q %v; want a question with %q, options %v", q.Question, labels, tt.question, tt.options)
			}
			want := lecture.NoAnswer
			if tt.answer != "" {
				want = slices.Index(labels, tt.answer)
			}
			if q.Answer != want {
				t.Errorf("answer %d, want %d (%q)", q.Answer, want, tt.answer)
			}
			if tt.kind == pollThread && q.Options[0].Thread != q.Options[0].Label {
				t.Errorf("thread option %+v does not step its thread", q.Options[0])
			}
			if tt.kind == pollValue && q.Thread != tt.thread {
				t.Errorf("value poll steps %q, want %q", q.Thread, tt.thread)
			}
		})
	}
}

func TestDerivePollRefused(t *testing.T) {
	rs := newTestRooms(t, lecture.Limits{})
	wg := func(schedule string, index int) lecture.Position {
		return lecture.Position{Lesson: "wg-lost-wakeup", Schedule: schedule, Index: index}
	}
	tests := []struct {
		name   string
		pos    lecture.Position
		kind   string
		thread string
		want   string
	}{
		{"run over", wg(lostWakeup, 8), pollThread, "", "the run is over"},
		{"past the end", wg("W1 W1", 3), pollThread, "", "past the end"},
		{"one thread left", wg("D1 D1", 2), pollThread, "", "only W1 can move"},
		{"unknown lesson", lecture.Position{Lesson: "no-such-lesson"}, pollThread, "", "no such lesson"},
		{"unknown variant", lecture.Position{Lesson: "wg-lost-wakeup", Variant: "nope"}, pollThread, "", "no variant"},
		{"unknown thread", wg("", 0), pollValue, "Z9", "no thread"},
		{"unknown kind", wg("", 0), "guess", "", "kind must be"},
		{"a parked thread", wg(lostWakeup, 8), pollValue, "W1", "the run is over"},
		{"nothing to predict", wg(lostWakeup, 3), pollValue, "W1", "there is nothing to predict"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q, err := rs.derivePoll(tt.pos, tt.kind, tt.thread)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("derivePoll = %+v, %v; want an error saying %q", q, err, tt.want)
			}
		})
	}
}

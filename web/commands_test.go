package web

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
)

func TestLoad(t *testing.T) {
	d := newDriver(t)
	evs := d.send(t, loadLesson)
	if len(evs) != 2 || evs[0].Type != "loaded" || evs[1].Type != "state" {
		t.Fatalf("load: got %+v; want loaded, then state", evs)
	}
	for _, e := range evs {
		if e.ID == nil || *e.ID != 1 {
			t.Errorf("%s: id = %v, want 1 (echoed)", e.Type, e.ID)
		}
	}
	l := evs[0].Lesson
	if l.ID != "test-wakeup" || l.Variant != "tinycoro" || l.Title != "A lost wakeup" || l.Lang != "en" {
		t.Errorf("loaded %s/%s %q (%s); want test-wakeup/tinycoro \"A lost wakeup\" (en)", l.ID, l.Variant, l.Title, l.Lang)
	}
	if got, want := l.Threads, []string{"W1", "D1"}; !slices.Equal(got, want) {
		t.Errorf("threads = %v, want %v", got, want)
	}
	if len(l.Coroutines) != 2 || l.Coroutines[0].Script != "wait" || l.Coroutines[1].Script != "done" {
		t.Errorf("coroutines = %+v; want W1 running wait and D1 running done", l.Coroutines)
	}
	if len(l.Schedules) != 1 || l.Schedules[0].Expect["tinycoro"] != "lost-wakeup" {
		t.Errorf("schedules = %+v; want lost, expecting lost-wakeup", l.Schedules)
	}
	if len(l.Source) == 0 || l.Source[0].File != "waitgroup_tinycoro.go" || !strings.HasPrefix(l.Source[0].Text, "package primitives") {
		t.Errorf("source starts with %+v; want waitgroup_tinycoro.go", firstFile(l.Source))
	}
	var g6 int
	for _, lb := range l.Labels {
		if lb.Label == "G6" {
			g6 = lb.Line
			if lb.File != "waitgroup_tinycoro.go" || lb.Doc == "" {
				t.Errorf("label G6 = %+v; want its doc and its place in waitgroup_tinycoro.go", lb)
			}
		}
	}
	if g6 == 0 {
		t.Errorf("labels = %+v; want G6 with a line", l.Labels)
	}
	st := evs[1]
	if st.Position != 0 || st.Length != 0 || st.Step != nil || st.Outcome != nil || st.Finished || len(st.Findings) != 0 {
		t.Errorf("state = %+v; want the start: nothing done, no outcome", st)
	}
	if len(st.Pending) != 2 || !st.Pending[0].CanMove || st.Pending[0].Label != "G1" || st.Pending[1].Label != "D1" {
		t.Errorf("pending = %+v; want W1 at G1 and D1 at D1, both able to move", st.Pending)
	}
}

func firstFile(src []struct{ File, Text string }) string {
	if len(src) == 0 {
		return "nothing"
	}
	return src[0].File
}

// TestCommands runs every command of the protocol on a fresh session
// after some setup commands, and checks the state it answers with.
func TestCommands(t *testing.T) {
	tests := []struct {
		name  string
		setup []string
		cmd   string
		check func(t *testing.T, st event)
	}{
		{
			name: "load a named schedule", cmd: `{"v":1,"type":"load","lesson":"test-wakeup","schedule":"lost"}`,
			check: func(t *testing.T, st event) {
				// At the end of the schedule's 7 steps; the run goes on to 8.
				wantPos(t, st, 7, 8)
				if st.Outcome != nil {
					t.Errorf("outcome %+v at step 7; want none yet", st.Outcome)
				}
				if st.Schedule != "W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6" {
					t.Errorf("schedule = %q", st.Schedule)
				}
			},
		},
		{
			name: "load schedule text at a step",
			cmd:  `{"v":1,"type":"load","lesson":"test-wakeup","schedule":"W1 W1 D1","step":2}`,
			check: func(t *testing.T, st event) {
				// The run goes on past the schedule to its end.
				if st.Position != 2 || st.Length < 3 {
					t.Errorf("position %d of %d; want 2 of at least 3", st.Position, st.Length)
				}
				wantStep(t, st, "W1", "G2")
			},
		},
		{
			name: "load with parameters", cmd: `{"v":1,"type":"load","lesson":"test-wakeup","params":{"waiters":3}}`,
			check: func(t *testing.T, st event) {
				if got := threadsOf(st); !slices.Equal(got, []string{"W1", "W2", "W3", "D1"}) {
					t.Errorf("threads = %v; want W1 W2 W3 D1", got)
				}
			},
		},
		{
			name: "step", setup: []string{loadLesson}, cmd: `{"v":1,"id":7,"type":"step","thread":"W1"}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 1, 1)
				wantStep(t, st, "W1", "G1")
				if st.ID == nil || *st.ID != 7 {
					t.Errorf("id = %v, want 7", st.ID)
				}
				// The step constructs W1's awaiter, then writes m_await_coro.
				if st.Step.Op != "write" || !slices.Equal(st.Step.Changed, awaiterCells) {
					t.Errorf("step = %+v; want a write, and W1's awaiter new", st.Step)
				}
				if st.Step.Loc == nil || st.Step.Loc.File != "waitgroup_tinycoro.go" || st.Step.Loc.Line == 0 {
					t.Errorf("loc = %+v; want a line of waitgroup_tinycoro.go", st.Step.Loc)
				}
				if !strings.HasPrefix(st.Step.Text, "G1 (") || !strings.Contains(st.Step.Text, "W1 writes handle(W1)") {
					t.Errorf("text = %q; want the label, its doc and what W1 wrote", st.Step.Text)
				}
				if len(st.History) != 1 || st.History[0].Thread != "W1" || st.History[0].Label != "G1" || st.History[0].Op != "write" {
					t.Errorf("history = %+v", st.History)
				}
			},
		},
		{
			name:  "step in the past branches",
			setup: []string{loadLesson, step("W1"), step("W1"), `{"v":1,"type":"back"}`},
			cmd:   step("D1"),
			check: func(t *testing.T, st event) {
				wantPos(t, st, 2, 2)
				wantStep(t, st, "D1", "D1")
				if st.Schedule != "W1@G1 D1@D1" {
					t.Errorf("schedule = %q; want the old future replaced", st.Schedule)
				}
			},
		},
		{
			name:  "back",
			setup: []string{loadLesson, step("W1"), step("W1")},
			cmd:   `{"v":1,"type":"back"}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 1, 2)
				wantStep(t, st, "W1", "G1")
				if !slices.Equal(st.Step.Changed, awaiterCells) {
					t.Errorf("changed = %v; want what step 0 changed, computed again", st.Step.Changed)
				}
			},
		},
		{
			name:  "back to the start",
			setup: []string{loadLesson, step("W1")},
			cmd:   `{"v":1,"type":"back"}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 0, 1)
				if st.Step != nil {
					t.Errorf("step = %+v; want null at 0", st.Step)
				}
			},
		},
		{
			name:  "forward",
			setup: []string{loadLesson, step("W1"), step("W1"), `{"v":1,"type":"back"}`},
			cmd:   `{"v":1,"type":"forward"}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 2, 2)
				wantStep(t, st, "W1", "G2")
			},
		},
		{
			name: "load a named schedule at a step", cmd: loadLost,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 8, 8)
				wantOutcome(t, st, "lost-wakeup")
				// W1 parked at step 7; D1's drain at step 6 is the cause.
				if o := st.Outcome; o != nil && (o.Step != 7 || o.CauseStep == nil || *o.CauseStep != 6) {
					t.Errorf("outcome at step %d, cause_step %v; want 7 and 6", o.Step, o.CauseStep)
				}
			},
		},
		{
			name: "goto", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto","step":3}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 3, 8)
				wantStep(t, st, "W1", "G3")
				if st.Outcome != nil {
					t.Errorf("outcome = %+v at step 3; want none yet", st.Outcome)
				}
			},
		},
		{
			name: "goto 0", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto","step":0}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 0, 8)
				if st.Step != nil {
					t.Errorf("step = %+v; want null", st.Step)
				}
			},
		},
		{
			name: "replay", setup: []string{loadLesson}, cmd: `{"v":1,"type":"replay","schedule":"lost"}`,
			check: func(t *testing.T, st event) { wantPos(t, st, 0, 8) },
		},
		{
			name: "replay to a step", setup: []string{loadLesson}, cmd: `{"v":1,"type":"replay","schedule":"lost","step":8}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 8, 8)
				wantOutcome(t, st, "lost-wakeup")
				if len(st.Findings) != 1 || st.Findings[0].Kind != "lost-wakeup" {
					t.Errorf("findings = %+v", st.Findings)
				}
				if st.Pending[0].CanMove || !strings.Contains(st.Pending[0].Why, "parked") {
					t.Errorf("W1 pending = %+v; want it parked", st.Pending[0])
				}
			},
		},
		{
			name: "run", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"W1*5 D1*2 W1 # the lost wakeup","step":8}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 8, 8)
				wantOutcome(t, st, "lost-wakeup")
			},
		},
		{
			name: "run continues past the schedule", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"D1"}`,
			check: func(t *testing.T, st event) {
				if st.Position != 0 || st.Length < 2 || st.History[0].Thread != "D1" {
					t.Errorf("position %d of %d, history %+v; want 0 of a run starting with D1", st.Position, st.Length, st.History)
				}
			},
		},
		{
			name:  "variant",
			setup: []string{loadLesson, step("W1"), step("W1"), step("W1")},
			cmd:   `{"v":1,"type":"variant","variant":"fixed"}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 3, 3)
				if st.Variant != "fixed" || st.Schedule != "W1@Q1 W1@Q2 W1@Q3" {
					t.Errorf("variant %s, schedule %q; want fixed following W1 W1 W1", st.Variant, st.Schedule)
				}
			},
		},
		{
			name:  "variant replays the named schedule",
			setup: []string{loadLost, `{"v":1,"type":"goto","step":7}`},
			cmd:   `{"v":1,"type":"variant","variant":"fixed"}`,
			check: func(t *testing.T, st event) {
				// The history runs the schedule "lost": the fixed variant
				// replays it, then runs on to the end.
				if st.Length != 11 || st.Position != 7 || st.History[5].Thread != "D1" || st.History[5].Label != "P1" {
					t.Errorf("position %d of %d, history %+v; want lost replayed on fixed, at 7", st.Position, st.Length, st.History)
				}
			},
		},
		{
			name: "variant follows hand-made steps as far as it can",
			setup: []string{loadLesson, `{"v":1,"type":"step","thread":"W1"}`, `{"v":1,"type":"step","thread":"W1"}`,
				`{"v":1,"type":"step","thread":"W1"}`, `{"v":1,"type":"step","thread":"W1"}`, `{"v":1,"type":"step","thread":"W1"}`,
				`{"v":1,"type":"step","thread":"W1"}`},
			cmd: `{"v":1,"type":"variant","variant":"fixed"}`,
			check: func(t *testing.T, st event) {
				// In the fixed variant W1 parks at its fifth step, so the
				// sixth W1 of the history cannot be followed.
				if st.Length != 5 || st.Position != 5 || st.History[4].Label != "Q5" {
					t.Errorf("position %d of %d, history %+v; want W1's five steps", st.Position, st.Length, st.History)
				}
			},
		},
		{
			name: "play", setup: []string{loadLesson}, cmd: `{"v":1,"type":"play","speed":4}`,
			check: func(t *testing.T, st event) {
				if !st.Playing || st.Speed != 4 {
					t.Errorf("playing %v at %g; want playing at 4", st.Playing, st.Speed)
				}
			},
		},
		{
			name: "pause", setup: []string{loadLesson, `{"v":1,"type":"play"}`}, cmd: `{"v":1,"type":"pause"}`,
			check: func(t *testing.T, st event) {
				if st.Playing {
					t.Errorf("playing after pause")
				}
			},
		},
		{
			name: "step pauses", setup: []string{loadLesson, `{"v":1,"type":"play"}`}, cmd: step("W1"),
			check: func(t *testing.T, st event) {
				if st.Playing {
					t.Errorf("playing after a step by hand")
				}
			},
		},
		{
			name: "reset", setup: []string{loadLost}, cmd: `{"v":1,"type":"reset"}`,
			check: func(t *testing.T, st event) {
				wantPos(t, st, 0, 0)
				if st.Schedule != "" || len(st.History) != 0 {
					t.Errorf("schedule %q, history %v; want empty", st.Schedule, st.History)
				}
			},
		},
		{
			name: "lang", setup: []string{loadLesson, step("W1")}, cmd: `{"v":1,"type":"lang","lang":"zh"}`,
			check: func(t *testing.T, st event) {
				if st.Lang != "zh" || !strings.Contains(st.Step.Text, "W1 把 handle(W1) 普通写入字段") {
					t.Errorf("lang %s, text %q; want the narration in Chinese", st.Lang, st.Step.Text)
				}
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDriver(t)
			for _, f := range tt.setup {
				d.state(t, f)
			}
			tt.check(t, d.state(t, tt.cmd))
		})
	}
}

// awaiterCells are the cells of W1's awaiter, all new at its first step.
var awaiterCells = []string{"W1.awaiter.m_next", "W1.awaiter.m_await_coro", "W1.awaiter.m_ctx"}

func step(thread string) string { return fmt.Sprintf(`{"v":1,"type":"step","thread":%q}`, thread) }

func wantPos(t *testing.T, st event, pos, length int) {
	t.Helper()
	if st.Position != pos || st.Length != length {
		t.Errorf("position %d of %d; want %d of %d", st.Position, st.Length, pos, length)
	}
}

func wantStep(t *testing.T, st event, thread, label string) {
	t.Helper()
	if st.Step == nil {
		t.Fatalf("step = null; want %s@%s", thread, label)
	}
	if st.Step.Thread != thread || st.Step.Label != label {
		t.Errorf("step = %s@%s; want %s@%s", st.Step.Thread, st.Step.Label, thread, label)
	}
}

func wantOutcome(t *testing.T, st event, kind string) {
	t.Helper()
	if st.Outcome == nil || st.Outcome.Kind != kind || !st.Finished {
		t.Errorf("outcome = %+v (finished %v); want %s", st.Outcome, st.Finished, kind)
	}
}

func threadsOf(st event) []string {
	var out []string
	for _, p := range st.Pending {
		out = append(out, p.Thread)
	}
	return out
}

func TestLoadedFollowsLanguageAndVariant(t *testing.T) {
	d := newDriver(t)
	d.state(t, loadLesson)
	evs := d.send(t, `{"v":1,"id":3,"type":"lang","lang":"zh"}`)
	if len(evs) != 2 || evs[0].Type != "loaded" || evs[0].Lesson.Title != "丢失的唤醒" || evs[0].Lesson.Lang != "zh" {
		t.Fatalf("lang zh: got %+v; want loaded in Chinese, then state", evs)
	}
	evs = d.send(t, `{"v":1,"id":4,"type":"variant","variant":"fixed"}`)
	if len(evs) != 2 || evs[0].Type != "loaded" || evs[0].Lesson.Variant != "fixed" {
		t.Fatalf("variant fixed: got %+v; want loaded for fixed, then state", evs)
	}
	if len(evs[0].Lesson.Source) == 0 || evs[0].Lesson.Source[0].File == "waitgroup_tinycoro.go" {
		t.Errorf("fixed's source starts with %s; want the fixed variant's file", firstFile(evs[0].Lesson.Source))
	}
}

// TestCASAttribution checks a failed CAS: W2 pushes itself between W1's
// read of m_state (G4) and W1's CAS (G6).
func TestCASAttribution(t *testing.T) {
	d := newDriver(t)
	st := d.state(t, `{"v":1,"type":"load","lesson":"test-wakeup","params":{"waiters":2},"schedule":"W1*5 W2*6 W1"}`)
	wantStep(t, st, "W1", "G6")
	s := st.Step
	if s.Op != "cas" || s.OK || s.Expected != "nullptr" || s.Result != "&W2.awaiter" {
		t.Fatalf("step = %+v; want W1's CAS failing on &W2.awaiter", s)
	}
	if s.CAS == nil || s.CAS.Retry != 1 || s.CAS.ChangedBy == nil {
		t.Fatalf("cas = %+v; want retry 1 and who changed the cell", s.CAS)
	}
	if by := *s.CAS.ChangedBy; by.Step != 10 || by.Thread != "W2" || by.Label != "G6" {
		t.Errorf("changed_by = %+v; want W2's G6 at step 10", by)
	}
	if !strings.Contains(s.Text, "failed, because W2 changed it at step 10 (G6)") {
		t.Errorf("text = %q; want it to say who changed the cell", s.Text)
	}
	// W1 retries: G3, G4, G5, and its second CAS succeeds after one failure.
	for range 4 {
		st = d.state(t, step("W1"))
	}
	wantStep(t, st, "W1", "G6")
	if !st.Step.OK || st.Step.CAS == nil || st.Step.CAS.Retry != 1 || st.Step.CAS.ChangedBy != nil {
		t.Errorf("second CAS = %+v, cas %+v; want success after 1 failure", st.Step, st.Step.CAS)
	}
	if !slices.Equal(st.Step.Changed, []string{"wg.m_state"}) {
		t.Errorf("changed = %v; want wg.m_state", st.Step.Changed)
	}
}

// TestBadCommands sends what a session must refuse, and checks that each
// is answered with an error event and changes nothing: the session then
// answers a pause with the state it had before.
func TestBadCommands(t *testing.T) {
	huge := `{"v":1,"type":"run","schedule":"` + strings.Repeat("W1 ", maxScheduleText/3+1) + `"}`
	tests := []struct {
		name    string
		setup   []string
		cmd     string
		command string // the command the error names
		want    string // in the message
	}{
		{name: "not JSON", cmd: `step W1`, want: "not JSON"},
		{name: "not an object", cmd: `[1,2]`, want: "a command is a JSON object, not an array"},
		{name: "binary junk", cmd: "\x00\xff", want: "not JSON"},
		{name: "unknown type before load", cmd: `{"v":1,"type":"fly"}`, command: "fly", want: `unknown command type "fly"`},
		{name: "unknown type", setup: []string{loadLesson}, cmd: `{"v":1,"type":"fly"}`, command: "fly", want: `unknown command type "fly"`},
		{name: "no type", cmd: `{"v":1}`, want: `no "type"`},
		{name: "wrong version", setup: []string{loadLesson}, cmd: `{"v":2,"type":"step","thread":"W1"}`, command: "step", want: "version 2"},
		{name: "no version", setup: []string{loadLesson}, cmd: `{"type":"step","thread":"W1"}`, command: "step", want: "version 0"},
		{name: "id not a number", setup: []string{loadLesson}, cmd: `{"v":1,"id":"x","type":"back"}`, command: "back", want: `field "id" cannot be a string`},
		{name: "wrong field type", setup: []string{loadLesson}, cmd: `{"v":1,"type":"goto","step":"3"}`, command: "goto", want: `"step"`},
		{name: "step before load", cmd: step("W1"), command: "step", want: "load first"},
		{name: "step of a finished thread", setup: []string{loadLost}, cmd: step("D1"), command: "step", want: "D1 cannot move: D1 has finished"},
		{name: "step of a parked thread", setup: []string{loadLost}, cmd: step("W1"), command: "step", want: "W1 cannot move: W1 is parked in wait"},
		{name: "step of no thread", setup: []string{loadLesson}, cmd: step("Z9"), command: "step", want: `no thread "Z9" (threads: W1, D1)`},
		{name: "step naming no thread", setup: []string{loadLesson}, cmd: `{"v":1,"type":"step"}`, command: "step", want: "say which thread"},
		{name: "goto past the end", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto","step":9}`, command: "goto", want: "out of range 0..8"},
		{name: "goto before the start", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto","step":-1}`, command: "goto", want: "out of range"},
		{name: "goto nowhere", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto"}`, command: "goto", want: "say which step"},
		{name: "back at the start", setup: []string{loadLesson}, cmd: `{"v":1,"type":"back"}`, command: "back", want: "this is the start"},
		{name: "forward at the end", setup: []string{loadLost}, cmd: `{"v":1,"type":"forward"}`, command: "forward", want: "end of the history"},
		{name: "unknown lesson", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"nope"}`, command: "load", want: "no such lesson"},
		{name: "load naming no lesson", cmd: `{"v":1,"type":"load"}`, command: "load", want: "name a lesson"},
		{name: "unknown variant", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"test-wakeup","variant":"nope"}`, command: "load", want: `no variant "nope"`},
		{name: "switch to an unknown variant", setup: []string{loadLesson}, cmd: `{"v":1,"type":"variant","variant":"nope"}`, command: "variant", want: `no variant "nope"`},
		{name: "unknown param", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"test-wakeup","params":{"cats":2}}`, command: "load", want: `no parameter "cats"`},
		{name: "param out of range", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"test-wakeup","params":{"waiters":1000}}`, command: "load", want: "out of range"},
		{name: "load at a step of nothing", cmd: `{"v":1,"type":"load","lesson":"test-wakeup","step":3}`, command: "load", want: "out of range"},
		{name: "load past the schedule", cmd: `{"v":1,"type":"load","lesson":"test-wakeup","schedule":"lost","step":99}`, command: "load", want: "out of range 0..8"},
		{name: "unknown language", setup: []string{loadLesson}, cmd: `{"v":1,"type":"lang","lang":"fr"}`, command: "lang", want: `unknown language "fr"`},
		{name: "schedule garbage", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"W1 ?? D1"}`, command: "run", want: "bad schedule: line 1, column 4"},
		{name: "schedule of no thread", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"W1 X1"}`, command: "run", want: `no thread "X1"`},
		{name: "schedule that cannot be followed", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"D1 D1 D1 D1"}`, command: "run", want: "cannot move"},
		{name: "schedule too long", setup: []string{loadLesson}, cmd: huge, command: "run", want: "the limit is"},
		{name: "schedule with a bad label", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"W1@G4"}`, command: "run", want: "W1 is at G1, not G4"},
		{name: "run of a schedule name", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"lost","step":3}`, command: "run", want: `"lost"`},
		{name: "replay of no schedule", setup: []string{loadLesson}, cmd: `{"v":1,"type":"replay","schedule":"nope"}`, command: "replay", want: `no schedule "nope" (it has lost)`},
		{name: "play too fast", setup: []string{loadLesson}, cmd: `{"v":1,"type":"play","speed":100}`, command: "play", want: "out of range"},
		{name: "play too slow", setup: []string{loadLesson}, cmd: `{"v":1,"type":"play","speed":-1}`, command: "play", want: "out of range"},
		{name: "play when over", setup: []string{loadLost}, cmd: `{"v":1,"type":"play"}`, command: "play", want: "the run is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDriver(t)
			var before event
			for _, f := range tt.setup {
				before = d.state(t, f)
			}
			e := d.fail(t, tt.cmd, tt.want)
			if e.Command != tt.command {
				t.Errorf("error names command %q, want %q", e.Command, tt.command)
			}
			if len(tt.setup) == 0 {
				// Still usable: it loads a lesson.
				d.state(t, loadLesson)
				return
			}
			after := d.state(t, `{"v":1,"type":"pause"}`)
			if after.Position != before.Position || after.Length != before.Length || after.Schedule != before.Schedule || after.Variant != before.Variant {
				t.Errorf("after the error: position %d of %d %q (%s); want %d of %d %q (%s) as before",
					after.Position, after.Length, after.Schedule, after.Variant, before.Position, before.Length, before.Schedule, before.Variant)
			}
		})
	}
}

func TestErrorEchoesID(t *testing.T) {
	d := newDriver(t)
	e := d.fail(t, `{"v":1,"id":42,"type":"step","thread":"W1"}`, "load first")
	if e.ID == nil || *e.ID != 42 {
		t.Errorf("id = %v, want 42", e.ID)
	}
	e = d.fail(t, `{"v":7,"id":43,"type":"step"}`, "version 7")
	if e.ID == nil || *e.ID != 43 {
		t.Errorf("id = %v, want 43 even for a refused version", e.ID)
	}
}

// TestTestLessons checks that the tests' own lessons expect what the
// engine computes.
func TestTestLessons(t *testing.T) {
	cat, err := scenarios.LoadFS(os.DirFS("testdata/lessons"))
	if err != nil {
		t.Fatal(err)
	}
	checkExpectations(t, cat)
}

// TestEveryLesson opens every lesson of the embedded catalog in a session,
// in every variant, and replays every named schedule to its end: the
// playground must be able to show all of them.
func TestEveryLesson(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(Config{Catalog: cat, Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range cat.All() {
		for _, v := range l.Variants {
			t.Run(l.ID+"/"+v, func(t *testing.T) {
				d := &driver{s: newSession(srv, srv.log), out: &recorder{}}
				evs := d.send(t, fmt.Sprintf(`{"v":1,"type":"load","lesson":%q,"variant":%q}`, l.ID, v))
				if len(evs) != 2 || evs[0].Type != "loaded" || len(evs[0].Lesson.Source) == 0 {
					t.Fatalf("load: %+v; want loaded with source, then state", evs)
				}
				for _, sc := range l.Schedules {
					evs := d.send(t, fmt.Sprintf(`{"v":1,"type":"replay","schedule":%q}`, sc.Name))
					if evs[0].Type != "state" {
						t.Errorf("replay %s: %s", sc.Name, evs[0].Message)
						continue
					}
					st := d.state(t, fmt.Sprintf(`{"v":1,"type":"goto","step":%d}`, evs[0].Length))
					if st.Outcome == nil || st.Step == nil && st.Length > 0 || st.Step != nil && st.Step.Text == "" {
						t.Errorf("replay %s to its end: outcome %+v, step %+v", sc.Name, st.Outcome, st.Step)
						continue
					}
					if got, want := st.Outcome.Kind, string(sc.Expect[v]); got != want {
						t.Errorf("replay %s: outcome %s, want %s", sc.Name, got, want)
					}
				}
			})
		}
	}
}

// checkExpectations replays every named schedule of every lesson in every
// variant and compares the outcome with the lesson's expectation.
func checkExpectations(t *testing.T, cat *scenarios.Catalog) {
	t.Helper()
	for _, l := range cat.All() {
		for _, sc := range l.Schedules {
			for _, v := range l.Variants {
				p, err := l.Build(v, nil)
				if err != nil {
					t.Fatal(err)
				}
				sched, err := sim.ParseSchedule(sc.For(v))
				if err != nil {
					t.Fatal(err)
				}
				_, out, err := sim.ReplaySchedule(p, sched, sim.Options{})
				if err != nil {
					t.Errorf("%s %s on %s: %v", l.ID, sc.Name, v, err)
					continue
				}
				if out.Kind != sc.Expect[v] {
					t.Errorf("%s %s on %s: outcome %s, want %s", l.ID, sc.Name, v, out.Kind, sc.Expect[v])
				}
			}
		}
	}
}

// TestVariantKeepsTheStory switches variant on a history that runs a named
// schedule: the new variant replays the same schedule as written for it,
// so the lost wakeup's interleaving on tinycoro becomes the same
// interleaving on fixed and go, and ends well there.
func TestVariantKeepsTheStory(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	srv, err := NewServer(Config{Catalog: cat, Logger: quietLogger()})
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{s: newSession(srv, srv.log), out: &recorder{}}
	st := d.state(t, `{"v":1,"type":"load","lesson":"wg-lost-wakeup","variant":"tinycoro","schedule":"lost"}`)
	if st.Position != 8 || st.Outcome == nil || st.Outcome.Kind != "lost-wakeup" {
		t.Fatalf("tinycoro: position %d, outcome %+v; want 8, lost-wakeup", st.Position, st.Outcome)
	}
	tests := []struct {
		variant, prefix string
		pos             int
	}{
		{"fixed", "W1@Q1 W1@Q2 W1@Q3 W1@Q4 D1@P1 D1@P2 W1@Q5", 7},
		{"go", "W1@GW1 D1@GA1 W1@GW2", 3},
		{"tinycoro", "W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6", 8},
	}
	for _, tt := range tests {
		d.state(t, `{"v":1,"type":"load","lesson":"wg-lost-wakeup","variant":"tinycoro","schedule":"lost"}`)
		st := d.state(t, fmt.Sprintf(`{"v":1,"type":"variant","variant":%q}`, tt.variant))
		if !strings.HasPrefix(st.Schedule, tt.prefix) || st.Position != tt.pos {
			t.Errorf("%s: schedule %q at %d; want it to begin %q, at %d", tt.variant, st.Schedule, st.Position, tt.prefix, tt.pos)
		}
		end := d.state(t, fmt.Sprintf(`{"v":1,"type":"goto","step":%d}`, st.Length))
		want := map[string]string{"fixed": "ok", "go": "ok", "tinycoro": "lost-wakeup"}[tt.variant]
		if end.Outcome == nil || end.Outcome.Kind != want {
			t.Errorf("%s: outcome %+v at the end, want %s", tt.variant, end.Outcome, want)
		}
	}
}

package playground

import (
	"fmt"
	"slices"
	"strings"
	"testing"
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

// TestLoadExact loads a schedule as the history itself: a room's student
// shows the presenter's history, not its future run to the end.
func TestLoadExact(t *testing.T) {
	d := newDriver(t)
	d.send(t, loadLesson)
	ran := d.send(t, `{"v":1,"id":2,"type":"load","lesson":"test-wakeup","schedule":"W1 W1 W1","step":2}`)
	exact := d.send(t, `{"v":1,"id":3,"type":"load","lesson":"test-wakeup","schedule":"W1 W1 W1","step":2,"exact":true}`)
	if st := ran[1]; st.Length <= 3 {
		t.Errorf("load without exact: length %d; want the run continued past the schedule's 3 steps", st.Length)
	}
	wantPos(t, exact[1], 2, 3)
	d.fail(t, `{"v":1,"id":4,"type":"load","lesson":"test-wakeup","schedule":"W1 W1 W1","step":4,"exact":true}`, "out of range")
}

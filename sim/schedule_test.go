package sim_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/schedule"
)

func TestParseSchedule(t *testing.T) {
	tests := []struct {
		name string
		text string
		want string // the String() of the result
		n    int    // its length
		err  string // a substring of the error; "" for none
	}{
		{name: "empty", text: "", want: "", n: 0},
		{name: "threads", text: "W1 W1 D1", want: "W1 W1 D1", n: 3},
		{name: "separators", text: "W1,W1\tD1\r\nD1", want: "W1 W1 D1 D1", n: 4},
		{name: "labels", text: "W1@G1 D1@D2", want: "W1@G1 D1@D2", n: 2},
		{name: "primed label", text: "A@M1b B@U4a' C", want: "A@M1b B@U4a' C", n: 3},
		{name: "repeat", text: "W1*3 D1", want: "W1*3 D1", n: 4},
		{name: "repeat of two unfolds", text: "W1*2", want: "W1 W1", n: 2},
		{name: "runs fold", text: "A A A A B", want: "A*4 B", n: 5},
		{name: "labelled repeat", text: "W1@G3*3", want: "W1@G3 W1@G3 W1@G3", n: 3},
		{name: "comments", text: "# the lost wakeup\nW1 # the waiter\n# done\nD1", want: "W1 D1", n: 2},
		{name: "comment without newline", text: "W1 #", want: "W1", n: 1},
		{name: "limit", text: "A*100000", want: "A*100000", n: schedule.MaxSteps},
		{name: "bad character", text: "W1 W$", err: `line 1, column 4: "W$": a thread name is letters`},
		{name: "error on a later line", text: "W1\n  # c\n  D1 W1@", err: `line 3, column 6: "W1@": a label is letters`},
		{name: "no thread", text: "@G1", err: `line 1, column 1: "@G1": a thread name`},
		{name: "zero repeat", text: "W1*0", err: "repeat count must be a number from 1 to 100000"},
		{name: "bad repeat", text: "W1*x", err: "repeat count"},
		{name: "empty repeat", text: "W1*", err: "repeat count"},
		{name: "repeat too big", text: "W1*100001", err: "repeat count"},
		{name: "too long", text: "A*60000\nB*60000", err: "line 2, column 1: longer than 100000 steps"},
		{name: "name too long", text: strings.Repeat("A", 65), err: "a thread name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := schedule.Parse(tt.text)
			if tt.err != "" {
				if err == nil || !errors.Is(err, schedule.ErrInvalid) || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("schedule.Parse(%q) error = %v, want one containing %q", tt.text, err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("schedule.Parse(%q) = %v", tt.text, err)
			}
			if got := s.String(); got != tt.want || len(s) != tt.n {
				t.Errorf("schedule.Parse(%q) = %q (%d steps), want %q (%d steps)", tt.text, got, len(s), tt.want, tt.n)
			}
			back, err := schedule.Parse(s.String())
			if err != nil || !slices.Equal(back, s) {
				t.Errorf("schedule.Parse(%q) = %v, %v; want the schedule back", s.String(), back, err)
			}
		})
	}
}

func TestScheduleThreads(t *testing.T) {
	s, err := schedule.Parse("W1@G1 W1@G2 D1")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Threads().String(); got != "W1 W1 D1" {
		t.Errorf("Threads() = %q, want %q", got, "W1 W1 D1")
	}
	if got := s.String(); got != "W1@G1 W1@G2 D1" {
		t.Errorf("Threads() changed the schedule to %q", got)
	}
}

// A schedule that cannot be followed stops the run with an error that says
// which step, which thread and why.
func TestReplayErrors(t *testing.T) {
	tests := []struct {
		name     string
		schedule string
		err      string
		steps    int  // performed before the error
		setOnly  bool // B sets the flag and finishes, without waking A
	}{
		{name: "unknown thread", schedule: "A Z9", steps: 1, err: `step 2: no thread "Z9" (threads: A, B)`},
		{name: "parked thread", schedule: "A A A", steps: 2, err: "step 3: A cannot move: A is parked in park"},
		{name: "finished thread", schedule: "B B", steps: 1, setOnly: true, err: "step 2: B cannot move: B has finished"},
		{name: "label mismatch", schedule: "A@K2", steps: 0, err: "step 1: A is at K1, not K2"},
		{name: "resume expected", schedule: "A A B B B A@K3", steps: 5, err: "step 6: A is at a resume from its run queue, not K3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			f.Thread("A", f.ParkOp(d))
			ops := []int{f.SetOp(d), f.WakeOp(d, 1)}
			if tt.setOnly {
				ops = ops[:1]
			}
			f.Thread("B", ops...)
			p := f.Program(t)
			s, err := schedule.Parse(tt.schedule)
			if err != nil {
				t.Fatal(err)
			}
			m, _, err := sim.ReplaySchedule(p, s, sim.Options{})
			if err == nil || !errors.Is(err, schedule.ErrInvalid) || !strings.Contains(err.Error(), tt.err) {
				t.Fatalf("ReplaySchedule(%q) error = %v, want one containing %q", tt.schedule, err, tt.err)
			}
			if m.Steps() != tt.steps {
				t.Errorf("Steps() = %d, want %d", m.Steps(), tt.steps)
			}
		})
	}
}

func TestReplayPrefix(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	f.Thread("A", f.ParkOp(d))
	f.Thread("B", f.SetOp(d), f.WakeOp(d, 1))
	p := f.Program(t)
	s, _ := schedule.Parse("A A B")
	m, err := sim.ReplayPrefix(p, s, sim.Options{})
	if err != nil || m.Steps() != 3 || m.Finished() {
		t.Fatalf("ReplayPrefix = %d steps, finished %v, %v; want 3 steps, not finished", m.Steps(), m.Finished(), err)
	}
	s, _ = schedule.Parse("A A B B B A A A")
	_, err = sim.ReplayPrefix(p, s, sim.Options{})
	if err == nil || !strings.Contains(err.Error(), "step 8: the run is already over") {
		t.Errorf("ReplayPrefix past the end = %v, want the run is already over", err)
	}
}

// TestScheduleErrorsSayWhere checks that a schedule's errors locate the
// token: by its place for text that does not parse, by the step for a
// step that cannot be performed, which TokenOfStep maps back to the token.
func TestScheduleErrorsSayWhere(t *testing.T) {
	text := "A*2, B@x # note\n  C?D"
	_, err := schedule.Parse(text)
	var se *schedule.Error
	if !errors.As(err, &se) || !errors.Is(err, schedule.ErrInvalid) {
		t.Fatalf("schedule.Parse(%q) = %v; want a schedule.Error", text, err)
	}
	if got := text[se.Offset : se.Offset+se.Len]; got != "C?D" || se.Step != 0 {
		t.Errorf("the error points at %q (step %d); want C?D (step 0)", got, se.Step)
	}
	tests := []struct {
		text string
		step int
		want string
	}{
		{"A*2, B@x # note\n  C", 1, "A*2"},
		{"A*2, B@x # note\n  C", 2, "A*2"},
		{"A*2, B@x # note\n  C", 3, "B@x"},
		{"A*2, B@x # note\n  C", 4, "C"},
	}
	for _, tt := range tests {
		tk, ok := schedule.TokenOfStep(tt.text, tt.step)
		if got := tt.text[tk.Start:tk.End]; !ok || got != tt.want {
			t.Errorf("sim.TokenOfStep(%q, %d) = %q, %v; want %q", tt.text, tt.step, got, ok, tt.want)
		}
	}
	if _, ok := schedule.TokenOfStep("A B", 3); ok {
		t.Error("TokenOfStep past the end: ok")
	}
}

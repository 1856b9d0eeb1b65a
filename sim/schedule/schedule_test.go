package schedule_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"lockstep/sim/schedule"
)

func TestParse(t *testing.T) {
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

func TestThreads(t *testing.T) {
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

// TestErrorsSayWhere checks that a schedule's errors locate the
// token: by its place for text that does not parse, by the step for a
// step that cannot be performed, which TokenOfStep maps back to the token.
func TestErrorsSayWhere(t *testing.T) {
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
			t.Errorf("schedule.TokenOfStep(%q, %d) = %q, %v; want %q", tt.text, tt.step, got, ok, tt.want)
		}
	}
	if _, ok := schedule.TokenOfStep("A B", 3); ok {
		t.Error("TokenOfStep past the end: ok")
	}
}

// BenchmarkString writes back schedules at the length limit, folded and
// not; the text of one that cannot be folded is one token per step.
func BenchmarkString(b *testing.B) {
	for _, text := range []string{"A*100000", "A@x*100000", "A<1*100000", "A B*2 C*3 D*4"} {
		s, err := schedule.Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(strings.SplitN(text, "*", 2)[0], func(b *testing.B) {
			for b.Loop() {
				_ = s.String()
			}
		})
	}
}

package schedule_test

import (
	"errors"
	"lockstep/sim/schedule"
	"slices"
	"testing"
)

// FuzzParse checks that parsing never panics, that every error is
// a schedule error, and that a parsed schedule survives its text form.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"",
		"W1 W1 D1",
		"W1@G1 W1@G2 W1@G3 W1@G4 W1@G5 D1@D1 D1@D2 W1@G6",
		"W1*5 D1*2 W1",
		"# comment\nA,B\tC\r\n",
		"A@U4a' B@M1b*2",
		"W1*0",
		"W1*100001",
		"@G1",
		"W1@",
		"A*60000 B*60000",
		"S@S3<5 S@S4<init R<1 R<1*2",
		"S<",
		"S<05",
		"S<-1",
		"S<init<3",
		"S@S3<100001",
		// Schedules at the limit whose text is one token per step: writing
		// them back must stay linear, or each input takes seconds.
		"S<1*100000",
		"S@S3*100000",
		"A@x B@x*99999",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := schedule.Parse(text)
		if err != nil {
			if !errors.Is(err, schedule.ErrInvalid) {
				t.Fatalf("schedule.Parse(%q) error %v does not wrap ErrInvalid", text, err)
			}
			return
		}
		if len(s) > schedule.MaxSteps {
			t.Fatalf("schedule.Parse(%q) has %d steps, more than the limit", text, len(s))
		}
		back, err := schedule.Parse(s.String())
		if err != nil {
			t.Fatalf("schedule.Parse(%q) = %v; it is the text of %q", s.String(), err, text)
		}
		if !slices.Equal(back, s) {
			t.Fatalf("round trip of %q through %q changed the schedule", text, s.String())
		}
		if again := back.String(); again != s.String() {
			t.Fatalf("String() is not stable: %q, then %q", s.String(), again)
		}
	})
}

package scenarios

import (
	"fmt"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// A Mismatch is a named schedule that does not lead, in one variant, to
// the outcome the lesson expects of it.
type Mismatch struct {
	Schedule string
	Variant  string
	Expected outcome.Kind
	// Got is the outcome reached, and Message the engine's words for it;
	// both are empty when the schedule could not be followed (Err says
	// why) or the variant does not build.
	Got     outcome.Kind
	Message string
	Err     error
}

// Error says the mismatch as one line: "schedule S, variant V: expected
// X, got Y".
func (m Mismatch) Error() string {
	if m.Err != nil {
		return fmt.Sprintf("schedule %s, variant %s: expected %s, got an error: %v", m.Schedule, m.Variant, m.Expected, m.Err)
	}
	return fmt.Sprintf("schedule %s, variant %s: expected %s, got %s", m.Schedule, m.Variant, m.Expected, m.Got)
}

// Verification is what Verify found: how many runs it made, and the
// mismatches among them, in the order of the lesson's schedules and
// variants.
type Verification struct {
	Runs       int
	Mismatches []Mismatch
}

// Verify replays every named schedule of the lesson in every variant, with
// the lesson's default parameters, and compares each outcome with the one
// the schedule expects.
func (s *Scenario) Verify() Verification {
	var v Verification
	progs := make(map[string]*program.Program, len(s.Variants))
	errs := make(map[string]error, len(s.Variants))
	for _, variant := range s.Variants {
		progs[variant], errs[variant] = s.Build(variant, nil)
	}
	for _, sc := range s.Schedules {
		for _, variant := range s.Variants {
			v.Runs++
			mm := Mismatch{Schedule: sc.Name, Variant: variant, Expected: sc.Expect[variant]}
			if mm.Err = errs[variant]; mm.Err != nil {
				v.Mismatches = append(v.Mismatches, mm)
				continue
			}
			sched, err := schedule.Parse(sc.For(variant))
			if err != nil {
				mm.Err = err
				v.Mismatches = append(v.Mismatches, mm)
				continue
			}
			_, out, err := sim.ReplaySchedule(progs[variant], sched, sim.Options{Memory: sc.MemoryModel()})
			if err != nil {
				mm.Err = err
			} else if out.Kind != mm.Expected {
				mm.Got, mm.Message = out.Kind, out.Message
			} else {
				continue
			}
			v.Mismatches = append(v.Mismatches, mm)
		}
	}
	return v
}

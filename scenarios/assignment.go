package scenarios

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"

	"lockstep/primitives/examples"
	"lockstep/primitives/lang"
	"lockstep/sim/explore"
)

// An Assignment asks the reader to fix the lesson's primitive: start from
// an example (a copy of the buggy variant), edit it, and pass when the
// explorer verifies it: every execution of the lesson, at each of the
// parameter sets given, is ok.
type Assignment struct {
	// Start is the example the reader edits a copy of
	// ("wait_group_tinycoro.lsp").
	Start string `json:"start"`
	// Variant is the lesson's variant whose schedules and expected
	// outcomes the reader's primitive is replayed with (default: the
	// first). The fixed variant's, so that "ok" is what to reach.
	Variant string `json:"variant,omitempty"`
	// Task says what to fix.
	Task Text `json:"task"`
	// Verify are the parameter sets the explorer verifies at (default:
	// the lesson's own parameters).
	Verify []map[string]int `json:"verify,omitempty"`
}

// MaxVerify bounds an assignment's parameter sets; MaxVerifyStates bounds
// each search, so a grade costs the server at most seconds.
const (
	MaxVerify       = 4
	MaxVerifyStates = 200_000
)

func (a *Assignment) validate(s *Scenario) []error {
	var errs []error
	if _, err := fs.Stat(examples.FS, a.Start); err != nil {
		errs = append(errs, fmt.Errorf("start %q is not one of the examples", a.Start))
	}
	if a.Task.EN == "" || a.Task.ZH == "" {
		errs = append(errs, errors.New("task: both en and zh are required"))
	}
	if a.Variant != "" && !slices.Contains(s.Variants, a.Variant) {
		errs = append(errs, fmt.Errorf("variant %q is not one of the lesson's", a.Variant))
	}
	if len(a.Verify) > MaxVerify {
		errs = append(errs, fmt.Errorf("verify: at most %d parameter sets", MaxVerify))
	}
	for _, p := range a.Verify {
		if _, err := s.Resolve(p); err != nil {
			errs = append(errs, fmt.Errorf("verify: %v", err))
		}
	}
	return errs
}

// StartSource is the text of the example the assignment starts from.
func (a *Assignment) StartSource() string {
	b, _ := fs.ReadFile(examples.FS, a.Start) // validated: it exists
	return string(b)
}

// ReplayVariant is the variant whose schedules a reader's primitive is
// replayed with.
func (a *Assignment) ReplayVariant(s *Scenario) string {
	if a.Variant != "" {
		return a.Variant
	}
	return s.Variants[0]
}

// A Grade is the result of checking a reader's primitive against an
// assignment: passed, or the first search that found a bug or could not
// finish.
type Grade struct {
	Passed bool
	// Checks are the searches run, one per parameter set, up to the first
	// that failed.
	Checks []Check
}

// A Check is one search of a grade.
type Check struct {
	Params map[string]int
	Result explore.Result
}

// Passed reports whether the search verified the primitive: complete,
// and every execution ok.
func (c Check) Passed() bool { return c.Result.Complete && len(c.Result.Counterexamples) == 0 }

// Grade explores the lesson with written primitive d at each of the
// assignment's parameter sets (the lesson's own when it has none, and
// when the lesson has no assignment). progress, if not nil, is called as
// each search goes. A primitive that does not fit the lesson is an error.
func (s *Scenario) Grade(ctx context.Context, d *lang.Def, progress func(explore.Progress)) (Grade, error) {
	sets := []map[string]int{nil}
	if s.Assignment != nil && len(s.Assignment.Verify) > 0 {
		sets = s.Assignment.Verify
	}
	var g Grade
	for _, params := range sets {
		p, err := s.BuildWritten(d, params)
		if err != nil {
			return Grade{}, err
		}
		r, err := explore.Explore(ctx, p, explore.Options{MaxStates: MaxVerifyStates, Progress: progress})
		if err != nil {
			return Grade{}, err
		}
		resolved, _ := s.Resolve(params)
		c := Check{Params: resolved, Result: r}
		g.Checks = append(g.Checks, c)
		if !c.Passed() {
			return g, nil
		}
	}
	g.Passed = true
	return g, nil
}

package lessonview

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/schedule"
)

// TestDescribeRunsOfTheCatalogAreShort checks that describeSteps leaves
// the catalog's descriptions whole: every run that finds a lesson's code
// ends well before it.
func TestDescribeRunsOfTheCatalogAreShort(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	opts := sim.Options{Record: true, Locations: true}
	for _, s := range cat.All() {
		for _, v := range s.Variants {
			p, err := s.Build(v, nil)
			if err != nil {
				t.Fatal(err)
			}
			var runs []*sim.Machine
			for _, sc := range s.Schedules {
				sched, err := schedule.Parse(sc.For(v))
				if err != nil {
					t.Fatal(err)
				}
				m, _, _ := sim.ReplaySchedule(p, sched, opts)
				runs = append(runs, m)
			}
			for _, seed := range describeSeeds {
				m := sim.New(p, opts)
				_, _ = sim.Run(m, sim.NewRandom(seed))
				runs = append(runs, m)
			}
			for _, m := range runs {
				if m.Steps() > describeSteps/2 {
					t.Errorf("%s as %s: a run of its description takes %d steps; describeSteps (%d) may cut it", s.ID, v, m.Steps(), describeSteps)
				}
			}
		}
	}
}

// TestDescribeASpinningLesson describes a lesson from a link whose every
// run spins to the step limit, along 16 schedules and the seeded runs: each
// run stops at describeSteps (whole, they allocated 250 MB at each load).
func TestDescribeASpinningLesson(t *testing.T) {
	var scheds []string
	for i := range 16 {
		scheds = append(scheds, fmt.Sprintf(`{"name": "s%d", "title": {"en": "s", "zh": "s"}, "steps": %q, "expect": {"tinycoro": "step-limit"}}`,
			i, strings.Repeat("W X ", 600)))
	}
	l, err := scenarios.Parse("lesson", []byte(`{"id": "custom", "primitive": "wait_group", "variants": ["tinycoro"],
  "title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"}, "narrative": {"en": ["n"], "zh": ["n"]},
  "init": {"count": "1"},
  "coroutines": [{"name": "W", "script": "repeat 1000 { repeat 1000 { cs } }"}, {"name": "X", "script": "repeat 1000 { repeat 1000 { cs } }"},
    {"name": "D", "script": "done"}],
  "schedules": [`+strings.Join(scheds, ",")+`]}`))
	if err != nil {
		t.Fatal(err)
	}
	cc := NewCodeCache(primitives.Source, "custom")
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	code, err := cc.Describe(l, "tinycoro")
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if len(code.Labels) == 0 || len(code.Source) == 0 {
		t.Errorf("the description has %d labels and %d files; want some", len(code.Labels), len(code.Source))
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 100<<20 {
		t.Errorf("describing it allocated %d MB", n>>20)
	}
}

package primitives_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/snapshot"
)

// ported are the primitives whose lessons these tests own.
var ported = []string{"event", "latch", "mutex", "condition_variable", "channel"}

// TestLessonExpectations replays every schedule of every event, latch and
// mutex lesson on every variant and checks the outcome the lesson states.
func TestLessonExpectations(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, s := range cat.All() {
		if !slices.Contains(ported, s.Primitive) {
			continue
		}
		seen[s.Primitive] = true
		for _, sc := range s.Schedules {
			for _, v := range s.Variants {
				t.Run(s.ID+"/"+sc.Name+"/"+v, func(t *testing.T) {
					p := build(t, s, v, nil)
					steps, err := schedule.Parse(sc.For(v))
					if err != nil {
						t.Fatal(err)
					}
					m, out, err := sim.ReplaySchedule(p, steps, sim.Options{Record: true, Memory: sc.MemoryModel()})
					if err != nil {
						t.Fatalf("replay: %v", err)
					}
					if want := sc.Expect[v]; out.Kind != want {
						t.Errorf("outcome %s (%s), want %s", out.Kind, out.Message, want)
					}
					for _, c := range sc.Captions {
						if c.Step < 0 || c.Step >= len(steps) {
							t.Errorf("caption at step %d, but the schedule has %d steps", c.Step, len(steps))
						}
					}
					checkDocumented(t, m)
				})
			}
		}
	}
	for _, prim := range ported {
		if !seen[prim] {
			t.Errorf("no lesson for %s", prim)
		}
	}
}

// checkDocumented fails for a step whose label has no doc.
func checkDocumented(t *testing.T, m *sim.Machine) {
	t.Helper()
	p := m.Program()
	for _, r := range m.Records() {
		if r.Label >= 0 && p.Doc(r.Label) == "" {
			t.Errorf("step %d: label %s has no doc", r.Index, p.Label(r.Label))
		}
	}
}

// lesson returns the catalog's lesson id.
func lesson(t *testing.T, id string) *scenarios.Scenario {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// build compiles s for variant with parameter overrides.
func build(t *testing.T, s *scenarios.Scenario, variant string, params map[string]int) *program.Program {
	t.Helper()
	p, err := s.Build(variant, params)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// parse reads a lesson written for a test: its primitive and variants,
// extra top-level members (each followed by a comma) and its coroutines (a
// JSON array). Its one schedule is empty and expects ok.
func parse(t *testing.T, primitive string, variants []string, extra, coroutines string) *scenarios.Scenario {
	t.Helper()
	vs, err := json.Marshal(variants)
	if err != nil {
		t.Fatal(err)
	}
	expect := map[string]string{}
	for _, v := range variants {
		expect[v] = "ok"
	}
	ex, err := json.Marshal(expect)
	if err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprintf(`{"id": "test", "primitive": %q, "variants": %s, %s
		"title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"},
		"narrative": {"en": ["n"], "zh": ["n"]},
		"coroutines": %s,
		"schedules": [{"name": "any", "title": {"en": "a", "zh": "a"}, "steps": "", "expect": %s}]}`,
		primitive, vs, extra, coroutines, ex)
	s, err := scenarios.Parse("test.jsonc", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// runRandom runs p under a seeded random scheduler.
func runRandom(t *testing.T, p *program.Program, seed uint64, o sim.Options) (*sim.Machine, outcome.Outcome) {
	t.Helper()
	m := sim.New(p, o)
	out, err := sim.Run(m, sim.NewRandom(seed))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return m, out
}

// labelsOf returns the labels coroutine co performed, in order.
func labelsOf(m *sim.Machine, co string) []string {
	p := m.Program()
	var out []string
	for _, r := range m.Records() {
		if r.Label >= 0 && p.Coroutines[r.Coroutine].Name == co {
			out = append(out, primitives.LabelName(r.Label))
		}
	}
	return out
}

// cellValue shows the cell named name as the machine holds it now.
func cellValue(t *testing.T, m *sim.Machine, name string) string {
	t.Helper()
	for _, c := range snapshot.Of(m).Cells {
		if c.Name == name {
			return c.Value
		}
	}
	t.Fatalf("no cell %s", name)
	return ""
}

// joined is labels as one string, for messages and comparisons.
func joined(labels []string) string { return strings.Join(labels, " ") }

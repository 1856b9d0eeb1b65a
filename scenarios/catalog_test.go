package scenarios_test

import (
	"io/fs"
	"reflect"
	"slices"
	"strings"
	"testing"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
)

// loadCatalog loads the embedded lessons or fails the test.
func loadCatalog(t testing.TB) *scenarios.Catalog {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatalf("Load() = %v", err)
	}
	if len(cat.All()) == 0 {
		t.Fatal("the catalog is empty")
	}
	return cat
}

// TestCatalog replays every schedule of every lesson in every variant: the
// outcome is the one the lesson expects, every step is labelled and placed
// in a primitive's source, and the schedule performed replays to the same
// outcome from its text.
func TestCatalog(t *testing.T) {
	for _, s := range loadCatalog(t).All() {
		for _, v := range s.Variants {
			p, err := s.Build(v, nil)
			if err != nil {
				t.Errorf("%s: Build(%s) = %v", s.ID, v, err)
				continue
			}
			for _, sc := range s.Schedules {
				t.Run(s.ID+"/"+v+"/"+sc.Name, func(t *testing.T) {
					checkSchedule(t, p, sc, v)
				})
			}
		}
	}
}

func checkSchedule(t *testing.T, p *program.Program, sc scenarios.Schedule, variant string) {
	steps := sc.For(variant)
	sched, err := schedule.Parse(steps)
	if err != nil {
		t.Fatalf("schedule.Parse(%q) = %v", steps, err)
	}
	m, out, err := sim.ReplaySchedule(p, sched, sim.Options{Record: true, Locations: true, Memory: sc.MemoryModel()})
	if err != nil {
		t.Fatalf("ReplaySchedule(%q) = %v", steps, err)
	}
	if want := sc.Expect[variant]; out.Kind != want {
		t.Errorf("outcome = %s (%s), want %s", out.Kind, out.Message, want)
	}
	if out.Message == "" {
		t.Errorf("outcome %s has no message", out.Kind)
	}
	if len(m.Records()) < len(sched) {
		t.Errorf("%d steps performed, fewer than the schedule's %d", len(m.Records()), len(sched))
	}
	for _, r := range m.Records() {
		checkRecord(t, p, r)
	}

	performed := m.Schedule()
	text := performed.String()
	back, err := schedule.Parse(text)
	if err != nil || !slices.Equal(back, performed) {
		t.Fatalf("the schedule performed does not round-trip: %q gives %v, %v", text, back, err)
	}
	for _, o := range []sim.Options{{Record: true, Locations: true, Memory: sc.MemoryModel()}, {Memory: sc.MemoryModel()}} {
		m2, out2, err := sim.ReplaySchedule(p, back, o)
		if err != nil {
			t.Fatalf("replaying the schedule performed, %q, with %+v: %v", text, o, err)
		}
		// Without records the machine does not keep what explains a race,
		// so only a recorded replay must say exactly the same.
		same := reflect.DeepEqual(out2, out)
		if !o.Record {
			same = out2.Kind == out.Kind && out2.Step == out.Step && out2.Thread == out.Thread && out2.Coroutine == out.Coroutine
		}
		if !same || m2.Steps() != m.Steps() {
			t.Errorf("replaying %q with %+v gives %+v after %d steps, want %+v after %d",
				text, o, out2, m2.Steps(), out, m.Steps())
		}
	}
}

// checkRecord checks that a step is labelled and placed in a primitive's
// source. Taking a coroutine off a run queue runs no primitive code.
func checkRecord(t *testing.T, p *program.Program, r record.Step) {
	t.Helper()
	if r.Op == program.OpResume {
		if r.Label != -1 || r.Loc.File != "" {
			t.Errorf("step %d: a resume with label %d at %+v", r.Index, r.Label, r.Loc)
		}
		return
	}
	if l := p.Label(r.Label); r.Label < 0 || l == "" || l == "?" {
		t.Errorf("step %d (%s): no label (%d)", r.Index, r.Op, r.Label)
	}
	if p.Doc(r.Label) == "" {
		t.Errorf("step %d: label %s has no doc", r.Index, p.Label(r.Label))
	}
	if strings.HasSuffix(r.Loc.File, ".lsp") && p.LabelLoc != nil {
		// A lesson of a primitive written in the language: its steps
		// are where its source says.
		if r.Loc.Line <= 0 {
			t.Errorf("step %d (%s): location %+v has no line", r.Index, p.Label(r.Label), r.Loc)
		}
		return
	}
	inPorts := strings.HasPrefix(r.Loc.Function, "lockstep/primitives.") || strings.HasPrefix(r.Loc.Function, "lockstep/primitives/composed.")
	if r.Loc.File == "" || r.Loc.Line <= 0 || !inPorts {
		t.Errorf("step %d (%s): location %+v is not in the ports (primitives, primitives/composed)", r.Index, p.Label(r.Label), r.Loc)
		return
	}
	if _, err := fs.Stat(primitives.Source, primitives.SourcePath(r.Loc.Function, r.Loc.File)); err != nil {
		t.Errorf("step %d (%s): the source of %+v is not in primitives.Source: %v", r.Index, p.Label(r.Label), r.Loc, err)
	}
}

// TestCatalogOrder checks the lessons are listed by primitive and that ids
// are unique.
func TestCatalogOrder(t *testing.T) {
	order := []string{"event", "latch", "wait_group", "mutex", "spinlock", "condition_variable", "channel", "when_all", "go_waitgroup", "litmus"}
	seen := map[string]bool{}
	last := -1
	for _, s := range loadCatalog(t).All() {
		if seen[s.ID] {
			t.Errorf("lesson %s listed twice", s.ID)
		}
		seen[s.ID] = true
		i := slices.Index(order, s.Primitive)
		if i < last {
			t.Errorf("lesson %s (%s) is listed after a later primitive", s.ID, s.Primitive)
		}
		last = max(last, i)
	}
}

// TestRandomRunsAreSound runs every lesson in every variant under a few
// seeded random schedules: whatever the interleaving, a run ends with an
// outcome from the vocabulary, and no step breaks the engine's rules (one
// access per step, a next label), which the machine reports as "sim:".
func TestRandomRunsAreSound(t *testing.T) {
	seeds := uint64(25)
	if testing.Short() {
		seeds = 5
	}
	for _, s := range loadCatalog(t).All() {
		for _, v := range s.Variants {
			p, err := s.Build(v, nil)
			if err != nil {
				t.Errorf("%s: Build(%s) = %v", s.ID, v, err)
				continue
			}
			for seed := range seeds {
				m := sim.New(p, sim.Options{})
				out, err := sim.Run(m, sim.NewRandom(seed))
				if err != nil || !outcome.ValidKind(out.Kind) {
					t.Errorf("%s/%s seed %d: outcome %q, %v", s.ID, v, seed, out.Kind, err)
					continue
				}
				if strings.HasPrefix(out.Message, "sim:") {
					t.Errorf("%s/%s seed %d, schedule %s: %s", s.ID, v, seed, m.Schedule(), out.Message)
				}
			}
		}
	}
}

// TestCatalogTitlesDistinct checks that no two lessons share a title, in
// either language: the catalog lists them by title.
func TestCatalogTitlesDistinct(t *testing.T) {
	seen := map[string]string{}
	for _, s := range loadCatalog(t).All() {
		for _, title := range []string{s.Title.EN, s.Title.ZH} {
			if other, ok := seen[title]; ok {
				t.Errorf("%s and %s are both titled %q", other, s.ID, title)
			}
			seen[title] = s.ID
		}
	}
}

// TestTeachingOrder checks that the catalog starts with the basics and
// ends with the litmus tests: the first lesson is a primitive's basic one,
// each primitive's lessons stand together, its basic lesson first, and no
// litmus test comes before another lesson.
func TestTeachingOrder(t *testing.T) {
	all := loadCatalog(t).All()
	if first := all[0].ID; first != "event-basic" {
		t.Errorf("the catalog starts with %s; want event-basic, the simplest", first)
	}
	seen := map[string]bool{}
	litmus := false
	for i, s := range all {
		if i > 0 && s.Primitive != all[i-1].Primitive {
			if seen[s.Primitive] {
				t.Errorf("%s's lessons are not together: %s comes after %s", s.Primitive, s.ID, all[i-1].ID)
			}
		}
		if (i == 0 || s.Primitive != all[i-1].Primitive) && !strings.HasSuffix(s.ID, "-basic") {
			for _, o := range all[i:] {
				if o.Primitive == s.Primitive && strings.HasSuffix(o.ID, "-basic") {
					t.Errorf("%s's basic lesson %s is not its first (%s)", s.Primitive, o.ID, s.ID)
				}
			}
		}
		seen[s.Primitive] = true
		if s.Primitive == "litmus" {
			litmus = true
		} else if litmus {
			t.Errorf("%s comes after a litmus test", s.ID)
		}
	}
}

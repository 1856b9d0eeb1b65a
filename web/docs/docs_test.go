package docs

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// The docs must not rot: these tests tie every page to the lessons and the
// engine, so that a lesson renamed, a schedule changed or a label moved
// fails here instead of leaving a page that describes something else.

// load reads the embedded docs, failing the test on any problem: a page
// that cannot be read, a missing or mismatched translation, a link to
// nothing.
func load(t *testing.T) *Site {
	t.Helper()
	s, err := Load()
	if err != nil {
		t.Fatalf("the docs have problems:\n%v", err)
	}
	return s
}

// TestContentLoads checks that every page reads, in both languages, and
// that the table of contents has both groups.
func TestContentLoads(t *testing.T) {
	s := load(t)
	for _, lang := range langs() {
		pages := s.Pages(lang)
		if len(pages) < 10 {
			t.Fatalf("%s: %d pages; want every page of the docs", lang, len(pages))
		}
		groups := map[Group]int{}
		for i, pg := range pages {
			if pg.Lang != lang {
				t.Errorf("%s is shown for language %s", pg.File, lang)
			}
			if i > 0 && pg.Order <= pages[i-1].Order {
				t.Errorf("%s: order %d after %s's %d", pg.File, pg.Order, pages[i-1].File, pages[i-1].Order)
			}
			groups[pg.Group]++
		}
		if groups[Primitives] == 0 || groups[Bugs] == 0 {
			t.Errorf("%s: %d primitive pages, %d bug pages; want both", lang, groups[Primitives], groups[Bugs])
		}
	}
}

// TestTextsInBothLanguages checks every piece of prose against its
// translation: the Chinese written in Chinese wherever the English has
// words outside code, and the English free of Chinese.
func TestTextsInBothLanguages(t *testing.T) {
	s := load(t)
	for _, en := range s.Pages(EN) {
		zh, err := s.Page(en.Slug, ZH)
		if err != nil || zh.Lang != ZH {
			t.Errorf("%s has no Chinese page (%v)", en.Slug, err)
			continue
		}
		ens, zhs := pageTexts(en), pageTexts(zh)
		if len(ens) != len(zhs) {
			t.Errorf("%s: %d texts in English, %d in Chinese", en.Slug, len(ens), len(zhs))
			continue
		}
		for i := range ens {
			checkPair(t, en.Slug, ens[i], zhs[i])
		}
	}
}

// pageTexts returns every text of pg, in order: title, summary, then each
// section's heading and its blocks' texts.
func pageTexts(pg *Page) []string {
	out := []string{pg.Title, pg.Summary}
	for _, s := range pg.Sections {
		out = append(out, s.Heading)
		for _, b := range s.Blocks {
			out = append(out, b.Texts...)
		}
	}
	return out
}

// checkPair checks one text, en, against its translation zh.
func checkPair(t *testing.T, page, en, zh string) {
	t.Helper()
	where := fmt.Sprintf("%s: %.60q", page, en)
	switch {
	case en == "" && zh == "":
		// an empty table cell
	case en == "" || zh == "":
		t.Errorf("%s: English %q, Chinese %q; want both", where, en, zh)
	case en == zh:
		if hasHan(en) {
			t.Errorf("%s: the same Chinese in both languages", where)
		}
	default:
		if hasHan(en) {
			t.Errorf("%s: the English has Chinese in it", where)
		}
		if hasProse(en) && !hasHan(zh) {
			t.Errorf("%s: the Chinese %.60q has no Chinese in it", where, zh)
		}
	}
	for _, s := range []string{en, zh} {
		if strings.Count(s, "`")%2 != 0 {
			t.Errorf("%s: unbalanced backquotes in %q", page, s)
		}
	}
}

// hasProse reports whether s has a letter outside its `code` spans.
func hasProse(s string) bool {
	for i, part := range strings.Split(s, "`") {
		if i%2 == 0 && strings.IndexFunc(part, unicode.IsLetter) >= 0 {
			return true
		}
	}
	return false
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

// TestSteppersShowTheirKeyStep replays the schedule of every live stepper
// as the playground does (the schedule, then each thread in turn to the
// end) and checks that the key step exists and is the step the page
// describes.
func TestSteppersShowTheirKeyStep(t *testing.T) {
	s := load(t)
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, lang := range langs() {
		for _, pg := range s.Pages(lang) {
			for _, e := range pg.Steppers() {
				t.Run(pg.File+"/"+e.Lesson, func(t *testing.T) {
					steps, _ := replay(t, cat, Run{Lesson: e.Lesson, Variant: e.Variant, Schedule: e.Schedule})
					if e.Step > len(steps) {
						t.Fatalf("key step %d is outside the run of schedule %q, steps 1 to %d", e.Step, e.Schedule, len(steps))
					}
					if got := steps[e.Step-1]; got.Thread != e.Thread || got.Label != e.Label {
						t.Errorf("step %d of %s/%s is %s at %q; the page says %s at %q", e.Step, e.Lesson, e.Schedule, got.Thread, got.Label, e.Thread, e.Label)
					}
				})
			}
		}
	}
}

// TestInterleavingsMatchTheirRuns checks every interleaving told as a
// whole run against the engine, step for step, and its outcome.
func TestInterleavingsMatchTheirRuns(t *testing.T) {
	s := load(t)
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, lang := range langs() {
		for _, pg := range s.Pages(lang) {
			for _, st := range pg.Runs() {
				n++
				t.Run(pg.File+"/"+st.Run.Lesson, func(t *testing.T) {
					steps, got := replay(t, cat, *st.Run)
					checkRun(t, st, steps, got)
				})
			}
		}
	}
	if n == 0 {
		t.Fatal("no page tells a whole run; the pages about bugs do")
	}
}

// checkRun fails t with every way the steps the page tells differ from
// those of the run, and the outcome it names from the run's.
func checkRun(t *testing.T, st *Steps, steps []Step, got outcome.Kind) {
	t.Helper()
	for _, p := range runProblems(st, steps, got) {
		t.Error(p)
	}
}

// runProblems returns every way st differs from the run that made steps
// and ended in got.
func runProblems(st *Steps, steps []Step, got outcome.Kind) []string {
	if len(st.Rows) > len(steps) {
		return []string{fmt.Sprintf("the page tells %d steps; the run has %d", len(st.Rows), len(steps))}
	}
	var out []string
	for i, r := range st.Rows {
		if got := steps[i]; got.Thread != r.Thread || got.Label != r.Label {
			out = append(out, fmt.Sprintf("step %d is %s at %q; the page says %s at %q", i+1, got.Thread, got.Label, r.Thread, r.Label))
		}
	}
	if st.Run.Outcome != "" && outcome.Kind(st.Run.Outcome) != got {
		out = append(out, fmt.Sprintf("the run ends in %q; the page says %q", got, st.Run.Outcome))
	}
	return out
}

// TestStepTableDisagreeingWithTheEngineFails checks that a step table
// telling another run than the engine's is caught: a wrong label, a wrong
// thread, a step too many, a wrong outcome.
func TestStepTableDisagreeingWithTheEngineFails(t *testing.T) {
	s := load(t)
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	var st *Steps
	for _, pg := range s.Pages(EN) {
		for _, r := range pg.Runs() {
			if st == nil && r.Run.Outcome != "" {
				st = r
			}
		}
	}
	if st == nil {
		t.Fatal("no page tells a whole run with its outcome")
	}
	steps, got := replay(t, cat, *st.Run)
	if p := runProblems(st, steps, got); p != nil {
		t.Fatalf("the run as written: %v", p)
	}
	edit := func(f func(rows []Step, run *Run) []Step) *Steps {
		run := *st.Run
		rows := f(append([]Step(nil), st.Rows...), &run)
		return &Steps{Run: &run, Rows: rows}
	}
	for name, bad := range map[string]*Steps{
		"label":    edit(func(rows []Step, _ *Run) []Step { rows[0].Label += "x"; return rows }),
		"thread":   edit(func(rows []Step, _ *Run) []Step { rows[1].Thread += "x"; return rows }),
		"too many": edit(func(rows []Step, _ *Run) []Step { return append(rows, make([]Step, len(steps))...) }),
		"outcome":  edit(func(rows []Step, run *Run) []Step { run.Outcome = "ok"; return rows }),
	} {
		if runProblems(bad, steps, got) == nil {
			t.Errorf("a step table with a wrong %s passes", name)
		}
	}
}

// replay runs r as the playground does and returns who made each step at
// which label ("" for a step that resumes a coroutine), and the outcome.
func replay(t *testing.T, cat *scenarios.Catalog, r Run) ([]Step, outcome.Kind) {
	t.Helper()
	lesson, err := cat.Lookup(r.Lesson)
	if err != nil {
		t.Fatal(err)
	}
	variant := r.Variant
	if variant == "" {
		variant = lesson.Variants[0]
	}
	var text string
	mm := sim.SC
	for _, sc := range lesson.Schedules {
		if sc.Name == r.Schedule {
			text, mm = sc.For(variant), sc.MemoryModel()
		}
	}
	if text == "" {
		t.Fatalf("lesson %s has no schedule %q", r.Lesson, r.Schedule)
	}
	prog, err := lesson.Build(variant, nil)
	if err != nil {
		t.Fatalf("build %s, variant %q: %v", r.Lesson, variant, err)
	}
	sched, err := schedule.Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	m, out, err := sim.ReplaySchedule(prog, sched, sim.Options{Record: true, Memory: mm})
	if err != nil {
		t.Fatalf("replay %s/%s: %v", r.Lesson, r.Schedule, err)
	}
	var steps []Step
	for _, rec := range m.Records() {
		st := Step{Thread: prog.Threads[rec.Thread].Name}
		if rec.Op != program.OpResume {
			st.Label = primitives.LabelName(rec.Label)
		}
		steps = append(steps, st)
	}
	return steps, out.Kind
}

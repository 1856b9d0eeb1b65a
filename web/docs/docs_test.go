package docs

import (
	"fmt"
	"strings"
	"testing"
	"unicode"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim"
)

// The docs must not rot: these tests tie every page to the lessons and the
// engine, so that a lesson renamed, a schedule changed or a label moved
// fails here instead of leaving a page that describes something else.

func TestPagesAreDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, pg := range Pages() {
		if pg.Slug == "" || strings.ToLower(pg.Slug) != pg.Slug || strings.ContainsAny(pg.Slug, " /#?") {
			t.Errorf("slug %q: want lowercase letters, digits and '-'", pg.Slug)
		}
		if seen[pg.Slug] {
			t.Errorf("slug %q is used twice", pg.Slug)
		}
		seen[pg.Slug] = true
		ids := map[string]bool{}
		for _, s := range pg.Sections {
			if s.ID == "" || ids[s.ID] {
				t.Errorf("%s: section id %q is empty or used twice", pg.Slug, s.ID)
			}
			ids[s.ID] = true
			if len(s.Blocks) == 0 {
				t.Errorf("%s#%s: the section is empty", pg.Slug, s.ID)
			}
		}
		if pg.Group == Bugs && len(pg.Bugs) == 0 {
			t.Errorf("%s: a bug page names no bug", pg.Slug)
		}
	}
}

// TestTextsInBothLanguages checks that every text has its English and its
// Chinese: the Chinese written in Chinese wherever the English has words
// outside code, and the English free of Chinese.
func TestTextsInBothLanguages(t *testing.T) {
	for _, pg := range Pages() {
		for _, tx := range pg.Texts() {
			where := fmt.Sprintf("%s: %.60q", pg.Slug, tx.EN)
			switch {
			case tx.EN == "" && tx.ZH == "":
				// an empty table cell
			case tx.EN == "" || tx.ZH == "":
				t.Errorf("%s: English %q, Chinese %q; want both", where, tx.EN, tx.ZH)
			case tx.EN == tx.ZH:
				if hasHan(tx.EN) {
					t.Errorf("%s: the same Chinese in both languages", where)
				}
			default:
				if hasHan(tx.EN) {
					t.Errorf("%s: the English has Chinese in it", where)
				}
				if hasProse(tx.EN) && !hasHan(tx.ZH) {
					t.Errorf("%s: the Chinese %.60q has no Chinese in it", where, tx.ZH)
				}
			}
			for _, s := range []string{tx.EN, tx.ZH} {
				if strings.Count(s, "`")%2 != 0 {
					t.Errorf("%s: unbalanced backquotes in %q", pg.Slug, s)
				}
			}
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

// TestLinksResolve checks that every link between pages leads to a page,
// and a #fragment to one of its sections.
func TestLinksResolve(t *testing.T) {
	sections := map[string]map[string]bool{}
	for _, pg := range Pages() {
		sections[pg.Slug] = map[string]bool{}
		for _, s := range pg.Sections {
			sections[pg.Slug][s.ID] = true
		}
	}
	for _, pg := range Pages() {
		for _, href := range pg.Links() {
			path, frag, _ := strings.Cut(href, "#")
			slug, ok := strings.CutPrefix(path, "/docs/")
			if !ok {
				t.Errorf("%s: link %q leads outside the docs", pg.Slug, href)
				continue
			}
			ids, ok := sections[slug]
			if !ok {
				t.Errorf("%s: link %q: there is no page %q", pg.Slug, href, slug)
				continue
			}
			if frag != "" && !ids[frag] {
				t.Errorf("%s: link %q: page %s has no section %q", pg.Slug, href, slug, frag)
			}
		}
	}
}

// TestEmbedsShowTheirKeyStep replays the schedule of every live stepper as
// the playground does (the schedule, then each thread in turn to the end)
// and checks that the key step exists and is the step the page describes.
func TestEmbedsShowTheirKeyStep(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range Pages() {
		for _, e := range pg.Embeds() {
			t.Run(pg.Slug+"/"+e.Lesson, func(t *testing.T) {
				if e.Title.EN == "" || e.Title.ZH == "" {
					t.Errorf("the iframe's title is %q / %q; want it in both languages", e.Title.EN, e.Title.ZH)
				}
				steps := replay(t, cat, Run{Lesson: e.Lesson, Variant: e.Variant, Schedule: e.Schedule})
				if e.Step < 1 || e.Step > len(steps) {
					t.Fatalf("key step %d is outside the run of schedule %q, steps 1 to %d", e.Step, e.Schedule, len(steps))
				}
				if got := steps[e.Step-1]; got.Thread != e.Thread || got.Label != e.Label {
					t.Errorf("step %d of %s/%s is %s at %q; the page says %s at %q", e.Step, e.Lesson, e.Schedule, got.Thread, got.Label, e.Thread, e.Label)
				}
			})
		}
	}
}

// TestInterleavingsMatchTheirRuns checks every interleaving told in full
// against the run it tells, step for step.
func TestInterleavingsMatchTheirRuns(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, pg := range Pages() {
		for _, b := range pg.Runs() {
			t.Run(pg.Slug+"/"+b.Run.Lesson, func(t *testing.T) {
				steps := replay(t, cat, *b.Run)
				if len(b.Steps) > len(steps) {
					t.Fatalf("the page tells %d steps; the run has %d", len(b.Steps), len(steps))
				}
				for i, st := range b.Steps {
					if got := steps[i]; got.Thread != st.Thread || got.Label != st.Label {
						t.Errorf("step %d is %s at %q; the page says %s at %q", i+1, got.Thread, got.Label, st.Thread, st.Label)
					}
				}
			})
		}
	}
}

// replay runs r as the playground does and returns who made each step at
// which label ("" for a step that resumes a coroutine).
func replay(t *testing.T, cat *scenarios.Catalog, r Run) []Step {
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
	for _, sc := range lesson.Schedules {
		if sc.Name == r.Schedule {
			text = sc.For(variant)
		}
	}
	if text == "" {
		t.Fatalf("lesson %s has no schedule %q", r.Lesson, r.Schedule)
	}
	prog, err := lesson.Build(variant, nil)
	if err != nil {
		t.Fatalf("build %s, variant %q: %v", r.Lesson, variant, err)
	}
	sched, err := sim.ParseSchedule(text)
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(prog, sched, sim.Options{Record: true})
	if err != nil {
		t.Fatalf("replay %s/%s: %v", r.Lesson, r.Schedule, err)
	}
	var out []Step
	for _, rec := range m.Records() {
		st := Step{Thread: prog.Threads[rec.Thread].Name}
		if rec.Op != sim.OpResume {
			st.Label = primitives.LabelName(rec.Label)
		}
		out = append(out, st)
	}
	return out
}

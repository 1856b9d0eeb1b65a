package lessonview

import (
	"slices"
	"testing"

	"lockstep/scenarios"
)

// TestGlossaryNamesTheLessonsBugs checks that every bug a lesson names has
// a glossary entry in both languages, and that every bad outcome a lesson
// expects of its first variant (the one its bugs are about) is the kind of
// one of its bugs, so the verdict can name it.
func TestGlossaryNamesTheLessonsBugs(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range cat.All() {
		for _, lang := range []string{"en", "zh"} {
			g := Glossary(l.Bugs, nil, lang)
			for _, b := range l.Bugs {
				if e, ok := g[b]; !ok || e.Name == "" || e.Text == "" {
					t.Errorf("%s: bug %s has no glossary entry in %s", l.ID, b, lang)
				}
			}
		}
		g := Glossary(l.Bugs, nil, "en")
		for _, sc := range l.Schedules {
			v := l.Variants[0]
			if k, ok := sc.Expect[v]; ok && k != "ok" && len(l.Bugs) > 0 {
				if !slices.ContainsFunc(l.Bugs, func(b string) bool { return slices.Contains(g[b].Kinds, string(k)) }) {
					t.Errorf("%s/%s/%s: expects %s, which none of the bugs %v shows up as", l.ID, sc.Name, v, k, l.Bugs)
				}
			}
		}
	}
}

package docs

import (
	"fmt"
	"slices"
	"strings"
)

// The checks below read the whole site; LoadFS runs them. Each problem is
// an error "file:line: what", told from the file that has to change.

// checkTranslations checks that every page is written in every language,
// and that each translation has what the English has, block for block:
// the same front matter but the title and summary, the same sections,
// the same kinds of block in the same order with the same structure, code
// and links, and the same directives with the same keys and steps.
func (s *Site) checkTranslations() []error {
	var errs []error
	for _, slug := range s.order {
		for _, lang := range langs() {
			if s.pages[slug][lang] == nil && s.broken[slug][lang] == nil {
				errs = append(errs, fmt.Errorf("%s/%s.md: missing; every page is written in %s", lang, slug, strings.Join(langs(), " and ")))
			}
		}
		en := s.pages[slug][EN]
		for _, lang := range langs()[1:] {
			if tr := s.pages[slug][lang]; en != nil && tr != nil {
				errs = append(errs, compareTranslation(en, tr)...)
			}
		}
	}
	return errs
}

// compareTranslation checks tr against the English en (see
// checkTranslations).
func compareTranslation(en, tr *Page) []error {
	var errs []error
	fail := func(line, enLine int, format string, a ...any) {
		errs = append(errs, fmt.Errorf("%s:%d: %s (see %s:%d)", tr.File, line, fmt.Sprintf(format, a...), en.File, enLine))
	}
	if tr.Order != en.Order || tr.Group != en.Group || !slices.Equal(tr.Bugs, en.Bugs) {
		fail(1, 1, "the front matter's order, group or bugs differ from the English")
	}
	for i := range max(len(en.Sections), len(tr.Sections)) {
		if i >= len(tr.Sections) {
			fail(lastLine(tr), en.Sections[i].Line, "section %q is missing", en.Sections[i].ID)
			return errs
		}
		if i >= len(en.Sections) {
			fail(tr.Sections[i].Line, lastLine(en), "section %q is not in the English", tr.Sections[i].ID)
			return errs
		}
		es, ts := en.Sections[i], tr.Sections[i]
		if es.ID != ts.ID {
			fail(ts.Line, es.Line, "section %d is %q; in the English it is %q", i+1, ts.ID, es.ID)
			return errs
		}
		errs = append(errs, compareBlocks(en, tr, es, ts)...)
	}
	return errs
}

// compareBlocks checks the blocks of section ts of tr against those of es
// of en.
func compareBlocks(en, tr *Page, es, ts Section) []error {
	for j := range max(len(es.Blocks), len(ts.Blocks)) {
		switch {
		case j >= len(ts.Blocks):
			eb := es.Blocks[j]
			return []error{fmt.Errorf("%s:%d: section %q ends where the English has a %s (see %s:%d)", tr.File, ts.Line, ts.ID, eb.Kind, en.File, eb.Line)}
		case j >= len(es.Blocks):
			tb := ts.Blocks[j]
			return []error{fmt.Errorf("%s:%d: a %s that the English does not have (see %s:%d)", tr.File, tb.Line, tb.Kind, en.File, es.Line)}
		}
		eb, tb := es.Blocks[j], ts.Blocks[j]
		if eb.shape != tb.shape {
			return []error{fmt.Errorf("%s:%d: this %s does not match the English %s at %s:%d: %s", tr.File, tb.Line, tb.Kind, eb.Kind, en.File, eb.Line, firstDifference(tb.shape, eb.shape))}
		}
	}
	return nil
}

// firstDifference says where two shapes first differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		a, b := "(nothing)", "(nothing)"
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("here %.160q, there %.160q", a, b)
		}
	}
	return "they differ"
}

// lastLine is the line of pg's last section or block.
func lastLine(pg *Page) int {
	line := 1
	for _, s := range pg.Sections {
		line = s.Line
		for _, b := range s.Blocks {
			line = b.Line
		}
	}
	return line
}

// checkOrder checks that no two pages have the same place in the table of
// contents.
func (s *Site) checkOrder() []error {
	var errs []error
	for _, lang := range langs() {
		taken := map[int]string{}
		for _, slug := range s.order {
			pg := s.pages[slug][lang]
			if pg == nil {
				continue
			}
			if other, dup := taken[pg.Order]; dup {
				errs = append(errs, fmt.Errorf("%s:1: order %d is also %s's", pg.File, pg.Order, other))
			}
			taken[pg.Order] = pg.File
		}
	}
	return errs
}

// checkLinks checks that every link leads to a docs page, and a #fragment
// to one of its sections.
func (s *Site) checkLinks() []error {
	var errs []error
	for _, slug := range s.order {
		for _, lang := range langs() {
			pg := s.pages[slug][lang]
			if pg == nil {
				continue
			}
			for _, sec := range pg.Sections {
				for _, b := range sec.Blocks {
					for _, target := range b.Links {
						if err := s.checkLink(target, lang); err != nil {
							errs = append(errs, fmt.Errorf("%s:%d: link %q: %w", pg.File, b.Line, target, err))
						}
					}
				}
			}
		}
	}
	return errs
}

// checkLink checks one link's target, from a page in language lang.
func (s *Site) checkLink(target, lang string) error {
	p, frag, _ := strings.Cut(Href(target), "#")
	slug, ok := strings.CutPrefix(p, "/docs/")
	if !ok {
		return fmt.Errorf("leads outside the docs; a target is a slug, with an optional #fragment")
	}
	if s.pages[slug] == nil && s.broken[slug] == nil {
		return fmt.Errorf("there is no page %q", slug)
	}
	to := s.pick(slug, lang)
	if frag == "" || to == nil {
		return nil
	}
	for _, sec := range to.Sections {
		if sec.ID == frag {
			return nil
		}
	}
	return fmt.Errorf("%s has no section %q", to.File, frag)
}

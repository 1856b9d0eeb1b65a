package docs

import (
	"strings"

	"lockstep/templates"
)

// StepperURLs says where a live stepper lives: src is the embed view's URL
// for the iframe, open the same state in the full playground. The web
// package knows the routes and the lessons' schedules; this package does
// not.
type StepperURLs func(s *Stepper, lang string) (src, open string)

// View returns the page's sections ready for the template, its steppers
// pointing where urls says.
func (pg *Page) View(urls StepperURLs) []templates.DocsSection {
	out := make([]templates.DocsSection, 0, len(pg.Sections))
	for _, s := range pg.Sections {
		vs := templates.DocsSection{ID: s.ID, HeadingHTML: s.HeadingHTML}
		for _, b := range s.Blocks {
			vs.Blocks = append(vs.Blocks, b.view(pg.Lang, urls))
		}
		out = append(out, vs)
	}
	return out
}

// view converts one block for the template.
func (b Block) view(lang string, urls StepperURLs) templates.DocsBlock {
	switch {
	case b.Steps != nil:
		var v templates.DocsBlock
		for _, r := range b.Steps.Rows {
			v.Steps = append(v.Steps, templates.DocsStep{Thread: r.Thread, Label: r.Label, TextHTML: r.TextHTML})
		}
		return v
	case b.Stepper != nil:
		src, open := urls(b.Stepper, lang)
		return templates.DocsBlock{Embed: &templates.DocsEmbed{
			Src:         src,
			Title:       b.Stepper.Title,
			CaptionHTML: b.Stepper.CaptionHTML,
			OpenHref:    open,
			Height:      b.Stepper.Height,
		}}
	}
	return templates.DocsBlock{HTML: b.HTML}
}

// Kicker says what kind of page pg is, in its language: "Primitive", or
// the bugs it is about ("Bug B1 · B2").
func (pg *Page) Kicker() string {
	if pg.Group == Primitives {
		return in(pg.Lang, "Primitive", "原语")
	}
	return in(pg.Lang, "Bug", "缺陷") + " " + strings.Join(pg.Bugs, " · ")
}

// GroupHeading is the table of contents' heading for group g, in language
// lang.
func GroupHeading(g Group, lang string) string {
	if g == Primitives {
		return in(lang, "Primitives", "原语")
	}
	return in(lang, "Bugs and their fixes", "缺陷与修复")
}

// Title is the docs' name in language lang.
func Title(lang string) string { return in(lang, "Docs", "文档") }

// in picks the English or the Chinese of a piece of the docs' chrome.
func in(lang, en, zh string) string {
	if lang == ZH {
		return zh
	}
	return en
}

package docs

import "lockstep/templates"

// EmbedURLs says where a live stepper lives: src is the embed view's URL
// for the iframe, open the same state in the full playground. The web
// package knows the routes and the lessons' schedules; this package does
// not.
type EmbedURLs func(e Embed, lang string) (src, open string)

// View returns the page's sections in language lang, ready for the
// template.
func (pg *Page) View(lang string, urls EmbedURLs) []templates.DocsSection {
	out := make([]templates.DocsSection, 0, len(pg.Sections))
	for _, s := range pg.Sections {
		vs := templates.DocsSection{ID: s.ID, Heading: s.Heading.In(lang)}
		for _, b := range s.Blocks {
			vs.Blocks = append(vs.Blocks, b.view(lang, urls))
		}
		out = append(out, vs)
	}
	return out
}

// view converts one block to language lang.
func (b Block) view(lang string, urls EmbedURLs) templates.DocsBlock {
	var v templates.DocsBlock
	switch {
	case b.Para != nil:
		v.Para = Spans(b.Para.In(lang))
	case b.Note != nil:
		v.Note = Spans(b.Note.In(lang))
	case b.List != nil:
		for _, it := range b.List {
			v.List = append(v.List, Spans(it.In(lang)))
		}
	case b.Code != "":
		v.Code = b.Code
	case b.Table != nil:
		v.Table = &templates.DocsTable{}
		for _, h := range b.Table.Head {
			v.Table.Head = append(v.Table.Head, h.In(lang))
		}
		for _, r := range b.Table.Rows {
			var vr [][]templates.Span
			for _, c := range r {
				vr = append(vr, Spans(c.In(lang)))
			}
			v.Table.Rows = append(v.Table.Rows, vr)
		}
	case b.Steps != nil:
		for _, s := range b.Steps {
			v.Steps = append(v.Steps, templates.DocsStep{Thread: s.Thread, Label: s.Label, Text: Spans(s.Text.In(lang))})
		}
	case b.Embed != nil:
		src, open := urls(*b.Embed, lang)
		h := b.Embed.Height
		if h == 0 {
			h = DefaultEmbedHeight
		}
		v.Embed = &templates.DocsEmbed{
			Src:      src,
			Title:    b.Embed.Title.In(lang),
			Caption:  Spans(b.Embed.Caption.In(lang)),
			OpenHref: open,
			Height:   h,
		}
	}
	return v
}

// Kicker says what kind of page pg is, in language lang: "Primitive", or
// the bugs it is about.
func (pg *Page) Kicker(lang string) string {
	if pg.Group == Primitives {
		return Text{"Primitive", "原语"}.In(lang)
	}
	k := Text{"Bug", "缺陷"}.In(lang)
	for i, b := range pg.Bugs {
		if i == 0 {
			k += " "
		} else {
			k += " · "
		}
		k += b
	}
	return k
}

// GroupHeading is the table of contents' heading for group g.
func GroupHeading(g Group, lang string) string {
	if g == Primitives {
		return Text{"Primitives", "原语"}.In(lang)
	}
	return Text{"Bugs and their fixes", "缺陷与修复"}.In(lang)
}

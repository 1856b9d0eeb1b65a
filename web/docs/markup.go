package docs

import (
	"strings"

	"lockstep/templates"
)

// Spans parses the inline markup of s: `code`, and [text](target) for a
// link (see Href). Link text wholly in backticks is shown as code. Markup
// that is not closed is kept as plain text.
func Spans(s string) []templates.Span {
	var out []templates.Span
	var plain strings.Builder
	flush := func() {
		if plain.Len() > 0 {
			out = append(out, templates.Span{Text: plain.String()})
			plain.Reset()
		}
	}
	for len(s) > 0 {
		switch s[0] {
		case '`':
			if end := strings.IndexByte(s[1:], '`'); end > 0 {
				flush()
				out = append(out, templates.Span{Text: s[1 : 1+end], Code: true})
				s = s[end+2:]
				continue
			}
		case '[':
			if text, target, rest, ok := cutLink(s); ok {
				flush()
				sp := templates.Span{Text: text, Href: Href(target)}
				if len(text) > 2 && text[0] == '`' && text[len(text)-1] == '`' {
					sp.Text, sp.Code = text[1:len(text)-1], true
				}
				out = append(out, sp)
				s = rest
				continue
			}
		}
		plain.WriteByte(s[0])
		s = s[1:]
	}
	flush()
	return out
}

// cutLink reads "[text](target)" at the start of s.
func cutLink(s string) (text, target, rest string, ok bool) {
	mid := strings.Index(s, "](")
	if mid < 0 {
		return "", "", "", false
	}
	end := strings.IndexByte(s[mid:], ')')
	if end < 0 {
		return "", "", "", false
	}
	text, target = s[1:mid], s[mid+2:mid+end]
	if text == "" || target == "" || strings.ContainsAny(text, "[]") || strings.ContainsAny(target, " (") {
		return "", "", "", false
	}
	return text, target, s[mid+end+1:], true
}

// Href is where a link's target leads: a path as it is, or the docs page
// of a slug, keeping a #fragment.
func Href(target string) string {
	if strings.HasPrefix(target, "/") {
		return target
	}
	return "/docs/" + target
}

// Links returns the targets of every link in the page's texts, in both
// languages, as Href makes them.
func (pg *Page) Links() []string {
	var out []string
	for _, t := range pg.Texts() {
		for _, s := range []string{t.EN, t.ZH} {
			for _, sp := range Spans(s) {
				if sp.Href != "" {
					out = append(out, sp.Href)
				}
			}
		}
	}
	return out
}

package web

import (
	"sync"

	"lockstep/sim/words"
	"lockstep/web/docs"
)

// glossaryEntry explains a bug code or an outcome kind: its name, what it
// means, and the docs page that tells more, if any.
type glossaryEntry struct {
	words.Term
	Doc string `json:"doc,omitempty"`
}

// glossaryOf is the glossary a lesson's page needs: its bug codes and every
// outcome kind, in language lang.
func glossaryOf(bugs []string, lang string) map[string]glossaryEntry {
	out := map[string]glossaryEntry{}
	pages := bugPages()
	for _, b := range bugs {
		if t, ok := words.Bug(b, lang); ok {
			e := glossaryEntry{Term: t}
			if slug := pages[b]; slug != "" {
				e.Doc = "/docs/" + slug + "?lang=" + lang
			}
			out[b] = e
		}
	}
	for _, k := range words.Kinds() {
		t, _ := words.Kind(k, lang)
		out[k] = glossaryEntry{Term: t}
	}
	return out
}

// bugPages maps each bug code to the slug of the first docs page about it.
var bugPages = sync.OnceValue(func() map[string]string {
	pages := map[string]string{}
	for _, pg := range docs.Pages() {
		for _, b := range pg.Bugs {
			if _, ok := pages[b]; !ok {
				pages[b] = pg.Slug
			}
		}
	}
	return pages
})

package playground

import (
	"lockstep/sim/words"
)

// glossaryEntry explains a bug code or an outcome kind: its name, what it
// means, and the docs page that tells more, if any.
type glossaryEntry struct {
	words.Term
	Doc string `json:"doc,omitempty"`
}

// glossaryOf is the glossary a lesson's page needs: its bug codes and every
// outcome kind, in language lang. pages maps a bug code to the path of
// its docs page (Config.BugPages).
func glossaryOf(bugs []string, pages map[string]string, lang string) map[string]glossaryEntry {
	out := map[string]glossaryEntry{}
	for _, b := range bugs {
		if t, ok := words.Bug(b, lang); ok {
			e := glossaryEntry{Term: t}
			if path := pages[b]; path != "" {
				e.Doc = path + "?lang=" + lang
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

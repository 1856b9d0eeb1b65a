package lessonview

import (
	"lockstep/sim/words"
	"lockstep/web/playground/protocol"
)

// Glossary is the glossary a lesson's page needs: its bug codes and every
// outcome kind, in language lang. pages maps a bug code to the path of
// its docs page (the playground's Config.BugPages).
func Glossary(bugs []string, pages map[string]string, lang string) map[string]protocol.GlossaryEntry {
	out := map[string]protocol.GlossaryEntry{}
	for _, b := range bugs {
		if t, ok := words.Bug(b, lang); ok {
			e := protocol.GlossaryEntry{Term: t}
			if path := pages[b]; path != "" {
				e.Doc = path + "?lang=" + lang
			}
			out[b] = e
		}
	}
	for _, k := range words.Kinds() {
		t, _ := words.Kind(k, lang)
		out[k] = protocol.GlossaryEntry{Term: t}
	}
	return out
}

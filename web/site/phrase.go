package site

// Phrase is a text in English and Chinese, in that order:
// Phrase{"the lesson", "课程"}.
type Phrase [2]string

// In is the phrase in language lang: the Chinese when lang is "zh" and
// there is one, else the English.
func (p Phrase) In(lang string) string {
	if lang == "zh" && p[1] != "" {
		return p[1]
	}
	return p[0]
}

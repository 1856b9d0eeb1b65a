package words

import (
	"regexp"
	"strings"
	"testing"
	"unicode"

	"lockstep/primitives"
)

// codeNames finds the names of code in a doc that hold an underscore
// (m_state, acq_rel, submit_task): a translation must keep them.
var codeNames = regexp.MustCompile(`[A-Za-z0-9]*_[A-Za-z0-9_]*`)

func TestLabelDocsZhCoverEveryLabel(t *testing.T) {
	seen := 0
	for pc := 1; primitives.LabelName(pc) != "?"; pc++ {
		name, en := primitives.LabelName(pc), primitives.LabelDoc(pc)
		if en == "" {
			continue
		}
		seen++
		zh, ok := labelDocsZh[name]
		if !ok {
			t.Errorf("%s (%q) has no Chinese doc", name, en)
			continue
		}
		if !hasHan(zh) {
			t.Errorf("%s: Chinese doc %q has no Chinese character", name, zh)
		}
		for _, id := range codeNames.FindAllString(en, -1) {
			if !strings.Contains(zh, id) {
				t.Errorf("%s: Chinese doc %q lost %s of %q", name, zh, id, en)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no label has an English doc")
	}
	if len(labelDocsZh) != seen {
		t.Errorf("%d Chinese docs for %d documented labels; want one each", len(labelDocsZh), seen)
	}
}

func TestLocalDoc(t *testing.T) {
	tests := []struct {
		name, label, doc, lang, want string
	}{
		{name: "English keeps the doc", label: "G6", doc: "English", lang: "en", want: "English"},
		{name: "Chinese translates", label: "G6", doc: "English", lang: "zh", want: labelDocsZh["G6"]},
		{name: "no doc stays none", label: "G6", doc: "", lang: "zh", want: ""},
		{name: "an unknown label keeps its doc", label: "X1", doc: "English", lang: "zh", want: "English"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := LocalDoc(tt.label, tt.doc, tt.lang); got != tt.want {
				t.Errorf("LocalDoc(%q, %q, %q) = %q, want %q", tt.label, tt.doc, tt.lang, got, tt.want)
			}
		})
	}
}

// hasHan reports whether s holds a Chinese character.
func hasHan(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0
}

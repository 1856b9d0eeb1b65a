package playground

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode"

	"lockstep/primitives"
	"lockstep/sim/words"
)

// docEvent is the part of the loaded and state events that carries label
// docs.
type docEvent struct {
	Type   string `json:"type"`
	Lesson *struct {
		Labels []struct{ Label, Doc string } `json:"labels"`
	} `json:"lesson"`
	Step *struct {
		Label string `json:"label"`
		Doc   string `json:"doc"`
		Text  string `json:"text"`
	} `json:"step"`
	Pending []struct {
		Thread string `json:"thread"`
		Label  string `json:"label"`
		Doc    string `json:"doc"`
	} `json:"pending"`
}

// sendDocs handles frame and decodes the events it caused as docEvents.
func (d *driver) sendDocs(t *testing.T, frame string) []docEvent {
	t.Helper()
	if err := d.s.handle([]byte(frame), d.out); err != nil {
		t.Fatalf("handle %s: %v", frame, err)
	}
	var out []docEvent
	for _, m := range d.out.msgs {
		var e docEvent
		if err := json.Unmarshal(m, &e); err != nil {
			t.Fatalf("event %s: %v", m, err)
		}
		out = append(out, e)
	}
	d.out.msgs = nil
	return out
}

// TestSessionLabelDocsFollowLanguage steps W1 once in each language and
// checks the label docs of the loaded labels, the step, its narration and
// the pending steps.
func TestSessionLabelDocsFollowLanguage(t *testing.T) {
	en := func(label string) string { return primitives.LabelDoc(labelNumber(t, label)) }
	zh := func(label string) string {
		return words.LocalDoc(label, primitives.LabelDoc(labelNumber(t, label)), "zh")
	}
	tests := []struct {
		lang string
		doc  func(label string) string
	}{
		{lang: "en", doc: en},
		{lang: "zh", doc: zh},
	}
	for _, tt := range tests {
		t.Run(tt.lang, func(t *testing.T) {
			d := newDriver(t)
			d.sendDocs(t, loadLesson)
			evs := d.sendDocs(t, `{"v":1,"type":"lang","lang":"`+tt.lang+`"}`)
			if len(evs) != 2 || evs[0].Type != "loaded" || evs[0].Lesson == nil {
				t.Fatalf("lang %s: got %+v; want loaded, then state", tt.lang, evs)
			}
			g6 := false
			for _, l := range evs[0].Lesson.Labels {
				if l.Doc != tt.doc(l.Label) {
					t.Errorf("loaded label %s doc %q, want %q", l.Label, l.Doc, tt.doc(l.Label))
				}
				g6 = g6 || l.Label == "G6"
			}
			if !g6 {
				t.Errorf("loaded labels %+v; want G6 among them", evs[0].Lesson.Labels)
			}
			evs = d.sendDocs(t, step("W1"))
			st := evs[len(evs)-1]
			if st.Step == nil || st.Step.Label != "G1" {
				t.Fatalf("step = %+v; want W1's G1", st.Step)
			}
			if want := tt.doc("G1"); st.Step.Doc != want || !strings.Contains(st.Step.Text, want) {
				t.Errorf("step doc %q, text %q; want both to give %q", st.Step.Doc, st.Step.Text, want)
			}
			if len(st.Pending) != 2 || st.Pending[0].Label != "G2" || st.Pending[1].Label != "D1" {
				t.Fatalf("pending = %+v; want W1 at G2 and D1 at D1", st.Pending)
			}
			for _, p := range st.Pending {
				if want := tt.doc(p.Label); p.Doc != want {
					t.Errorf("pending %s at %s: doc %q, want %q", p.Thread, p.Label, p.Doc, want)
				}
			}
			if tt.lang == "zh" && !hasHan(st.Pending[0].Doc) {
				t.Errorf("pending doc %q in Chinese has no Chinese character", st.Pending[0].Doc)
			}
		})
	}
}

// labelNumber is the number of the label named name.
func labelNumber(t *testing.T, name string) int {
	t.Helper()
	pc, ok := primitives.LabelNumber(name)
	if !ok {
		t.Fatalf("no label %s", name)
	}
	return pc
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}

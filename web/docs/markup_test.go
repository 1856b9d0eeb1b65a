package docs

import (
	"reflect"
	"testing"

	"lockstep/templates"
)

func TestSpans(t *testing.T) {
	type sp = templates.Span
	tests := []struct {
		in   string
		want []sp
	}{
		{"", nil},
		{"plain", []sp{{Text: "plain"}}},
		{"a `b` c", []sp{{Text: "a "}, {Text: "b", Code: true}, {Text: " c"}}},
		{"`x`", []sp{{Text: "x", Code: true}}},
		{"see [B5](b5-lost-wakeup).", []sp{{Text: "see "}, {Text: "B5", Href: "/docs/b5-lost-wakeup"}, {Text: "."}}},
		{"[the fix](wait-group#fix)", []sp{{Text: "the fix", Href: "/docs/wait-group#fix"}}},
		{"[`m_state`](event#state)", []sp{{Text: "m_state", Code: true, Href: "/docs/event#state"}}},
		{"[home](/)", []sp{{Text: "home", Href: "/"}}},
		{"unclosed `code", []sp{{Text: "unclosed `code"}}},
		{"empty `` ticks", []sp{{Text: "empty `` ticks"}}},
		{"not [a link] (x)", []sp{{Text: "not [a link] (x)"}}},
		{"[no target]()", []sp{{Text: "[no target]()"}}},
		{"中文 `代码`。", []sp{{Text: "中文 "}, {Text: "代码", Code: true}, {Text: "。"}}},
	}
	for _, tt := range tests {
		if got := Spans(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Spans(%q) = %+v; want %+v", tt.in, got, tt.want)
		}
	}
}

func TestKicker(t *testing.T) {
	pg := &Page{Group: Bugs, Bugs: []string{"B1", "B2"}}
	if got, want := pg.Kicker("en"), "Bug B1 · B2"; got != want {
		t.Errorf("Kicker(en) = %q; want %q", got, want)
	}
	if got, want := pg.Kicker("zh"), "缺陷 B1 · B2"; got != want {
		t.Errorf("Kicker(zh) = %q; want %q", got, want)
	}
	prim := &Page{Group: Primitives}
	if got, want := prim.Kicker("zh"), "原语"; got != want {
		t.Errorf("Kicker(zh) of a primitive = %q; want %q", got, want)
	}
}

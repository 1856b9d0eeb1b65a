package syntax

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"lockstep/primitives/examples"
)

// parse parses src, recovering the Bail that stops a compilation with too
// many errors, as Compile does.
func parse(src string) (f *File, err error) {
	e := &Errs{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(Bail); !ok {
				panic(r)
			}
			f, err = nil, e.Err()
		}
	}()
	f, _, _ = Parse(src, e)
	return f, e.Err()
}

func TestParseTree(t *testing.T) {
	f, err := parse(`primitive latch(int32 count = 1) {
    atomic<int32> m_count = count;
    open: m_count == 0 as "released";
    [[waiting]] void wait() { L1: while (m_count.load(acquire) != 0) {} }
    void count_down() { m_count.fetch_sub(1, release); }
}`)
	if err != nil {
		t.Fatal(err)
	}
	if f.Name != "latch" || len(f.Params) != 1 || f.Params[0].Type != TyInt32 || len(f.Fields) != 1 || !f.Fields[0].Atomic {
		t.Errorf("header and fields: %+v", f)
	}
	if len(f.Facts) != 1 || f.Facts[0].Kind != FactOpen || f.Facts[0].Text != "released" {
		t.Errorf("facts: %+v", f.Facts)
	}
	if len(f.Ops) != 2 || f.Ops[0].Name != "wait" || strings.Join(f.Ops[0].Attrs, ",") != "waiting" || f.Ops[1].Name != "count_down" {
		t.Fatalf("operations: %+v", f.Ops)
	}
	if l, ok := f.Ops[0].Body.Stmts[0].(*Labeled); !ok || l.Label != "L1" || l.At() != (Pos{Line: 4, Col: 31}) {
		t.Errorf("wait's first statement: %#v; want L1 at 4:31", f.Ops[0].Body.Stmts[0])
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, at, want string }{
		{"", "1:1", "starts with `primitive"},
		{"primitive p { void f() { a.load(; } }", "1:33", "expected an expression"},
		{"primitive p {\n\tvoid f() { x = \"abc; }\n}", "2:17", "not closed"},
		{"primitive p { void f() { " + strings.Repeat("(", 100) + " } }", "1:", "nested more than 48 deep"},
		{"primitive p { /* ", "1:15", "never closed"},
		{"primitive p {\n\tvoid f() {\n\t\tx.store(1)  // «one»\n\t\treturn;\n\t}\n}", "3:13", "expected ';' at the end of this line, found 'return' on line 4"},
	}
	for _, tt := range tests {
		_, err := parse(tt.src)
		var list ErrorList
		if !errors.As(err, &list) || !strings.HasPrefix(list[0].Pos.String(), tt.at) || !strings.Contains(list[0].Msg, tt.want) {
			t.Errorf("parse(%.40q) = %v; want first an error at %s containing %q", tt.src, err, tt.at, tt.want)
		}
	}
}

// TestParseCutShort parses prefixes of an example: whatever is cut off,
// Parse reports errors and never panics.
func TestParseCutShort(t *testing.T) {
	b, err := fs.ReadFile(examples.FS, "event_fixed.lsp")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	if _, err := parse(src); err != nil {
		t.Fatalf("the whole example: %v", err)
	}
	// Up to its closing brace: every shorter prefix is incomplete.
	for n := 0; n < strings.LastIndex(src, "}"); n += 7 {
		if _, err := parse(src[:n]); err == nil {
			t.Errorf("the first %d bytes parse without an error", n)
		}
	}
}

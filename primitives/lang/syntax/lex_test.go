package syntax

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// longLine is a source of one line of n tokens "x", with a comment in
// characters of two bytes before them and a second line after.
func longLine(n int) string {
	return "/* é */" + strings.Repeat(" x", n) + "\n  é"
}

// TestColumnsOnALongLine checks the place of every token of a long line,
// after characters of more than one byte, and on the next line.
func TestColumnsOnALongLine(t *testing.T) {
	const n = 5000
	src := longLine(n)
	var e Errs
	toks, comments := lex(src, &e)
	if len(comments) != 1 || comments[0].Pos != (Pos{1, 1}) {
		t.Fatalf("comments %+v; want one at 1:1", comments)
	}
	for i, tk := range toks[:n] {
		want := Pos{1, utf8.RuneCountInString("/* é */") + 2*i + 2}
		if tk.kind != tIdent || tk.pos != want {
			t.Fatalf("token %d: %q at %v; want x at %v", i, tk.text, tk.pos, want)
		}
	}
	// é is no token: its error is at its place on line 2.
	if len(e.List) != 1 || e.List[0].Pos != (Pos{2, 3}) {
		t.Fatalf("errors %v; want one at 2:3", e.List)
	}
}

// BenchmarkLexLongLine lexes a source at lang.MaxSource that is one line:
// each token's column is counted from the last one, not from the start of
// the line (which made a long line quadratic: 130 ms for 32 KiB).
func BenchmarkLexLongLine(b *testing.B) {
	src := longLine(16 << 10)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		var e Errs
		lex(src, &e)
	}
}

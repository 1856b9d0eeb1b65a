package syntax

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// tokKind is what a token is.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tInt
	tString
	tPunct // operators and separators; the text says which
)

// A token is one lexical item with its place.
type token struct {
	kind tokKind
	text string // the identifier, the punctuation, the string's value
	val  uint64 // an integer's value
	pos  Pos
	end  int // byte offset just past the token
	off  int // byte offset of its first byte
}

// puncts are the operators and separators, longest first.
var puncts = []string{
	"[[", "]]", "->", "<<=", ">>=", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "::",
	"{", "}", "(", ")", "[", "]", ";", ",", ":", ".", "+", "-", "*", "/", "%", "&", "|", "^", "~",
	"!", "=", "<", ">", "?",
}

// A comment is a // or /* */ comment: label docs are read from them.
type Comment struct {
	Text string // without the markers, trimmed
	Pos  Pos
}

// lexer turns a source into tokens.
type lexer struct {
	src    string
	i      int
	line   int
	lineAt int // byte offset where the current line starts
	// colAt is the byte offset on the current line up to which its
	// characters are counted, col how many there are: positions are
	// asked for in order, so a long line is counted once, not once for
	// each of its tokens.
	colAt, col int
	errs       *Errs
	comments   []Comment
}

// lex reads every token of src, ending with tEOF.
func lex(src string, e *Errs) ([]token, []Comment) {
	lx := &lexer{src: src, line: 1, errs: e}
	var toks []token
	for {
		t := lx.next()
		toks = append(toks, t)
		if t.kind == tEOF {
			return toks, lx.comments
		}
	}
}

// pos is the place of byte offset i on the current line.
func (lx *lexer) pos(i int) Pos {
	if i < lx.colAt || lx.colAt < lx.lineAt {
		lx.colAt, lx.col = lx.lineAt, 0
	}
	lx.col += utf8.RuneCountInString(lx.src[lx.colAt:i])
	lx.colAt = i
	return Pos{Line: lx.line, Col: lx.col + 1}
}

func (lx *lexer) newline(at int) {
	lx.line++
	lx.lineAt = at + 1
}

// skip passes spaces and comments.
func (lx *lexer) skip() {
	for lx.i < len(lx.src) {
		c := lx.src[lx.i]
		switch {
		case c == '\n':
			lx.newline(lx.i)
			lx.i++
		case c == ' ' || c == '\t' || c == '\r':
			lx.i++
		case strings.HasPrefix(lx.src[lx.i:], "//"):
			p := lx.pos(lx.i)
			j := strings.IndexByte(lx.src[lx.i:], '\n')
			if j < 0 {
				j = len(lx.src) - lx.i
			}
			lx.comments = append(lx.comments, Comment{Text: strings.TrimSpace(lx.src[lx.i+2 : lx.i+j]), Pos: p})
			lx.i += j
		case strings.HasPrefix(lx.src[lx.i:], "/*"):
			p := lx.pos(lx.i)
			j := strings.Index(lx.src[lx.i+2:], "*/")
			if j < 0 {
				lx.errs.Add(p, "this /* comment is never closed")
				j = len(lx.src) - lx.i - 2
			}
			body := lx.src[lx.i+2 : lx.i+2+j]
			lx.comments = append(lx.comments, Comment{Text: strings.TrimSpace(body), Pos: p})
			for k := 0; k < len(body); k++ {
				if body[k] == '\n' {
					lx.newline(lx.i + 2 + k)
				}
			}
			lx.i = min(len(lx.src), lx.i+2+j+2)
		default:
			return
		}
	}
}

// next reads one token, passing characters that start none.
func (lx *lexer) next() token {
	for {
		if t, ok := lx.token(); ok {
			return t
		}
	}
}

// token reads one token; false when the next character starts none (it is
// reported and passed).
func (lx *lexer) token() (token, bool) {
	lx.skip()
	start := lx.i
	p := lx.pos(start)
	if lx.i >= len(lx.src) {
		return token{kind: tEOF, pos: p, off: start, end: start}, true
	}
	c := lx.src[lx.i]
	switch {
	case isLetter(c):
		for lx.i < len(lx.src) && (isLetter(lx.src[lx.i]) || isDigit(lx.src[lx.i])) {
			lx.i++
		}
		return token{kind: tIdent, text: lx.src[start:lx.i], pos: p, off: start, end: lx.i}, true
	case isDigit(c):
		return lx.number(start, p), true
	case c == '"':
		return lx.str(start, p), true
	}
	for _, s := range puncts {
		if strings.HasPrefix(lx.src[lx.i:], s) {
			lx.i += len(s)
			return token{kind: tPunct, text: s, pos: p, off: start, end: lx.i}, true
		}
	}
	r, size := utf8.DecodeRuneInString(lx.src[lx.i:])
	lx.errs.Add(p, "unexpected character %q", r)
	lx.i += size
	return token{}, false
}

// number reads a decimal or 0x hexadecimal integer, with C++'s optional
// u, l, ul, ll suffixes (they change nothing: a literal takes the type of
// what it meets).
func (lx *lexer) number(start int, p Pos) token {
	for lx.i < len(lx.src) && (isLetter(lx.src[lx.i]) || isDigit(lx.src[lx.i]) || lx.src[lx.i] == '\'') {
		lx.i++
	}
	text := lx.src[start:lx.i]
	digits := strings.TrimRight(strings.ReplaceAll(text, "'", ""), "uUlL")
	v, err := strconv.ParseUint(digits, 0, 64)
	if err != nil || strings.HasPrefix(digits, "0") && len(digits) > 1 && !strings.HasPrefix(strings.ToLower(digits), "0x") {
		lx.errs.Add(p, "%q is not a number (write decimal, or hexadecimal after 0x)", text)
	}
	return token{kind: tInt, text: text, val: v, pos: p, off: start, end: lx.i}
}

// str reads a double-quoted string: a panic's message, a name shown for a
// value, a condition's text. Escapes: \" \\ \n \t.
func (lx *lexer) str(start int, p Pos) token {
	var b strings.Builder
	lx.i++
	for {
		if lx.i >= len(lx.src) || lx.src[lx.i] == '\n' {
			lx.errs.Add(p, "this string is not closed on its line")
			return token{kind: tString, text: b.String(), pos: p, off: start, end: lx.i}
		}
		c := lx.src[lx.i]
		switch {
		case c == '"':
			lx.i++
			return token{kind: tString, text: b.String(), pos: p, off: start, end: lx.i}
		case c == '\\' && lx.i+1 < len(lx.src):
			switch e := lx.src[lx.i+1]; e {
			case '"', '\\':
				b.WriteByte(e)
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			default:
				lx.errs.Add(lx.pos(lx.i), "unknown escape \\%c (use \\\" \\\\ \\n or \\t)", e)
			}
			lx.i += 2
		default:
			b.WriteByte(c)
			lx.i++
		}
	}
}

func isLetter(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

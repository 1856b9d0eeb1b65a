package syntax

import "unicode/utf8"

// parser reads a primitive's tokens into a syntax tree. It stops at the
// first error of a declaration and goes on with the next one, so one
// mistake gives one message.
type parser struct {
	src   string
	toks  []token
	i     int
	errs  *Errs
	depth int
	// braces counts the braces open, for recovering from an error.
	braces int
	// spans are the source text of the simple statements, for the docs of
	// labels that have no comment.
	spans map[Stmt]string
}

// maxDepth bounds the nesting of statements and expressions.
const maxDepth = 48

// syntaxError stops the parse of one declaration.
type syntaxError struct{}

func (p *parser) tok() token  { return p.toks[p.i] }
func (p *parser) peek() token { return p.toks[min(p.i+1, len(p.toks)-1)] }

// is reports whether the current token is the punctuation or word s.
func (p *parser) is(s string) bool {
	t := p.tok()
	return (t.kind == tPunct || t.kind == tIdent) && t.text == s
}

func (p *parser) isAt(k int, s string) bool {
	t := p.toks[min(p.i+k, len(p.toks)-1)]
	return (t.kind == tPunct || t.kind == tIdent) && t.text == s
}

func (p *parser) advance() token {
	t := p.toks[p.i]
	if t.kind == tPunct && t.text == "{" {
		p.braces++
	} else if t.kind == tPunct && t.text == "}" {
		p.braces--
	}
	if p.i < len(p.toks)-1 {
		p.i++
	}
	return t
}

// fail reports an error at the current token and abandons the
// declaration.
func (p *parser) fail(format string, a ...any) {
	p.failAt(p.tok().pos, format, a...)
}

func (p *parser) failAt(at Pos, format string, a ...any) {
	p.errs.Add(at, format, a...)
	panic(syntaxError{})
}

// describe names a token for an error message.
func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "the end of the source"
	case tString:
		return "a string"
	case tInt:
		return t.text
	}
	return "'" + t.text + "'"
}

// expect reads the punctuation or word s. A ';' missing at the end of a
// line is reported there, just past the line's last token, rather than at
// the next line's first.
func (p *parser) expect(s string) token {
	if !p.is(s) {
		if t := p.tok(); s == ";" && p.i > 0 && p.toks[p.i-1].pos.Line < t.pos.Line {
			prev := p.toks[p.i-1]
			end := Pos{Line: prev.pos.Line, Col: prev.pos.Col + utf8.RuneCountInString(p.src[prev.off:prev.end])}
			p.failAt(end, "expected ';' at the end of this line, found %s on line %d", describe(t), t.pos.Line)
		}
		p.fail("expected '%s', found %s", s, describe(p.tok()))
	}
	return p.advance()
}

func (p *parser) ident(what string) token {
	t := p.tok()
	if t.kind != tIdent || Keywords[t.text] {
		p.fail("expected %s, found %s", what, describe(t))
	}
	return p.advance()
}

// Keywords may not name a field, local or operation.
var Keywords = map[string]bool{
	"primitive": true, "const": true, "atomic": true, "if": true, "else": true, "while": true,
	"do": true, "for": true, "break": true, "continue": true, "return": true, "suspend": true,
	"true": true, "false": true, "nullptr": true, "this": true, "void": true, "private": true,
	"awaiter": true, "handle": true, "open": true, "free": true, "list": true, "as": true, "spin": true,
}

// nest guards the recursion of statements and expressions.
func (p *parser) nest() func() {
	p.depth++
	if p.depth > maxDepth {
		p.fail("nested more than %d deep", maxDepth)
	}
	return func() { p.depth-- }
}

// Parse reads a whole source: its syntax tree, the text of each statement
// (a label's doc when its line has no comment) and the comments. Errors go
// to e; a tree with errors is not to be used.
func Parse(src string, e *Errs) (*File, map[Stmt]string, []Comment) {
	toks, comments := lex(src, e)
	p := &parser{src: src, toks: toks, errs: e, spans: map[Stmt]string{}}
	f := &File{}
	p.header(f)
	for !p.is("}") && p.tok().kind != tEOF {
		p.member(f)
	}
	if p.tok().kind == tEOF {
		p.errs.Add(p.tok().pos, "the primitive's '}' is missing")
		return f, p.spans, comments
	}
	p.advance()
	if p.tok().kind != tEOF {
		p.errs.Add(p.tok().pos, "only comments may follow the primitive's closing '}'")
	}
	return f, p.spans, comments
}

// header reads `primitive NAME(PARAMS) {`.
func (p *parser) header(f *File) {
	defer p.recoverTo(func() bool { return p.is("{") || p.tok().kind == tEOF }, true)
	if !p.is("primitive") {
		p.fail("a source starts with `primitive NAME(...) {`, found %s", describe(p.tok()))
	}
	p.advance()
	name := p.ident("the primitive's name")
	f.Name, f.Pos = name.text, name.pos
	if p.is("(") {
		p.advance()
		for !p.is(")") {
			t := p.typ(false)
			n := p.ident("a parameter name")
			pa := &Param{Name: n.text, Type: t, Pos: n.pos}
			if p.is("=") {
				p.advance()
				pa.Def = p.expr()
			}
			f.Params = append(f.Params, pa)
			if !p.is(")") {
				p.expect(",")
			}
		}
		p.advance()
	}
	p.expect("{")
}

// recoverTo ends a declaration abandoned by a syntax error: it skips to a
// token where done holds (past it if skipPast), so the parse can go on.
func (p *parser) recoverTo(done func() bool, skipPast bool) {
	r := recover()
	if r == nil {
		return
	}
	if _, ok := r.(syntaxError); !ok {
		panic(r)
	}
	p.depth = 0
	for !done() && p.tok().kind != tEOF {
		p.advance()
	}
	if skipPast && p.tok().kind != tEOF {
		p.advance()
	}
}

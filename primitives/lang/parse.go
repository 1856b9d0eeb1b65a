package lang

import "strings"

// parser reads a primitive's tokens into a syntax tree. It stops at the
// first error of a declaration and goes on with the next one, so one
// mistake gives one message.
type parser struct {
	src   string
	toks  []token
	i     int
	errs  *errs
	depth int
	// braces counts the braces open, for recovering from an error.
	braces int
	// spans are the source text of the simple statements, for the docs of
	// labels that have no comment.
	spans map[stmt]string
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
	p.errs.add(at, format, a...)
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

func (p *parser) expect(s string) token {
	if !p.is(s) {
		p.fail("expected '%s', found %s", s, describe(p.tok()))
	}
	return p.advance()
}

func (p *parser) ident(what string) token {
	t := p.tok()
	if t.kind != tIdent || keywords[t.text] {
		p.fail("expected %s, found %s", what, describe(t))
	}
	return p.advance()
}

// keywords may not name a field, local or operation.
var keywords = map[string]bool{
	"primitive": true, "const": true, "atomic": true, "if": true, "else": true, "while": true,
	"do": true, "for": true, "break": true, "continue": true, "return": true, "suspend": true,
	"true": true, "false": true, "nullptr": true, "this": true, "void": true, "private": true,
	"awaiter": true, "handle": true, "open": true, "free": true, "list": true, "as": true,
}

// nest guards the recursion of statements and expressions.
func (p *parser) nest() func() {
	p.depth++
	if p.depth > maxDepth {
		p.fail("nested more than %d deep", maxDepth)
	}
	return func() { p.depth-- }
}

// parse reads a whole source.
func parse(src string, e *errs) (*file, map[stmt]string, []comment) {
	toks, comments := lex(src, e)
	p := &parser{src: src, toks: toks, errs: e, spans: map[stmt]string{}}
	f := &file{}
	p.header(f)
	for !p.is("}") && p.tok().kind != tEOF {
		p.member(f)
	}
	if p.tok().kind == tEOF {
		p.errs.add(p.tok().pos, "the primitive's '}' is missing")
		return f, p.spans, comments
	}
	p.advance()
	if p.tok().kind != tEOF {
		p.errs.add(p.tok().pos, "only comments may follow the primitive's closing '}'")
	}
	return f, p.spans, comments
}

// header reads `primitive NAME(PARAMS) {`.
func (p *parser) header(f *file) {
	defer p.recoverTo(func() bool { return p.is("{") || p.tok().kind == tEOF }, true)
	if !p.is("primitive") {
		p.fail("a source starts with `primitive NAME(...) {`, found %s", describe(p.tok()))
	}
	p.advance()
	name := p.ident("the primitive's name")
	f.name, f.pos = name.text, name.pos
	if p.is("(") {
		p.advance()
		for !p.is(")") {
			t := p.typ(false)
			n := p.ident("a parameter name")
			pa := &param{name: n.text, typ: t, pos: n.pos}
			if p.is("=") {
				p.advance()
				pa.def = p.expr()
			}
			f.params = append(f.params, pa)
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

// member reads one declaration of the primitive's body.
func (p *parser) member(f *file) {
	depth := p.braces
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		if _, ok := r.(syntaxError); !ok {
			panic(r)
		}
		// Skip to the end of the declaration: a ';' outside its braces,
		// or the brace that closes its body.
		p.depth = 0
		for p.tok().kind != tEOF {
			switch {
			case p.braces == depth && p.is(";"):
				p.advance()
				return
			case p.braces == depth && p.is("}"):
				return // the primitive's own
			case p.braces == depth+1 && p.is("}"):
				p.advance()
				return
			}
			p.advance()
		}
	}()
	switch {
	case p.is("const"):
		p.advance()
		t := p.typ(false)
		n := p.ident("the constant's name")
		p.expect("=")
		f.consts = append(f.consts, &constDecl{name: n.text, typ: t, value: p.expr(), pos: n.pos})
		p.expect(";")
	case p.is("open") || p.is("free"):
		k := factOpen
		if p.is("free") {
			k = factFree
		}
		at := p.advance().pos
		p.expect(":")
		from := p.tok().off
		x := p.expr()
		fc := &fact{kind: k, x: x, pos: at, text: strings.TrimSpace(p.src[from:p.toks[p.i-1].end])}
		if p.is("as") {
			p.advance()
			fc.text = p.str("the condition in words")
		}
		f.facts = append(f.facts, fc)
		p.expect(";")
	case p.is("list"):
		at := p.advance().pos
		fc := &fact{kind: factList, pos: at}
		if p.tok().kind == tString {
			fc.name = p.advance().text
		} else {
			fc.name = p.dotted("the list's field")
		}
		if p.is(":") {
			p.advance()
			fc.x = p.expr()
		}
		f.facts = append(f.facts, fc)
		p.expect(";")
	default:
		// [if (COND)] [[attributes]] then a field or an operation
		var cond expr
		if p.is("if") {
			p.advance()
			p.expect("(")
			cond = p.expr()
			p.expect(")")
		}
		var attrs []attr
		for p.is("[[") {
			attrs = append(attrs, p.attrs()...)
		}
		if p.is("private") || p.is("void") && !p.isAt(1, "*") {
			o := p.op(attrs)
			o.cond = cond
			f.ops = append(f.ops, o)
			return
		}
		fd := p.field(attrs)
		fd.cond = cond
		f.fields = append(f.fields, fd)
	}
}

// attr is one attribute of a declaration: [[waiting]], [[show(v, "s")]].
type attr struct {
	name string
	args []expr
	pos  Pos
}

// attrs reads `[[a, b(x, "s")]]`.
func (p *parser) attrs() []attr {
	p.expect("[[")
	var out []attr
	for {
		if p.tok().kind != tIdent {
			p.fail("expected an attribute, found %s", describe(p.tok()))
		}
		n := p.advance()
		a := attr{name: n.text, pos: n.pos}
		if p.is("(") {
			p.advance()
			for !p.is(")") {
				if p.tok().kind == tString {
					t := p.advance()
					a.args = append(a.args, &strLit{val: t.text, pos: t.pos})
				} else {
					a.args = append(a.args, p.expr())
				}
				if !p.is(")") {
					p.expect(",")
				}
			}
			p.advance()
		}
		out = append(out, a)
		if !p.is(",") {
			break
		}
		p.advance()
	}
	p.expect("]]")
	return out
}

// field reads `[atomic<T>|T] NAME [= EXPR];`.
func (p *parser) field(attrs []attr) *fieldDecl {
	fd := &fieldDecl{}
	if p.is("atomic") || p.is("std") && p.isAt(1, "::") && p.isAt(2, "atomic") {
		if p.is("std") {
			p.advance()
			p.advance()
		}
		p.advance()
		p.expect("<")
		fd.typ = p.typ(false)
		p.expect(">")
		fd.atomic = true
	} else {
		fd.typ = p.typ(false)
	}
	fd.pos = p.tok().pos
	fd.name = p.dotted("the field's name")
	if p.is("=") {
		p.advance()
		fd.init = p.expr()
	}
	p.expect(";")
	for _, a := range attrs {
		if a.name != "show" {
			p.failAt(a.pos, "a field takes only [[show(VALUE, \"name\")]], not [[%s]]", a.name)
		}
		var s *strLit
		if len(a.args) == 2 {
			s, _ = a.args[1].(*strLit)
		}
		if s == nil {
			p.failAt(a.pos, "write [[show(VALUE, \"name\")]]: the value, then the name shown for it")
		}
		fd.shows = append(fd.shows, show{value: a.args[0], text: s.val, pos: a.pos})
	}
	return fd
}

// dotted reads a name that may have dots: m_ev.m_state.
func (p *parser) dotted(what string) string {
	name := p.ident(what).text
	for p.is(".") && p.peek().kind == tIdent {
		p.advance()
		name += "." + p.ident(what).text
	}
	return name
}

func (p *parser) str(what string) string {
	if p.tok().kind != tString {
		p.fail("expected %s (a string in double quotes), found %s", what, describe(p.tok()))
	}
	return p.advance().text
}

// op reads `[private] void NAME([T NAME]) { ... }`.
func (p *parser) op(attrs []attr) *opDecl {
	o := &opDecl{}
	for _, a := range attrs {
		if len(a.args) > 0 {
			p.failAt(a.pos, "[[%s]] takes no arguments", a.name)
		}
		o.attrs = append(o.attrs, a.name)
	}
	if p.is("private") {
		p.advance()
		o.private = true
	}
	p.expect("void")
	n := p.ident("the operation's name")
	o.name, o.pos = n.text, n.pos
	p.expect("(")
	if !p.is(")") {
		t := p.typ(false)
		pn := p.ident("the parameter's name")
		o.param = &param{name: pn.text, typ: t, pos: pn.pos}
		if p.is(",") {
			p.fail("an operation takes at most one argument")
		}
	}
	p.expect(")")
	o.body = p.block()
	o.end = p.toks[p.i-1].pos
	return o
}

// isType reports whether a type starts at token k from here, and how many
// tokens it has.
func (p *parser) isType(k int) (bool, int) {
	t := p.toks[min(p.i+k, len(p.toks)-1)]
	if t.kind != tIdent {
		return false, 0
	}
	if _, ok := typeWords[t.text]; ok {
		return true, 1
	}
	if (t.text == "void" || t.text == "awaiter") && p.isAt(k+1, "*") {
		return true, 2
	}
	return false, 0
}

// typ reads a type; auto only where allowed.
func (p *parser) typ(allowAuto bool) typ {
	ok, n := p.isType(0)
	if !ok {
		p.fail("expected a type (int32, int64, uint32, uint64, bool, void*, pair, go_state), found %s", describe(p.tok()))
	}
	t := p.tok()
	for range n {
		p.advance()
	}
	if n == 2 {
		return tyPtr
	}
	ty := typeWords[t.text]
	if ty == tyAuto && !allowAuto {
		p.failAt(t.pos, "auto is for locals only")
	}
	return ty
}

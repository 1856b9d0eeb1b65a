package lang

import "strings"

// block reads `{ statements }`.
func (p *parser) block() *block {
	defer p.nest()()
	b := &block{pos: p.expect("{").pos}
	for !p.is("}") {
		if p.tok().kind == tEOF {
			p.fail("a '}' is missing: the block at %s is not closed", b.pos)
		}
		b.stmts = append(b.stmts, p.stmt())
	}
	p.advance()
	return b
}

// stmt reads one statement.
func (p *parser) stmt() stmt {
	defer p.nest()()
	t := p.tok()
	switch {
	case p.is("{"):
		return p.block()
	case t.kind == tIdent && !keywords[t.text] && p.isAt(1, ":"):
		p.advance()
		p.advance()
		return &labeled{label: t.text, s: p.stmt(), pos: t.pos}
	case p.is("if"):
		p.advance()
		s := &ifStmt{pos: t.pos}
		s.cond = p.paren()
		p.spans[s] = p.text(t)
		s.then = p.stmt()
		if p.is("else") {
			p.advance()
			s.els_ = p.stmt()
		}
		return s
	case p.is("while"):
		p.advance()
		s := &whileStmt{pos: t.pos}
		s.cond = p.paren()
		p.spans[s] = p.text(t)
		s.body = p.stmt()
		return s
	case p.is("do"):
		p.advance()
		s := &whileStmt{pos: t.pos, do: true}
		s.body = p.stmt()
		w := p.expect("while")
		s.cond = p.paren()
		p.spans[s] = p.text(w)
		p.expect(";")
		return s
	case p.is("for"):
		// for (;;) is the only for: a loop that runs until a break.
		p.advance()
		p.expect("(")
		p.expect(";")
		p.expect(";")
		p.expect(")")
		return &whileStmt{pos: t.pos, cond: &boolLit{val: true, pos: t.pos}, body: p.stmt()}
	case p.is("break") || p.is("continue"):
		p.advance()
		p.expect(";")
		return &branchStmt{brk: t.text == "break", pos: t.pos}
	case p.is("return"):
		p.advance()
		s := &returnStmt{pos: t.pos}
		if !p.is(";") {
			s.value = p.expr()
		}
		p.expect(";")
		p.spans[s] = p.text(t)
		return s
	case p.is("suspend"):
		p.advance()
		p.expect(";")
		return &suspendStmt{pos: t.pos}
	case p.is(";"):
		p.advance()
		return &block{pos: t.pos}
	case p.is("else"):
		p.fail("this else follows no if")
	}
	if ok, n := p.isType(0); ok && p.toks[min(p.i+n, len(p.toks)-1)].kind == tIdent {
		ty := p.typ(true)
		n := p.ident("the local's name")
		s := &declStmt{name: n.text, typ: ty, pos: t.pos}
		if p.is("=") {
			p.advance()
			s.init = p.expr()
		}
		p.expect(";")
		p.spans[s] = p.text(t)
		return s
	}
	x := p.expr()
	var s stmt = &exprStmt{x: x, pos: t.pos}
	if p.is("=") || p.is("+=") || p.is("-=") {
		op := p.advance().text
		s = &assignStmt{target: x, op: op, value: p.expr(), pos: t.pos}
	}
	if p.is("=") {
		p.fail("one assignment per statement")
	}
	p.expect(";")
	p.spans[s] = p.text(t)
	return s
}

// text is the source from token start to the last token read, on one
// line.
func (p *parser) text(start token) string {
	s := p.src[start.off:p.toks[p.i-1].end]
	return strings.Join(strings.Fields(s), " ")
}

// paren reads `( expr )`.
func (p *parser) paren() expr {
	p.expect("(")
	x := p.expr()
	p.expect(")")
	return x
}

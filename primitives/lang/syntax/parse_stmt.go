package syntax

import "strings"

// block reads `{ statements }`.
func (p *parser) block() *Block {
	defer p.nest()()
	b := &Block{pos: p.expect("{").pos}
	for !p.is("}") {
		if p.tok().kind == tEOF {
			p.fail("a '}' is missing: the block at %s is not closed", b.pos)
		}
		b.Stmts = append(b.Stmts, p.stmt())
	}
	p.advance()
	return b
}

// stmt reads one statement.
func (p *parser) stmt() Stmt {
	defer p.nest()()
	t := p.tok()
	switch {
	case p.is("{"):
		return p.block()
	case t.kind == tIdent && !Keywords[t.text] && p.isAt(1, ":"):
		p.advance()
		p.advance()
		return &Labeled{Label: t.text, S: p.stmt(), Pos: t.pos}
	case p.is("if"):
		p.advance()
		s := &IfStmt{Pos: t.pos}
		s.Cond = p.paren()
		p.spans[s] = p.text(t)
		s.Then = p.stmt()
		if p.is("else") {
			p.advance()
			s.Else = p.stmt()
		}
		return s
	case p.is("while"):
		p.advance()
		s := &WhileStmt{Pos: t.pos}
		s.Cond = p.paren()
		p.spans[s] = p.text(t)
		s.Body = p.stmt()
		return s
	case p.is("do"):
		p.advance()
		s := &WhileStmt{Pos: t.pos, Do: true}
		s.Body = p.stmt()
		w := p.expect("while")
		s.Cond = p.paren()
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
		return &WhileStmt{Pos: t.pos, Cond: &BoolLit{Val: true, pos: t.pos}, Body: p.stmt()}
	case p.is("break") || p.is("continue"):
		p.advance()
		p.expect(";")
		return &BranchStmt{Brk: t.text == "break", Pos: t.pos}
	case p.is("return"):
		p.advance()
		s := &ReturnStmt{Pos: t.pos}
		if !p.is(";") {
			s.Value = p.expr()
		}
		p.expect(";")
		p.spans[s] = p.text(t)
		return s
	case p.is("suspend"):
		p.advance()
		p.expect(";")
		return &SuspendStmt{Pos: t.pos}
	case p.is("spin"):
		p.advance()
		p.expect(";")
		return &SpinStmt{Pos: t.pos}
	case p.is(";"):
		p.advance()
		return &Block{pos: t.pos}
	case p.is("else"):
		p.fail("this else follows no if")
	}
	if ok, n := p.isType(0); ok && p.toks[min(p.i+n, len(p.toks)-1)].kind == tIdent {
		ty := p.typ(true)
		n := p.ident("the local's name")
		s := &DeclStmt{Name: n.text, Type: ty, Pos: t.pos}
		if p.is("=") {
			p.advance()
			s.Init = p.expr()
		}
		p.expect(";")
		p.spans[s] = p.text(t)
		return s
	}
	x := p.expr()
	var s Stmt = &ExprStmt{X: x, Pos: t.pos}
	if p.is("=") || p.is("+=") || p.is("-=") {
		op := p.advance().text
		s = &AssignStmt{Target: x, Op: op, Value: p.expr(), Pos: t.pos}
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
func (p *parser) paren() Expr {
	p.expect("(")
	x := p.expr()
	p.expect(")")
	return x
}

package syntax

import "slices"

// binaryLevels are the binary operators from the loosest to the
// tightest, as in C++.
var binaryLevels = [][]string{
	{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"<<", ">>"},
	{"+", "-"}, {"*", "/", "%"},
}

// expr reads an expression.
func (p *parser) expr() Expr {
	defer p.nest()()
	c := p.binary(0)
	if !p.is("?") {
		return c
	}
	at := p.advance().pos
	yes := p.expr()
	p.expect(":")
	return &Ternary{Cond: c, Yes: yes, No: p.expr(), Pos: at}
}

func (p *parser) binary(level int) Expr {
	if level == len(binaryLevels) {
		return p.unary()
	}
	x := p.binary(level + 1)
	for {
		t := p.tok()
		if t.kind != tPunct || !slices.Contains(binaryLevels[level], t.text) {
			return x
		}
		p.advance()
		x = &Binary{Op: t.text, X: x, Y: p.binary(level + 1), Pos: t.pos}
	}
}

func (p *parser) unary() Expr {
	defer p.nest()()
	t := p.tok()
	if t.kind == tPunct {
		switch t.text {
		case "!", "-", "~", "&", "+":
			p.advance()
			x := p.unary()
			if t.text == "+" {
				return x
			}
			return &Unary{Op: t.text, X: x, Pos: t.pos}
		case "(":
			if ok, n := p.isType(1); ok && p.isAt(1+n, ")") {
				p.advance()
				ty := p.typ(false)
				p.expect(")")
				return &Cast{Type: ty, X: p.unary(), Pos: t.pos}
			}
		}
	}
	return p.postfix(p.primary())
}

func (p *parser) postfix(x Expr) Expr {
	for p.is(".") || p.is("->") {
		arrow := p.advance().text == "->"
		n := p.ident("a member's name")
		if p.is("(") {
			x = &Method{X: x, Name: n.text, arrow: arrow, Args: p.args(), Pos: n.pos}
			continue
		}
		x = &Member{X: x, Name: n.text, Arrow: arrow, Pos: n.pos}
	}
	return x
}

// args reads `( expr, ... )`.
func (p *parser) args() []Expr {
	p.expect("(")
	var out []Expr
	for !p.is(")") {
		if p.tok().kind == tString {
			t := p.advance()
			out = append(out, &StrLit{Val: t.text, Pos: t.pos})
		} else {
			out = append(out, p.expr())
		}
		if len(out) > 8 {
			p.fail("too many arguments")
		}
		if !p.is(")") {
			p.expect(",")
		}
	}
	p.advance()
	return out
}

func (p *parser) primary() Expr {
	t := p.tok()
	switch t.kind {
	case tInt:
		p.advance()
		return &IntLit{Val: t.val, pos: t.pos}
	case tString:
		p.fail("a string is only a panic's message or a name shown for a value")
	case tIdent:
		switch t.text {
		case "true", "false":
			p.advance()
			return &BoolLit{Val: t.text == "true", pos: t.pos}
		case "nullptr", "NULL":
			p.advance()
			return &NullLit{pos: t.pos}
		case "this":
			p.advance()
			return &ThisLit{Pos: t.pos}
		case "std", "memory_order":
			// std::memory_order_acquire, std::memory_order::acquire
			if p.isAt(1, "::") {
				p.advance()
				p.advance()
				return p.primary()
			}
		}
		if Keywords[t.text] && t.text != "awaiter" && t.text != "handle" {
			p.fail("expected an expression, found %s", describe(t))
		}
		if ok, _ := p.isType(0); ok && t.text != "awaiter" && !p.isAt(1, "(") {
			p.fail("expected an expression, found the type %s", t.text)
		}
		p.advance()
		if p.is("(") {
			return &Call{Fun: t.text, Args: p.args(), Pos: t.pos}
		}
		return &Ident{Name: t.text, Pos: t.pos}
	case tPunct:
		if t.text == "(" {
			p.advance()
			x := p.expr()
			p.expect(")")
			return x
		}
	}
	p.fail("expected an expression, found %s", describe(t))
	return nil
}

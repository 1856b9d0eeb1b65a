package lang

import "slices"

// binaryLevels are the binary operators from the loosest to the
// tightest, as in C++.
var binaryLevels = [][]string{
	{"||"}, {"&&"}, {"|"}, {"^"}, {"&"}, {"==", "!="}, {"<", "<=", ">", ">="}, {"<<", ">>"},
	{"+", "-"}, {"*", "/", "%"},
}

// expr reads an expression.
func (p *parser) expr() expr {
	defer p.nest()()
	c := p.binary(0)
	if !p.is("?") {
		return c
	}
	at := p.advance().pos
	yes := p.expr()
	p.expect(":")
	return &ternary{cond: c, yes: yes, no: p.expr(), pos: at}
}

func (p *parser) binary(level int) expr {
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
		x = &binary{op: t.text, x: x, y: p.binary(level + 1), pos: t.pos}
	}
}

func (p *parser) unary() expr {
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
			return &unary{op: t.text, x: x, pos: t.pos}
		case "(":
			if ok, n := p.isType(1); ok && p.isAt(1+n, ")") {
				p.advance()
				ty := p.typ(false)
				p.expect(")")
				return &cast{typ: ty, x: p.unary(), pos: t.pos}
			}
		}
	}
	return p.postfix(p.primary())
}

func (p *parser) postfix(x expr) expr {
	for p.is(".") || p.is("->") {
		arrow := p.advance().text == "->"
		n := p.ident("a member's name")
		if p.is("(") {
			x = &method{x: x, name: n.text, arrow: arrow, args: p.args(), pos: n.pos}
			continue
		}
		x = &member{x: x, name: n.text, arrow: arrow, pos: n.pos}
	}
	return x
}

// args reads `( expr, ... )`.
func (p *parser) args() []expr {
	p.expect("(")
	var out []expr
	for !p.is(")") {
		if p.tok().kind == tString {
			t := p.advance()
			out = append(out, &strLit{val: t.text, pos: t.pos})
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

func (p *parser) primary() expr {
	t := p.tok()
	switch t.kind {
	case tInt:
		p.advance()
		return &intLit{val: t.val, pos: t.pos}
	case tString:
		p.fail("a string is only a panic's message or a name shown for a value")
	case tIdent:
		switch t.text {
		case "true", "false":
			p.advance()
			return &boolLit{val: t.text == "true", pos: t.pos}
		case "nullptr", "NULL":
			p.advance()
			return &nullLit{pos: t.pos}
		case "this":
			p.advance()
			return &thisLit{pos: t.pos}
		case "std", "memory_order":
			// std::memory_order_acquire, std::memory_order::acquire
			if p.isAt(1, "::") {
				p.advance()
				p.advance()
				return p.primary()
			}
		}
		if keywords[t.text] && t.text != "awaiter" && t.text != "handle" {
			p.fail("expected an expression, found %s", describe(t))
		}
		if ok, _ := p.isType(0); ok && t.text != "awaiter" && !p.isAt(1, "(") {
			p.fail("expected an expression, found the type %s", t.text)
		}
		p.advance()
		if p.is("(") {
			return &call{fun: t.text, args: p.args(), pos: t.pos}
		}
		return &ident{name: t.text, pos: t.pos}
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

package syntax

import "strings"

// The members of a primitive: constants, fields, facts and operations,
// with their attributes and types.

// member reads one declaration of the primitive's body.
func (p *parser) member(f *File) {
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
		f.Consts = append(f.Consts, &ConstDecl{Name: n.text, Type: t, Value: p.expr(), Pos: n.pos})
		p.expect(";")
	case p.is("open") || p.is("free"):
		k := FactOpen
		if p.is("free") {
			k = FactFree
		}
		at := p.advance().pos
		p.expect(":")
		from := p.tok().off
		x := p.expr()
		fc := &Fact{Kind: k, X: x, Pos: at, Text: strings.TrimSpace(p.src[from:p.toks[p.i-1].end])}
		if p.is("as") {
			p.advance()
			fc.Text = p.str("the condition in words")
		}
		f.Facts = append(f.Facts, fc)
		p.expect(";")
	case p.is("list"):
		at := p.advance().pos
		fc := &Fact{Kind: FactList, Pos: at}
		if p.tok().kind == tString {
			fc.Name = p.advance().text
		} else {
			fc.Name = p.dotted("the list's field")
		}
		if p.is(":") {
			p.advance()
			fc.X = p.expr()
		}
		f.Facts = append(f.Facts, fc)
		p.expect(";")
	default:
		// [if (COND)] [[attributes]] then a field or an operation
		var cond Expr
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
			o.Cond = cond
			f.Ops = append(f.Ops, o)
			return
		}
		fd := p.field(attrs)
		fd.Cond = cond
		f.Fields = append(f.Fields, fd)
	}
}

// attr is one attribute of a declaration: [[waiting]], [[show(v, "s")]].
type attr struct {
	name string
	args []Expr
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
					a.args = append(a.args, &StrLit{Val: t.text, Pos: t.pos})
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
func (p *parser) field(attrs []attr) *FieldDecl {
	fd := &FieldDecl{}
	if p.is("atomic") || p.is("std") && p.isAt(1, "::") && p.isAt(2, "atomic") {
		if p.is("std") {
			p.advance()
			p.advance()
		}
		p.advance()
		p.expect("<")
		fd.Type = p.typ(false)
		p.expect(">")
		fd.Atomic = true
	} else {
		fd.Type = p.typ(false)
	}
	fd.Pos = p.tok().pos
	fd.Name = p.dotted("the field's name")
	if p.is("=") {
		p.advance()
		fd.Init = p.expr()
	}
	p.expect(";")
	for _, a := range attrs {
		if a.name != "show" {
			p.failAt(a.pos, "a field takes only [[show(VALUE, \"name\")]], not [[%s]]", a.name)
		}
		var s *StrLit
		if len(a.args) == 2 {
			s, _ = a.args[1].(*StrLit)
		}
		if s == nil {
			p.failAt(a.pos, "write [[show(VALUE, \"name\")]]: the value, then the name shown for it")
		}
		fd.Shows = append(fd.Shows, Show{Value: a.args[0], Text: s.Val, pos: a.pos})
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
func (p *parser) op(attrs []attr) *OpDecl {
	o := &OpDecl{}
	for _, a := range attrs {
		if len(a.args) > 0 {
			p.failAt(a.pos, "[[%s]] takes no arguments", a.name)
		}
		o.Attrs = append(o.Attrs, a.name)
	}
	if p.is("private") {
		p.advance()
		o.Private = true
	}
	p.expect("void")
	n := p.ident("the operation's name")
	o.Name, o.Pos = n.text, n.pos
	p.expect("(")
	if !p.is(")") {
		t := p.typ(false)
		pn := p.ident("the parameter's name")
		o.Param = &Param{Name: pn.text, Type: t, Pos: pn.pos}
		if p.is(",") {
			p.fail("an operation takes at most one argument")
		}
	}
	p.expect(")")
	o.Body = p.block()
	o.End = p.toks[p.i-1].pos
	return o
}

// isType reports whether a type starts at token k from here, and how many
// tokens it has.
func (p *parser) isType(k int) (bool, int) {
	t := p.toks[min(p.i+k, len(p.toks)-1)]
	if t.kind != tIdent {
		return false, 0
	}
	if _, ok := TypeWords[t.text]; ok {
		return true, 1
	}
	if t.text == "std" && p.isAt(k+1, "::") && p.isAt(k+2, "memory_order") {
		return true, 3
	}
	if (t.text == "void" || t.text == "awaiter") && p.isAt(k+1, "*") {
		return true, 2
	}
	return false, 0
}

// typ reads a type; auto only where allowed.
func (p *parser) typ(allowAuto bool) Type {
	ok, n := p.isType(0)
	if !ok {
		p.fail("expected a type (int32, int64, uint32, uint64, bool, void*, pair, go_state, memory_order), found %s", describe(p.tok()))
	}
	t := p.tok()
	for range n {
		p.advance()
	}
	switch n {
	case 2:
		return TyPtr
	case 3:
		return TyOrder
	}
	ty := TypeWords[t.text]
	if ty == TyAuto && !allowAuto {
		p.failAt(t.pos, "auto is for locals only")
	}
	return ty
}

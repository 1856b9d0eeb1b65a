package lang

import (
	"strings"

	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// expr lowers expression x into its value: how to compute it during a
// step, its type and the accesses it makes.
func (l *lowerer) expr(x syntax.Expr) word.Value {
	switch x := x.(type) {
	case *syntax.IntLit:
		return word.Of(syntax.TyUntyped, x.Val)
	case *syntax.BoolLit:
		if x.Val {
			return word.Of(syntax.TyBool, 1)
		}
		return word.Of(syntax.TyBool, 0)
	case *syntax.NullLit:
		return word.Of(syntax.TyPtr, 0)
	case *syntax.ThisLit:
		if l.in == nil {
			l.errs.Add(x.Pos, "this is an address, not a constant")
			return word.Bad
		}
		in := l.in
		return word.Value{Type: syntax.TyPtr, Fn: func(primitives.Mem) uint64 { return in.base }}
	case *syntax.StrLit:
		l.errs.Add(x.Pos, "a string is only a panic's message or a name shown for a value")
		return word.Bad
	case *syntax.Ident:
		return l.ident(x)
	case *syntax.Unary:
		return l.unary(x)
	case *syntax.Binary:
		return l.binary(x)
	case *syntax.Ternary:
		return l.ternary(x)
	case *syntax.Call:
		return l.call(x)
	case *syntax.Method:
		return l.method(x)
	case *syntax.Member:
		return l.member(x)
	case *syntax.Cast:
		v := l.expr(x.X)
		return word.Fold(word.Cast(l.errs, v, x.Type, x.Pos), v)
	}
	panic("lang: unknown expression")
}

// orderNames are the memory orders by name (consume is acquire, as every
// compiler makes it).
var orderNames = map[string]primitives.Order{
	"relaxed": primitives.Relaxed, "consume": primitives.Acquire, "acquire": primitives.Acquire,
	"release": primitives.Release, "acq_rel": primitives.AcqRel, "seq_cst": primitives.SeqCst,
}

func (l *lowerer) ident(x *syntax.Ident) word.Value {
	name := x.Name
	if v, ok := l.lookupLocal(name); ok && !l.facts {
		slot, t := v.slot, v.t
		return word.Value{Type: t, Local: true, Fn: func(m primitives.Mem) uint64 { return m.Local(slot) }}
	}
	if len(l.calls) > 0 && !l.facts {
		fr := l.calls[len(l.calls)-1]
		if p := fr.op.Param; p != nil && p.Name == name {
			a := fr.arg
			a.Param = !fr.inlined || a.Param
			return a
		}
	}
	if p := l.d.param(name); p != nil {
		if l.in == nil || !l.fold {
			if l.in == nil {
				l.errs.Add(x.Pos, "parameter %s is not a constant here", name)
				return word.Bad
			}
			return word.Value{Type: p.Type, Fn: zero}
		}
		return word.Of(p.Type, l.in.params[name])
	}
	for _, c := range l.d.f.Consts {
		if c.Name == name {
			if l.resolving[c] {
				l.errs.Add(x.Pos, "constant %s is defined by itself", name)
				return word.Bad
			}
			if l.resolving == nil {
				l.resolving = map[*syntax.ConstDecl]bool{}
			}
			l.resolving[c] = true
			v := l.expr(c.Value)
			delete(l.resolving, c)
			if v.Type == syntax.TyBad || !v.Const {
				return word.Bad
			}
			return word.Of(c.Type, word.Norm(c.Type, v.Val))
		}
	}
	if o, ok := orderNames[strings.TrimPrefix(name, "memory_order_")]; ok {
		return word.Of(syntax.TyOrder, uint64(o))
	}
	switch name {
	case "awaiter":
		return l.awaiter(x.Pos)
	case "handle":
		if l.facts {
			l.errs.Add(x.Pos, "a fact reads the primitive's fields only")
			return word.Bad
		}
		return word.Value{Type: syntax.TyPtr, Fn: func(m primitives.Mem) uint64 { return m.Handle() }}
	}
	if l.global(name) == "field" {
		fi := l.field(name, x.Pos)
		if fi == nil {
			return word.Bad
		}
		return l.readField(fi, x.Pos)
	}
	if l.opNamed(name) != nil {
		l.errs.Add(x.Pos, "%s is an operation: call it as a statement, %s(...);", name, name)
		return word.Bad
	}
	if _, ok := l.lookupLocal(name); ok {
		l.errs.Add(x.Pos, "a fact reads the primitive's fields only, not locals")
		return word.Bad
	}
	l.errs.Add(x.Pos, "%s is not declared", name)
	return word.Bad
}

// awaiter is the awaiter node in the caller's frame.
func (l *lowerer) awaiter(at syntax.Pos) word.Value {
	if l.facts {
		l.errs.Add(at, "a fact reads the primitive's fields only")
		return word.Bad
	}
	if o := l.calls[0].op; !hasAttr(o, "awaiter") {
		l.errs.Add(at, "%s has no awaiter: mark it [[awaiter]] (co_await %s() constructs one in the caller's frame)", o.Name, o.Name)
		return word.Bad
	}
	return word.Value{Type: syntax.TyPtr, Fn: func(m primitives.Mem) uint64 { return m.Awaiter() }}
}

func hasAttr(o *syntax.OpDecl, a string) bool {
	for _, x := range o.Attrs {
		if x == a {
			return true
		}
	}
	return false
}

// field finds a field of the instance, or reports why there is none.
func (l *lowerer) field(name string, at syntax.Pos) *fieldInst {
	if l.in == nil {
		l.errs.Add(at, "%s is a field, not a constant", name)
		return nil
	}
	fi, ok := l.in.fieldNamed[name]
	if !ok {
		if l.global(name) == "field" {
			l.errs.Add(at, "field %s does not exist in this instance: the if before its declaration does not hold", name)
		}
		return nil
	}
	return fi
}

// fieldAddr is the address of field fi once the instance is bound.
func (l *lowerer) fieldAddr(fi *fieldInst) graph.EvalFn {
	in, off := l.in, fi.off
	return func(primitives.Mem) uint64 { return in.base + off }
}

// readField reads a field used as a value: one plain read, or in a fact
// a look at the field without a step.
func (l *lowerer) readField(fi *fieldInst, at syntax.Pos) word.Value {
	addr, t := l.fieldAddr(fi), fi.decl.Type
	if l.facts {
		// A fact runs on a peekMem, whose Load only looks.
		return word.Value{Type: t, Fn: func(m primitives.Mem) uint64 { return m.Load(addr(m), primitives.Relaxed) }}
	}
	if fi.decl.Atomic {
		l.errs.Add(at, "%s is atomic: read it with %s.load(order)", fi.decl.Name, fi.decl.Name)
		return word.Bad
	}
	return word.Value{Type: t, Access: 1, Fn: func(m primitives.Mem) uint64 { return m.Read(addr(m)) }}
}

// dottedName reads a.b.c as one name, for fields like m_ev.m_state.
func dottedName(x syntax.Expr) (string, bool) {
	switch x := x.(type) {
	case *syntax.Ident:
		return x.Name, true
	case *syntax.Member:
		if x.Arrow {
			return "", false
		}
		if base, ok := dottedName(x.X); ok {
			return base + "." + x.Name, true
		}
	}
	return "", false
}

// dottedField is the field a dotted member names, or nil (silently).
func (l *lowerer) dottedField(x *syntax.Member) *fieldInst {
	name, ok := dottedName(x)
	if !ok || l.global(name) != "field" {
		return nil
	}
	return l.field(name, x.Pos)
}

// nodeFields are an awaiter's fields, as p->NAME reads them.
var nodeFields = map[string]uint64{
	"m_next": primitives.Next, "m_await_coro": primitives.AwaitCoro, "m_ctx": primitives.Ctx,
}

// nodeRef is p->m_next and its like: where it is, and what reaching it
// costs.
type nodeRef struct {
	addr   graph.EvalFn
	t      syntax.Type
	access int
}

// nodeField resolves p->NAME, an awaiter's field.
func (l *lowerer) nodeField(x *syntax.Member) (nodeRef, bool) {
	off, ok := nodeFields[x.Name]
	if !ok {
		l.errs.Add(x.Pos, "an awaiter has m_next, m_await_coro and m_ctx, not %s", x.Name)
		return nodeRef{}, false
	}
	if l.facts {
		l.errs.Add(x.Pos, "a fact reads the primitive's fields only")
		return nodeRef{}, false
	}
	p := l.expr(x.X)
	if p.Type == syntax.TyBad {
		return nodeRef{}, false
	}
	if p.Type != syntax.TyPtr {
		l.errs.Add(x.Pos, "->%s needs a pointer to an awaiter, not %s", x.Name, p.Type)
		return nodeRef{}, false
	}
	if !x.Arrow {
		l.errs.Add(x.Pos, "that is a pointer: write ->%s", x.Name)
		return nodeRef{}, false
	}
	pf := p.Fn
	return nodeRef{t: syntax.TyPtr, access: p.Access, addr: func(m primitives.Mem) uint64 { return pf(m) + off }}, true
}

func (l *lowerer) member(x *syntax.Member) word.Value {
	if fi := l.dottedField(x); fi != nil {
		return l.readField(fi, x.Pos)
	}
	if _, ok := nodeFields[x.Name]; ok {
		ref, ok := l.nodeField(x)
		if !ok {
			return word.Bad
		}
		addr := ref.addr
		return word.Value{Type: syntax.TyPtr, Access: ref.access + 1, Fn: func(m primitives.Mem) uint64 { return m.Read(addr(m)) }}
	}
	v := l.expr(x.X)
	if v.Type == syntax.TyBad {
		return word.Bad
	}
	if v.Type != syntax.TyPair || x.Arrow {
		if name, ok := dottedName(x); ok && l.global(strings.SplitN(name, ".", 2)[0]) == "" {
			l.errs.Add(x.Pos, "%s is not declared", name)
			return word.Bad
		}
		l.errs.Add(x.Pos, "%s has no member %s (a pair has .count and .head; an awaiter p has p->m_next, p->m_await_coro, p->m_ctx)", v.Type, x.Name)
		return word.Bad
	}
	f := v.Fn
	switch x.Name {
	case "count":
		return word.Fold(word.Value{Type: syntax.TyInt32, Access: v.Access, Fn: func(m primitives.Mem) uint64 { return word.Count(f(m)) }}, v)
	case "head":
		return word.Fold(word.Value{Type: syntax.TyPtr, Access: v.Access, Fn: func(m primitives.Mem) uint64 { return word.Head(f(m)) }}, v)
	}
	l.errs.Add(x.Pos, "a pair has .count and .head, not .%s", x.Name)
	return word.Bad
}

// start is where expression x begins: the place an error about all of it
// points at.
func start(x syntax.Expr) syntax.Pos {
	switch x := x.(type) {
	case *syntax.Binary:
		return start(x.X)
	case *syntax.Ternary:
		return start(x.Cond)
	case *syntax.Method:
		return start(x.X)
	case *syntax.Member:
		return start(x.X)
	}
	return x.At()
}

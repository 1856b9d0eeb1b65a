package lang

import (
	"strings"

	"lockstep/primitives"
)

// ev is a lowered expression: how to compute it during a step, its type,
// and how many shared-memory accesses computing it makes.
type ev struct {
	fn     evalFn
	t      typ
	access int
	k      bool   // a constant
	kv     uint64 // the constant's value
	local  bool   // a local variable
	param  bool   // the operation's argument
}

// bad is an expression already reported wrong.
var bad = ev{t: tyBad, fn: zero}

func konst(t typ, v uint64) ev {
	return ev{t: t, k: true, kv: v, fn: func(primitives.Mem) uint64 { return v }}
}

// fold makes v a constant when everything it is made of is: constant
// functions read nothing from the machine, so running one on nil is safe.
func fold(v ev, parts ...ev) ev {
	for _, p := range parts {
		if !p.k {
			return v
		}
	}
	return konst(v.t, v.fn(nil))
}

func (l *lowerer) expr(x expr) ev {
	switch x := x.(type) {
	case *intLit:
		return konst(tyUntyped, x.val)
	case *boolLit:
		if x.val {
			return konst(tyBool, 1)
		}
		return konst(tyBool, 0)
	case *nullLit:
		return konst(tyPtr, 0)
	case *thisLit:
		if l.in == nil {
			l.errs.add(x.pos, "this is an address, not a constant")
			return bad
		}
		in := l.in
		return ev{t: tyPtr, fn: func(primitives.Mem) uint64 { return in.base }}
	case *strLit:
		l.errs.add(x.pos, "a string is only a panic's message or a name shown for a value")
		return bad
	case *ident:
		return l.ident(x)
	case *unary:
		return l.unary(x)
	case *binary:
		return l.binary(x)
	case *ternary:
		return l.ternary(x)
	case *call:
		return l.call(x)
	case *method:
		return l.method(x)
	case *member:
		return l.member(x)
	case *cast:
		v := l.expr(x.x)
		return fold(l.cast(v, x.typ, x.pos), v)
	}
	panic("lang: unknown expression")
}

// orderNames are the memory orders by name (consume is acquire, as every
// compiler makes it).
var orderNames = map[string]primitives.Order{
	"relaxed": primitives.Relaxed, "consume": primitives.Acquire, "acquire": primitives.Acquire,
	"release": primitives.Release, "acq_rel": primitives.AcqRel, "seq_cst": primitives.SeqCst,
}

func (l *lowerer) ident(x *ident) ev {
	name := x.name
	if v, ok := l.lookupLocal(name); ok && !l.facts {
		slot, t := v.slot, v.t
		return ev{t: t, local: true, fn: func(m primitives.Mem) uint64 { return m.Local(slot) }}
	}
	if len(l.calls) > 0 && !l.facts {
		fr := l.calls[len(l.calls)-1]
		if p := fr.op.param; p != nil && p.name == name {
			a := fr.arg
			a.param = !fr.inlined || a.param
			return a
		}
	}
	if p := l.d.param(name); p != nil {
		if l.in == nil || !l.fold {
			if l.in == nil {
				l.errs.add(x.pos, "parameter %s is not a constant here", name)
				return bad
			}
			return ev{t: p.typ, fn: zero}
		}
		return konst(p.typ, l.in.params[name])
	}
	for _, c := range l.d.f.consts {
		if c.name == name {
			if l.resolving[c] {
				l.errs.add(x.pos, "constant %s is defined by itself", name)
				return bad
			}
			if l.resolving == nil {
				l.resolving = map[*constDecl]bool{}
			}
			l.resolving[c] = true
			v := l.expr(c.value)
			delete(l.resolving, c)
			if v.t == tyBad || !v.k {
				return bad
			}
			return konst(c.typ, norm(c.typ, v.kv))
		}
	}
	if o, ok := orderNames[strings.TrimPrefix(name, "memory_order_")]; ok {
		return konst(tyOrder, uint64(o))
	}
	switch name {
	case "awaiter":
		return l.awaiter(x.pos)
	case "handle":
		if l.facts {
			l.errs.add(x.pos, "a fact reads the primitive's fields only")
			return bad
		}
		return ev{t: tyPtr, fn: func(m primitives.Mem) uint64 { return m.Handle() }}
	}
	if l.global(name) == "field" {
		fi := l.field(name, x.pos)
		if fi == nil {
			return bad
		}
		return l.readField(fi, x.pos)
	}
	if l.opNamed(name) != nil {
		l.errs.add(x.pos, "%s is an operation: call it as a statement, %s(...);", name, name)
		return bad
	}
	if _, ok := l.lookupLocal(name); ok {
		l.errs.add(x.pos, "a fact reads the primitive's fields only, not locals")
		return bad
	}
	l.errs.add(x.pos, "%s is not declared", name)
	return bad
}

// awaiter is the awaiter node in the caller's frame.
func (l *lowerer) awaiter(at Pos) ev {
	if l.facts {
		l.errs.add(at, "a fact reads the primitive's fields only")
		return bad
	}
	if o := l.calls[0].op; !hasAttr(o, "awaiter") {
		l.errs.add(at, "%s has no awaiter: mark it [[awaiter]] (co_await %s() constructs one in the caller's frame)", o.name, o.name)
		return bad
	}
	return ev{t: tyPtr, fn: func(m primitives.Mem) uint64 { return m.Awaiter() }}
}

func hasAttr(o *opDecl, a string) bool {
	for _, x := range o.attrs {
		if x == a {
			return true
		}
	}
	return false
}

// field finds a field of the instance, or reports why there is none.
func (l *lowerer) field(name string, at Pos) *fieldInst {
	if l.in == nil {
		l.errs.add(at, "%s is a field, not a constant", name)
		return nil
	}
	fi, ok := l.in.fieldNamed[name]
	if !ok {
		if l.global(name) == "field" {
			l.errs.add(at, "field %s does not exist in this instance: the if before its declaration does not hold", name)
		}
		return nil
	}
	return fi
}

// fieldAddr is the address of field fi once the instance is bound.
func (l *lowerer) fieldAddr(fi *fieldInst) evalFn {
	in, off := l.in, fi.off
	return func(primitives.Mem) uint64 { return in.base + off }
}

// readField reads a field used as a value: one plain read, or in a fact
// a look at the field without a step.
func (l *lowerer) readField(fi *fieldInst, at Pos) ev {
	addr, t := l.fieldAddr(fi), fi.decl.typ
	if l.facts {
		// A fact runs on a peekMem, whose Load only looks.
		return ev{t: t, fn: func(m primitives.Mem) uint64 { return m.Load(addr(m), primitives.Relaxed) }}
	}
	if fi.decl.atomic {
		l.errs.add(at, "%s is atomic: read it with %s.load(order)", fi.decl.name, fi.decl.name)
		return bad
	}
	return ev{t: t, access: 1, fn: func(m primitives.Mem) uint64 { return m.Read(addr(m)) }}
}

// dottedName reads a.b.c as one name, for fields like m_ev.m_state.
func dottedName(x expr) (string, bool) {
	switch x := x.(type) {
	case *ident:
		return x.name, true
	case *member:
		if x.arrow {
			return "", false
		}
		if base, ok := dottedName(x.x); ok {
			return base + "." + x.name, true
		}
	}
	return "", false
}

// dottedField is the field a dotted member names, or nil (silently).
func (l *lowerer) dottedField(x *member) *fieldInst {
	name, ok := dottedName(x)
	if !ok || l.global(name) != "field" {
		return nil
	}
	return l.field(name, x.pos)
}

// nodeFields are an awaiter's fields, as p->NAME reads them.
var nodeFields = map[string]uint64{
	"m_next": primitives.Next, "m_await_coro": primitives.AwaitCoro, "m_ctx": primitives.Ctx,
}

// nodeRef is p->m_next and its like: where it is, and what reaching it
// costs.
type nodeRef struct {
	addr   evalFn
	t      typ
	access int
}

// nodeField resolves p->NAME, an awaiter's field.
func (l *lowerer) nodeField(x *member) (nodeRef, bool) {
	off, ok := nodeFields[x.name]
	if !ok {
		l.errs.add(x.pos, "an awaiter has m_next, m_await_coro and m_ctx, not %s", x.name)
		return nodeRef{}, false
	}
	if l.facts {
		l.errs.add(x.pos, "a fact reads the primitive's fields only")
		return nodeRef{}, false
	}
	p := l.expr(x.x)
	if p.t == tyBad {
		return nodeRef{}, false
	}
	if p.t != tyPtr {
		l.errs.add(x.pos, "->%s needs a pointer to an awaiter, not %s", x.name, p.t)
		return nodeRef{}, false
	}
	if !x.arrow {
		l.errs.add(x.pos, "that is a pointer: write ->%s", x.name)
		return nodeRef{}, false
	}
	pf := p.fn
	return nodeRef{t: tyPtr, access: p.access, addr: func(m primitives.Mem) uint64 { return pf(m) + off }}, true
}

func (l *lowerer) member(x *member) ev {
	if fi := l.dottedField(x); fi != nil {
		return l.readField(fi, x.pos)
	}
	if _, ok := nodeFields[x.name]; ok {
		ref, ok := l.nodeField(x)
		if !ok {
			return bad
		}
		addr := ref.addr
		return ev{t: tyPtr, access: ref.access + 1, fn: func(m primitives.Mem) uint64 { return m.Read(addr(m)) }}
	}
	v := l.expr(x.x)
	if v.t == tyBad {
		return bad
	}
	if v.t != tyPair || x.arrow {
		if name, ok := dottedName(x); ok && l.global(strings.SplitN(name, ".", 2)[0]) == "" {
			l.errs.add(x.pos, "%s is not declared", name)
			return bad
		}
		l.errs.add(x.pos, "%s has no member %s (a pair has .count and .head; an awaiter p has p->m_next, p->m_await_coro, p->m_ctx)", v.t, x.name)
		return bad
	}
	f := v.fn
	switch x.name {
	case "count":
		return fold(ev{t: tyInt32, access: v.access, fn: func(m primitives.Mem) uint64 { return pairCount(f(m)) }}, v)
	case "head":
		return fold(ev{t: tyPtr, access: v.access, fn: func(m primitives.Mem) uint64 { return pairHead(f(m)) }}, v)
	}
	l.errs.add(x.pos, "a pair has .count and .head, not .%s", x.name)
	return bad
}

// The halves of a pair word: count int32 in the high half, head address
// in the low half.
func pairCount(w uint64) uint64 { return uint64(int64(int32(w >> 32))) }
func pairHead(w uint64) uint64  { return w & 0xffffffff }
func makePair(count, head uint64) uint64 {
	return uint64(uint32(count))<<32 | head&0xffffffff
}

// start is where expression x begins: the place an error about all of it
// points at.
func start(x expr) Pos {
	switch x := x.(type) {
	case *binary:
		return start(x.x)
	case *ternary:
		return start(x.cond)
	case *method:
		return start(x.x)
	case *member:
		return start(x.x)
	}
	return x.at()
}

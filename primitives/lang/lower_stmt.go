package lang

import (
	"fmt"
	"strings"

	"lockstep/primitives"
)

// once checks that a statement touches shared memory at most once: one
// statement, one step.
func (l *lowerer) once(at Pos, accesses int) bool {
	if accesses > 1 {
		l.errs.add(at, "this statement touches shared memory %d times; a step is exactly one access, so split it into one statement per access", accesses)
	}
	return accesses > 0
}

func (l *lowerer) assign(s *assignStmt) frag {
	v := l.expr(s.value)
	if s.op != "=" {
		x := l.expr(s.target)
		if _, ok := s.target.(*ident); !ok || x.t == tyBad || !x.local {
			if x.t != tyBad {
				l.errs.add(s.pos, "%s on shared memory is a read and a write, two steps: write x = x %c y as two statements through a local", s.op, s.op[0])
			}
			return empty
		}
		op := "+"
		if s.op == "-=" {
			op = "-"
		}
		v = l.arith(op, x, v, s.pos)
	}
	switch t := s.target.(type) {
	case *ident:
		if loc, ok := l.lookupLocal(t.name); ok {
			val := l.convert(v, loc.t, s.pos, "local "+t.name)
			slot := loc.slot
			return single(l.node(s, node{kind: nExec, access: l.once(s.pos, v.access), pos: s.pos,
				do: func(m primitives.Mem) { m.SetLocal(slot, val(m)) }}))
		}
		if fi := l.field(t.name, t.pos); fi != nil {
			if fi.decl.atomic {
				l.errs.add(s.pos, "%s is atomic: write it with %s.store(value, order)", t.name, t.name)
				return empty
			}
			val := l.convert(v, fi.decl.typ, s.pos, "field "+t.name)
			addr := l.fieldAddr(fi)
			return single(l.node(s, node{kind: nExec, access: l.once(s.pos, v.access+1), pos: s.pos,
				do: func(m primitives.Mem) { m.Write(addr(m), val(m)) }}))
		}
		if l.global(t.name) != "" || l.isParam(t.name) {
			l.errs.add(t.pos, "%s is a %s; it cannot be assigned", t.name, l.what(t.name))
		} else {
			l.errs.add(t.pos, "%s is not declared", t.name)
		}
		return empty
	case *member:
		if fi := l.dottedField(t); fi != nil {
			return l.assign(&assignStmt{target: &ident{name: fi.decl.name, pos: t.pos}, op: s.op, value: s.value, pos: s.pos})
		}
		ref, ok := l.nodeField(t)
		if !ok {
			return empty
		}
		val := l.convert(v, ref.t, s.pos, t.name)
		addr := ref.addr
		return single(l.node(s, node{kind: nExec, access: l.once(s.pos, v.access+ref.access+1), pos: s.pos,
			do: func(m primitives.Mem) { m.Write(addr(m), val(m)) }}))
	}
	l.errs.add(s.pos, "the left of = is a local, a plain field or an awaiter's field (p->m_next)")
	return empty
}

// isParam reports whether name is the running operation's parameter.
func (l *lowerer) isParam(name string) bool {
	for i := len(l.calls) - 1; i >= 0; i-- {
		if p := l.calls[i].op.param; p != nil && p.name == name {
			return true
		}
	}
	return false
}

func (l *lowerer) what(name string) string {
	if l.isParam(name) {
		return "parameter"
	}
	return l.global(name)
}

func (l *lowerer) exprStmt(s *exprStmt) frag {
	if c, ok := s.x.(*call); ok {
		switch c.fun {
		case "panic":
			msg := ""
			if len(c.args) == 1 {
				if str, ok := c.args[0].(*strLit); ok {
					msg = str.val
				}
			}
			if len(c.args) != 1 || msg == "" {
				l.errs.add(c.pos, "write panic(\"message\"): it ends the run with Go's panic and the message")
			}
			return frag{entry: l.node(s, node{kind: nPanic, msg: msg, pos: s.pos})}
		case "registered":
			if len(c.args) != 0 {
				l.errs.add(c.pos, "registered() takes no arguments")
			}
			return single(l.node(s, node{kind: nExec, pos: s.pos, do: func(m primitives.Mem) { m.Registered() }}))
		case "sem_acquire":
			return l.semAcquire(s, c)
		}
		if o := l.opNamed(c.fun); o != nil {
			return l.inline(s, c, o)
		}
	}
	v := l.expr(s.x)
	if v.t != tyBad && v.access == 0 {
		l.errs.add(s.pos, "this statement does nothing: it touches no shared memory and changes no local")
	}
	fn := v.fn
	return single(l.node(s, node{kind: nExec, access: l.once(s.pos, v.access), pos: s.pos,
		do: func(m primitives.Mem) { fn(m) }}))
}

// opNamed is the operation called name: in an instance, the one whose
// condition holds.
func (l *lowerer) opNamed(name string) *opDecl {
	for _, o := range l.d.f.ops {
		if o.name == name && (!l.fold || l.present(o)) {
			return o
		}
	}
	return nil
}

// present reports whether operation o exists in the instance: it has no
// condition, or its condition holds.
func (l *lowerer) present(o *opDecl) bool {
	if o.cond == nil {
		return true
	}
	c := l.cond(o.cond)
	if c.t != tyBad && !c.k {
		l.errs.add(o.cond.at(), "an operation's condition is made of parameters and constants")
	}
	return c.kv != 0
}

// inline lowers a call of another operation in place: its statements run
// as the caller's, with its argument bound to the call's.
func (l *lowerer) inline(s *exprStmt, c *call, o *opDecl) frag {
	for i, fr := range l.calls {
		if fr.op == o {
			cycle := []string{}
			for _, f := range l.calls[i:] {
				cycle = append(cycle, f.op.name)
			}
			l.errs.add(c.pos, "this call of %s makes a cycle, %s → %s: an operation may call others, but not in a cycle",
				o.name, strings.Join(cycle, " → "), o.name)
			return empty
		}
	}
	if len(l.calls) > MaxInline {
		l.errs.add(c.pos, "calls nest more than %d deep", MaxInline)
		return empty
	}
	arg := ev{t: tyBad}
	switch {
	case o.param == nil && len(c.args) > 0:
		l.errs.add(c.pos, "%s takes no argument", o.name)
	case o.param != nil && len(c.args) != 1:
		l.errs.add(c.pos, "%s takes one argument, its %s", o.name, o.param.name)
	case o.param != nil:
		a := l.expr(c.args[0])
		if a.t != tyBad && !a.k && !a.param {
			l.errs.add(c.args[0].at(), "the argument of a call is a constant or this operation's own argument")
		}
		a.fn = l.convert(a, o.param.typ, c.pos, "the argument of "+o.name)
		a.t = o.param.typ
		arg = a
	}
	saved := l.scopes
	savedLoops := l.loops
	l.scopes = []map[string]local{{}}
	l.loops = nil
	fr := &callFrame{op: o, arg: arg, inlined: true}
	l.calls = append(l.calls, fr)
	body := l.block(o.body)
	l.calls = l.calls[:len(l.calls)-1]
	for _, v := range l.scopes[0] {
		l.slots[v.slot] = false
	}
	l.scopes, l.loops = saved, savedLoops
	if l.access != nil {
		l.access[s] = false
	}
	return frag{entry: body.entry, holes: append(body.holes, fr.returns...)}
}

func (l *lowerer) ifStmt(s *ifStmt) frag {
	c := l.cond(s.cond)
	if c.k {
		if c.kv != 0 {
			return l.stmt(s.then)
		}
		if s.els_ != nil {
			return l.stmt(s.els_)
		}
		return empty
	}
	n := l.node(s, node{kind: nBranch, access: l.once(s.pos, c.access), cond: c.fn, pos: s.pos})
	out := frag{entry: n}
	then := l.stmt(s.then)
	if then.entry >= 0 {
		l.g.nodes[n].next = then.entry
		out.holes = append(out.holes, then.holes...)
	} else {
		out.holes = append(out.holes, hole{node: n})
	}
	if s.els_ == nil {
		out.holes = append(out.holes, hole{node: n, alt: true})
		return out
	}
	els := l.stmt(s.els_)
	if els.entry >= 0 {
		l.g.nodes[n].alt = els.entry
		out.holes = append(out.holes, els.holes...)
	} else {
		out.holes = append(out.holes, hole{node: n, alt: true})
	}
	return out
}

func (l *lowerer) while(s *whileStmt) frag {
	c := l.cond(s.cond)
	folded := c.k
	if folded && c.kv == 0 {
		return empty
	}
	var head int
	if folded {
		head = l.g.add(node{kind: nJump, pos: s.pos})
		if l.access != nil {
			l.access[s] = false
		}
	} else {
		head = l.node(s, node{kind: nBranch, access: l.once(s.pos, c.access), cond: c.fn, pos: s.pos})
	}
	lp := &loop{cont: head}
	l.loops = append(l.loops, lp)
	outer := l.g.loop
	l.g.loop = s.pos
	l.g.nodes[head].loop = s.pos
	body := l.stmt(s.body)
	l.g.loop = outer
	l.loops = l.loops[:len(l.loops)-1]
	if body.entry >= 0 {
		l.g.nodes[head].next = body.entry
		l.g.fill(body.holes, head)
	} else {
		l.g.nodes[head].next = head
	}
	out := frag{entry: head, holes: lp.breaks}
	if !folded {
		out.holes = append(out.holes, hole{node: head, alt: true})
	}
	return out
}

func (l *lowerer) doWhile(s *whileStmt) frag {
	// The condition's node comes first, so that continue can go to it;
	// its fields are set once the condition is lowered.
	outer := l.g.loop
	l.g.loop = s.pos
	cn := l.g.add(node{kind: nJump, pos: s.pos})
	lp := &loop{cont: cn}
	l.loops = append(l.loops, lp)
	body := l.stmt(s.body)
	l.loops = l.loops[:len(l.loops)-1]
	c := l.cond(s.cond)
	defer func() { l.g.loop = outer }()
	entry := cn
	if body.entry >= 0 {
		entry = body.entry
		l.g.fill(body.holes, cn)
	}
	out := frag{entry: entry, holes: lp.breaks}
	if c.k {
		if l.access != nil {
			l.access[s] = false
		}
		if c.kv != 0 {
			l.g.nodes[cn].next = entry
		} else {
			out.holes = append(out.holes, hole{node: cn})
		}
		return out
	}
	n := l.node(s, node{kind: nBranch, access: l.once(s.pos, c.access), cond: c.fn, pos: s.pos})
	l.g.nodes[cn].next = n
	l.g.nodes[n].next = entry
	out.holes = append(out.holes, hole{node: n, alt: true})
	return out
}

func (l *lowerer) branch(s *branchStmt) frag {
	if len(l.loops) == 0 {
		word := "continue"
		if s.brk {
			word = "break"
		}
		l.errs.add(s.pos, "%s is not inside a loop", word)
		return empty
	}
	lp := l.loops[len(l.loops)-1]
	n := l.g.add(node{kind: nJump, pos: s.pos})
	if s.brk {
		lp.breaks = append(lp.breaks, hole{node: n})
	} else {
		l.g.nodes[n].next = lp.cont
	}
	return frag{entry: n}
}

func (l *lowerer) ret(s *returnStmt) frag {
	out := empty
	if s.value != nil {
		v := l.expr(s.value)
		fn := v.fn
		out = single(l.node(s, node{kind: nExec, access: l.once(s.pos, v.access), pos: s.pos,
			do: func(m primitives.Mem) { fn(m) }}))
	}
	fr := l.calls[len(l.calls)-1]
	if fr.inlined {
		n := l.g.add(node{kind: nJump, pos: s.pos})
		fr.returns = append(fr.returns, hole{node: n})
		return l.g.seq(out, frag{entry: n})
	}
	return l.g.seq(out, frag{entry: l.g.add(node{kind: nReturn, pos: s.pos})})
}

// semAcquire is `sem_acquire(sema);`: Go's runtime_Semacquire. It takes a
// permit, or queues the coroutine on the semaphore and parks it until a
// sem_release hands it one.
func (l *lowerer) semAcquire(s *exprStmt, c *call) frag {
	fi := l.semField(c)
	if fi == nil {
		return empty
	}
	return single(l.node(s, node{kind: nSem, access: true, addr: l.fieldAddr(fi), pos: s.pos}))
}

// semField checks the argument of sem_acquire and sem_release: an atomic
// uint32 field, the semaphore.
func (l *lowerer) semField(c *call) *fieldInst {
	if len(c.args) != 1 {
		l.errs.add(c.pos, "%s(field) takes the semaphore's field", c.fun)
		return nil
	}
	var fi *fieldInst
	switch a := c.args[0].(type) {
	case *ident:
		fi = l.field(a.name, a.pos)
	case *member:
		fi = l.dottedField(a)
	case *unary:
		if id, ok := a.x.(*ident); ok && a.op == "&" {
			fi = l.field(id.name, id.pos)
		}
	}
	if fi == nil {
		if l.errs != nil {
			l.errs.add(c.args[0].at(), "%s takes a field: the semaphore", c.fun)
		}
		return nil
	}
	if !fi.decl.atomic || fi.decl.typ != tyUint32 {
		l.errs.add(c.args[0].at(), "a semaphore is an atomic<uint32> field; %s is not", fi.decl.name)
		return nil
	}
	return fi
}

// String names a node kind, for messages.
func (k nodeKind) String() string {
	return fmt.Sprint([...]string{"exec", "branch", "jump", "suspend", "sem", "return", "panic"}[k])
}

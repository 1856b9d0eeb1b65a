package lang

import (
	"strings"

	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// once checks that a statement touches shared memory at most once: one
// statement, one step.
func (l *lowerer) once(at syntax.Pos, accesses int) bool {
	if accesses > 1 {
		l.errs.Add(at, "this statement touches shared memory %d times; a step is exactly one access, so split it into one statement per access", accesses)
	}
	return accesses > 0
}

func (l *lowerer) assign(s *syntax.AssignStmt) graph.Frag {
	v := l.expr(s.Value)
	if s.Op != "=" {
		x := l.expr(s.Target)
		if _, ok := s.Target.(*syntax.Ident); !ok || x.Type == syntax.TyBad || !x.Local {
			if x.Type != syntax.TyBad {
				l.errs.Add(s.Pos, "%s on shared memory is a read and a write, two steps: write x = x %c y as two statements through a local", s.Op, s.Op[0])
			}
			return graph.Empty
		}
		op := "+"
		if s.Op == "-=" {
			op = "-"
		}
		v = word.Arith(l.errs, op, x, v, s.Pos)
	}
	switch t := s.Target.(type) {
	case *syntax.Ident:
		if loc, ok := l.lookupLocal(t.Name); ok {
			val := l.convert(v, loc.t, s.Pos, "local "+t.Name)
			slot := loc.slot
			return graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Access: l.once(s.Pos, v.Access), Pos: s.Pos,
				Do: func(m primitives.Mem) { m.SetLocal(slot, val(m)) }}))
		}
		if fi := l.field(t.Name, t.Pos); fi != nil {
			if fi.decl.Atomic {
				l.errs.Add(s.Pos, "%s is atomic: write it with %s.store(value, order)", t.Name, t.Name)
				return graph.Empty
			}
			val := l.convert(v, fi.decl.Type, s.Pos, "field "+t.Name)
			addr := l.fieldAddr(fi)
			return graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Access: l.once(s.Pos, v.Access+1), Pos: s.Pos,
				Do: func(m primitives.Mem) { m.Write(addr(m), val(m)) }}))
		}
		if l.global(t.Name) != "" || l.isParam(t.Name) {
			l.errs.Add(t.Pos, "%s is a %s; it cannot be assigned", t.Name, l.what(t.Name))
		} else {
			l.errs.Add(t.Pos, "%s is not declared", t.Name)
		}
		return graph.Empty
	case *syntax.Member:
		if fi := l.dottedField(t); fi != nil {
			return l.assign(&syntax.AssignStmt{Target: &syntax.Ident{Name: fi.decl.Name, Pos: t.Pos}, Op: s.Op, Value: s.Value, Pos: s.Pos})
		}
		ref, ok := l.nodeField(t)
		if !ok {
			return graph.Empty
		}
		val := l.convert(v, ref.t, s.Pos, t.Name)
		addr := ref.addr
		return graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Access: l.once(s.Pos, v.Access+ref.access+1), Pos: s.Pos,
			Do: func(m primitives.Mem) { m.Write(addr(m), val(m)) }}))
	}
	l.errs.Add(s.Pos, "the left of = is a local, a plain field or an awaiter's field (p->m_next)")
	return graph.Empty
}

// isParam reports whether name is the running operation's parameter.
func (l *lowerer) isParam(name string) bool {
	for i := len(l.calls) - 1; i >= 0; i-- {
		if p := l.calls[i].op.Param; p != nil && p.Name == name {
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

func (l *lowerer) exprStmt(s *syntax.ExprStmt) graph.Frag {
	if c, ok := s.X.(*syntax.Call); ok {
		switch c.Fun {
		case "panic":
			msg := ""
			if len(c.Args) == 1 {
				if str, ok := c.Args[0].(*syntax.StrLit); ok {
					msg = str.Val
				}
			}
			if len(c.Args) != 1 || msg == "" {
				l.errs.Add(c.Pos, "write panic(\"message\"): it ends the run with Go's panic and the message")
			}
			return graph.Frag{Entry: l.node(s, graph.Node{Kind: graph.Panic, Msg: msg, Pos: s.Pos})}
		case "registered":
			if len(c.Args) != 0 {
				l.errs.Add(c.Pos, "registered() takes no arguments")
			}
			return graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Pos: s.Pos, Do: func(m primitives.Mem) { m.Registered() }}))
		case "sem_acquire":
			return l.semAcquire(s, c)
		case "atomic_thread_fence":
			return l.fence(s, c)
		}
		if o := l.opNamed(c.Fun); o != nil {
			return l.inline(s, c, o)
		}
	}
	v := l.expr(s.X)
	if v.Type != syntax.TyBad && v.Access == 0 {
		l.errs.Add(s.Pos, "this statement does nothing: it touches no shared memory and changes no local")
	}
	fn := v.Fn
	return graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Access: l.once(s.Pos, v.Access), Pos: s.Pos,
		Do: func(m primitives.Mem) { fn(m) }}))
}

// opNamed is the operation called name: in an instance, the one whose
// condition holds.
func (l *lowerer) opNamed(name string) *syntax.OpDecl {
	for _, o := range l.d.f.Ops {
		if o.Name == name && (!l.fold || l.present(o)) {
			return o
		}
	}
	return nil
}

// present reports whether operation o exists in the instance: it has no
// condition, or its condition holds.
func (l *lowerer) present(o *syntax.OpDecl) bool {
	if o.Cond == nil {
		return true
	}
	c := l.cond(o.Cond)
	if c.Type != syntax.TyBad && !c.Const {
		l.errs.Add(o.Cond.At(), "an operation's condition is made of parameters and constants")
	}
	return c.Val != 0
}

// inline lowers a call of another operation in place: its statements run
// as the caller's, with its argument bound to the call's.
func (l *lowerer) inline(s *syntax.ExprStmt, c *syntax.Call, o *syntax.OpDecl) graph.Frag {
	for i, fr := range l.calls {
		if fr.op == o {
			cycle := []string{}
			for _, f := range l.calls[i:] {
				cycle = append(cycle, f.op.Name)
			}
			l.errs.Add(c.Pos, "this call of %s makes a cycle, %s → %s: an operation may call others, but not in a cycle",
				o.Name, strings.Join(cycle, " → "), o.Name)
			return graph.Empty
		}
	}
	if len(l.calls) > MaxInline {
		l.errs.Add(c.Pos, "calls nest more than %d deep", MaxInline)
		return graph.Empty
	}
	arg := word.Value{Type: syntax.TyBad}
	switch {
	case o.Param == nil && len(c.Args) > 0:
		l.errs.Add(c.Pos, "%s takes no argument", o.Name)
	case o.Param != nil && len(c.Args) != 1:
		l.errs.Add(c.Pos, "%s takes one argument, its %s", o.Name, o.Param.Name)
	case o.Param != nil:
		a := l.expr(c.Args[0])
		if a.Type != syntax.TyBad && !a.Const && !a.Param {
			l.errs.Add(c.Args[0].At(), "the argument of a call is a constant or this operation's own argument")
		}
		a.Fn = l.convert(a, o.Param.Type, c.Pos, "the argument of "+o.Name)
		a.Type = o.Param.Type
		arg = a
	}
	saved := l.scopes
	savedLoops := l.loops
	l.scopes = []map[string]local{{}}
	l.loops = nil
	fr := &callFrame{op: o, arg: arg, inlined: true}
	l.calls = append(l.calls, fr)
	body := l.block(o.Body)
	l.calls = l.calls[:len(l.calls)-1]
	for _, v := range l.scopes[0] {
		l.slots[v.slot] = false
	}
	l.scopes, l.loops = saved, savedLoops
	if l.access != nil {
		l.access[s] = false
	}
	return graph.Frag{Entry: body.Entry, Holes: append(body.Holes, fr.returns...)}
}

func (l *lowerer) ifStmt(s *syntax.IfStmt) graph.Frag {
	c := l.cond(s.Cond)
	if c.Const {
		if c.Val != 0 {
			return l.stmt(s.Then)
		}
		if s.Else != nil {
			return l.stmt(s.Else)
		}
		return graph.Empty
	}
	n := l.node(s, graph.Node{Kind: graph.Branch, Access: l.once(s.Pos, c.Access), Cond: c.Fn, Pos: s.Pos})
	out := graph.Frag{Entry: n}
	then := l.stmt(s.Then)
	if then.Entry >= 0 {
		l.g.Nodes[n].Next = then.Entry
		out.Holes = append(out.Holes, then.Holes...)
	} else {
		out.Holes = append(out.Holes, graph.Hole{Node: n})
	}
	if s.Else == nil {
		out.Holes = append(out.Holes, graph.Hole{Node: n, Alt: true})
		return out
	}
	els := l.stmt(s.Else)
	if els.Entry >= 0 {
		l.g.Nodes[n].Alt = els.Entry
		out.Holes = append(out.Holes, els.Holes...)
	} else {
		out.Holes = append(out.Holes, graph.Hole{Node: n, Alt: true})
	}
	return out
}

func (l *lowerer) while(s *syntax.WhileStmt) graph.Frag {
	if isSpinBody(s.Body) {
		return l.spinWait(s)
	}
	c := l.cond(s.Cond)
	folded := c.Const
	if folded && c.Val == 0 {
		return graph.Empty
	}
	var head int
	if folded {
		head = l.g.Add(graph.Node{Kind: graph.Jump, Pos: s.Pos})
		if l.access != nil {
			l.access[s] = false
		}
	} else {
		head = l.node(s, graph.Node{Kind: graph.Branch, Access: l.once(s.Pos, c.Access), Cond: c.Fn, Pos: s.Pos})
	}
	lp := &loop{cont: head}
	l.loops = append(l.loops, lp)
	outer := l.g.Loop
	l.g.Loop = s.Pos
	l.g.Nodes[head].Loop = s.Pos
	body := l.stmt(s.Body)
	l.g.Loop = outer
	l.loops = l.loops[:len(l.loops)-1]
	if body.Entry >= 0 {
		l.g.Nodes[head].Next = body.Entry
		l.g.Fill(body.Holes, head)
	} else {
		l.g.Nodes[head].Next = head
	}
	out := graph.Frag{Entry: head, Holes: lp.breaks}
	if !folded {
		out.Holes = append(out.Holes, graph.Hole{Node: head, Alt: true})
	}
	return out
}

func (l *lowerer) doWhile(s *syntax.WhileStmt) graph.Frag {
	// The condition's node comes first, so that continue can go to it;
	// its fields are set once the condition is lowered.
	outer := l.g.Loop
	l.g.Loop = s.Pos
	cn := l.g.Add(graph.Node{Kind: graph.Jump, Pos: s.Pos})
	lp := &loop{cont: cn}
	l.loops = append(l.loops, lp)
	body := l.stmt(s.Body)
	l.loops = l.loops[:len(l.loops)-1]
	c := l.cond(s.Cond)
	defer func() { l.g.Loop = outer }()
	entry := cn
	if body.Entry >= 0 {
		entry = body.Entry
		l.g.Fill(body.Holes, cn)
	}
	out := graph.Frag{Entry: entry, Holes: lp.breaks}
	if c.Const {
		if l.access != nil {
			l.access[s] = false
		}
		if c.Val != 0 {
			l.g.Nodes[cn].Next = entry
		} else {
			out.Holes = append(out.Holes, graph.Hole{Node: cn})
		}
		return out
	}
	n := l.node(s, graph.Node{Kind: graph.Branch, Access: l.once(s.Pos, c.Access), Cond: c.Fn, Pos: s.Pos})
	l.g.Nodes[cn].Next = n
	l.g.Nodes[n].Next = entry
	out.Holes = append(out.Holes, graph.Hole{Node: n, Alt: true})
	return out
}

func (l *lowerer) branch(s *syntax.BranchStmt) graph.Frag {
	if len(l.loops) == 0 {
		kw := "continue"
		if s.Brk {
			kw = "break"
		}
		l.errs.Add(s.Pos, "%s is not inside a loop", kw)
		return graph.Empty
	}
	lp := l.loops[len(l.loops)-1]
	n := l.g.Add(graph.Node{Kind: graph.Jump, Pos: s.Pos})
	if s.Brk {
		lp.breaks = append(lp.breaks, graph.Hole{Node: n})
	} else {
		l.g.Nodes[n].Next = lp.cont
	}
	return graph.Frag{Entry: n}
}

func (l *lowerer) ret(s *syntax.ReturnStmt) graph.Frag {
	out := graph.Empty
	if s.Value != nil {
		v := l.expr(s.Value)
		fn := v.Fn
		out = graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Access: l.once(s.Pos, v.Access), Pos: s.Pos,
			Do: func(m primitives.Mem) { fn(m) }}))
	}
	fr := l.calls[len(l.calls)-1]
	if fr.inlined {
		n := l.g.Add(graph.Node{Kind: graph.Jump, Pos: s.Pos})
		fr.returns = append(fr.returns, graph.Hole{Node: n})
		return l.g.Seq(out, graph.Frag{Entry: n})
	}
	return l.g.Seq(out, graph.Frag{Entry: l.g.Add(graph.Node{Kind: graph.Return, Pos: s.Pos})})
}

// fence is `atomic_thread_fence(ORDER);`: a step of its own that
// touches no cell. An instance with a fence says so in its facts
// (Facts.Fences), for the machine to keep each thread's fence clocks.
func (l *lowerer) fence(s *syntax.ExprStmt, c *syntax.Call) graph.Frag {
	if len(c.Args) != 1 {
		l.errs.Add(c.Pos, "write atomic_thread_fence(order): relaxed, acquire, release, acq_rel or seq_cst")
		return graph.Empty
	}
	o := l.order(c.Args, 0, allOrders, "a fence")
	l.fences = true
	return graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Access: true, Pos: s.Pos,
		Do: func(m primitives.Mem) { m.Fence(o(m)) }}))
}

// semAcquire is `sem_acquire(sema);`: Go's runtime_Semacquire. It takes a
// permit, or queues the coroutine on the semaphore and parks it until a
// sem_release hands it one.
func (l *lowerer) semAcquire(s *syntax.ExprStmt, c *syntax.Call) graph.Frag {
	fi := l.semField(c)
	if fi == nil {
		return graph.Empty
	}
	return graph.Single(l.node(s, graph.Node{Kind: graph.Sem, Access: true, Addr: l.fieldAddr(fi), Pos: s.Pos}))
}

// semField checks the argument of sem_acquire and sem_release: an atomic
// uint32 field, the semaphore.
func (l *lowerer) semField(c *syntax.Call) *fieldInst {
	if len(c.Args) != 1 {
		l.errs.Add(c.Pos, "%s(field) takes the semaphore's field", c.Fun)
		return nil
	}
	var fi *fieldInst
	switch a := c.Args[0].(type) {
	case *syntax.Ident:
		fi = l.field(a.Name, a.Pos)
	case *syntax.Member:
		fi = l.dottedField(a)
	case *syntax.Unary:
		if id, ok := a.X.(*syntax.Ident); ok && a.Op == "&" {
			fi = l.field(id.Name, id.Pos)
		}
	}
	if fi == nil {
		if l.errs != nil {
			l.errs.Add(c.Args[0].At(), "%s takes a field: the semaphore", c.Fun)
		}
		return nil
	}
	if !fi.decl.Atomic || fi.decl.Type != syntax.TyUint32 {
		l.errs.Add(c.Args[0].At(), "a semaphore is an atomic<uint32> field; %s is not", fi.decl.Name)
		return nil
	}
	return fi
}

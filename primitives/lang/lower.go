package lang

import "lockstep/primitives"

// lowerer type-checks an operation and builds its graph of nodes. The
// same code checks a source (every branch lowered, parameters unknown) and
// builds an instance (parameters known, branches on constants pruned), so
// the two can never disagree about what a statement means.
type lowerer struct {
	d    *Def
	in   *Instance // the instance being built
	errs *errs
	// fold: the parameters are constants, and a branch on a constant
	// lowers only the side taken.
	fold bool
	// facts: lowering a fact, which reads fields without a step.
	facts bool
	// access records, while checking, which statements touch shared
	// memory.
	access map[stmt]bool
	// resolving are the constants being evaluated, to catch a cycle.
	resolving map[*constDecl]bool

	g      *graph
	scopes []map[string]local
	slots  [MaxLocals]bool
	loops  []*loop
	calls  []*callFrame
}

// local is a local variable: its slot in the frame and its type.
type local struct {
	slot int
	t    typ
}

// loop is an enclosing loop: where continue goes, and the breaks.
type loop struct {
	cont   int
	breaks []hole
}

// callFrame is an operation being lowered: the one being built, or one it
// calls, inlined. A return of an inlined call jumps past the call.
type callFrame struct {
	op      *opDecl
	arg     ev // the argument's value
	inlined bool
	returns []hole
}

// op lowers operation o, the one being built, into l.g. It returns the
// entry node.
func (l *lowerer) op(o *opDecl) int {
	l.g = &graph{}
	l.scopes, l.slots, l.loops = nil, [MaxLocals]bool{}, nil
	arg := ev{t: tyBad}
	if o.param != nil {
		t := o.param.typ
		arg = ev{t: t, fn: func(m primitives.Mem) uint64 { return norm(t, m.Arg()) }}
	}
	l.calls = []*callFrame{{op: o, arg: arg}}
	body := l.block(o.body)
	end := l.g.add(node{kind: nReturn, pos: o.end})
	body = l.g.seq(body, single(end))
	return body.entry
}

// node adds a node for statement s (a simple statement, or an if's or a
// loop's condition), labelled when it makes an access.
func (l *lowerer) node(s stmt, n node) int {
	if n.access {
		n.label = l.d.labelOf[s]
	}
	if l.access != nil {
		l.access[s] = n.access
	}
	if len(l.g.nodes) >= MaxNodes {
		l.errs.add(s.at(), "the primitive is too large: more than %d actions after inlining its calls", MaxNodes)
		panic(bail{})
	}
	return l.g.add(n)
}

func (l *lowerer) block(b *block) frag {
	l.scopes = append(l.scopes, map[string]local{})
	out := empty
	for _, s := range b.stmts {
		out = l.g.seq(out, l.stmt(s))
	}
	for _, v := range l.scopes[len(l.scopes)-1] {
		l.slots[v.slot] = false
	}
	l.scopes = l.scopes[:len(l.scopes)-1]
	return out
}

func (l *lowerer) stmt(s stmt) frag {
	switch s := s.(type) {
	case *block:
		return l.block(s)
	case *labeled:
		switch s.s.(type) {
		case *block, *branchStmt, *suspendStmt, *labeled:
			l.errs.add(s.pos, "label %s: a label names a statement that touches shared memory, not a block, break, continue or suspend", s.label)
		}
		return l.stmt(s.s)
	case *declStmt:
		return l.decl(s)
	case *assignStmt:
		return l.assign(s)
	case *exprStmt:
		return l.exprStmt(s)
	case *ifStmt:
		return l.ifStmt(s)
	case *whileStmt:
		if s.do {
			return l.doWhile(s)
		}
		return l.while(s)
	case *branchStmt:
		return l.branch(s)
	case *returnStmt:
		return l.ret(s)
	case *suspendStmt:
		return single(l.node(s, node{kind: nSuspend, pos: s.pos}))
	}
	panic("lang: unknown statement")
}

// declare gives a new local a slot in the innermost scope.
func (l *lowerer) declare(name string, t typ, at Pos) int {
	if _, ok := l.lookupLocal(name); ok {
		l.errs.add(at, "local %s is already declared", name)
	} else if l.global(name) != "" {
		l.errs.add(at, "local %s: the name is already the primitive's %s", name, l.global(name))
	}
	for i, used := range l.slots {
		if !used {
			l.slots[i] = true
			l.scopes[len(l.scopes)-1][name] = local{slot: i, t: t}
			return i
		}
	}
	l.errs.add(at, "local %s: more than %d locals at once (an operation's frame has %d slots); end a block or reuse one", name, MaxLocals, MaxLocals)
	return 0
}

func (l *lowerer) lookupLocal(name string) (local, bool) {
	for i := len(l.scopes) - 1; i >= 0; i-- {
		if v, ok := l.scopes[i][name]; ok {
			return v, true
		}
	}
	return local{}, false
}

// global says what the primitive declares name as, or "".
func (l *lowerer) global(name string) string {
	f := l.d.f
	for _, p := range f.params {
		if p.name == name {
			return "parameter"
		}
	}
	for _, c := range f.consts {
		if c.name == name {
			return "constant"
		}
	}
	for _, fd := range f.fields {
		if fd.name == name {
			return "field"
		}
	}
	if builtinNames[name] {
		return "builtin"
	}
	return ""
}

func (l *lowerer) decl(s *declStmt) frag {
	if s.init == nil {
		// Without a value a local holds what its slot holds (0 when the
		// operation starts), as an uninitialized C++ local holds garbage;
		// declaring it is no action.
		if s.typ == tyAuto {
			l.errs.add(s.pos, "local %s: auto needs a value to take its type from", s.name)
		}
		l.declare(s.name, s.typ, s.pos)
		return empty
	}
	v := l.expr(s.init)
	t := s.typ
	if t == tyAuto {
		t = v.t
		if t == tyUntyped {
			t = tyInt32 // auto n = 0 is an int, as in C++
		}
	}
	switch t {
	case tyNone, tyOrder, tyString:
		l.errs.add(s.pos, "local %s: %s is not a value a local can hold", s.name, t)
		t = tyBad
	}
	val := l.convert(v, t, s.pos, "local "+s.name)
	slot := l.declare(s.name, t, s.pos)
	return single(l.node(s, node{kind: nExec, access: v.access > 0, pos: s.pos,
		do: func(m primitives.Mem) { m.SetLocal(slot, val(m)) }}))
}

// zero computes 0.
func zero(primitives.Mem) uint64 { return 0 }

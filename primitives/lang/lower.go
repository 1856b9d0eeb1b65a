package lang

import (
	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// lowerer type-checks an operation and builds its graph of nodes. The
// same code checks a source (every branch lowered, parameters unknown) and
// builds an instance (parameters known, branches on constants pruned), so
// the two can never disagree about what a statement means.
type lowerer struct {
	d    *Def
	in   *Instance // the instance being built
	errs *syntax.Errs
	// fold: the parameters are constants, and a branch on a constant
	// lowers only the side taken.
	fold bool
	// facts: lowering a fact, which reads fields without a step.
	facts bool
	// access records, while checking, which statements touch shared
	// memory.
	access map[syntax.Stmt]bool
	// fences: an operation lowered has an atomic_thread_fence.
	fences bool
	// argOrders are the orders the operation being built may take as its
	// argument, when it takes a memory_order: those every use allows.
	argOrders orderSet
	// resolving are the constants being evaluated, to catch a cycle.
	resolving map[*syntax.ConstDecl]bool

	g      *graph.Graph
	scopes []map[string]local
	slots  [MaxLocals]bool
	loops  []*loop
	calls  []*callFrame
}

// local is a local variable: its slot in the frame and its type.
type local struct {
	slot int
	t    syntax.Type
}

// loop is an enclosing loop: where continue goes, and the breaks.
type loop struct {
	cont   int
	breaks []graph.Hole
}

// callFrame is an operation being lowered: the one being built, or one it
// calls, inlined. A return of an inlined call jumps past the call.
type callFrame struct {
	op      *syntax.OpDecl
	arg     word.Value // the argument's value
	inlined bool
	returns []graph.Hole
}

// op lowers operation o, the one being built, into l.g. It returns the
// entry node.
func (l *lowerer) op(o *syntax.OpDecl) int {
	l.g = &graph.Graph{}
	l.scopes, l.slots, l.loops = nil, [MaxLocals]bool{}, nil
	l.argOrders = allOrders
	arg := word.Value{Type: syntax.TyBad}
	if o.Param != nil {
		t := o.Param.Type
		arg = word.Value{Type: t, Fn: func(m primitives.Mem) uint64 { return word.Norm(t, m.Arg()) }}
	}
	l.calls = []*callFrame{{op: o, arg: arg}}
	body := l.block(o.Body)
	end := l.g.Add(graph.Node{Kind: graph.Return, Pos: o.End})
	body = l.g.Seq(body, graph.Single(end))
	return body.Entry
}

// node adds a node for statement s (a simple statement, or an if's or a
// loop's condition), labelled when it makes an access.
func (l *lowerer) node(s syntax.Stmt, n graph.Node) int {
	if n.Access {
		n.Label = l.d.labelOf[s]
	}
	if l.access != nil {
		l.access[s] = n.Access
	}
	if len(l.g.Nodes) >= MaxNodes {
		l.errs.Add(s.At(), "the primitive is too large: more than %d actions after inlining its calls", MaxNodes)
		panic(syntax.Bail{})
	}
	return l.g.Add(n)
}

func (l *lowerer) block(b *syntax.Block) graph.Frag {
	l.scopes = append(l.scopes, map[string]local{})
	out := graph.Empty
	for _, s := range b.Stmts {
		out = l.g.Seq(out, l.stmt(s))
	}
	for _, v := range l.scopes[len(l.scopes)-1] {
		l.slots[v.slot] = false
	}
	l.scopes = l.scopes[:len(l.scopes)-1]
	return out
}

func (l *lowerer) stmt(s syntax.Stmt) graph.Frag {
	switch s := s.(type) {
	case *syntax.Block:
		return l.block(s)
	case *syntax.Labeled:
		switch s.S.(type) {
		case *syntax.Block, *syntax.BranchStmt, *syntax.SuspendStmt, *syntax.SpinStmt, *syntax.Labeled:
			l.errs.Add(s.Pos, "label %s: a label names a statement that touches shared memory, not a block, break, continue, suspend or spin", s.Label)
		}
		return l.stmt(s.S)
	case *syntax.DeclStmt:
		return l.decl(s)
	case *syntax.AssignStmt:
		return l.assign(s)
	case *syntax.ExprStmt:
		return l.exprStmt(s)
	case *syntax.IfStmt:
		return l.ifStmt(s)
	case *syntax.WhileStmt:
		if s.Do {
			return l.doWhile(s)
		}
		return l.while(s)
	case *syntax.BranchStmt:
		return l.branch(s)
	case *syntax.ReturnStmt:
		return l.ret(s)
	case *syntax.SuspendStmt:
		return graph.Single(l.node(s, graph.Node{Kind: graph.Suspend, Pos: s.Pos}))
	case *syntax.SpinStmt:
		l.errs.Add(s.Pos, "spin; is the whole body of a spin-wait: while (COND) spin;")
		return graph.Empty
	}
	panic("lang: unknown statement")
}

// declare gives a new local a slot in the innermost scope.
func (l *lowerer) declare(name string, t syntax.Type, at syntax.Pos) int {
	if _, ok := l.lookupLocal(name); ok {
		l.errs.Add(at, "local %s is already declared", name)
	} else if l.global(name) != "" {
		l.errs.Add(at, "local %s: the name is already the primitive's %s", name, l.global(name))
	}
	for i, used := range l.slots {
		if !used {
			l.slots[i] = true
			l.scopes[len(l.scopes)-1][name] = local{slot: i, t: t}
			return i
		}
	}
	l.errs.Add(at, "local %s: more than %d locals at once (an operation's frame has %d slots); end a block or reuse one", name, MaxLocals, MaxLocals)
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
	for _, p := range f.Params {
		if p.Name == name {
			return "parameter"
		}
	}
	for _, c := range f.Consts {
		if c.Name == name {
			return "constant"
		}
	}
	for _, fd := range f.Fields {
		if fd.Name == name {
			return "field"
		}
	}
	if builtinNames[name] {
		return "builtin"
	}
	return ""
}

func (l *lowerer) decl(s *syntax.DeclStmt) graph.Frag {
	if s.Init == nil {
		// Without a value a local holds what its slot holds (0 when the
		// operation starts), as an uninitialized C++ local holds garbage;
		// declaring it is no action.
		if s.Type == syntax.TyAuto {
			l.errs.Add(s.Pos, "local %s: auto needs a value to take its type from", s.Name)
		}
		l.declare(s.Name, s.Type, s.Pos)
		return graph.Empty
	}
	v := l.expr(s.Init)
	t := s.Type
	if t == syntax.TyAuto {
		t = v.Type
		if t == syntax.TyUntyped {
			t = syntax.TyInt32 // auto n = 0 is an int, as in C++
		}
	}
	switch t {
	case syntax.TyNone, syntax.TyOrder, syntax.TyString:
		l.errs.Add(s.Pos, "local %s: %s is not a value a local can hold", s.Name, t)
		t = syntax.TyBad
	}
	val := l.convert(v, t, s.Pos, "local "+s.Name)
	slot := l.declare(s.Name, t, s.Pos)
	return graph.Single(l.node(s, graph.Node{Kind: graph.Exec, Access: v.Access > 0, Pos: s.Pos,
		Do: func(m primitives.Mem) { m.SetLocal(slot, val(m)) }}))
}

// zero computes 0.
func zero(primitives.Mem) uint64 { return 0 }

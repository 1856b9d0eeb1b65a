package lang

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// An Instance is a written primitive made runnable: its fields laid out,
// its operations built into step functions. It implements
// primitives.Primitive and primitives.Labeled, so it runs wherever the
// Go ports run. Like them, it is bound to one address by Bind; once bound,
// its step functions keep nothing between calls and may be run by any
// number of machines at once.
type Instance struct {
	def    *Def
	params map[string]uint64
	base   uint64

	fields     []*fieldInst
	fieldNamed map[string]*fieldInst
	ops        []primitives.Operation
	points     []point // by pc - pcBase; points[0] is unused
	facts      primitives.Facts
}

// fieldInst is a field of an instance.
type fieldInst struct {
	decl *syntax.FieldDecl
	off  uint64
	pf   primitives.Field
}

// pcBase is added to an index of Instance.points to make a pc: written
// primitives number their labels above the built-in table's.
const pcBase = primitives.FirstFreeLabel - 1

// A point is where a step starts: pc's node, in its operation's graph.
type point struct {
	nodes []graph.Node
	node  int
	label int
}

// newInstance builds an instance with parameter values vals (check: every
// field, parameters unknown, for type-checking only).
func newInstance(d *Def, vals map[string]uint64, e *syntax.Errs) *Instance {
	in := &Instance{def: d, params: vals, fieldNamed: map[string]*fieldInst{}, points: []point{{}}}
	l := &lowerer{d: d, in: in, errs: e, fold: vals != nil}
	for _, fd := range d.f.Fields {
		if fd.Cond != nil && vals != nil {
			c := l.cond(fd.Cond)
			if c.Type != syntax.TyBad && !c.Const {
				e.Add(fd.Cond.At(), "a field's condition is made of parameters and constants")
			}
			if c.Val == 0 {
				continue
			}
		}
		fi := &fieldInst{decl: fd, off: uint64(len(in.fields))}
		in.fields = append(in.fields, fi)
		in.fieldNamed[fd.Name] = fi
	}
	if vals == nil {
		return in
	}
	for _, fi := range in.fields {
		fi.pf = l.fieldDecl(fi)
	}
	seen := map[string]bool{}
	for _, o := range d.f.Ops {
		if o.Private || !l.present(o) {
			continue
		}
		if seen[o.Name] {
			e.Add(o.Pos, "two operations %s exist together: make their conditions exclusive", o.Name)
			continue
		}
		seen[o.Name] = true
		in.ops = append(in.ops, l.build(o))
	}
	in.facts = l.buildFacts()
	in.facts.Fences = l.fences
	return in
}

// check type-checks every operation with nothing folded and reports which
// statements touch shared memory.
func (d *Def) check(e *syntax.Errs) map[syntax.Stmt]bool {
	in := newInstance(d, nil, e)
	l := &lowerer{d: d, in: in, errs: e, access: map[syntax.Stmt]bool{}}
	for _, o := range d.f.Ops {
		l.op(o)
	}
	return l.access
}

// fieldDecl is field fi as the machine declares it: its kind, its initial
// value, the names of values.
func (l *lowerer) fieldDecl(fi *fieldInst) primitives.Field {
	fd := fi.decl
	kind, _ := word.Kind(fd.Type)
	pf := primitives.Field{Name: fd.Name, Kind: kind, Atomic: fd.Atomic}
	if fd.Init != nil {
		v, self := l.fieldValue(fd.Init, fi, "a field's initial value")
		pf.Init, pf.InitSelf = v, self
	}
	for _, s := range fd.Shows {
		v, self := l.fieldValue(s.Value, fi, "a shown value")
		if self {
			pf.Self = s.Text
			continue
		}
		if pf.Names == nil {
			pf.Names = map[uint64]string{}
		}
		pf.Names[v] = s.Text
	}
	return pf
}

// fieldValue evaluates a field's initial value or a value it shows: a
// constant, or the field's own address (this, for the first field; &f for
// field f) — an event's "set" sentinel.
func (l *lowerer) fieldValue(x syntax.Expr, fi *fieldInst, what string) (uint64, bool) {
	switch y := x.(type) {
	case *syntax.ThisLit:
		if fi.off == 0 {
			return 0, true
		}
	case *syntax.Unary:
		if id, ok := y.X.(*syntax.Ident); ok && y.Op == "&" && id.Name == fi.decl.Name {
			return 0, true
		}
		if mb, ok := y.X.(*syntax.Member); ok && y.Op == "&" {
			if name, ok := dottedName(mb); ok && name == fi.decl.Name {
				return 0, true
			}
		}
	case *syntax.Ternary:
		c := l.cond(y.Cond)
		if c.Const {
			if c.Val != 0 {
				return l.fieldValue(y.Yes, fi, what)
			}
			return l.fieldValue(y.No, fi, what)
		}
	}
	v := l.expr(x)
	if v.Type == syntax.TyBad {
		return 0, false
	}
	if !v.Const {
		l.errs.Add(x.At(), "%s is a constant, or the field's own address (this, &%s)", what, fi.decl.Name)
		return 0, false
	}
	fn := l.convert(v, fi.decl.Type, x.At(), what)
	return fn(nil), false
}

// build lowers operation o into a step function.
func (l *lowerer) build(o *syntax.OpDecl) primitives.Operation {
	entry := l.op(o)
	g := l.g
	g.Shortcut()
	entry = g.Target(entry)
	op := primitives.Operation{Name: o.Name, Awaits: hasAttr(o, "awaiter"), HasArg: o.Param != nil}
	if o.Param != nil && o.Param.Type == syntax.TyOrder {
		// The script writes the order in words, one of those the
		// operation's uses of it allow.
		op.ArgNames = make([]string, len(orderWords))
		for v, w := range orderWords {
			if l.argOrders&(1<<v) != 0 {
				op.ArgNames[v] = w
			}
		}
	}
	switch {
	case hasAttr(o, "waiting"):
		op.Role = primitives.Waiting
	case hasAttr(o, "lock"):
		op.Role = primitives.Lock
	case hasAttr(o, "unlock"):
		op.Role = primitives.Unlock
	}
	// Number the step points: every access node, then the entry and the
	// continuations of suspends, which start at the access they reach.
	for _, n := range graph.Reachable(g, entry) {
		if nd := &g.Nodes[n]; nd.Access {
			nd.PC = pcBase + len(l.in.points)
			l.in.points = append(l.in.points, point{nodes: g.Nodes, node: n, label: nd.Label})
		}
	}
	op.Entry = l.start(o, entry, "the start of "+o.Name)
	for _, n := range graph.Reachable(g, entry) {
		if nd := &g.Nodes[n]; nd.Kind == graph.Suspend || nd.Kind == graph.Sem {
			nd.Resume = l.start(o, nd.Next, fmt.Sprintf("the suspend at %s", nd.Pos))
		}
	}
	if len(l.in.points) > MaxNodes {
		l.errs.Add(o.Pos, "the primitive is too large: more than %d steps", MaxNodes)
	}
	nodes := g.Nodes
	in := l.in
	op.Step = func(m primitives.Mem) { in.run(nodes, m) }
	return op
}

// start is the step point of a step that begins at node n (an
// operation's entry, the continuation of a suspend): n itself when it is
// an access; otherwise a point of its own, which runs the local statements
// before the first access and takes that access's label, so the access
// must be the same on every path.
func (l *lowerer) start(o *syntax.OpDecl, n int, where string) int {
	g := l.g
	if n < 0 {
		l.errs.Add(o.End, "%s makes no shared-memory access: a step is exactly one", where)
		return 0
	}
	if g.Nodes[n].Access {
		return g.Nodes[n].PC
	}
	first, bad := l.firstAccesses(n)
	switch {
	case bad >= 0:
		nd := g.Nodes[bad]
		what := "returns"
		if nd.Kind == graph.Suspend {
			what = "suspends"
		}
		l.errs.Add(nd.Pos, "after %s, this path %s before touching shared memory: a step is exactly one access", where, what)
		return 0
	case len(first) == 0:
		l.errs.Add(g.Nodes[n].Pos, "after %s, no path touches shared memory: a step is exactly one access", where)
		return 0
	case len(first) > 1:
		a, b := g.Nodes[first[0]].Pos, g.Nodes[first[1]].Pos
		l.errs.Add(g.Nodes[n].Pos, "after %s, the first access depends on a branch (%s or %s); a step's label must be known before it runs, so branch after an access", where, a, b)
		return 0
	}
	pc := pcBase + len(l.in.points)
	l.in.points = append(l.in.points, point{nodes: g.Nodes, node: n, label: g.Nodes[first[0]].Label})
	return pc
}

// firstAccesses walks the local statements from node n and returns the
// access nodes they reach first, or a return or suspend reached before
// any access (bad, else -1).
func (l *lowerer) firstAccesses(n int) (first []int, bad int) {
	g := l.g
	seen := map[int]bool{n: true}
	work := []int{n}
	for len(work) > 0 {
		i := work[len(work)-1]
		work = work[:len(work)-1]
		nd := &g.Nodes[i]
		if nd.Access {
			first = append(first, i)
			continue
		}
		switch nd.Kind {
		case graph.Return, graph.Suspend:
			return nil, i
		case graph.Panic:
			continue
		}
		for _, next := range [2]int{nd.Next, nd.Alt} {
			if next >= 0 && !seen[next] {
				seen[next] = true
				work = append(work, next)
			}
		}
	}
	return first, -1
}

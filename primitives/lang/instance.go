package lang

import (
	"fmt"

	"lockstep/primitives"
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
	decl *fieldDecl
	off  uint64
	pf   primitives.Field
}

// pcBase is added to an index of Instance.points to make a pc: written
// primitives number their labels above the built-in table's.
const pcBase = primitives.FirstFreeLabel - 1

// A point is where a step starts: pc's node, in its operation's graph.
type point struct {
	nodes []node
	node  int
	label int
}

// newInstance builds an instance with parameter values vals (check: every
// field, parameters unknown, for type-checking only).
func newInstance(d *Def, vals map[string]uint64, e *errs) *Instance {
	in := &Instance{def: d, params: vals, fieldNamed: map[string]*fieldInst{}, points: []point{{}}}
	l := &lowerer{d: d, in: in, errs: e, fold: vals != nil}
	for _, fd := range d.f.fields {
		if fd.cond != nil && vals != nil {
			c := l.cond(fd.cond)
			if c.t != tyBad && !c.k {
				e.add(fd.cond.at(), "a field's condition is made of parameters and constants")
			}
			if c.kv == 0 {
				continue
			}
		}
		fi := &fieldInst{decl: fd, off: uint64(len(in.fields))}
		in.fields = append(in.fields, fi)
		in.fieldNamed[fd.name] = fi
	}
	if vals == nil {
		return in
	}
	for _, fi := range in.fields {
		fi.pf = l.fieldDecl(fi)
	}
	seen := map[string]bool{}
	for _, o := range d.f.ops {
		if o.private || !l.present(o) {
			continue
		}
		if seen[o.name] {
			e.add(o.pos, "two operations %s exist together: make their conditions exclusive", o.name)
			continue
		}
		seen[o.name] = true
		in.ops = append(in.ops, l.build(o))
	}
	in.facts = l.buildFacts()
	return in
}

// check type-checks every operation with nothing folded and reports which
// statements touch shared memory.
func (d *Def) check(e *errs) map[stmt]bool {
	in := newInstance(d, nil, e)
	l := &lowerer{d: d, in: in, errs: e, access: map[stmt]bool{}}
	for _, o := range d.f.ops {
		l.op(o)
	}
	return l.access
}

// fieldDecl is field fi as the machine declares it: its kind, its initial
// value, the names of values.
func (l *lowerer) fieldDecl(fi *fieldInst) primitives.Field {
	fd := fi.decl
	kind, _ := fieldKind(fd.typ)
	pf := primitives.Field{Name: fd.name, Kind: kind, Atomic: fd.atomic}
	if fd.init != nil {
		v, self := l.fieldValue(fd.init, fi, "a field's initial value")
		pf.Init, pf.InitSelf = v, self
	}
	for _, s := range fd.shows {
		v, self := l.fieldValue(s.value, fi, "a shown value")
		if self {
			pf.Self = s.text
			continue
		}
		if pf.Names == nil {
			pf.Names = map[uint64]string{}
		}
		pf.Names[v] = s.text
	}
	return pf
}

// fieldValue evaluates a field's initial value or a value it shows: a
// constant, or the field's own address (this, for the first field; &f for
// field f) — an event's "set" sentinel.
func (l *lowerer) fieldValue(x expr, fi *fieldInst, what string) (uint64, bool) {
	switch y := x.(type) {
	case *thisLit:
		if fi.off == 0 {
			return 0, true
		}
	case *unary:
		if id, ok := y.x.(*ident); ok && y.op == "&" && id.name == fi.decl.name {
			return 0, true
		}
		if mb, ok := y.x.(*member); ok && y.op == "&" {
			if name, ok := dottedName(mb); ok && name == fi.decl.name {
				return 0, true
			}
		}
	case *ternary:
		c := l.cond(y.cond)
		if c.k {
			if c.kv != 0 {
				return l.fieldValue(y.yes, fi, what)
			}
			return l.fieldValue(y.no, fi, what)
		}
	}
	v := l.expr(x)
	if v.t == tyBad {
		return 0, false
	}
	if !v.k {
		l.errs.add(x.at(), "%s is a constant, or the field's own address (this, &%s)", what, fi.decl.name)
		return 0, false
	}
	fn := l.convert(v, fi.decl.typ, x.at(), what)
	return fn(nil), false
}

// build lowers operation o into a step function.
func (l *lowerer) build(o *opDecl) primitives.Operation {
	entry := l.op(o)
	g := l.g
	g.shortcut()
	entry = g.target(entry)
	op := primitives.Operation{Name: o.name, Awaits: hasAttr(o, "awaiter"), HasArg: o.param != nil}
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
	for _, n := range reachable(g, entry) {
		if nd := &g.nodes[n]; nd.access {
			nd.pc = pcBase + len(l.in.points)
			l.in.points = append(l.in.points, point{nodes: g.nodes, node: n, label: nd.label})
		}
	}
	op.Entry = l.start(o, entry, "the start of "+o.name)
	for _, n := range reachable(g, entry) {
		if nd := &g.nodes[n]; nd.kind == nSuspend || nd.kind == nSem {
			nd.resume = l.start(o, nd.next, fmt.Sprintf("the suspend at %s", nd.pos))
		}
	}
	if len(l.in.points) > MaxNodes {
		l.errs.add(o.pos, "the primitive is too large: more than %d steps", MaxNodes)
	}
	nodes := g.nodes
	in := l.in
	op.Step = func(m primitives.Mem) { in.run(nodes, m) }
	return op
}

// reachable lists the nodes reachable from n.
func reachable(g *graph, n int) []int {
	if n < 0 {
		return nil
	}
	seen := make([]bool, len(g.nodes))
	out := []int{n}
	seen[n] = true
	for i := 0; i < len(out); i++ {
		nd := &g.nodes[out[i]]
		for _, next := range [2]int{nd.next, nd.alt} {
			if next >= 0 && !seen[next] {
				seen[next] = true
				out = append(out, next)
			}
		}
	}
	return out
}

// start is the step point of a step that begins at node n (an
// operation's entry, the continuation of a suspend): n itself when it is
// an access; otherwise a point of its own, which runs the local statements
// before the first access and takes that access's label, so the access
// must be the same on every path.
func (l *lowerer) start(o *opDecl, n int, where string) int {
	g := l.g
	if n < 0 {
		l.errs.add(o.end, "%s makes no shared-memory access: a step is exactly one", where)
		return 0
	}
	if g.nodes[n].access {
		return g.nodes[n].pc
	}
	first, bad := l.firstAccesses(n)
	switch {
	case bad >= 0:
		nd := g.nodes[bad]
		what := "returns"
		if nd.kind == nSuspend {
			what = "suspends"
		}
		l.errs.add(nd.pos, "after %s, this path %s before touching shared memory: a step is exactly one access", where, what)
		return 0
	case len(first) == 0:
		l.errs.add(g.nodes[n].pos, "after %s, no path touches shared memory: a step is exactly one access", where)
		return 0
	case len(first) > 1:
		a, b := g.nodes[first[0]].pos, g.nodes[first[1]].pos
		l.errs.add(g.nodes[n].pos, "after %s, the first access depends on a branch (%s or %s); a step's label must be known before it runs, so branch after an access", where, a, b)
		return 0
	}
	pc := pcBase + len(l.in.points)
	l.in.points = append(l.in.points, point{nodes: g.nodes, node: n, label: g.nodes[first[0]].label})
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
		nd := &g.nodes[i]
		if nd.access {
			first = append(first, i)
			continue
		}
		switch nd.kind {
		case nReturn, nSuspend:
			return nil, i
		case nPanic:
			continue
		}
		for _, next := range [2]int{nd.next, nd.alt} {
			if next >= 0 && !seen[next] {
				seen[next] = true
				work = append(work, next)
			}
		}
	}
	return first, -1
}

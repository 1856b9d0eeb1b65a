package lang

import (
	"strings"

	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
)

// A spin-wait is `while (COND) spin;`: a loop that only re-reads one
// atomic cell until another thread writes it. It is one step, the
// condition's access: when the condition holds, the step tells the
// machine it spins on the value it read (Mem.Spin) and is performed
// again, which the machine does only once the cell has a newer write;
// else the operation goes on after the loop. So a thread that waits for a
// write nobody makes is stuck, not running forever.

// isSpinBody reports whether a loop's body is `spin;` (or `{ spin; }`).
func isSpinBody(s syntax.Stmt) bool {
	if b, ok := s.(*syntax.Block); ok && len(b.Stmts) == 1 {
		s = b.Stmts[0]
	}
	_, ok := s.(*syntax.SpinStmt)
	return ok
}

// spinWait lowers `while (COND) spin;`. Its condition makes exactly one
// access, an atomic load, or a compare_exchange the loop repeats while it
// fails (`while (!m.compare_exchange_strong(0, 1, acquire)) spin;`); it
// reads locals, parameters and constants besides, which the loop cannot
// change.
func (l *lowerer) spinWait(s *syntax.WhileStmt) graph.Frag {
	c := l.cond(s.Cond)
	if c.Type == syntax.TyBad {
		return graph.Empty
	}
	if c.Access == 0 {
		l.errs.Add(start(s.Cond), "a spin-wait's condition re-reads an atomic cell (x.load(order) != 0): this one touches no shared memory, so what it waits for can never change")
		return graph.Empty
	}
	if !l.once(start(s.Cond), c.Access) || c.Access > 1 {
		return graph.Empty
	}
	var calls []*syntax.Method
	methods(s.Cond, &calls)
	var read *syntax.Method
	for _, m := range calls {
		if m.Name == "load" || strings.HasPrefix(m.Name, "compare_exchange_") {
			read = m
		}
	}
	if read == nil {
		what := "a plain read, or an awaiter's field, is not atomic"
		if len(calls) > 0 && calls[0].Name != "resume" {
			what = calls[0].Name + " writes the cell"
		} else if len(calls) > 0 {
			what = "resume() is not a read"
		}
		l.errs.Add(start(s.Cond), "a spin-wait only re-reads an atomic cell, with load or with a compare_exchange that fails: %s", what)
		return graph.Empty
	}
	if read.Name != "load" {
		if !l.spinCAS(s.Cond, read) {
			return graph.Empty
		}
	}
	fi := l.methodField(read)
	if fi == nil {
		return graph.Empty
	}
	return graph.Single(l.node(s, graph.Node{Kind: graph.SpinWait, Access: true, Cond: c.Fn, Addr: l.fieldAddr(fi), Pos: s.Pos}))
}

// spinCAS checks a spin-wait on a compare_exchange: the loop goes round
// while it fails (a successful one wrote, and a spin-wait only reads),
// and its expected value is not a local, which a failed compare_exchange
// overwrites with what it saw: the next try would then compare with
// something else, not re-read.
func (l *lowerer) spinCAS(cond syntax.Expr, cas *syntax.Method) bool {
	if u, ok := cond.(*syntax.Unary); !ok || u.Op != "!" || u.X != cas {
		l.errs.Add(start(cond), "a spin-wait on %s goes round while it fails: write while (!x.%s(expected, desired, ...)) spin;", cas.Name, cas.Name)
		return false
	}
	if len(cas.Args) > 0 {
		if id, ok := cas.Args[0].(*syntax.Ident); ok {
			if _, isLocal := l.lookupLocal(id.Name); isLocal {
				l.errs.Add(id.Pos, "a spin-wait's %s cannot take a local as expected: a failed one writes what it saw into %s, so the next try would not repeat it; write the value expected", cas.Name, id.Name)
				return false
			}
		}
	}
	return true
}

// methodField is the atomic field of x.NAME(...) (x known to name one).
func (l *lowerer) methodField(m *syntax.Method) *fieldInst {
	switch r := m.X.(type) {
	case *syntax.Ident:
		return l.field(r.Name, r.Pos)
	case *syntax.Member:
		return l.dottedField(r)
	}
	return nil
}

// methods collects the method calls in x, in the order they are written.
func methods(x syntax.Expr, out *[]*syntax.Method) {
	switch x := x.(type) {
	case *syntax.Method:
		methods(x.X, out)
		*out = append(*out, x)
		for _, a := range x.Args {
			methods(a, out)
		}
	case *syntax.Unary:
		methods(x.X, out)
	case *syntax.Binary:
		methods(x.X, out)
		methods(x.Y, out)
	case *syntax.Ternary:
		methods(x.Cond, out)
		methods(x.Yes, out)
		methods(x.No, out)
	case *syntax.Call:
		for _, a := range x.Args {
			methods(a, out)
		}
	case *syntax.Member:
		methods(x.X, out)
	case *syntax.Cast:
		methods(x.X, out)
	}
}

package lang

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
)

// runtimeError is an error of a running step (a division by zero): the
// machine ends the run with it as a panic.
type runtimeError struct{ msg string }

func (e runtimeError) Error() string { return "runtime error: " + e.msg }

// convert checks that v can be held by a value of type t and returns the
// computation of the converted value.
func (l *lowerer) convert(v ev, t syntax.Type, at syntax.Pos, what string) graph.EvalFn {
	switch {
	case v.t == syntax.TyBad || t == syntax.TyBad:
		return v.fn
	case v.t == t && t != syntax.TyUntyped:
		return v.fn
	case v.t == syntax.TyNone:
		l.errs.Add(at, "%s: the value returns nothing", what)
	case v.t == syntax.TyOrder || v.t == syntax.TyString || t == syntax.TyOrder || t == syntax.TyString:
		l.errs.Add(at, "%s: cannot use %s as %s", what, v.t, t)
	case t.IsInt() && (v.t.IsInt() || v.t == syntax.TyBool), t == syntax.TyBool && v.t.IsInt():
		f := v.fn
		return func(m primitives.Mem) uint64 { return norm(t, f(m)) }
	case t == syntax.TyBool && v.t == syntax.TyPtr:
		f := v.fn
		return func(m primitives.Mem) uint64 { return norm(syntax.TyBool, f(m)) }
	case t == syntax.TyPtr && v.t.IsInt():
		l.errs.Add(at, "%s: a pointer holds an address, not an integer; write nullptr, or (void*)%s for a constant like nolocked", what, "N")
	default:
		l.errs.Add(at, "%s: cannot use %s as %s", what, v.t, t)
	}
	return v.fn
}

// cast is an explicit conversion, T(x) or (T)x: any word as any value.
func (l *lowerer) cast(v ev, t syntax.Type, at syntax.Pos) ev {
	switch {
	case v.t == syntax.TyBad:
		return bad
	case v.t == syntax.TyNone || v.t == syntax.TyOrder || v.t == syntax.TyString || t == syntax.TyAuto:
		l.errs.Add(at, "cannot convert %s to %s", v.t, t)
		return bad
	}
	f := v.fn
	return ev{t: t, access: v.access, fn: func(m primitives.Mem) uint64 { return norm(t, f(m)) }}
}

// cond is a condition: a bool, an integer (not zero) or a pointer (not
// nullptr), as in C++.
func (l *lowerer) cond(x syntax.Expr) ev {
	v := l.expr(x)
	switch {
	case v.t == syntax.TyBad || v.t == syntax.TyBool:
		return v
	case v.t.IsInt() || v.t == syntax.TyPtr:
		f := v.fn
		return fold(ev{t: syntax.TyBool, access: v.access, fn: func(m primitives.Mem) uint64 { return norm(syntax.TyBool, f(m)) }}, v)
	}
	l.errs.Add(x.At(), "a condition is a bool, an integer or a pointer, not %s", v.t)
	return bad
}

func (l *lowerer) unary(x *syntax.Unary) ev {
	if x.Op == "&" {
		var fi *fieldInst
		switch y := x.X.(type) {
		case *syntax.Ident:
			if l.global(y.Name) == "field" {
				fi = l.field(y.Name, y.Pos)
			}
		case *syntax.Member:
			fi = l.dottedField(y)
		}
		if fi == nil {
			l.errs.Add(x.Pos, "& takes the address of a field of the primitive")
			return bad
		}
		return ev{t: syntax.TyPtr, fn: l.fieldAddr(fi)}
	}
	if x.Op == "!" {
		c := l.cond(x.X)
		f := c.fn
		return fold(ev{t: syntax.TyBool, access: c.access, fn: func(m primitives.Mem) uint64 { return f(m) ^ 1 }}, c)
	}
	v := l.expr(x.X)
	if v.t == syntax.TyBad {
		return bad
	}
	if !v.t.IsInt() {
		l.errs.Add(x.Pos, "%s needs an integer, not %s", x.Op, v.t)
		return bad
	}
	f, t := v.fn, v.t
	out := ev{t: t, access: v.access}
	if x.Op == "-" {
		out.fn = func(m primitives.Mem) uint64 { return norm(t, -f(m)) }
	} else {
		out.fn = func(m primitives.Mem) uint64 { return norm(t, ^f(m)) }
	}
	return fold(out, v)
}

func (l *lowerer) binary(x *syntax.Binary) ev {
	switch x.Op {
	case "&&", "||":
		a, b := l.cond(x.X), l.cond(x.Y)
		if b.access > 0 {
			l.errs.Add(start(x.Y), "the right of %s may not run, so it cannot touch shared memory: a step always makes its one access", x.Op)
		}
		fa, fb := a.fn, b.fn
		out := ev{t: syntax.TyBool, access: a.access}
		if x.Op == "&&" {
			out.fn = func(m primitives.Mem) uint64 { return fa(m) & fb(m) }
			if a.k && a.kv == 0 {
				return konst(syntax.TyBool, 0)
			}
		} else {
			out.fn = func(m primitives.Mem) uint64 { return fa(m) | fb(m) }
			if a.k && a.kv == 1 {
				return konst(syntax.TyBool, 1)
			}
		}
		if b.access == 0 {
			// Neither side has an effect, so evaluating both is the same
			// as short-circuiting, and cheaper than a branch.
			return fold(out, a, b)
		}
		return out
	case "==", "!=", "<", "<=", ">", ">=":
		return l.compare(x.Op, l.expr(x.X), l.expr(x.Y), x.Pos)
	}
	return l.arith(x.Op, l.expr(x.X), l.expr(x.Y), x.Pos)
}

// compare lowers a comparison.
func (l *lowerer) compare(op string, a, b ev, at syntax.Pos) ev {
	if a.t == syntax.TyBad || b.t == syntax.TyBad {
		return bad
	}
	var t syntax.Type
	switch {
	case a.t.IsInt() && b.t.IsInt():
		t = common(a.t, b.t)
		if t == syntax.TyUntyped {
			t = syntax.TyInt64
		}
	case a.t == b.t && (a.t == syntax.TyBool || a.t == syntax.TyPtr || a.t == syntax.TyPair):
		t = a.t
		if op != "==" && op != "!=" {
			l.errs.Add(at, "%s values are compared with == and != only", t)
			return bad
		}
	default:
		l.errs.Add(at, "cannot compare %s with %s", a.t, b.t)
		return bad
	}
	fa, fb := l.convert(a, t, at, "a comparison"), l.convert(b, t, at, "a comparison")
	out := ev{t: syntax.TyBool, access: a.access + b.access}
	signed := t.Signed()
	switch op {
	case "==":
		out.fn = func(m primitives.Mem) uint64 { return b2w(fa(m) == fb(m)) }
	case "!=":
		out.fn = func(m primitives.Mem) uint64 { return b2w(fa(m) != fb(m)) }
	case "<":
		out.fn = ordered(fa, fb, signed, func(c int) bool { return c < 0 })
	case "<=":
		out.fn = ordered(fa, fb, signed, func(c int) bool { return c <= 0 })
	case ">":
		out.fn = ordered(fa, fb, signed, func(c int) bool { return c > 0 })
	case ">=":
		out.fn = ordered(fa, fb, signed, func(c int) bool { return c >= 0 })
	}
	return fold(out, a, b)
}

func ordered(fa, fb graph.EvalFn, signed bool, ok func(int) bool) graph.EvalFn {
	if signed {
		return func(m primitives.Mem) uint64 {
			x, y := int64(fa(m)), int64(fb(m))
			return b2w(ok(cmp3(x < y, x > y)))
		}
	}
	return func(m primitives.Mem) uint64 {
		x, y := fa(m), fb(m)
		return b2w(ok(cmp3(x < y, x > y)))
	}
}

func cmp3(less, more bool) int {
	switch {
	case less:
		return -1
	case more:
		return 1
	}
	return 0
}

func b2w(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// arith lowers an arithmetic or bitwise operation on integers.
func (l *lowerer) arith(op string, a, b ev, at syntax.Pos) ev {
	if a.t == syntax.TyBad || b.t == syntax.TyBad {
		return bad
	}
	if !a.t.IsInt() || !b.t.IsInt() {
		l.errs.Add(at, "%s works on integers, not %s and %s", op, a.t, b.t)
		return bad
	}
	t := common(a.t, b.t)
	if op == "<<" || op == ">>" {
		t = a.t
	}
	fa := l.convert(a, t, at, op)
	fb := b.fn
	if op != "<<" && op != ">>" {
		fb = l.convert(b, t, at, op)
	}
	if (op == "/" || op == "%") && b.k && norm(t, b.kv) == 0 {
		l.errs.Add(at, "division by zero")
		return bad
	}
	out := ev{t: t, access: a.access + b.access}
	wrap := func(f func(x, y uint64) uint64) graph.EvalFn {
		return func(m primitives.Mem) uint64 { return norm(t, f(fa(m), fb(m))) }
	}
	signed := t.Signed()
	where := at
	switch op {
	case "+":
		out.fn = wrap(func(x, y uint64) uint64 { return x + y })
	case "-":
		out.fn = wrap(func(x, y uint64) uint64 { return x - y })
	case "*":
		out.fn = wrap(func(x, y uint64) uint64 { return x * y })
	case "/", "%":
		rem := op == "%"
		out.fn = wrap(func(x, y uint64) uint64 {
			if y == 0 {
				panic(runtimeError{fmt.Sprintf("integer divide by zero at %s", where)})
			}
			switch {
			case signed && rem:
				return uint64(int64(x) % int64(y))
			case signed:
				return uint64(int64(x) / int64(y))
			case rem:
				return x % y
			}
			return x / y
		})
	case "&":
		out.fn = wrap(func(x, y uint64) uint64 { return x & y })
	case "|":
		out.fn = wrap(func(x, y uint64) uint64 { return x | y })
	case "^":
		out.fn = wrap(func(x, y uint64) uint64 { return x ^ y })
	case "<<":
		out.fn = wrap(func(x, y uint64) uint64 { return x << y })
	case ">>":
		if signed {
			out.fn = wrap(func(x, y uint64) uint64 { return uint64(int64(x) >> y) })
		} else {
			out.fn = wrap(func(x, y uint64) uint64 { return x >> y })
		}
	}
	return fold(out, a, b)
}

func (l *lowerer) ternary(x *syntax.Ternary) ev {
	c := l.cond(x.Cond)
	a, b := l.expr(x.Yes), l.expr(x.No)
	if a.t == syntax.TyBad || b.t == syntax.TyBad || c.t == syntax.TyBad {
		return bad
	}
	if a.access+b.access > 0 {
		l.errs.Add(start(x.Yes), "a side of ?: may not run, so it cannot touch shared memory: a step always makes its one access")
	}
	t := a.t
	switch {
	case a.t.IsInt() && b.t.IsInt():
		t = common(a.t, b.t)
	case a.t != b.t:
		l.errs.Add(x.Pos, "the two sides of ?: are %s and %s; make them one type", a.t, b.t)
		return bad
	}
	fc, fa, fb := c.fn, l.convert(a, t, x.Pos, "?:"), l.convert(b, t, x.Pos, "?:")
	if c.k {
		if c.kv != 0 {
			return ev{t: t, k: a.k, kv: a.kv, fn: fa}
		}
		return ev{t: t, k: b.k, kv: b.kv, fn: fb}
	}
	return ev{t: t, access: c.access, fn: func(m primitives.Mem) uint64 {
		if fc(m) != 0 {
			return fa(m)
		}
		return fb(m)
	}}
}

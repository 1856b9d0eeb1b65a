package lang

import (
	"fmt"

	"lockstep/primitives"
)

// runtimeError is an error of a running step (a division by zero): the
// machine ends the run with it as a panic.
type runtimeError struct{ msg string }

func (e runtimeError) Error() string { return "runtime error: " + e.msg }

// convert checks that v can be held by a value of type t and returns the
// computation of the converted value.
func (l *lowerer) convert(v ev, t typ, at Pos, what string) evalFn {
	switch {
	case v.t == tyBad || t == tyBad:
		return v.fn
	case v.t == t && t != tyUntyped:
		return v.fn
	case v.t == tyNone:
		l.errs.add(at, "%s: the value returns nothing", what)
	case v.t == tyOrder || v.t == tyString || t == tyOrder || t == tyString:
		l.errs.add(at, "%s: cannot use %s as %s", what, v.t, t)
	case t.isInt() && (v.t.isInt() || v.t == tyBool), t == tyBool && v.t.isInt():
		f := v.fn
		return func(m primitives.Mem) uint64 { return norm(t, f(m)) }
	case t == tyBool && v.t == tyPtr:
		f := v.fn
		return func(m primitives.Mem) uint64 { return norm(tyBool, f(m)) }
	case t == tyPtr && v.t.isInt():
		l.errs.add(at, "%s: a pointer holds an address, not an integer; write nullptr, or (void*)%s for a constant like nolocked", what, "N")
	default:
		l.errs.add(at, "%s: cannot use %s as %s", what, v.t, t)
	}
	return v.fn
}

// cast is an explicit conversion, T(x) or (T)x: any word as any value.
func (l *lowerer) cast(v ev, t typ, at Pos) ev {
	switch {
	case v.t == tyBad:
		return bad
	case v.t == tyNone || v.t == tyOrder || v.t == tyString || t == tyAuto:
		l.errs.add(at, "cannot convert %s to %s", v.t, t)
		return bad
	}
	f := v.fn
	return ev{t: t, access: v.access, fn: func(m primitives.Mem) uint64 { return norm(t, f(m)) }}
}

// cond is a condition: a bool, an integer (not zero) or a pointer (not
// nullptr), as in C++.
func (l *lowerer) cond(x expr) ev {
	v := l.expr(x)
	switch {
	case v.t == tyBad || v.t == tyBool:
		return v
	case v.t.isInt() || v.t == tyPtr:
		f := v.fn
		return fold(ev{t: tyBool, access: v.access, fn: func(m primitives.Mem) uint64 { return norm(tyBool, f(m)) }}, v)
	}
	l.errs.add(x.at(), "a condition is a bool, an integer or a pointer, not %s", v.t)
	return bad
}

func (l *lowerer) unary(x *unary) ev {
	if x.op == "&" {
		var fi *fieldInst
		switch y := x.x.(type) {
		case *ident:
			if l.global(y.name) == "field" {
				fi = l.field(y.name, y.pos)
			}
		case *member:
			fi = l.dottedField(y)
		}
		if fi == nil {
			l.errs.add(x.pos, "& takes the address of a field of the primitive")
			return bad
		}
		return ev{t: tyPtr, fn: l.fieldAddr(fi)}
	}
	if x.op == "!" {
		c := l.cond(x.x)
		f := c.fn
		return fold(ev{t: tyBool, access: c.access, fn: func(m primitives.Mem) uint64 { return f(m) ^ 1 }}, c)
	}
	v := l.expr(x.x)
	if v.t == tyBad {
		return bad
	}
	if !v.t.isInt() {
		l.errs.add(x.pos, "%s needs an integer, not %s", x.op, v.t)
		return bad
	}
	f, t := v.fn, v.t
	out := ev{t: t, access: v.access}
	if x.op == "-" {
		out.fn = func(m primitives.Mem) uint64 { return norm(t, -f(m)) }
	} else {
		out.fn = func(m primitives.Mem) uint64 { return norm(t, ^f(m)) }
	}
	return fold(out, v)
}

func (l *lowerer) binary(x *binary) ev {
	switch x.op {
	case "&&", "||":
		a, b := l.cond(x.x), l.cond(x.y)
		if b.access > 0 {
			l.errs.add(start(x.y), "the right of %s may not run, so it cannot touch shared memory: a step always makes its one access", x.op)
		}
		fa, fb := a.fn, b.fn
		out := ev{t: tyBool, access: a.access}
		if x.op == "&&" {
			out.fn = func(m primitives.Mem) uint64 { return fa(m) & fb(m) }
			if a.k && a.kv == 0 {
				return konst(tyBool, 0)
			}
		} else {
			out.fn = func(m primitives.Mem) uint64 { return fa(m) | fb(m) }
			if a.k && a.kv == 1 {
				return konst(tyBool, 1)
			}
		}
		if b.access == 0 {
			// Neither side has an effect, so evaluating both is the same
			// as short-circuiting, and cheaper than a branch.
			return fold(out, a, b)
		}
		return out
	case "==", "!=", "<", "<=", ">", ">=":
		return l.compare(x.op, l.expr(x.x), l.expr(x.y), x.pos)
	}
	return l.arith(x.op, l.expr(x.x), l.expr(x.y), x.pos)
}

// compare lowers a comparison.
func (l *lowerer) compare(op string, a, b ev, at Pos) ev {
	if a.t == tyBad || b.t == tyBad {
		return bad
	}
	var t typ
	switch {
	case a.t.isInt() && b.t.isInt():
		t = common(a.t, b.t)
		if t == tyUntyped {
			t = tyInt64
		}
	case a.t == b.t && (a.t == tyBool || a.t == tyPtr || a.t == tyPair):
		t = a.t
		if op != "==" && op != "!=" {
			l.errs.add(at, "%s values are compared with == and != only", t)
			return bad
		}
	default:
		l.errs.add(at, "cannot compare %s with %s", a.t, b.t)
		return bad
	}
	fa, fb := l.convert(a, t, at, "a comparison"), l.convert(b, t, at, "a comparison")
	out := ev{t: tyBool, access: a.access + b.access}
	signed := t.signed()
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

func ordered(fa, fb evalFn, signed bool, ok func(int) bool) evalFn {
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
func (l *lowerer) arith(op string, a, b ev, at Pos) ev {
	if a.t == tyBad || b.t == tyBad {
		return bad
	}
	if !a.t.isInt() || !b.t.isInt() {
		l.errs.add(at, "%s works on integers, not %s and %s", op, a.t, b.t)
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
		l.errs.add(at, "division by zero")
		return bad
	}
	out := ev{t: t, access: a.access + b.access}
	wrap := func(f func(x, y uint64) uint64) evalFn {
		return func(m primitives.Mem) uint64 { return norm(t, f(fa(m), fb(m))) }
	}
	signed := t.signed()
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

func (l *lowerer) ternary(x *ternary) ev {
	c := l.cond(x.cond)
	a, b := l.expr(x.yes), l.expr(x.no)
	if a.t == tyBad || b.t == tyBad || c.t == tyBad {
		return bad
	}
	if a.access+b.access > 0 {
		l.errs.add(start(x.yes), "a side of ?: may not run, so it cannot touch shared memory: a step always makes its one access")
	}
	t := a.t
	switch {
	case a.t.isInt() && b.t.isInt():
		t = common(a.t, b.t)
	case a.t != b.t:
		l.errs.add(x.pos, "the two sides of ?: are %s and %s; make them one type", a.t, b.t)
		return bad
	}
	fc, fa, fb := c.fn, l.convert(a, t, x.pos, "?:"), l.convert(b, t, x.pos, "?:")
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

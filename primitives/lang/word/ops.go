package word

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
)

// The operations on values: each checks its operands' types, reports
// what is wrong at its place in the source, and computes its result in
// the result's type, folded when its operands are constants. An operand
// already reported wrong (Bad) makes the result Bad, without a second
// error.

// A RuntimeError is an error of a running step (a division by zero): the
// machine ends the run with it as a panic.
type RuntimeError struct{ msg string }

func (e RuntimeError) Error() string { return "runtime error: " + e.msg }

// Fail is the runtime error of a step that cannot go on, msg says why.
func Fail(msg string) RuntimeError { return RuntimeError{msg} }

// Convert checks that v can be held by a value of type t and returns the
// computation of the converted value.
func Convert(e *syntax.Errs, v Value, t syntax.Type, at syntax.Pos, what string) func(primitives.Mem) uint64 {
	switch {
	case v.Type == syntax.TyBad || t == syntax.TyBad:
		return v.Fn
	case v.Type == t && t != syntax.TyUntyped:
		return v.Fn
	case v.Type == syntax.TyNone:
		e.Add(at, "%s: the value returns nothing", what)
	case v.Type == syntax.TyOrder || v.Type == syntax.TyString || t == syntax.TyOrder || t == syntax.TyString:
		e.Add(at, "%s: cannot use %s as %s", what, v.Type, t)
	case t.IsInt() && (v.Type.IsInt() || v.Type == syntax.TyBool), t == syntax.TyBool && v.Type.IsInt():
		f := v.Fn
		return func(m primitives.Mem) uint64 { return Norm(t, f(m)) }
	case t == syntax.TyBool && v.Type == syntax.TyPtr:
		f := v.Fn
		return func(m primitives.Mem) uint64 { return Norm(syntax.TyBool, f(m)) }
	case t == syntax.TyPtr && v.Type.IsInt():
		e.Add(at, "%s: a pointer holds an address, not an integer; write nullptr, or (void*)%s for a constant like nolocked", what, "N")
	default:
		e.Add(at, "%s: cannot use %s as %s", what, v.Type, t)
	}
	return v.Fn
}

// Cast is an explicit conversion, T(x) or (T)x: any word as any value.
func Cast(e *syntax.Errs, v Value, t syntax.Type, at syntax.Pos) Value {
	switch {
	case v.Type == syntax.TyBad:
		return Bad
	case v.Type == syntax.TyNone || v.Type == syntax.TyOrder || v.Type == syntax.TyString || t == syntax.TyAuto:
		e.Add(at, "cannot convert %s to %s", v.Type, t)
		return Bad
	}
	f := v.Fn
	return Value{Type: t, Access: v.Access, Fn: func(m primitives.Mem) uint64 { return Norm(t, f(m)) }}
}

// Cond is v as a condition: a bool, an integer (not zero) or a pointer
// (not nullptr), as in C++. at is where v is written.
func Cond(e *syntax.Errs, v Value, at syntax.Pos) Value {
	switch {
	case v.Type == syntax.TyBad || v.Type == syntax.TyBool:
		return v
	case v.Type.IsInt() || v.Type == syntax.TyPtr:
		f := v.Fn
		return Fold(Value{Type: syntax.TyBool, Access: v.Access, Fn: func(m primitives.Mem) uint64 { return Norm(syntax.TyBool, f(m)) }}, v)
	}
	e.Add(at, "a condition is a bool, an integer or a pointer, not %s", v.Type)
	return Bad
}

// Not is !c, c a condition (see Cond).
func Not(c Value) Value {
	f := c.Fn
	return Fold(Value{Type: syntax.TyBool, Access: c.Access, Fn: func(m primitives.Mem) uint64 { return f(m) ^ 1 }}, c)
}

// Unary is -v, or ~v for any other op: an integer's negation or
// complement.
func Unary(e *syntax.Errs, op string, v Value, at syntax.Pos) Value {
	if v.Type == syntax.TyBad {
		return Bad
	}
	if !v.Type.IsInt() {
		e.Add(at, "%s needs an integer, not %s", op, v.Type)
		return Bad
	}
	f, t := v.Fn, v.Type
	out := Value{Type: t, Access: v.Access}
	if op == "-" {
		out.Fn = func(m primitives.Mem) uint64 { return Norm(t, -f(m)) }
	} else {
		out.Fn = func(m primitives.Mem) uint64 { return Norm(t, ^f(m)) }
	}
	return Fold(out, v)
}

// Logic is a && b or a || b, a and b conditions (see Cond). The right may
// not run, so it may not touch shared memory; right is where it begins.
func Logic(e *syntax.Errs, op string, a, b Value, right syntax.Pos) Value {
	if b.Access > 0 {
		e.Add(right, "the right of %s may not run, so it cannot touch shared memory: a step always makes its one access", op)
	}
	fa, fb := a.Fn, b.Fn
	out := Value{Type: syntax.TyBool, Access: a.Access}
	if op == "&&" {
		out.Fn = func(m primitives.Mem) uint64 { return fa(m) & fb(m) }
		if a.Const && a.Val == 0 {
			return Of(syntax.TyBool, 0)
		}
	} else {
		out.Fn = func(m primitives.Mem) uint64 { return fa(m) | fb(m) }
		if a.Const && a.Val == 1 {
			return Of(syntax.TyBool, 1)
		}
	}
	if b.Access == 0 {
		// Neither side has an effect, so evaluating both is the same
		// as short-circuiting, and cheaper than a branch.
		return Fold(out, a, b)
	}
	return out
}

// Compare is a comparison: ==, !=, <, <=, > or >=.
func Compare(e *syntax.Errs, op string, a, b Value, at syntax.Pos) Value {
	if a.Type == syntax.TyBad || b.Type == syntax.TyBad {
		return Bad
	}
	var t syntax.Type
	switch {
	case a.Type.IsInt() && b.Type.IsInt():
		t = Common(a.Type, b.Type)
		if t == syntax.TyUntyped {
			t = syntax.TyInt64
		}
	case a.Type == b.Type && (a.Type == syntax.TyBool || a.Type == syntax.TyPtr || a.Type == syntax.TyPair || a.Type == syntax.TyOrder):
		t = a.Type
		if op != "==" && op != "!=" {
			e.Add(at, "%s values are compared with == and != only", t)
			return Bad
		}
	default:
		e.Add(at, "cannot compare %s with %s", a.Type, b.Type)
		return Bad
	}
	fa, fb := Convert(e, a, t, at, "a comparison"), Convert(e, b, t, at, "a comparison")
	out := Value{Type: syntax.TyBool, Access: a.Access + b.Access}
	signed := t.Signed()
	switch op {
	case "==":
		out.Fn = func(m primitives.Mem) uint64 { return Bool(fa(m) == fb(m)) }
	case "!=":
		out.Fn = func(m primitives.Mem) uint64 { return Bool(fa(m) != fb(m)) }
	case "<":
		out.Fn = ordered(fa, fb, signed, func(c int) bool { return c < 0 })
	case "<=":
		out.Fn = ordered(fa, fb, signed, func(c int) bool { return c <= 0 })
	case ">":
		out.Fn = ordered(fa, fb, signed, func(c int) bool { return c > 0 })
	case ">=":
		out.Fn = ordered(fa, fb, signed, func(c int) bool { return c >= 0 })
	}
	return Fold(out, a, b)
}

func ordered(fa, fb func(primitives.Mem) uint64, signed bool, ok func(int) bool) func(primitives.Mem) uint64 {
	if signed {
		return func(m primitives.Mem) uint64 {
			x, y := int64(fa(m)), int64(fb(m))
			return Bool(ok(cmp3(x < y, x > y)))
		}
	}
	return func(m primitives.Mem) uint64 {
		x, y := fa(m), fb(m)
		return Bool(ok(cmp3(x < y, x > y)))
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

// Arith is an arithmetic or bitwise operation on integers: +, -, *, /, %,
// &, |, ^, << or >>. A division by zero is an error when the divisor is
// a constant, and a RuntimeError that names at when the step runs.
func Arith(e *syntax.Errs, op string, a, b Value, at syntax.Pos) Value {
	if a.Type == syntax.TyBad || b.Type == syntax.TyBad {
		return Bad
	}
	if !a.Type.IsInt() || !b.Type.IsInt() {
		e.Add(at, "%s works on integers, not %s and %s", op, a.Type, b.Type)
		return Bad
	}
	t := Common(a.Type, b.Type)
	if op == "<<" || op == ">>" {
		t = a.Type
	}
	fa := Convert(e, a, t, at, op)
	fb := b.Fn
	if op != "<<" && op != ">>" {
		fb = Convert(e, b, t, at, op)
	}
	if (op == "/" || op == "%") && b.Const && Norm(t, b.Val) == 0 {
		e.Add(at, "division by zero")
		return Bad
	}
	out := Value{Type: t, Access: a.Access + b.Access}
	wrap := func(f func(x, y uint64) uint64) func(primitives.Mem) uint64 {
		return func(m primitives.Mem) uint64 { return Norm(t, f(fa(m), fb(m))) }
	}
	signed := t.Signed()
	where := at
	switch op {
	case "+":
		out.Fn = wrap(func(x, y uint64) uint64 { return x + y })
	case "-":
		out.Fn = wrap(func(x, y uint64) uint64 { return x - y })
	case "*":
		out.Fn = wrap(func(x, y uint64) uint64 { return x * y })
	case "/", "%":
		rem := op == "%"
		out.Fn = wrap(func(x, y uint64) uint64 {
			if y == 0 {
				panic(RuntimeError{fmt.Sprintf("integer divide by zero at %s", where)})
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
		out.Fn = wrap(func(x, y uint64) uint64 { return x & y })
	case "|":
		out.Fn = wrap(func(x, y uint64) uint64 { return x | y })
	case "^":
		out.Fn = wrap(func(x, y uint64) uint64 { return x ^ y })
	case "<<":
		out.Fn = wrap(func(x, y uint64) uint64 { return x << y })
	case ">>":
		if signed {
			out.Fn = wrap(func(x, y uint64) uint64 { return uint64(int64(x) >> y) })
		} else {
			out.Fn = wrap(func(x, y uint64) uint64 { return x >> y })
		}
	}
	return Fold(out, a, b)
}

// Choose is c ? a : b, c a condition (see Cond). Neither side may touch
// shared memory, since it may not run; yes is where a begins, at where
// the ?: is.
func Choose(e *syntax.Errs, c, a, b Value, yes, at syntax.Pos) Value {
	if a.Type == syntax.TyBad || b.Type == syntax.TyBad || c.Type == syntax.TyBad {
		return Bad
	}
	if a.Access+b.Access > 0 {
		e.Add(yes, "a side of ?: may not run, so it cannot touch shared memory: a step always makes its one access")
	}
	t := a.Type
	switch {
	case a.Type.IsInt() && b.Type.IsInt():
		t = Common(a.Type, b.Type)
	case a.Type != b.Type:
		e.Add(at, "the two sides of ?: are %s and %s; make them one type", a.Type, b.Type)
		return Bad
	}
	fc, fa, fb := c.Fn, Convert(e, a, t, at, "?:"), Convert(e, b, t, at, "?:")
	if c.Const {
		if c.Val != 0 {
			return Value{Type: t, Const: a.Const, Val: a.Val, Fn: fa}
		}
		return Value{Type: t, Const: b.Const, Val: b.Val, Fn: fb}
	}
	return Value{Type: t, Access: c.Access, Fn: func(m primitives.Mem) uint64 {
		if fc(m) != 0 {
			return fa(m)
		}
		return fb(m)
	}}
}

package lang

import (
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// The operators: package word checks their operands and computes them;
// here each is handed its operands, lowered, and its places in the
// source.

// convert checks that v can be held by a value of type t and returns the
// computation of the converted value.
func (l *lowerer) convert(v word.Value, t syntax.Type, at syntax.Pos, what string) graph.EvalFn {
	return word.Convert(l.errs, v, t, at, what)
}

// cond is a condition: a bool, an integer (not zero) or a pointer (not
// nullptr), as in C++.
func (l *lowerer) cond(x syntax.Expr) word.Value {
	return word.Cond(l.errs, l.expr(x), x.At())
}

func (l *lowerer) unary(x *syntax.Unary) word.Value {
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
			return word.Bad
		}
		return word.Value{Type: syntax.TyPtr, Fn: l.fieldAddr(fi)}
	}
	if x.Op == "!" {
		return word.Not(l.cond(x.X))
	}
	return word.Unary(l.errs, x.Op, l.expr(x.X), x.Pos)
}

func (l *lowerer) binary(x *syntax.Binary) word.Value {
	switch x.Op {
	case "&&", "||":
		a, b := l.cond(x.X), l.cond(x.Y)
		return word.Logic(l.errs, x.Op, a, b, start(x.Y))
	case "==", "!=", "<", "<=", ">", ">=":
		return word.Compare(l.errs, x.Op, l.expr(x.X), l.expr(x.Y), x.Pos)
	}
	return word.Arith(l.errs, x.Op, l.expr(x.X), l.expr(x.Y), x.Pos)
}

func (l *lowerer) ternary(x *syntax.Ternary) word.Value {
	c := l.cond(x.Cond)
	a, b := l.expr(x.Yes), l.expr(x.No)
	return word.Choose(l.errs, c, a, b, start(x.Yes), x.Pos)
}

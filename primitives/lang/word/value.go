package word

import (
	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
)

// A Value is a lowered expression: how to compute it during a step, its
// type, and how many shared-memory accesses computing it makes. The
// compiler notes where a value comes from in Local and Param; the
// operations here leave both unset.
type Value struct {
	Fn     func(m primitives.Mem) uint64
	Type   syntax.Type
	Access int
	Const  bool   // a constant
	Val    uint64 // the constant's value
	Local  bool   // a local variable
	Param  bool   // the operation's argument
}

// Bad is an expression already reported wrong.
var Bad = Value{Type: syntax.TyBad, Fn: zero}

// zero computes 0.
func zero(primitives.Mem) uint64 { return 0 }

// Of is the constant v of type t.
func Of(t syntax.Type, v uint64) Value {
	return Value{Type: t, Const: true, Val: v, Fn: func(primitives.Mem) uint64 { return v }}
}

// Fold makes v a constant when everything it is made of is: constant
// functions read nothing from the machine, so running one on nil is safe.
func Fold(v Value, parts ...Value) Value {
	for _, p := range parts {
		if !p.Const {
			return v
		}
	}
	return Of(v.Type, v.Fn(nil))
}

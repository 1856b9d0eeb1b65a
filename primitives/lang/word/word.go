package word

import (
	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
)

// What a type means for the words of a running primitive: how a word
// wraps, which kind of cell a field is, the type of arithmetic on two,
// the halves of a pair.

// Norm wraps w to a value of type t: the canonical word of that type
// (int32 sign-extended, uint32 zero-extended, bool 0 or 1), as the
// machine keeps cells of the same kinds; a memory order is one of the
// five (a word past seq_cst is seq_cst).
func Norm(t syntax.Type, w uint64) uint64 {
	switch t {
	case syntax.TyOrder:
		return min(w, uint64(primitives.SeqCst))
	case syntax.TyInt32:
		return uint64(int64(int32(w)))
	case syntax.TyUint32:
		return uint64(uint32(w))
	case syntax.TyBool:
		if w != 0 {
			return 1
		}
	}
	return w
}

// Kind maps a field's type to the kind the stage shows it as; false for
// a type no field may have.
func Kind(t syntax.Type) (primitives.FieldKind, bool) {
	switch t {
	case syntax.TyInt32:
		return primitives.Int32, true
	case syntax.TyInt64:
		return primitives.Int64, true
	case syntax.TyUint32:
		return primitives.Uint32, true
	case syntax.TyPtr:
		return primitives.Pointer, true
	case syntax.TyPair:
		return primitives.PairCountHead, true
	case syntax.TyGoState:
		return primitives.GoState, true
	}
	return 0, false
}

// Common is the type of a binary arithmetic operation on x and y: an
// untyped literal takes the other's type; otherwise the wider, and of two
// of one width the unsigned one, as C++'s usual conversions say.
func Common(x, y syntax.Type) syntax.Type {
	switch {
	case x == syntax.TyUntyped:
		return y
	case y == syntax.TyUntyped:
		return x
	case x == y:
		return x
	case x == syntax.TyGoState || y == syntax.TyGoState:
		return syntax.TyGoState
	case x.Width() != y.Width():
		if x.Width() > y.Width() {
			return x
		}
		return y
	case !x.Signed():
		return x
	}
	return y
}

// The halves of a pair word: Count, an int32, in the high half; Head, an
// address, in the low half. Pair makes one of the two.
func Count(w uint64) uint64 { return uint64(int64(int32(w >> 32))) }
func Head(w uint64) uint64  { return w & 0xffffffff }
func Pair(count, head uint64) uint64 {
	return uint64(uint32(count))<<32 | head&0xffffffff
}

// Bool is the word of a truth value: 1 or 0.
func Bool(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

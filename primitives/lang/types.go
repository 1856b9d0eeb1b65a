package lang

import "lockstep/primitives"

// typ is the type of a value. Every value is one machine word at run
// time; the type says how it wraps, compares and shows.
type typ uint8

const (
	tyNone   typ = iota // no value (a void call), or not known
	tyAuto              // a declaration's `auto`: the initializer's type
	tyInt32             // int32_t, int
	tyInt64             // int64_t
	tyUint32            // uint32_t
	tyUint64            // uint64_t, size_t
	tyBool
	tyPtr     // void*, awaiter*, a coroutine handle
	tyPair    // pair: count int32 in the high half, head address in the low
	tyGoState // Go's WaitGroup state word: computed as a uint64
	tyUntyped // an integer literal: takes the type of what it meets
	tyOrder   // a memory order (an argument of an atomic operation)
	tyString  // a string literal (a panic's message)
	tyBad     // an expression already reported wrong: no further errors about it
)

var typeNames = [...]string{tyNone: "void", tyAuto: "auto", tyInt32: "int32", tyInt64: "int64",
	tyUint32: "uint32", tyUint64: "uint64", tyBool: "bool", tyPtr: "pointer", tyPair: "pair",
	tyGoState: "go_state", tyUntyped: "integer", tyOrder: "memory order", tyString: "string", tyBad: "?"}

func (t typ) String() string { return typeNames[t] }

// typeWords are the type names a source may write (`void*` and
// `awaiter*` are read by the parser).
var typeWords = map[string]typ{
	"int32": tyInt32, "int32_t": tyInt32, "int": tyInt32,
	"int64": tyInt64, "int64_t": tyInt64, "long": tyInt64,
	"uint32": tyUint32, "uint32_t": tyUint32, "unsigned": tyUint32,
	"uint64": tyUint64, "uint64_t": tyUint64, "size_t": tyUint64,
	"bool": tyBool, "pair": tyPair, "go_state": tyGoState, "auto": tyAuto,
}

// isInt reports whether t is an integer type (or an untyped literal).
func (t typ) isInt() bool {
	switch t {
	case tyInt32, tyInt64, tyUint32, tyUint64, tyGoState, tyUntyped:
		return true
	}
	return false
}

// signed reports whether t compares and shifts as a signed integer.
func (t typ) signed() bool { return t == tyInt32 || t == tyInt64 || t == tyUntyped }

// width is t's size in bits.
func (t typ) width() int {
	switch t {
	case tyInt32, tyUint32:
		return 32
	case tyBool:
		return 1
	}
	return 64
}

// norm wraps w to a value of type t: the canonical word of that type
// (int32 sign-extended, uint32 zero-extended, bool 0 or 1), as the
// machine keeps cells of the same kinds.
func norm(t typ, w uint64) uint64 {
	switch t {
	case tyInt32:
		return uint64(int64(int32(w)))
	case tyUint32:
		return uint64(uint32(w))
	case tyBool:
		if w != 0 {
			return 1
		}
	}
	return w
}

// fieldKinds maps a field's type to the kind the stage shows it as.
func fieldKind(t typ) (primitives.FieldKind, bool) {
	switch t {
	case tyInt32:
		return primitives.Int32, true
	case tyInt64:
		return primitives.Int64, true
	case tyUint32:
		return primitives.Uint32, true
	case tyPtr:
		return primitives.Pointer, true
	case tyPair:
		return primitives.PairCountHead, true
	case tyGoState:
		return primitives.GoState, true
	}
	return 0, false
}

// common is the type of a binary arithmetic operation on x and y: an
// untyped literal takes the other's type; otherwise the wider, and of two
// of one width the unsigned one, as C++'s usual conversions say.
func common(x, y typ) typ {
	switch {
	case x == tyUntyped:
		return y
	case y == tyUntyped:
		return x
	case x == y:
		return x
	case x == tyGoState || y == tyGoState:
		return tyGoState
	case x.width() != y.width():
		if x.width() > y.width() {
			return x
		}
		return y
	case !x.signed():
		return x
	}
	return y
}

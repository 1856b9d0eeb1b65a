package syntax

// Type is the type of a value. Every value is one machine word at run
// time; the type says how it wraps, compares and shows.
type Type uint8

const (
	TyNone   Type = iota // no value (a void call), or not known
	TyAuto               // a declaration's `auto`: the initializer's type
	TyInt32              // int32_t, int
	TyInt64              // int64_t
	TyUint32             // uint32_t
	tyUint64             // uint64_t, size_t
	TyBool
	TyPtr     // void*, awaiter*, a coroutine handle
	TyPair    // pair: count int32 in the high half, head address in the low
	TyGoState // Go's WaitGroup state word: computed as a uint64
	TyUntyped // an integer literal: takes the type of what it meets
	TyOrder   // a memory order (an argument of an atomic operation)
	TyString  // a string literal (a panic's message)
	TyBad     // an expression already reported wrong: no further errors about it
)

var typeNames = [...]string{TyNone: "void", TyAuto: "auto", TyInt32: "int32", TyInt64: "int64",
	TyUint32: "uint32", tyUint64: "uint64", TyBool: "bool", TyPtr: "pointer", TyPair: "pair",
	TyGoState: "go_state", TyUntyped: "integer", TyOrder: "memory_order", TyString: "string", TyBad: "?"}

func (t Type) String() string { return typeNames[t] }

// TypeWords are the type names a source may write (`void*` and
// `awaiter*` are read by the parser).
var TypeWords = map[string]Type{
	"int32": TyInt32, "int32_t": TyInt32, "int": TyInt32,
	"int64": TyInt64, "int64_t": TyInt64, "long": TyInt64,
	"uint32": TyUint32, "uint32_t": TyUint32, "unsigned": TyUint32,
	"uint64": tyUint64, "uint64_t": tyUint64, "size_t": tyUint64,
	"bool": TyBool, "pair": TyPair, "go_state": TyGoState, "auto": TyAuto,
	"memory_order": TyOrder, // std::memory_order is read by the parser
}

// IsInt reports whether t is an integer type (or an untyped literal).
func (t Type) IsInt() bool {
	switch t {
	case TyInt32, TyInt64, TyUint32, tyUint64, TyGoState, TyUntyped:
		return true
	}
	return false
}

// Signed reports whether t compares and shifts as a signed integer.
func (t Type) Signed() bool { return t == TyInt32 || t == TyInt64 || t == TyUntyped }

// Width is t's size in bits.
func (t Type) Width() int {
	switch t {
	case TyInt32, TyUint32:
		return 32
	case TyBool:
		return 1
	}
	return 64
}

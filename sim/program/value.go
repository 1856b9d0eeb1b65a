package program

import (
	"fmt"
	"strconv"
)

// Word is the content of one memory cell.
type Word = uint64

// Order is a C++ memory order. The values match the primitives package.
type Order = uint8

// The memory orders.
const (
	Relaxed Order = iota
	Acquire
	Release
	AcqRel
	SeqCst
)

// OrderName is the C++ spelling of o.
func OrderName(o Order) string {
	switch o {
	case Relaxed:
		return "relaxed"
	case Acquire:
		return "acquire"
	case Release:
		return "release"
	case AcqRel:
		return "acq_rel"
	case SeqCst:
		return "seq_cst"
	}
	return "order(" + strconv.Itoa(int(o)) + ")"
}

// Acquires reports whether an access with order o acquires.
func Acquires(o Order) bool { return o == Acquire || o == AcqRel || o == SeqCst }

// Releases reports whether an access with order o releases.
func Releases(o Order) bool { return o == Release || o == AcqRel || o == SeqCst }

// CellKind says how a cell's word is read and shown.
type CellKind uint8

// The cell kinds.
const (
	Int32         CellKind = iota // a signed 32-bit integer, stored sign-extended
	Int64                         // a signed 64-bit integer
	Uint32                        // an unsigned 32-bit integer (Go's semaphore)
	Pointer                       // an address; Names gives the sentinels
	Handle                        // a coroutine handle (the frame's address)
	Context                       // a context's address
	PairCountHead                 // count int32 in the high half, head address in the low half
	GoState                       // Go's WaitGroup state: counter v high, waiter count w low
)

// Normalize wraps w to the width of a cell of kind k.
func Normalize(k CellKind, w Word) Word {
	switch k {
	case Int32:
		return Word(int64(int32(w)))
	case Uint32:
		return Word(uint32(w))
	}
	return w
}

// Format shows w as a value of a cell of kind k, with the sentinel names
// names (may be nil).
func (p *Program) Format(k CellKind, names map[Word]string, w Word) string {
	if s, ok := names[w]; ok {
		return s
	}
	switch k {
	case Int32, Int64:
		return strconv.FormatInt(int64(w), 10)
	case Uint32:
		return strconv.FormatUint(w, 10)
	case Pointer:
		return p.pointerName(w)
	case Handle:
		if w == 0 {
			return "null"
		}
		if o := p.ObjectAt(w); o != nil && o.Kind == FrameObject {
			return "handle(" + o.Owner + ")"
		}
		return p.pointerName(w)
	case Context:
		if o := p.ObjectAt(w); o != nil && o.Kind == ContextObject {
			return "&" + o.Name
		}
		return p.pointerName(w)
	case PairCountHead:
		return fmt.Sprintf("(count=%d, head=%s)", int32(w>>32), p.pointerName(w&0xffffffff))
	case GoState:
		return fmt.Sprintf("(v=%d, w=%d)", int32(w>>32), uint32(w&0x7fffffff))
	}
	return strconv.FormatUint(w, 10)
}

// pointerName shows an address: nullptr, &object, &object+offset or a raw
// number when it points nowhere known.
func (p *Program) pointerName(w Word) string {
	if w == 0 {
		return "nullptr"
	}
	o := p.ObjectAt(w)
	if o == nil {
		return "0x" + strconv.FormatUint(w, 16)
	}
	if w == o.Base {
		return "&" + o.Name
	}
	return "&" + p.Cells[w].Name
}

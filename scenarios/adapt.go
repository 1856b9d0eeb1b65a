package scenarios

// What a primitive declares, in the machine's terms: its fields as cells
// of the layout, its operations as the machine's, its facts as the
// detectors'. Package primitives and package sim do not know each other;
// this is where they meet.

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/sim/program"
)

// addPrimitive lays out the primitive's fields, as one object named
// object, or as several when fields name theirs, and returns the address
// of the first.
func addPrimitive(l *program.Layout, object string, fs []primitives.Field) program.Word {
	var base program.Word
	for i := 0; i < len(fs); {
		j := i + 1
		for j < len(fs) && fs[j].Object == fs[i].Object {
			j++
		}
		name := cmp(fs[i].Object, object)
		a := l.Add(name, program.PrimitiveObject, -1, "", fields(fs[i:j])...)
		if i == 0 {
			base = a
		}
		i = j
	}
	return base
}

// fields converts a primitive's field declarations for the layout.
func fields(fs []primitives.Field) []program.Field {
	out := make([]program.Field, len(fs))
	for i, f := range fs {
		out[i] = program.Field{Name: f.Name, Kind: cellKind(f.Kind), Atomic: f.Atomic, Init: f.Init, Names: f.Names}
	}
	return out
}

func cellKind(k primitives.FieldKind) program.CellKind {
	switch k {
	case primitives.Int32:
		return program.Int32
	case primitives.Int64:
		return program.Int64
	case primitives.Uint32:
		return program.Uint32
	case primitives.Pointer:
		return program.Pointer
	case primitives.PairCountHead:
		return program.PairCountHead
	case primitives.GoState:
		return program.GoState
	}
	panic(fmt.Sprintf("scenarios: unknown field kind %d", k))
}

// simOp adapts a primitive's operation to the machine.
func simOp(op primitives.Operation) program.Op {
	step := op.Step
	o := program.Op{Name: op.Name, Entry: op.Entry, Awaits: op.Awaits, AwaiterInit: op.AwaiterInit, Code: func(x program.Exec) { step(x) }}
	for _, l := range op.Lines {
		o.Lines = append(o.Lines, program.Line{Label: l.Label, Code: l.Code})
	}
	for _, pt := range op.Pointers {
		o.Pointers = append(o.Pointers, program.ListPointer{Slot: pt.Slot, Name: pt.Name, Labels: pt.Labels})
	}
	switch op.Role {
	case primitives.Lock:
		o.Role = program.Lock
	case primitives.Unlock:
		o.Role = program.Unlock
	case primitives.Waiting:
		o.Role = program.Waiting
	case primitives.TryLock:
		o.Role = program.TryLock
	case primitives.Relock:
		o.Role = program.Relock
	}
	return o
}

func simFacts(f primitives.Facts) program.Facts {
	out := program.Facts{Condition: f.Condition, Fences: f.Fences, SeqCst: f.SeqCst}
	if f.Open != nil {
		out.Open = func(p program.Peek) bool { return f.Open(p) }
	}
	if f.Free != nil {
		out.Free = func(p program.Peek) bool { return f.Free(p) }
	}
	if f.Waits != nil {
		out.Waits = func(p program.Peek, aw program.Word) (string, bool) { return f.Waits(p, aw) }
	}
	for _, l := range f.Lists {
		head := l.Head
		out.Lists = append(out.Lists, program.List{Name: l.Name, Head: func(p program.Peek) program.Word { return head(p) }})
	}
	return out
}

// The machine implements the primitives' memory, without either package
// importing the other.
var _ primitives.Mem = (program.Exec)(nil)

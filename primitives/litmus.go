package primitives

// Litmus is the shared memory of a litmus test: two atomic locations x
// and y, and four registers r1..r4, plain fields each written by one
// thread and read only once the run is over. A variant is the order of
// every access: relaxed, acq_rel (stores release, loads acquire) or
// seq_cst.
//
//	STX x.store(v, order)                store_x v
//	STY y.store(v, order)                store_y v
//	LDX  tmp = x.load(order)             load_x n   (into register rn, n 1 to 4)
//	LDY  tmp = y.load(order)             load_y n
//	XRn  rn = tmp                        plain, load_x's second step
//	YRn  rn = tmp                        plain, load_y's second step
//
// Each load has a label per register it may fill, so that a written
// primitive, whose fields are named and whose labels are its own, can say
// the same steps.
//
// The lessons are the standard litmus tests (MP, SB, LB, IRIW, CoRR,
// 2+2W); their outcomes under the c11 memory model are the final
// registers (or x and y when no register is used).
type Litmus struct {
	Variant string // relaxed, acq_rel or seq_cst

	base Word
}

// LitmusVariants are the orders a litmus test runs with.
var LitmusVariants = []string{"relaxed", "acq_rel", "seq_cst"}

// LitmusRegisters is the number of registers.
const LitmusRegisters = 4

// Fields implements Primitive.
func (l *Litmus) Fields() []Field {
	fs := []Field{{Name: "x", Kind: Int64, Atomic: true}, {Name: "y", Kind: Int64, Atomic: true}}
	for i := 1; i <= LitmusRegisters; i++ {
		fs = append(fs, Field{Name: "r" + string(rune('0'+i)), Kind: Int64})
	}
	return fs
}

// Bind implements Primitive.
func (l *Litmus) Bind(base Word) { l.base = base }

// Facts implements Primitive: nothing waits in a litmus test.
func (l *Litmus) Facts() Facts { return Facts{SeqCst: l.Variant == "seq_cst"} }

// orders are the variant's store and load orders.
func (l *Litmus) orders() (store, load Order) {
	switch l.Variant {
	case "acq_rel":
		return Release, Acquire
	case "seq_cst":
		return SeqCst, SeqCst
	}
	return Relaxed, Relaxed
}

// Ops implements Primitive.
func (l *Litmus) Ops() []Operation {
	return []Operation{
		{Name: "store_x", Entry: STX, HasArg: true, Step: l.step, Lines: l.lines(STX)},
		{Name: "store_y", Entry: STY, HasArg: true, Step: l.step, Lines: l.lines(STY)},
		{Name: "load_x", Entry: LDX, HasArg: true, Step: l.step, Lines: l.lines(LDX, XR1, XR2, XR3, XR4)},
		{Name: "load_y", Entry: LDY, HasArg: true, Step: l.step, Lines: l.lines(LDY, YR1, YR2, YR3, YR4)},
	}
}

func (l *Litmus) step(m Mem) {
	st, ld := l.orders()
	x, y := l.base, l.base+1
	switch m.PC() {
	case STX:
		m.Store(x, m.Arg(), st)
		m.Return()
	case STY:
		m.Store(y, m.Arg(), st)
		m.Return()
	case LDX, LDY:
		a := x
		first := XR1
		if m.PC() == LDY {
			a, first = y, YR1
		}
		m.SetLocal(LocalHead, m.Load(a, ld))
		if r := m.Arg(); r >= 1 && r <= LitmusRegisters {
			m.Goto(first + int(r) - 1)
			return
		}
		m.Panic("litmus: a load fills a register from r1 to r4")
	case XR1, XR2, XR3, XR4:
		m.Write(l.base+2+Word(m.PC()-XR1), m.Local(LocalHead))
		m.Return()
	case YR1, YR2, YR3, YR4:
		m.Write(l.base+2+Word(m.PC()-YR1), m.Local(LocalHead))
		m.Return()
	}
}

var litmusLabels = map[int]labelText{
	STX: {"x.store(v)", "x.store(v, order);"},
	STY: {"y.store(v)", "y.store(v, order);"},
	LDX: {"tmp = x.load()", "tmp = x.load(order);"},
	LDY: {"tmp = y.load()", "tmp = y.load(order);"},
	XR1: {"r1 = tmp (x)", "if (n == 1) r1 = tmp;"},
	XR2: {"r2 = tmp (x)", "if (n == 2) r2 = tmp;"},
	XR3: {"r3 = tmp (x)", "if (n == 3) r3 = tmp;"},
	XR4: {"r4 = tmp (x)", "if (n == 4) r4 = tmp;"},
	YR1: {"r1 = tmp (y)", "if (n == 1) r1 = tmp;"},
	YR2: {"r2 = tmp (y)", "if (n == 2) r2 = tmp;"},
	YR3: {"r3 = tmp (y)", "if (n == 3) r3 = tmp;"},
	YR4: {"r4 = tmp (y)", "if (n == 4) r4 = tmp;"},
}

// lines are an operation's lines with the variant's orders written in.
func (l *Litmus) lines(labels ...int) []Line {
	st, ld := l.orders()
	own := map[int]string{
		STX: "x.store(v, " + orderName(st) + ");",
		STY: "y.store(v, " + orderName(st) + ");",
		LDX: "tmp = x.load(" + orderName(ld) + ");",
		LDY: "tmp = y.load(" + orderName(ld) + ");",
	}
	return Lines(own, labels...)
}

// orderName is o as the label tables write it ("acquire").
func orderName(o Order) string {
	return [...]string{Relaxed: "relaxed", Acquire: "acquire", Release: "release", AcqRel: "acq_rel", SeqCst: "seq_cst"}[o]
}

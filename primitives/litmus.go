package primitives

// Litmus is the shared memory of a litmus test: two atomic locations x
// and y, and four registers r1..r4, plain fields each written by one
// thread and read only once the run is over. A variant is the order of
// every access: relaxed, acq_rel (stores release, loads acquire) or
// seq_cst.
//
//	STX x.store(v, order)                store_x v
//	STY y.store(v, order)                store_y v
//	LDX tmp = x.load(order)              load_x n   (into register rn)
//	LDY tmp = y.load(order)              load_y n
//	REG rn = tmp                         plain, the load's second step
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
func (l *Litmus) Facts() Facts { return Facts{} }

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
		{Name: "store_x", Entry: STX, HasArg: true, Step: l.step},
		{Name: "store_y", Entry: STY, HasArg: true, Step: l.step},
		{Name: "load_x", Entry: LDX, HasArg: true, Step: l.step},
		{Name: "load_y", Entry: LDY, HasArg: true, Step: l.step},
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
	case LDX:
		m.SetLocal(head, m.Load(x, ld))
		m.Goto(REG)
	case LDY:
		m.SetLocal(head, m.Load(y, ld))
		m.Goto(REG)
	case REG:
		r := m.Arg()
		if r < 1 || r > LitmusRegisters {
			m.Panic("litmus: no register r" + string(rune('0'+r%10)))
			return
		}
		m.Write(l.base+1+r, m.Local(head))
		m.Return()
	}
}

var litmusDocs = map[int]string{
	STX: "x.store(v)",
	STY: "y.store(v)",
	LDX: "tmp = x.load()",
	LDY: "tmp = y.load()",
	REG: "rn = tmp",
}

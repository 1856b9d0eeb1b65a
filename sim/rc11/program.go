package rc11

import (
	"fmt"
	"strings"
)

// Order is a memory order.
type Order uint8

// The memory orders (consume is outside the model).
const (
	Relaxed Order = iota
	Acquire
	Release
	AcqRel
	SeqCst
)

var orderNames = [...]string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}

func (o Order) String() string {
	if int(o) < len(orderNames) {
		return orderNames[o]
	}
	return fmt.Sprintf("Order(%d)", uint8(o))
}

// ParseOrder reads an order by its C++ name without the prefix
// ("relaxed", "acq_rel").
func ParseOrder(s string) (Order, bool) {
	for i, n := range orderNames {
		if n == s {
			return Order(i), true
		}
	}
	return 0, false
}

// readMode is what an access of order o is as a read: its order less the
// release part.
func readMode(o Order) Order {
	switch o {
	case Release:
		return Relaxed
	case AcqRel:
		return Acquire
	}
	return o
}

// writeMode is what an access of order o is as a write: its order less
// the acquire part.
func writeMode(o Order) Order {
	switch o {
	case Acquire:
		return Relaxed
	case AcqRel:
		return Release
	}
	return o
}

// Op is what an instruction does.
type Op uint8

// The instructions.
const (
	Load Op = iota
	Store
	Exchange
	FetchAdd
	// CompareExchange is compare_exchange_strong(Expected, Value): it
	// writes Value when it reads Expected, with Order, and is otherwise a
	// read with FailOrder. Its register gets the value read either way.
	CompareExchange
	Fence
)

var opNames = [...]string{"load", "store", "exchange", "fetch_add", "compare_exchange_strong", "fence"}

func (op Op) String() string {
	if int(op) < len(opNames) {
		return opNames[op]
	}
	return fmt.Sprintf("Op(%d)", uint8(op))
}

// reads says whether the instruction has a read event.
func (op Op) reads() bool { return op != Store && op != Fence }

// writes says whether the instruction may have a write event.
func (op Op) writes() bool { return op != Load && op != Fence }

// Instr is one instruction of a thread.
type Instr struct {
	Op  Op
	Loc int // the location, for every op but Fence
	// Value is what Store and Exchange write, what FetchAdd adds and what
	// CompareExchange writes when it succeeds.
	Value     int64
	Expected  int64 // CompareExchange's expected value
	Order     Order
	FailOrder Order // CompareExchange's order when it fails
	// Reg is the register that receives the value read (ops that read),
	// or -1 for none.
	Reg int
}

// Program is a litmus program: threads over Locs locations (all initially
// 0) and Regs registers (all initially 0).
type Program struct {
	Threads [][]Instr
	Locs    int
	Regs    int
	// LocNames and RegNames name the locations and registers for String
	// and Outcome.Format; they may be nil ("x0", "r0").
	LocNames, RegNames []string
}

// MaxEvents bounds a program's events: the initial writes, one per
// location, and one per instruction, two for each read-modify-write.
const MaxEvents = 64

// Validate reports what makes p not a program the oracle can judge.
func (p *Program) Validate() error {
	if p.Locs < 1 {
		return fmt.Errorf("a program needs a location")
	}
	n := p.Locs
	regs := map[int]bool{}
	for t, th := range p.Threads {
		for i, in := range th {
			where := fmt.Sprintf("thread %d, instruction %d", t, i)
			if in.Op > Fence {
				return fmt.Errorf("%s: unknown op %d", where, in.Op)
			}
			if in.Order > SeqCst || in.FailOrder > SeqCst {
				return fmt.Errorf("%s: unknown order", where)
			}
			if in.Op != Fence && (in.Loc < 0 || in.Loc >= p.Locs) {
				return fmt.Errorf("%s: location %d out of 0..%d", where, in.Loc, p.Locs-1)
			}
			if in.Reg >= 0 {
				if !in.Op.reads() {
					return fmt.Errorf("%s: a %s fills no register", where, in.Op)
				}
				if in.Reg >= p.Regs {
					return fmt.Errorf("%s: register %d out of 0..%d", where, in.Reg, p.Regs-1)
				}
				if regs[in.Reg] {
					return fmt.Errorf("%s: register %s is filled twice", where, p.regName(in.Reg))
				}
				regs[in.Reg] = true
			}
			n++
			if in.Op.reads() && in.Op.writes() {
				n++
			}
		}
	}
	if n > MaxEvents {
		return fmt.Errorf("%d events, more than %d", n, MaxEvents)
	}
	return nil
}

func (p *Program) locName(l int) string {
	if l < len(p.LocNames) {
		return p.LocNames[l]
	}
	return fmt.Sprintf("x%d", l)
}

func (p *Program) regName(r int) string {
	if r < len(p.RegNames) {
		return p.RegNames[r]
	}
	return fmt.Sprintf("r%d", r)
}

// String writes the program one thread a line, in C++'s words:
// "T0: r0 = x0.load(acquire); x1.store(1, release)".
func (p *Program) String() string {
	var b strings.Builder
	for t, th := range p.Threads {
		fmt.Fprintf(&b, "T%d:", t)
		for i, in := range th {
			if i > 0 {
				b.WriteByte(';')
			}
			b.WriteByte(' ')
			b.WriteString(p.instrString(in))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func (p *Program) instrString(in Instr) string {
	reg := ""
	if in.Reg >= 0 {
		reg = p.regName(in.Reg) + " = "
	}
	x := p.locName(in.Loc)
	switch in.Op {
	case Load:
		return fmt.Sprintf("%s%s.load(%s)", reg, x, in.Order)
	case Store:
		return fmt.Sprintf("%s.store(%d, %s)", x, in.Value, in.Order)
	case Exchange, FetchAdd:
		return fmt.Sprintf("%s%s.%s(%d, %s)", reg, x, in.Op, in.Value, in.Order)
	case CompareExchange:
		return fmt.Sprintf("%s%s.compare_exchange_strong(%d, %d, %s, %s)", reg, x, in.Expected, in.Value, in.Order, in.FailOrder)
	case Fence:
		return fmt.Sprintf("fence(%s)", in.Order)
	}
	return in.Op.String()
}

package litmus

import (
	"fmt"
	"strings"

	"lockstep/sim/rc11"
)

// Herd writes the test in form f as a C litmus test for herd7 (run with
// -model rc11.cat), whose exists clause is the test's outcome. Each
// location is an atomic_int argument; a register is the thread's int of
// that name, or, for a compare-exchange, a location of its own holding
// the expected value, which a failed compare-exchange overwrites with
// what it read and a successful one leaves equal to it, so that it ends
// with the value read either way.
func (t *Test) Herd(f *Form) string {
	var b strings.Builder
	fmt.Fprintf(&b, "C %s\n\n{ ", HerdName(t, f))
	casRegs := map[string]int64{}
	for _, th := range t.Threads {
		for _, in := range th.Instrs {
			if in.Op == rc11.CompareExchange && in.Reg != "" {
				casRegs[in.Reg] = in.Expected
			}
		}
	}
	for _, l := range t.Locs() {
		fmt.Fprintf(&b, "%s=0; ", l)
	}
	for i, th := range t.Threads {
		for j, in := range th.Instrs {
			if in.Op == rc11.CompareExchange {
				fmt.Fprintf(&b, "%s=%d; ", casExpected(in, i, j), in.Expected)
			}
		}
	}
	b.WriteString("}\n")
	mo := func(name string) string { return "memory_order_" + f.Order(name).String() }
	threadOf := map[string]int{}
	for i, th := range t.Threads {
		var args []string
		for _, l := range t.Locs() {
			args = append(args, "atomic_int* "+l)
		}
		for j, in := range th.Instrs {
			if in.Op == rc11.CompareExchange {
				args = append(args, "int* "+casExpected(in, i, j))
			}
		}
		fmt.Fprintf(&b, "\nP%d (%s) {\n", i, strings.Join(args, ", "))
		for j, in := range th.Instrs {
			reg := ""
			if in.Reg != "" {
				reg = "int " + in.Reg + " = "
				threadOf[in.Reg] = i
			}
			switch in.Op {
			case rc11.Load:
				fmt.Fprintf(&b, "  %satomic_load_explicit(%s, %s);\n", reg, in.Loc, mo(in.Order))
			case rc11.Store:
				fmt.Fprintf(&b, "  atomic_store_explicit(%s, %d, %s);\n", in.Loc, in.Value, mo(in.Order))
			case rc11.Exchange:
				fmt.Fprintf(&b, "  %satomic_exchange_explicit(%s, %d, %s);\n", reg, in.Loc, in.Value, mo(in.Order))
			case rc11.FetchAdd:
				fmt.Fprintf(&b, "  %satomic_fetch_add_explicit(%s, %d, %s);\n", reg, in.Loc, in.Value, mo(in.Order))
			case rc11.CompareExchange:
				e := casExpected(in, i, j)
				fmt.Fprintf(&b, "  int ok%d = atomic_compare_exchange_strong_explicit(%s, %s, %d, %s, %s);\n",
					j, in.Loc, e, in.Value, mo(in.Order), mo(in.FailOrder))
			case rc11.Fence:
				fmt.Fprintf(&b, "  atomic_thread_fence(%s);\n", mo(in.Order))
			}
		}
		b.WriteString("}\n")
	}
	var conds []string
	for _, o := range t.Outcome {
		switch {
		case hasCAS(casRegs, o.Name):
			conds = append(conds, fmt.Sprintf("e%s=%d", o.Name, o.Value))
		case isReg(o.Name):
			conds = append(conds, fmt.Sprintf("%d:%s=%d", threadOf[o.Name], o.Name, o.Value))
		default:
			conds = append(conds, fmt.Sprintf("%s=%d", o.Name, o.Value))
		}
	}
	fmt.Fprintf(&b, "\nexists (%s)\n", strings.Join(conds, " /\\ "))
	return b.String()
}

// casExpected names the location holding a compare-exchange's expected
// value: e and its register, or e, its thread and its place.
func casExpected(in Instr, thread, index int) string {
	if in.Reg != "" {
		return "e" + in.Reg
	}
	return fmt.Sprintf("e%d_%d", thread, index)
}

func hasCAS(m map[string]int64, r string) bool { _, ok := m[r]; return ok }

// HerdName is the name of form f of the test in herd7's output:
// "MP_rel-acq".
func HerdName(t *Test, f *Form) string { return t.Name + "_" + f.Name }

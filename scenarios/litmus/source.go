package litmus

import (
	"fmt"
	"strings"

	"lockstep/sim/rc11"
)

// Primitive is the name of the test's primitive in Lockstep's language:
// "litmus_mp", "litmus_2_2w" for 2+2W.
func (t *Test) Primitive() string {
	return "litmus_" + strings.NewReplacer("+", "_", ".", "_", "-", "_").Replace(strings.ToLower(t.Name))
}

// Op is the name of thread th's operation: its name in lower case.
func Op(th *Thread) string { return strings.ToLower(th.Name) }

// Source writes the test in form f in Lockstep's language: its locations
// atomic<int64> fields, its registers plain int64 fields, each thread an
// operation whose accesses are steps labelled by the thread and their
// place (P1, P2, ...), each read into a local; the registers are written
// at the end of the thread, a step each (P_r1).
func (t *Test) Source(f *Form) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// %s (form %s), from the litmus corpus.\n", t.Title.EN, f.Name)
	fmt.Fprintf(&b, "primitive %s() {\n", t.Primitive())
	for _, l := range t.Locs() {
		fmt.Fprintf(&b, "    atomic<int64> %s;\n", l)
	}
	for _, r := range t.Regs() {
		fmt.Fprintf(&b, "    int64 %s;\n", r)
	}
	for i := range t.Threads {
		th := &t.Threads[i]
		fmt.Fprintf(&b, "\n    void %s() {\n", Op(th))
		var writes []string
		for j, in := range th.Instrs {
			label := fmt.Sprintf("%s%d", th.Name, j+1)
			local := fmt.Sprintf("v%d", j+1)
			o := f.Order(in.Order).String()
			keep := ""
			if in.Reg != "" {
				keep = "auto " + local + " = "
				writes = append(writes, fmt.Sprintf("    %s_%s: %s = %s;\n", th.Name, in.Reg, in.Reg, local))
			}
			switch in.Op {
			case rc11.Load:
				fmt.Fprintf(&b, "    %s: %s%s.load(%s);\n", label, keep, in.Loc, o)
			case rc11.Store:
				fmt.Fprintf(&b, "    %s: %s.store(%d, %s);\n", label, in.Loc, in.Value, o)
			case rc11.Exchange, rc11.FetchAdd:
				fmt.Fprintf(&b, "    %s: %s%s.%s(%d, %s);\n", label, keep, in.Loc, in.Op, in.Value, o)
			case rc11.CompareExchange:
				// A failed compare-exchange writes what it read into its
				// expected local; one that succeeds read the expected value.
				fmt.Fprintf(&b, "        auto %s = %d;\n", local, in.Expected)
				fmt.Fprintf(&b, "    %s: %s.compare_exchange_strong(%s, %d, %s, %s);\n", label, in.Loc, local, in.Value, o, f.Order(in.FailOrder))
			case rc11.Fence:
				fmt.Fprintf(&b, "    %s: atomic_thread_fence(%s);\n", label, o)
			}
		}
		for _, w := range writes {
			b.WriteString(w)
		}
		b.WriteString("    }\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// Steps is the schedule that runs the threads one after the other, each
// to its end, by label: "P@P1 P@P2 Q@Q1 Q@Q2 Q@Q_r1 Q@Q_r2".
func (t *Test) Steps() string {
	var steps []string
	for _, th := range t.Threads {
		for j := range th.Instrs {
			steps = append(steps, fmt.Sprintf("%s@%s%d", th.Name, th.Name, j+1))
		}
		for _, in := range th.Instrs {
			if in.Reg != "" {
				steps = append(steps, fmt.Sprintf("%s@%s_%s", th.Name, th.Name, in.Reg))
			}
		}
	}
	return strings.Join(steps, " ")
}

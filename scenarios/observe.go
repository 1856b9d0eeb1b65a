package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"lockstep/sim"
	"lockstep/sim/program"
)

// Observer names what the final state of a litmus test shows: the
// registers its scripts load into, "r1=1 r2=0", or, when they load
// nothing (2+2W), the locations, "x=1 y=2"; for a lesson of the litmus
// corpus, its registers and then its locations, "r1=1 r2=0 x=1 y=1". It
// returns nil for a program that is not a litmus test.
func Observer(p *program.Program) func(*sim.Machine) string {
	if ob := writtenLitmusObserver(p); ob != nil {
		return ob
	}
	var regs []program.Word
	for _, c := range p.Coroutines {
		for _, in := range c.Script {
			if in.Kind != program.Call || in.Op >= len(p.Ops) {
				continue
			}
			if name := p.Ops[in.Op].Name; name == "load_x" || name == "load_y" {
				if !slices.Contains(regs, in.Arg) {
					regs = append(regs, in.Arg)
				}
			}
		}
	}
	slices.Sort(regs)
	cells := map[string]program.Word{}
	for a, c := range p.Cells {
		if rest, ok := strings.CutPrefix(c.Name, "mem."); ok {
			cells[rest] = program.Word(a)
		}
	}
	if _, ok := cells["x"]; !ok {
		return nil
	}
	var names []string
	for _, r := range regs {
		names = append(names, fmt.Sprintf("r%d", r))
	}
	if len(names) == 0 {
		names = []string{"x", "y"}
	}
	return func(m *sim.Machine) string {
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = fmt.Sprintf("%s=%d", n, int64(m.Peek(cells[n])))
		}
		return strings.Join(parts, " ")
	}
}

package lessonview

import (
	"slices"

	"lockstep/scenarios"
	"lockstep/sim/program"
	"lockstep/sim/words"
	"lockstep/web/playground/protocol"
)

// Algorithms is, for each variant of lesson l, the algorithms of the
// operations its coroutines call, in language lang. They come from the
// primitives' label tables (primitives.Operation.Lines); a variant that
// does not build is left out.
func Algorithms(l *scenarios.Scenario, params map[string]int, lang string) map[string][]protocol.Algorithm {
	out := map[string][]protocol.Algorithm{}
	for _, v := range l.Variants {
		p, err := l.Build(v, params)
		if err != nil {
			continue
		}
		out[v] = ProgramAlgorithms(p, lang)
	}
	return out
}

// ProgramAlgorithms is the algorithms of the operations p's scripts call,
// in the order the operations are declared.
func ProgramAlgorithms(p *program.Program, lang string) []protocol.Algorithm {
	used := make([]bool, len(p.Ops))
	for _, co := range p.Coroutines {
		for _, in := range co.Script {
			if in.Kind == program.Call {
				used[in.Op] = true
			}
		}
	}
	out := []protocol.Algorithm{}
	for i, op := range p.Ops {
		if !used[i] || slices.ContainsFunc(out, func(a protocol.Algorithm) bool { return a.Op == op.Name }) {
			continue
		}
		a := protocol.Algorithm{Op: op.Name, Lines: make([]protocol.Line, len(op.Lines))}
		for j, l := range op.Lines {
			a.Lines[j] = protocol.Line{Label: p.Label(l.Label), Code: l.Code, Doc: words.LabelDoc(p, l.Label, lang)}
		}
		out = append(out, a)
	}
	return out
}

// ScriptOf is the script coroutine co of lesson l was declared with: a
// group's members share their declaration's.
func ScriptOf(l *scenarios.Scenario, co program.CoroutineSpec) string {
	name := co.Name
	if co.Group != "" {
		name = co.Group
	}
	for _, d := range l.Coroutines {
		if d.Name == name {
			return d.Script
		}
	}
	return ""
}

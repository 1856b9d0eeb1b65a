package playground

import (
	"slices"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/words"
)

// algorithmInfo is one operation's algorithm as the playground shows it:
// one line per label, in reading order.
type algorithmInfo struct {
	Op    string     `json:"op"`
	Lines []lineInfo `json:"lines"`
}

// lineInfo is one line of an algorithm: the label of its step, the step
// as code (C++, or Go for Go's WaitGroup; never translated) and what it
// does, in the page's language.
type lineInfo struct {
	Label string `json:"label"`
	Code  string `json:"code"`
	Doc   string `json:"doc"`
}

// algorithmsOf is, for each variant of lesson l, the algorithms of the
// operations its coroutines call, in language lang. They come from the
// primitives' label tables (primitives.Operation.Lines); a variant that
// does not build is left out.
func algorithmsOf(l *scenarios.Scenario, params map[string]int, lang string) map[string][]algorithmInfo {
	out := map[string][]algorithmInfo{}
	for _, v := range l.Variants {
		p, err := l.Build(v, params)
		if err != nil {
			continue
		}
		out[v] = algorithmsOfProgram(p, lang)
	}
	return out
}

// algorithmsOfProgram is the algorithms of the operations p's scripts call,
// in the order the operations are declared.
func algorithmsOfProgram(p *sim.Program, lang string) []algorithmInfo {
	used := make([]bool, len(p.Ops))
	for _, co := range p.Coroutines {
		for _, in := range co.Script {
			if in.Kind == sim.Call {
				used[in.Op] = true
			}
		}
	}
	out := []algorithmInfo{}
	for i, op := range p.Ops {
		if !used[i] || slices.ContainsFunc(out, func(a algorithmInfo) bool { return a.Op == op.Name }) {
			continue
		}
		a := algorithmInfo{Op: op.Name, Lines: make([]lineInfo, len(op.Lines))}
		for j, l := range op.Lines {
			a.Lines[j] = lineInfo{Label: p.Label(l.Label), Code: l.Code, Doc: words.LabelDoc(p, l.Label, lang)}
		}
		out = append(out, a)
	}
	return out
}

package scenarios

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"lockstep/scenarios/litmus"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// LitmusOutcome is the outcome a litmus lesson is about.
type LitmusOutcome struct {
	// Outcome is what it is: registers and final values, "r1=1 r2=0".
	Outcome string `json:"outcome"`
	// Words name it and say which variants allow it under C++20: "r1=1
	// r2=0, the flag without the data: relaxed allows it; rel-acq
	// forbids it."
	Words Text `json:"words"`
	// Allowed lists the variants whose model allows it.
	Allowed []string `json:"allowed"`
}

// Matches says whether an observation ("r1=1 r2=0 x=1 y=1", as
// Observer names a final state) is the outcome.
func (l *LitmusOutcome) Matches(observed string) bool {
	have := strings.Fields(observed)
	for _, w := range strings.Fields(l.Outcome) {
		if !slices.Contains(have, w) {
			return false
		}
	}
	return true
}

// Note says what a finished run of the lesson shows of the outcome it is
// about, given the run's final state as Observer names it: "This run
// ends with r1=1 r2=0, the flag without the data: ..." or "This run
// does not end with r1=1 r2=0, the outcome the lesson is about: ...".
func (l *LitmusOutcome) Note(observed, lang string) string {
	w := l.Words.In(lang)
	if l.Matches(observed) {
		if lang == "zh" {
			return "这次运行的结果是 " + w
		}
		return "This run ends with " + w
	}
	if lang == "zh" {
		return "这次运行没有以 " + l.Outcome + " 结束（" + observed + "）。本课关注的结果：" + w
	}
	return "This run does not end with " + l.Outcome + " (" + observed + "). The outcome the lesson is about: " + w
}

// BuiltinLitmus maps the corpus tests that lessons on the built-in
// litmus primitive show to those lessons' ids: the catalog has no second
// lesson for them, and a test checks that each agrees with the corpus.
func BuiltinLitmus() map[string]string {
	return map[string]string{"MP": "litmus-mp", "SB": "litmus-sb", "LB": "litmus-lb",
		"IRIW": "litmus-iriw", "CoRR": "litmus-corr", "2+2W": "litmus-2plus2w"}
}

// LitmusLessons builds one lesson from each test of the litmus corpus
// but those of BuiltinLitmus.
func LitmusLessons() ([]*Scenario, error) {
	tests, err := litmus.Load()
	if err != nil {
		return nil, err
	}
	var out []*Scenario
	var errs []string
	builtin := BuiltinLitmus()
	for _, t := range tests {
		if _, ok := builtin[t.Name]; ok {
			continue
		}
		s, err := LitmusLesson(t)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		out = append(out, s)
	}
	if len(errs) > 0 {
		return out, fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// LitmusID is the id of the lesson built from a corpus test:
// "litmus-mp-fences" for MP+fences.
func LitmusID(t *litmus.Test) string {
	return "litmus-" + strings.NewReplacer("+", "-", ".", "-", "_", "-").Replace(strings.ToLower(t.Name))
}

// LitmusLesson builds the lesson of one corpus test: each thread a
// coroutine on a context of its own running the thread's operation, each
// form a variant with its own written primitive (Test.Source), one
// schedule that runs the threads one after the other, and the outcome
// the test is about (Litmus) in its summary.
func LitmusLesson(t *litmus.Test) (*Scenario, error) {
	v := t.Verdict()
	s := &Scenario{
		ID:        LitmusID(t),
		Primitive: t.Primitive(),
		Title:     Text{EN: "Litmus " + t.Title.EN, ZH: "试金石 " + t.Title.ZH},
		Summary:   Text{EN: v.EN, ZH: v.ZH},
		Sources:   map[string]string{},
		Litmus:    &LitmusOutcome{Outcome: t.OutcomeString(), Words: Text{EN: v.EN, ZH: v.ZH}},
		file:      fmt.Sprintf("%s:%d", t.File, t.Line),
	}
	var en, zh []string
	for _, th := range t.Threads {
		var code []string
		for _, in := range th.Instrs {
			code = append(code, litmusInstr(in))
		}
		en = append(en, fmt.Sprintf("%s: %s.", th.Name, strings.Join(code, "; ")))
		zh = append(zh, fmt.Sprintf("%s：%s。", th.Name, strings.Join(code, "; ")))
		s.Coroutines = append(s.Coroutines, Coroutine{Name: th.Name, Script: litmus.Op(&th)})
	}
	s.Narrative.EN = []string{"The threads, each on a context of its own: " + strings.Join(en, " ")}
	s.Narrative.ZH = []string{"各线程各在自己的上下文上运行：" + strings.Join(zh, "")}
	var bindEN, bindZH []string
	for _, f := range t.Forms {
		var binds []string
		for _, name := range slices.Sorted(maps.Keys(f.Orders)) {
			binds = append(binds, name+"="+f.Orders[name])
		}
		if len(binds) > 0 {
			bindEN = append(bindEN, f.Name+": "+strings.Join(binds, " "))
			bindZH = append(bindZH, f.Name+"："+strings.Join(binds, " "))
		}
	}
	if len(bindEN) > 0 {
		s.Narrative.EN = append(s.Narrative.EN, "Each variant gives the upper-case orders: "+strings.Join(bindEN, "; ")+".")
		s.Narrative.ZH = append(s.Narrative.ZH, "各变体给出大写的内存序："+strings.Join(bindZH, "；")+"。")
	}
	s.Narrative.EN = append(s.Narrative.EN, v.EN)
	s.Narrative.ZH = append(s.Narrative.ZH, v.ZH)
	if t.Note.EN != "" {
		s.Narrative.EN = append(s.Narrative.EN, t.Note.EN)
		s.Narrative.ZH = append(s.Narrative.ZH, t.Note.ZH)
	}
	expect := map[string]outcome.Kind{}
	for i := range t.Forms {
		f := &t.Forms[i]
		s.Variants = append(s.Variants, f.Name)
		s.Sources[f.Name] = t.Source(f)
		expect[f.Name] = outcome.OK
		if f.Allowed {
			s.Litmus.Allowed = append(s.Litmus.Allowed, f.Name)
		}
	}
	s.Schedules = []Schedule{{
		Name:   "in-order",
		Title:  Text{EN: "The threads one after the other", ZH: "线程依次运行"},
		Steps:  t.Steps(),
		Expect: expect,
	}}
	if err := s.validate(knownVariants()); err != nil {
		return nil, fmt.Errorf("%s: %s: %v", s.file, s.ID, err)
	}
	return s, nil
}

// litmusInstr writes an instruction as the corpus does.
func litmusInstr(in litmus.Instr) string {
	reg := ""
	if in.Reg != "" {
		reg = in.Reg + " = "
	}
	switch in.Op.String() {
	case "load":
		return fmt.Sprintf("%s%s.load(%s)", reg, in.Loc, in.Order)
	case "store":
		return fmt.Sprintf("%s.store(%d, %s)", in.Loc, in.Value, in.Order)
	case "compare_exchange_strong":
		return fmt.Sprintf("%s%s.compare_exchange_strong(%d, %d, %s, %s)", reg, in.Loc, in.Expected, in.Value, in.Order, in.FailOrder)
	case "fence":
		return fmt.Sprintf("atomic_thread_fence(%s)", in.Order)
	}
	return fmt.Sprintf("%s%s.%s(%d, %s)", reg, in.Loc, in.Op, in.Value, in.Order)
}

// writtenLitmusObserver names the final state of a lesson built from the
// litmus corpus: its primitive's registers, then its locations, "r1=1
// r2=0 x=1 y=1", as the rc11 oracle formats an outcome. It returns nil
// when p's object is no litmus_* primitive.
func writtenLitmusObserver(p *program.Program) func(*sim.Machine) string {
	var regs, locs []string
	addr := map[string]program.Word{}
	for a, c := range p.Cells {
		obj, field, ok := strings.Cut(c.Name, ".")
		if !ok || !strings.HasPrefix(obj, "litmus_") || strings.Contains(field, ".") {
			continue
		}
		addr[field] = program.Word(a)
		if len(field) >= 2 && field[0] == 'r' && field[1] >= '0' && field[1] <= '9' {
			regs = append(regs, field)
		} else {
			locs = append(locs, field)
		}
	}
	if len(regs)+len(locs) == 0 {
		return nil
	}
	names := append(regs, locs...)
	return func(m *sim.Machine) string {
		parts := make([]string, len(names))
		for i, n := range names {
			parts[i] = fmt.Sprintf("%s=%d", n, int64(m.Peek(addr[n])))
		}
		return strings.Join(parts, " ")
	}
}

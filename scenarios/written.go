package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"lockstep/primitives"
	"lockstep/primitives/lang"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// BuildWritten compiles the lesson with a written primitive in place of
// its built-in one: the same coroutines, scripts and parameters, run
// against def. The lesson's init settings ("count", "set") and its value
// flag ("value") set the primitive's parameters of those names. The
// lesson's variants do not matter here: a variant only picks which of the
// lesson's schedules, and which expected outcomes, apply. The written
// primitive has the guards of the lesson's built-in primitive whose
// operations it writes (a mutex's lock_guard, an event's event_guard),
// and the scripts' runtime statements (spawn, if) are the lesson's own.
func (s *Scenario) BuildWritten(def *lang.Def, overrides map[string]int) (*program.Program, error) {
	return s.BuildWrittenOn(def, "", overrides)
}

// BuildWrittenOn is BuildWritten for one of the lesson's variants: the
// variant EngineFixed runs the written primitive on the fixed engine, as
// it runs tinyCoro's; any other variant builds as BuildWritten does.
func (s *Scenario) BuildWrittenOn(def *lang.Def, variant string, overrides map[string]int) (*program.Program, error) {
	p, err := s.buildWritten(def, variant == EngineFixed, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s with %s: %w", s.ID, def.File(), err)
	}
	return p, nil
}

func (s *Scenario) buildWritten(def *lang.Def, engine bool, overrides map[string]int) (*program.Program, error) {
	params, err := s.Resolve(overrides)
	if err != nil {
		return nil, err
	}
	// A memory_order parameter is set in words ("ord": "release").
	orders := map[string]bool{}
	for _, p := range def.Params() {
		orders[p.Name] = p.Order
	}
	init, err := s.initValues(params, orders)
	if err != nil {
		return nil, err
	}
	has := func(name string) bool {
		return slices.ContainsFunc(def.Params(), func(p lang.Param) bool { return p.Name == name })
	}
	for _, k := range sortedKeys(init) {
		if !has(k) {
			return nil, fmt.Errorf("the lesson sets %s, and primitive %s has no parameter %s", k, def.Name(), k)
		}
	}
	if s.Value {
		if !has("value") {
			return nil, fmt.Errorf("the lesson's event carries a value, and primitive %s has no parameter value", def.Name())
		}
		init["value"] = 1
	}
	guards := s.writtenGuards(def)
	if missing := s.missingOps(def, guards); len(missing) > 0 {
		return nil, fmt.Errorf("the lesson's scripts call %s, which primitive %s does not have (it has: %s)",
			strings.Join(missing, ", "), def.Name(), strings.Join(def.Operations(), ", "))
	}
	in, err := def.Instantiate(init)
	if err != nil {
		return nil, err
	}
	object := def.Name()
	if k, ok := kinds()[s.Primitive]; ok {
		object = k.object
	}
	if len(guards) > 0 {
		return s.assemble(guarded{in, guards}, object, params, engine)
	}
	return s.assemble(in, object, params, engine)
}

// guarded is a written primitive with guards.
type guarded struct {
	*lang.Instance
	guards []primitives.Guard
}

// Guards implements primitives.Guarder.
func (g guarded) Guards() []primitives.Guard { return g.guards }

// writtenGuards are the guards of the lesson's built-in primitive whose
// operations def has.
func (s *Scenario) writtenGuards(def *lang.Def) []primitives.Guard {
	k, ok := kinds()[s.Primitive]
	if !ok {
		return nil
	}
	var out []primitives.Guard
	for _, g := range guardsOf(k.build[k.variants[0]](config{})) {
		has := func(op string) bool { return op == "" || slices.Contains(def.Operations(), op) }
		if has(g.Enter) && has(g.Exit) {
			out = append(out, g)
		}
	}
	return out
}

// missingOps are the operations the lesson's scripts call that def does
// not have, the critical section and the guards aside.
func (s *Scenario) missingOps(def *lang.Def, guards []primitives.Guard) []string {
	var out []string
	for _, c := range s.Coroutines {
		calls := scriptCalls(c.Script)
		for i, name := range calls {
			if i > 0 && def.TakesOrder(calls[i-1]) {
				continue // the order an operation takes (store release), which the script compiler checks
			}
			isGuard := slices.ContainsFunc(guards, func(g primitives.Guard) bool { return g.Name == name })
			if name != "cs" && !isGuard && !slices.Contains(def.Operations(), name) && !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}

// scriptCalls are the operation names a script mentions: what is not a
// statement of the script's own (repeat, if, else, spawn and the name it
// spawns) or a number.
func scriptCalls(script string) []string {
	var out []string
	spawned := false
	for _, f := range strings.FieldsFunc(script, func(r rune) bool {
		return r == ';' || r == '{' || r == '}' || r == ' ' || r == '\n' || r == '\t'
	}) {
		was := spawned
		spawned = f == "spawn"
		switch {
		case was, f == "repeat", f == "if", f == "else", f == "spawn", f == "", f[0] == '-', f[0] >= '0' && f[0] <= '9':
			continue
		}
		out = append(out, f)
	}
	return out
}

// A Replay is what one of the lesson's named schedules leads to with a
// written primitive.
type Replay struct {
	Schedule *Schedule
	// Steps is the schedule followed: the variant's, or its threads alone
	// when the primitive's labels are not the variant's (LabelsIgnored).
	Steps         schedule.Schedule
	LabelsIgnored bool
	Outcome       outcome.Outcome
	// Expect is what the variant is expected to reach, "" if unstated.
	Expect outcome.Kind
}

// ReplayWritten replays each of the lesson's named schedules, as written
// for variant, on the lesson built with written primitive d. A primitive
// of its own labels cannot follow a schedule that names the variant's; it
// then follows the same threads in the same order.
func (s *Scenario) ReplayWritten(d *lang.Def, variant string) ([]Replay, error) {
	p, err := s.BuildWritten(d, nil)
	if err != nil {
		return nil, err
	}
	var out []Replay
	for i := range s.Schedules {
		sc := &s.Schedules[i]
		steps, err := schedule.Parse(sc.For(variant))
		if err != nil {
			return nil, fmt.Errorf("schedule %s: %w", sc.Name, err)
		}
		r := Replay{Schedule: sc, Steps: steps, Expect: sc.Expect[variant]}
		_, out1, err := sim.ReplaySchedule(p, steps, sim.Options{Memory: sc.MemoryModel()})
		if err != nil {
			r.Steps, r.LabelsIgnored = steps.Threads(), true
			_, out1, err = sim.ReplaySchedule(p, r.Steps, sim.Options{Memory: sc.MemoryModel()})
		}
		if err != nil {
			// Not even the threads can be followed (one finished early):
			// say why, as the outcome.
			out1 = outcome.Outcome{Kind: "", Message: err.Error()}
		}
		r.Outcome = out1
		out = append(out, r)
	}
	return out, nil
}

package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"lockstep/primitives"
	"lockstep/primitives/lang"
	"lockstep/sim/program"
)

// The runtime's parameters and variant (see Scenario.Params).
const (
	ParamQueueCap   = "queue_cap"
	ParamDepthCap   = "depth_cap"
	DefaultDepthCap = 4096 // kMaxRecursiveDepth
	// EngineFixed is the variant that runs tinyCoro's primitive on the
	// digest's fixed engine (§4.1): a full queue never drops a handle,
	// and the inline depth counter is the waker's own.
	EngineFixed = "engine-fixed"
)

// Limits on what a lesson may ask for once its parameters are applied.
const (
	MaxParam      = 64
	MaxCoroutines = 64
	MaxCapacity   = 16 // a channel's
)

// Resolve resolves parameter overrides against the lesson's defaults.
// Unknown names and values out of 0..MaxParam are errors.
func (s *Scenario) Resolve(overrides map[string]int) (map[string]int, error) {
	out := make(map[string]int, len(s.Params))
	for k, v := range s.Params {
		out[k] = v
	}
	for _, k := range sortedKeys(overrides) {
		v := overrides[k]
		if _, ok := s.Params[k]; !ok {
			if len(s.Params) == 0 {
				return nil, fmt.Errorf("%s has no parameters", s.ID)
			}
			return nil, fmt.Errorf("%s has no parameter %q (it has %s)", s.ID, k, strings.Join(sortedKeys(s.Params), ", "))
		}
		if v < 0 || v > MaxParam {
			return nil, fmt.Errorf("parameter %s=%d is out of range 0..%d", k, v, MaxParam)
		}
		out[k] = v
	}
	return out, nil
}

// Build compiles the lesson for one variant with the given parameter
// overrides.
func (s *Scenario) Build(variant string, overrides map[string]int) (*program.Program, error) {
	p, err := s.build(variant, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.ID, err)
	}
	return p, nil
}

func (s *Scenario) build(variant string, overrides map[string]int) (*program.Program, error) {
	if !slices.Contains(s.Variants, variant) {
		return nil, fmt.Errorf("no variant %q (it has %s)", variant, strings.Join(s.Variants, ", "))
	}
	if d := s.WrittenFor(variant); d != nil {
		return s.buildWritten(d, variant == EngineFixed, overrides)
	}
	engine := variant == EngineFixed
	if engine {
		variant = kinds()[s.Primitive].variants[0] // tinyCoro's primitive on the fixed engine
	}
	params, err := s.Resolve(overrides)
	if err != nil {
		return nil, err
	}
	init, err := s.initValues(params, nil)
	if err != nil {
		return nil, err
	}
	cfg := config{value: s.Value}
	for k, n := range init {
		switch k {
		case "count":
			cfg.count = int(n)
		case "set":
			cfg.set = n != 0
		case "capacity":
			if n < 0 || n > MaxCapacity {
				return nil, fmt.Errorf("init capacity: %d is out of range 0..%d", n, MaxCapacity)
			}
			cfg.capacity = int(n)
		default:
			return nil, fmt.Errorf("init: unknown setting %q (want count, set or capacity)", k)
		}
	}
	prim, object, err := newPrimitive(s.Primitive, variant, cfg)
	if err != nil {
		return nil, err
	}
	return s.assemble(prim, object, params, engine)
}

// initValues evaluates the lesson's init settings with the parameters: a
// count expression, or, for a setting orders marks (a written
// primitive's memory_order parameter), a memory order in words (relaxed,
// acquire, release, acq_rel, seq_cst).
func (s *Scenario) initValues(params map[string]int, orders map[string]bool) (map[string]int64, error) {
	out := map[string]int64{}
	for _, k := range sortedKeys(s.Init) {
		if orders[k] {
			o, ok := lang.OrderNamed(s.Init[k])
			if !ok {
				return nil, fmt.Errorf("init %s: %q is not a memory order (relaxed, acquire, release, acq_rel or seq_cst)", k, s.Init[k])
			}
			out[k] = int64(o)
			continue
		}
		n, err := eval(s.Init[k], params)
		if err != nil {
			return nil, fmt.Errorf("init %s: %v", k, err)
		}
		out[k] = int64(n)
	}
	return out, nil
}

// assemble lays out the program of the lesson with primitive prim, whose
// object is named object: the primitive, the contexts, the frames and
// awaiters, the scripts; on the fixed engine when engine is set.
func (s *Scenario) assemble(prim primitives.Primitive, object string, params map[string]int, engine bool) (*program.Program, error) {
	coros, err := s.expand(params)
	if err != nil {
		return nil, err
	}

	l := program.NewLayout()
	base := addPrimitive(l, object, prim.Fields())
	prim.Bind(base)
	// Resolve the fields that refer to their own address (Self, InitSelf)
	// now that the object has one.
	p := l.Program()
	for i, f := range prim.Fields() {
		addr := base + program.Word(i)
		c := &p.Cells[addr]
		if f.Self != "" {
			names := map[program.Word]string{addr: f.Self}
			for k, v := range c.Names {
				names[k] = v
			}
			c.Names = names
		}
		if f.InitSelf {
			c.Init = addr
		}
	}

	if qc, ok := params[ParamQueueCap]; ok {
		p.Engine = &program.Engine{QueueCap: qc, DepthCap: DefaultDepthCap, Fixed: engine}
		if dc, ok := params[ParamDepthCap]; ok {
			p.Engine.DepthCap = dc
		}
	}
	threadOf := map[string]int{}
	for _, c := range coros {
		if _, ok := threadOf[c.thread]; ok {
			continue
		}
		ctxFields := []program.Field{{Name: "num_wait", Kind: program.Int64, Atomic: true}}
		if p.Engine != nil {
			ctxFields = append(ctxFields, program.Field{Name: "m_max_recursive_depth", Kind: program.Int64})
		}
		ctx := l.Add(c.thread+".ctx", program.ContextObject, -1, c.thread, ctxFields...)
		threadOf[c.thread] = len(p.Threads)
		p.Threads = append(p.Threads, program.ThreadSpec{Name: c.thread, Context: ctx})
	}

	awaiterFields := []program.Field{
		{Name: "m_next", Kind: program.Pointer},
		{Name: "m_await_coro", Kind: program.Handle},
		{Name: "m_ctx", Kind: program.Context},
	}
	if af, ok := prim.(primitives.AwaiterFielder); ok {
		awaiterFields = append(awaiterFields, fields(af.AwaiterFields())...)
	}
	ops := prim.Ops()
	var counter program.Word
	// A group's members share their script: each script is read once,
	// not once for each of up to 64 coroutines.
	if slices.ContainsFunc(distinctScripts(coros), usesCS) {
		counter = l.Add("shared", program.DataObject, -1, "", program.Field{Name: "counter", Kind: program.Int64})
		cs := &primitives.CriticalSection{Counter: counter}
		ops = append(ops, cs.Operation())
	}
	for _, op := range ops {
		p.Ops = append(p.Ops, simOp(op))
	}
	table := &opTable{ops: ops, guards: guardsOf(prim), spawns: map[string]int{}}
	for i, c := range coros {
		target := cmp(c.group, c.name)
		if !c.spawned || c.group != "" && i > 0 && coros[i-1].group == c.group {
			continue
		}
		n := 1
		for c.group != "" && i+n < len(coros) && coros[i+n].group == c.group {
			n++
		}
		table.spawns[target] = len(p.Ops)
		p.Ops = append(p.Ops, simOp(primitives.SpawnOperation(target, i, n)))
	}

	compiled := map[string][]program.Instr{}
	for i, c := range coros {
		script, ok := compiled[c.script]
		if !ok {
			var err error
			if script, err = compileScript(c.script, table); err != nil {
				return nil, fmt.Errorf("coroutine %s: script: %v", c.name, err)
			}
			compiled[c.script] = script
		}
		frame := l.Add(c.name+".frame", program.FrameObject, i, c.name,
			program.Field{Name: "resume", Kind: program.Pointer})
		aw := l.Add(c.name+".awaiter", program.AwaiterObject, i, c.name, awaiterFields...)
		p.Coroutines = append(p.Coroutines, program.CoroutineSpec{Name: c.name, Thread: threadOf[c.thread],
			Frame: frame, Awaiter: aw, Script: script, Group: c.group, Spawned: c.spawned})
	}

	if parent, ok := prim.(primitives.Parent); ok {
		var handles []primitives.Word
		for i := range p.Coroutines {
			if c := &p.Coroutines[i]; c.Spawned {
				handles = append(handles, c.Frame)
				c.OwnedFrame = parent.OwnsChildFrames()
			}
		}
		parent.BindChildren(handles)
	}
	p.FIFO = s.FIFO
	p.StepLimit = s.StepLimit
	setLabels(p, prim)
	p.Facts = simFacts(prim.Facts())
	if err := p.Validate(); err != nil {
		return nil, err
	}
	return p, nil
}

// setLabels gives the program its label names, docs and, for a primitive
// that names its own labels, their source lines. Labels below
// primitives.FirstFreeLabel are the built-in table's (the critical
// section's among them).
func setLabels(p *program.Program, prim primitives.Primitive) {
	p.LabelName = primitives.LabelName
	p.LabelDoc = primitives.LabelDoc
	w, ok := prim.(primitives.Labeled)
	if !ok {
		return
	}
	file, _ := w.Source()
	p.LabelName = func(pc int) string {
		if pc < primitives.FirstFreeLabel {
			return primitives.LabelName(pc)
		}
		return w.Label(pc).Name
	}
	p.LabelDoc = func(pc int) string {
		if pc < primitives.FirstFreeLabel {
			return primitives.LabelDoc(pc)
		}
		return w.Label(pc).Doc
	}
	p.LabelLoc = func(pc int) (program.Location, bool) {
		if pc < primitives.FirstFreeLabel {
			return program.Location{}, false
		}
		l := w.Label(pc)
		return program.Location{File: file, Line: l.Line, Function: l.Function}, true
	}
}

// guardsOf returns the primitive's guards, if it has any.
func guardsOf(prim primitives.Primitive) []primitives.Guard {
	if g, ok := prim.(primitives.Guarder); ok {
		return g.Guards()
	}
	return nil
}

func cmp(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// expanded is one coroutine after groups are expanded.
type expanded struct {
	name, thread, script, group string
	spawned                     bool
}

// expand turns the coroutine declarations into coroutines.
func (s *Scenario) expand(params map[string]int) ([]expanded, error) {
	var out []expanded
	seen := map[string]bool{}
	for _, c := range s.Coroutines {
		if c.Name == "" {
			return nil, fmt.Errorf("a coroutine has no name")
		}
		n, names := 1, []string{c.Name}
		if c.Count != "" {
			var err error
			n, err = eval(c.Count, params)
			if err != nil {
				return nil, fmt.Errorf("coroutine %s: count: %v", c.Name, err)
			}
			if n > MaxCoroutines {
				// Refused before its names are made: there could be billions.
				return nil, fmt.Errorf("coroutine %s: count: %d is more than the %d coroutines a lesson may have in total (MaxCoroutines)", c.Name, n, MaxCoroutines)
			}
			names = names[:0]
			for i := 1; i <= n; i++ {
				names = append(names, c.Name+strconv.Itoa(i))
			}
		}
		for _, name := range names {
			if seen[name] {
				return nil, fmt.Errorf("two coroutines are named %s", name)
			}
			seen[name] = true
			thread := c.Thread
			if thread == "" {
				thread = name
			}
			group := ""
			if c.Count != "" {
				group = c.Name
			}
			out = append(out, expanded{name: name, thread: thread, script: c.Script, group: group, spawned: c.Spawned})
		}
	}
	if len(out) > MaxCoroutines {
		return nil, fmt.Errorf("the parameters make %d coroutines in all, and a lesson may have at most %d coroutines in total (MaxCoroutines)", len(out), MaxCoroutines)
	}
	return out, nil
}

func usesCS(script string) bool { return slices.Contains(scriptCalls(script), "cs") }

// distinctScripts is the scripts of coros, each once.
func distinctScripts(coros []expanded) []string {
	var out []string
	for _, c := range coros {
		if !slices.Contains(out, c.script) {
			out = append(out, c.script)
		}
	}
	return out
}

package scenarios

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"lockstep/primitives"
	"lockstep/sim"
)

// Limits on what a lesson may ask for once its parameters are applied.
const (
	MaxParam      = 64
	MaxCoroutines = 64
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
func (s *Scenario) Build(variant string, overrides map[string]int) (*sim.Program, error) {
	p, err := s.build(variant, overrides)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", s.ID, err)
	}
	return p, nil
}

func (s *Scenario) build(variant string, overrides map[string]int) (*sim.Program, error) {
	if !slices.Contains(s.Variants, variant) {
		return nil, fmt.Errorf("no variant %q (it has %s)", variant, strings.Join(s.Variants, ", "))
	}
	if s.written != nil {
		return s.buildWritten(s.written, overrides)
	}
	params, err := s.Resolve(overrides)
	if err != nil {
		return nil, err
	}
	init, err := s.initValues(params)
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
		default:
			return nil, fmt.Errorf("init: unknown setting %q (want count or set)", k)
		}
	}
	prim, object, err := newPrimitive(s.Primitive, variant, cfg)
	if err != nil {
		return nil, err
	}
	return s.assemble(prim, object, params)
}

// initValues evaluates the lesson's init settings with the parameters.
func (s *Scenario) initValues(params map[string]int) (map[string]int64, error) {
	out := map[string]int64{}
	for _, k := range sortedKeys(s.Init) {
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
// awaiters, the scripts.
func (s *Scenario) assemble(prim primitives.Primitive, object string, params map[string]int) (*sim.Program, error) {
	coros, err := s.expand(params)
	if err != nil {
		return nil, err
	}

	l := sim.NewLayout()
	base := l.Add(object, sim.PrimitiveObject, -1, "", fields(prim.Fields())...)
	prim.Bind(base)
	// Resolve the fields that refer to their own address (Self, InitSelf)
	// now that the object has one.
	p := l.Program()
	for i, f := range prim.Fields() {
		addr := base + sim.Word(i)
		c := &p.Cells[addr]
		if f.Self != "" {
			names := map[sim.Word]string{addr: f.Self}
			for k, v := range c.Names {
				names[k] = v
			}
			c.Names = names
		}
		if f.InitSelf {
			c.Init = addr
		}
	}

	threadOf := map[string]int{}
	for _, c := range coros {
		if _, ok := threadOf[c.thread]; ok {
			continue
		}
		ctx := l.Add(c.thread+".ctx", sim.ContextObject, -1, c.thread,
			sim.Field{Name: "num_wait", Kind: sim.Int64, Atomic: true})
		threadOf[c.thread] = len(p.Threads)
		p.Threads = append(p.Threads, sim.ThreadSpec{Name: c.thread, Context: ctx})
	}

	ops := prim.Ops()
	var counter sim.Word
	if slices.ContainsFunc(coros, func(c expanded) bool { return usesCS(c.script) }) {
		counter = l.Add("shared", sim.DataObject, -1, "", sim.Field{Name: "counter", Kind: sim.Int64})
		cs := &primitives.CriticalSection{Counter: counter}
		ops = append(ops, cs.Operation())
	}
	opNames := make([]string, len(ops))
	for i, op := range ops {
		opNames[i] = op.Name
		p.Ops = append(p.Ops, simOp(op))
	}
	resolve := func(name string) (opInfo, bool) {
		i := slices.Index(opNames, name)
		if i < 0 {
			return opInfo{}, false
		}
		return opInfo{index: i, hasArg: ops[i].HasArg}, true
	}

	for i, c := range coros {
		script, err := compileScript(c.script, resolve, opNames)
		if err != nil {
			return nil, fmt.Errorf("coroutine %s: script: %v", c.name, err)
		}
		frame := l.Add(c.name+".frame", sim.FrameObject, i, c.name,
			sim.Field{Name: "resume", Kind: sim.Pointer})
		aw := l.Add(c.name+".awaiter", sim.AwaiterObject, i, c.name,
			sim.Field{Name: "m_next", Kind: sim.Pointer},
			sim.Field{Name: "m_await_coro", Kind: sim.Handle},
			sim.Field{Name: "m_ctx", Kind: sim.Context})
		p.Coroutines = append(p.Coroutines, sim.CoroutineSpec{Name: c.name, Thread: threadOf[c.thread],
			Frame: frame, Awaiter: aw, Script: script, Group: c.group})
	}

	p.Submit, _ = sim.ParseSubmitMode(cmp(s.Submit, "enqueue"))
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
func setLabels(p *sim.Program, prim primitives.Primitive) {
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
	p.LabelLoc = func(pc int) (sim.Location, bool) {
		if pc < primitives.FirstFreeLabel {
			return sim.Location{}, false
		}
		l := w.Label(pc)
		return sim.Location{File: file, Line: l.Line, Function: l.Function}, true
	}
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
			out = append(out, expanded{name: name, thread: thread, script: c.Script, group: group})
		}
	}
	if len(out) > MaxCoroutines {
		return nil, fmt.Errorf("the parameters make %d coroutines in all, and a lesson may have at most %d coroutines in total (MaxCoroutines)", len(out), MaxCoroutines)
	}
	return out, nil
}

func usesCS(script string) bool { return slices.Contains(scriptCalls(script), "cs") }

// fields converts a primitive's field declarations for the layout.
func fields(fs []primitives.Field) []sim.Field {
	out := make([]sim.Field, len(fs))
	for i, f := range fs {
		out[i] = sim.Field{Name: f.Name, Kind: cellKind(f.Kind), Atomic: f.Atomic, Init: f.Init, Names: f.Names}
	}
	return out
}

func cellKind(k primitives.FieldKind) sim.CellKind {
	switch k {
	case primitives.Int32:
		return sim.Int32
	case primitives.Int64:
		return sim.Int64
	case primitives.Uint32:
		return sim.Uint32
	case primitives.Pointer:
		return sim.Pointer
	case primitives.PairCountHead:
		return sim.PairCountHead
	case primitives.GoState:
		return sim.GoState
	}
	panic(fmt.Sprintf("scenarios: unknown field kind %d", k))
}

// simOp adapts a primitive's operation to the machine.
func simOp(op primitives.Operation) sim.Op {
	step := op.Step
	o := sim.Op{Name: op.Name, Entry: op.Entry, Awaits: op.Awaits, Code: func(x *sim.Exec) { step(x) }}
	for _, l := range op.Lines {
		o.Lines = append(o.Lines, sim.Line{Label: l.Label, Code: l.Code})
	}
	for _, pt := range op.Pointers {
		o.Pointers = append(o.Pointers, sim.ListPointer{Slot: pt.Slot, Name: pt.Name, Labels: pt.Labels})
	}
	switch op.Role {
	case primitives.Lock:
		o.Role = sim.Lock
	case primitives.Unlock:
		o.Role = sim.Unlock
	case primitives.Waiting:
		o.Role = sim.Waiting
	}
	return o
}

func simFacts(f primitives.Facts) sim.Facts {
	out := sim.Facts{Condition: f.Condition}
	if f.Open != nil {
		out.Open = func(p sim.Peek) bool { return f.Open(p) }
	}
	if f.Free != nil {
		out.Free = func(p sim.Peek) bool { return f.Free(p) }
	}
	for _, l := range f.Lists {
		head := l.Head
		out.Lists = append(out.Lists, sim.List{Name: l.Name, Head: func(p sim.Peek) sim.Word { return head(p) }})
	}
	return out
}

// The machine implements the primitives' memory, without either package
// importing the other.
var _ primitives.Mem = (*sim.Exec)(nil)

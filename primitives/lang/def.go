package lang

import (
	"fmt"
	"slices"
	"strings"

	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// A Def is a compiled primitive: its source parsed and checked, its labels
// numbered. It is immutable and safe for concurrent use; Instantiate makes
// runnable primitives from it.
type Def struct {
	file   string // the source's file name, as steps cite it
	src    string
	f      *syntax.File
	labels []primitives.Label // index 0 is unused: label 0 means none
	// labelOf numbers the statements that touch shared memory.
	labelOf map[syntax.Stmt]int
	spans   map[syntax.Stmt]string
}

// Name is the primitive's name (`primitive NAME`).
func (d *Def) Name() string { return d.f.Name }

// Pos is where the primitive's name is written: the place of an error
// about the primitive as a whole (an operation a lesson calls and it
// lacks).
func (d *Def) Pos() Pos { return d.f.Pos }

// File is the source's file name.
func (d *Def) File() string { return d.file }

// Source is the source text.
func (d *Def) Source() string { return d.src }

// Labels are the primitive's labels in source order: one per statement
// that touches shared memory.
func (d *Def) Labels() []primitives.Label { return slices.Clone(d.labels[1:]) }

// A Param is a parameter of the primitive: what a lesson's init sets.
type Param struct {
	Name  string
	Bool  bool  // a bool
	Order bool  // a memory_order, whose value is a primitives.Order (OrderNamed)
	Def   int64 // its default
}

// Params are the primitive's parameters, in order.
func (d *Def) Params() []Param {
	out := make([]Param, len(d.f.Params))
	for i, p := range d.f.Params {
		out[i] = Param{Name: p.Name, Bool: p.Type == syntax.TyBool, Order: p.Type == syntax.TyOrder, Def: int64(d.paramDefault(p))}
	}
	return out
}

// Operations are the names of the operations a script may call, in order.
func (d *Def) Operations() []string {
	var out []string
	for _, o := range d.f.Ops {
		if !o.Private && !slices.Contains(out, o.Name) {
			out = append(out, o.Name)
		}
	}
	return out
}

// Compile parses and checks a primitive's source. file names the source in
// errors and in the locations of steps ("my_wait_group.lsp"). Errors are
// an ErrorList, each at a line and column; nothing a source holds makes
// Compile panic or run long.
func Compile(file, src string) (d *Def, err error) {
	e := &syntax.Errs{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(syntax.Bail); !ok {
				// A bug of the compiler, not of the source: say so rather
				// than take the server down.
				e.List = append(e.List, &syntax.Error{Pos: syntax.Pos{Line: 1, Col: 1}, Msg: fmt.Sprintf("internal error: %v", r)})
			}
			d, err = nil, e.List
		}
	}()
	if len(src) > MaxSource {
		e.Add(syntax.Pos{Line: 1, Col: 1}, "the source is %d bytes long; a primitive may have at most %d", len(src), MaxSource)
		return nil, e.Err()
	}
	f, spans, comments := syntax.Parse(src, e)
	if err := e.Err(); err != nil {
		return nil, err
	}
	d = &Def{file: file, src: src, f: f, labelOf: map[syntax.Stmt]int{}, spans: spans, labels: []primitives.Label{{}}}
	d.declarations(e)
	if err := e.Err(); err != nil {
		return nil, err
	}
	// Type-check every operation once with nothing folded, which finds
	// the statements that touch shared memory; number them; then build
	// the instances a lesson can ask for, which checks how the steps fall.
	access := d.check(e)
	if err := e.Err(); err != nil {
		return nil, err
	}
	d.number(access, comments, e)
	if err := e.Err(); err != nil {
		return nil, err
	}
	for _, vals := range d.trialParams() {
		if _, err := d.instantiate(vals, e); err != nil {
			return nil, err
		}
	}
	return d, e.Err()
}

// trialParams are the parameter values Compile instantiates with: the
// defaults, and the defaults with each bool parameter flipped (the bools
// decide which fields and operations exist, and where operations start).
func (d *Def) trialParams() []map[string]uint64 {
	base := map[string]uint64{}
	for _, p := range d.f.Params {
		base[p.Name] = d.paramDefault(p)
	}
	out := []map[string]uint64{base}
	for _, p := range d.f.Params {
		if p.Type != syntax.TyBool {
			continue
		}
		vals := map[string]uint64{}
		for k, v := range base {
			vals[k] = v
		}
		vals[p.Name] ^= 1
		out = append(out, vals)
	}
	return out
}

// paramDefault is a parameter's default value (checked constant by
// declarations): without one, 0, false, or seq_cst for a memory_order,
// as an atomic operation's order is.
func (d *Def) paramDefault(p *syntax.Param) uint64 {
	if p.Def == nil {
		if p.Type == syntax.TyOrder {
			return uint64(primitives.SeqCst)
		}
		return 0
	}
	l := &lowerer{d: d, errs: &syntax.Errs{}}
	v := l.expr(p.Def)
	return word.Norm(p.Type, v.Val)
}

// Instantiate makes a primitive from the definition with the given
// parameter values (a lesson's init: "count", "set"; bools are 0 or 1, a
// memory_order is a primitives.Order, see OrderNamed).
// Parameters it does not name keep their defaults; a name the primitive
// has no parameter for is an error.
func (d *Def) Instantiate(params map[string]int64) (*Instance, error) {
	vals := map[string]uint64{}
	for _, p := range d.f.Params {
		vals[p.Name] = d.paramDefault(p)
	}
	var unknown []string
	for k, v := range params {
		p := d.param(k)
		if p == nil {
			unknown = append(unknown, k)
			continue
		}
		vals[k] = word.Norm(p.Type, uint64(v))
	}
	if len(unknown) > 0 {
		slices.Sort(unknown)
		names := make([]string, len(d.f.Params))
		for i, p := range d.f.Params {
			names[i] = p.Name
		}
		return nil, fmt.Errorf("%s has no parameter %s (it has: %s)", d.f.Name, strings.Join(unknown, ", "), strings.Join(names, ", "))
	}
	return d.instantiate(vals, &syntax.Errs{})
}

func (d *Def) param(name string) *syntax.Param {
	for _, p := range d.f.Params {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// instantiate builds an instance, or says at which line it cannot.
func (d *Def) instantiate(vals map[string]uint64, e *syntax.Errs) (in *Instance, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(syntax.Bail); !ok {
				// A bug of the compiler, not of the source: say so rather
				// than take the server down.
				e.List = append(e.List, &syntax.Error{Pos: syntax.Pos{Line: 1, Col: 1}, Msg: fmt.Sprintf("internal error: %v", r)})
			}
			in, err = nil, e.List
		}
	}()
	in = newInstance(d, vals, e)
	if err := e.Err(); err != nil {
		return nil, err
	}
	return in, nil
}

// OrderNamed is the memory order a lesson names as a memory_order
// parameter's value or an operation's argument: relaxed, acquire,
// release, acq_rel or seq_cst (memory_order_acquire reads the same).
func OrderNamed(name string) (primitives.Order, bool) {
	o, ok := orderNames[strings.TrimPrefix(name, "memory_order_")]
	return o, ok
}

// TakesOrder reports whether operation op's argument is a memory_order,
// which a script writes in words (store release).
func (d *Def) TakesOrder(op string) bool {
	for _, o := range d.f.Ops {
		if o.Name == op && !o.Private && o.Param != nil && o.Param.Type == syntax.TyOrder {
			return true
		}
	}
	return false
}

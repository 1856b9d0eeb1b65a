package lang

import (
	"slices"

	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// The attributes an operation may have.
var opAttrs = []string{"awaiter", "waiting", "lock", "unlock"}

// builtinNames are the names the language gives meaning to; a
// declaration may not take them.
var builtinNames = map[string]bool{
	"register_wait": true, "unregister_wait": true, "sem_acquire": true, "sem_release": true,
	"registered": true, "panic": true, "pair": true, "atomic_thread_fence": true,
	"relaxed": true, "consume": true, "acquire": true, "release": true, "acq_rel": true, "seq_cst": true,
	"std": true, "memory_order": true,
}

// declarations checks the primitive's declarations: names, types, bounds,
// and that what must be constant is.
func (d *Def) declarations(e *syntax.Errs) {
	f := d.f
	seen := map[string]syntax.Pos{}
	name := func(n string, at syntax.Pos, what string) {
		if old, ok := seen[n]; ok {
			e.Add(at, "%s %s: the name is already declared at %s", what, n, old)
			return
		}
		if builtinNames[n] || syntax.Keywords[n] {
			e.Add(at, "%s %s: the name is the language's own", what, n)
		}
		if _, ok := syntax.TypeWords[n]; ok {
			e.Add(at, "%s %s: the name is a type", what, n)
		}
		seen[n] = at
	}
	if len(f.Params) > MaxParams {
		e.Add(f.Params[MaxParams].Pos, "a primitive has at most %d parameters", MaxParams)
	}
	l := &lowerer{d: d, errs: e}
	for _, p := range f.Params {
		name(p.Name, p.Pos, "parameter")
		if !p.Type.IsInt() && p.Type != syntax.TyBool && p.Type != syntax.TyOrder || p.Type == syntax.TyGoState {
			e.Add(p.Pos, "parameter %s: a parameter is an integer, a bool or a memory_order, not %s", p.Name, p.Type)
		}
		if p.Def != nil {
			l.constant(p.Def, p.Type, "a parameter's default")
		}
	}
	for _, c := range f.Consts {
		name(c.Name, c.Pos, "constant")
		l.constant(c.Value, c.Type, "a constant")
	}
	if len(f.Fields) > MaxFields {
		e.Add(f.Fields[MaxFields].Pos, "a primitive has at most %d fields", MaxFields)
	}
	if len(f.Fields) == 0 {
		e.Add(f.Pos, "primitive %s has no fields: declare the words its operations share", f.Name)
	}
	for _, fd := range f.Fields {
		name(fd.Name, fd.Pos, "field")
		if _, ok := word.Kind(fd.Type); !ok {
			e.Add(fd.Pos, "field %s: a field is int32, int64, uint32, void*, pair or go_state, not %s", fd.Name, fd.Type)
		}
		if fd.Type == syntax.TyPair && !fd.Atomic || fd.Type == syntax.TyGoState && !fd.Atomic {
			e.Add(fd.Pos, "field %s: a %s is a word compared and swapped as a unit: make it atomic<%s>", fd.Name, fd.Type, fd.Type)
		}
	}
	if len(f.Ops) > MaxOps {
		e.Add(f.Ops[MaxOps].Pos, "a primitive has at most %d operations", MaxOps)
	}
	// Operations have names of their own: they are only called, as
	// statements, so `set` may be a parameter (event(bool set)) and an
	// operation (ev.set()).
	public := 0
	conditional := map[string]bool{}
	seen = map[string]syntax.Pos{}
	for _, o := range f.Ops {
		if prev, ok := conditional[o.Name]; ok && prev && o.Cond != nil {
			// event<T>::set(v) and event<void>::set(): one exists in
			// each instance (newInstance checks the conditions exclude
			// each other).
		} else {
			name(o.Name, o.Pos, "operation")
		}
		conditional[o.Name] = o.Cond != nil
		roles := 0
		for _, a := range o.Attrs {
			if !slices.Contains(opAttrs, a) {
				e.Add(o.Pos, "operation %s: unknown attribute [[%s]] (the attributes: awaiter, waiting, lock, unlock)", o.Name, a)
			}
			if a != "awaiter" {
				roles++
			}
		}
		if roles > 1 {
			e.Add(o.Pos, "operation %s: one role at most (waiting, lock or unlock)", o.Name)
		}
		if o.Private && len(o.Attrs) > 0 {
			e.Add(o.Pos, "operation %s: a private operation runs inside its caller and takes the caller's attributes", o.Name)
		}
		if o.Param != nil && (!o.Param.Type.IsInt() && o.Param.Type != syntax.TyOrder || o.Param.Type == syntax.TyGoState) {
			e.Add(o.Param.Pos, "operation %s: its argument is an integer or a memory_order, not %s", o.Name, o.Param.Type)
		}
		if !o.Private {
			public++
		}
	}
	if public == 0 {
		e.Add(f.Pos, "primitive %s has no operations a script can call", f.Name)
	}
	d.checkFacts(e)
}

// checkFacts checks the facts' kinds: one wait condition or one lock
// condition at most.
func (d *Def) checkFacts(e *syntax.Errs) {
	var cond *syntax.Fact
	lists := map[string]bool{}
	for _, fc := range d.f.Facts {
		switch fc.Kind {
		case syntax.FactOpen, syntax.FactFree:
			if cond != nil {
				e.Add(fc.Pos, "one condition at most: open (a wait's) or free (a lock's); there is one at %s", cond.Pos)
			}
			cond = fc
		case syntax.FactList:
			if lists[fc.Name] {
				e.Add(fc.Pos, "list %s is declared twice", fc.Name)
			}
			lists[fc.Name] = true
			if len(lists) > 8 {
				e.Add(fc.Pos, "at most 8 lists")
			}
		}
	}
}

// constant checks that x is a constant of a type that fits t.
func (l *lowerer) constant(x syntax.Expr, t syntax.Type, what string) {
	v := l.expr(x)
	if v.Type == syntax.TyBad {
		return
	}
	if !v.Const {
		l.errs.Add(x.At(), "%s must be a constant", what)
		return
	}
	l.convert(v, t, x.At(), what)
}

package lang

import "slices"

// The attributes an operation may have.
var opAttrs = []string{"awaiter", "waiting", "lock", "unlock"}

// builtinNames are the names the language gives meaning to; a
// declaration may not take them.
var builtinNames = map[string]bool{
	"register_wait": true, "unregister_wait": true, "sem_acquire": true, "sem_release": true,
	"registered": true, "panic": true, "pair": true,
	"relaxed": true, "consume": true, "acquire": true, "release": true, "acq_rel": true, "seq_cst": true,
	"std": true, "memory_order": true,
}

// declarations checks the primitive's declarations: names, types, bounds,
// and that what must be constant is.
func (d *Def) declarations(e *errs) {
	f := d.f
	seen := map[string]Pos{}
	name := func(n string, at Pos, what string) {
		if old, ok := seen[n]; ok {
			e.add(at, "%s %s: the name is already declared at %s", what, n, old)
			return
		}
		if builtinNames[n] || keywords[n] {
			e.add(at, "%s %s: the name is the language's own", what, n)
		}
		if _, ok := typeWords[n]; ok {
			e.add(at, "%s %s: the name is a type", what, n)
		}
		seen[n] = at
	}
	if len(f.params) > MaxParams {
		e.add(f.params[MaxParams].pos, "a primitive has at most %d parameters", MaxParams)
	}
	l := &lowerer{d: d, errs: e}
	for _, p := range f.params {
		name(p.name, p.pos, "parameter")
		if !p.typ.isInt() && p.typ != tyBool || p.typ == tyGoState {
			e.add(p.pos, "parameter %s: a parameter is an integer or a bool, not %s", p.name, p.typ)
		}
		if p.def != nil {
			l.constant(p.def, p.typ, "a parameter's default")
		}
	}
	for _, c := range f.consts {
		name(c.name, c.pos, "constant")
		l.constant(c.value, c.typ, "a constant")
	}
	if len(f.fields) > MaxFields {
		e.add(f.fields[MaxFields].pos, "a primitive has at most %d fields", MaxFields)
	}
	if len(f.fields) == 0 {
		e.add(f.pos, "primitive %s has no fields: declare the words its operations share", f.name)
	}
	for _, fd := range f.fields {
		name(fd.name, fd.pos, "field")
		if _, ok := fieldKind(fd.typ); !ok {
			e.add(fd.pos, "field %s: a field is int32, int64, uint32, void*, pair or go_state, not %s", fd.name, fd.typ)
		}
		if fd.typ == tyPair && !fd.atomic || fd.typ == tyGoState && !fd.atomic {
			e.add(fd.pos, "field %s: a %s is a word compared and swapped as a unit: make it atomic<%s>", fd.name, fd.typ, fd.typ)
		}
	}
	if len(f.ops) > MaxOps {
		e.add(f.ops[MaxOps].pos, "a primitive has at most %d operations", MaxOps)
	}
	// Operations have names of their own: they are only called, as
	// statements, so `set` may be a parameter (event(bool set)) and an
	// operation (ev.set()).
	public := 0
	conditional := map[string]bool{}
	seen = map[string]Pos{}
	for _, o := range f.ops {
		if prev, ok := conditional[o.name]; ok && prev && o.cond != nil {
			// event<T>::set(v) and event<void>::set(): one exists in
			// each instance (newInstance checks the conditions exclude
			// each other).
		} else {
			name(o.name, o.pos, "operation")
		}
		conditional[o.name] = o.cond != nil
		roles := 0
		for _, a := range o.attrs {
			if !slices.Contains(opAttrs, a) {
				e.add(o.pos, "operation %s: unknown attribute [[%s]] (the attributes: awaiter, waiting, lock, unlock)", o.name, a)
			}
			if a != "awaiter" {
				roles++
			}
		}
		if roles > 1 {
			e.add(o.pos, "operation %s: one role at most (waiting, lock or unlock)", o.name)
		}
		if o.private && len(o.attrs) > 0 {
			e.add(o.pos, "operation %s: a private operation runs inside its caller and takes the caller's attributes", o.name)
		}
		if o.param != nil && (!o.param.typ.isInt() || o.param.typ == tyGoState) {
			e.add(o.param.pos, "operation %s: its argument is an integer, not %s", o.name, o.param.typ)
		}
		if !o.private {
			public++
		}
	}
	if public == 0 {
		e.add(f.pos, "primitive %s has no operations a script can call", f.name)
	}
	d.checkFacts(e)
}

// checkFacts checks the facts' kinds: one wait condition or one lock
// condition at most.
func (d *Def) checkFacts(e *errs) {
	var cond *fact
	lists := map[string]bool{}
	for _, fc := range d.f.facts {
		switch fc.kind {
		case factOpen, factFree:
			if cond != nil {
				e.add(fc.pos, "one condition at most: open (a wait's) or free (a lock's); there is one at %s", cond.pos)
			}
			cond = fc
		case factList:
			if lists[fc.name] {
				e.add(fc.pos, "list %s is declared twice", fc.name)
			}
			lists[fc.name] = true
			if len(lists) > 8 {
				e.add(fc.pos, "at most 8 lists")
			}
		}
	}
}

// constant checks that x is a constant of a type that fits t.
func (l *lowerer) constant(x expr, t typ, what string) {
	v := l.expr(x)
	if v.t == tyBad {
		return
	}
	if !v.k {
		l.errs.add(x.at(), "%s must be a constant", what)
		return
	}
	l.convert(v, t, x.at(), what)
}

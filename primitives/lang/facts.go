package lang

import "lockstep/primitives"

// buildFacts lowers the primitive's facts: the condition the detectors
// check and the waiter lists the stage draws. A fact reads fields without
// a step; it runs on a peekMem.
func (l *lowerer) buildFacts() primitives.Facts {
	l.facts = true
	defer func() { l.facts = false }()
	var out primitives.Facts
	for _, fc := range l.d.f.facts {
		switch fc.kind {
		case factOpen, factFree:
			c := l.cond(fc.x)
			fn := c.fn
			check := func(p primitives.Peek) bool { return fn(peekMem(p)) != 0 }
			if fc.kind == factOpen {
				out.Open = check
			} else {
				out.Free = check
			}
			out.Condition = fc.text
		case factList:
			if h, ok := l.listHead(fc); ok {
				out.Lists = append(out.Lists, primitives.List{Name: fc.name,
					Head: func(p primitives.Peek) primitives.Word { return h(peekMem(p)) }})
			}
		}
	}
	return out
}

// listHead is the head of a waiter list: its expression, or the value of
// the field it is named after (a pair's head).
func (l *lowerer) listHead(fc *fact) (evalFn, bool) {
	var v ev
	if fc.x != nil {
		v = l.expr(fc.x)
	} else {
		if l.global(fc.name) != "field" {
			l.errs.add(fc.pos, "list %s: no field has that name; write list \"%s\": EXPR, the head", fc.name, fc.name)
			return nil, false
		}
		fi := l.field(fc.name, fc.pos)
		if fi == nil {
			return nil, false
		}
		v = l.readField(fi, fc.pos)
		if v.t == tyPair {
			f := v.fn
			v = ev{t: tyPtr, fn: func(m primitives.Mem) uint64 { return pairHead(f(m)) }}
		}
	}
	switch v.t {
	case tyBad:
		return nil, false
	case tyPtr:
		return v.fn, true
	}
	l.errs.add(fc.pos, "list %s: its head is a pointer, not %s", fc.name, v.t)
	return nil, false
}

// peekMem is the memory a fact runs on: Load looks at a cell without a
// step. A fact is lowered to read fields only, so nothing else is called.
type peekMem primitives.Peek

func (p peekMem) Load(addr uint64, _ primitives.Order) uint64 { return p(addr) }

func (peekMem) Store(uint64, uint64, primitives.Order)           { panic(factAccess) }
func (peekMem) Exchange(uint64, uint64, primitives.Order) uint64 { panic(factAccess) }
func (peekMem) FetchAdd(uint64, uint64, primitives.Order) uint64 { panic(factAccess) }
func (peekMem) Read(uint64) uint64                               { panic(factAccess) }
func (peekMem) Write(uint64, uint64)                             { panic(factAccess) }
func (peekMem) Submit(uint64)                                    { panic(factAccess) }
func (peekMem) SemAcquire(uint64) bool                           { panic(factAccess) }
func (peekMem) SemRelease(uint64)                                { panic(factAccess) }
func (peekMem) PC() int                                          { panic(factAccess) }
func (peekMem) Goto(int)                                         { panic(factAccess) }
func (peekMem) Suspend(int)                                      { panic(factAccess) }
func (peekMem) Return()                                          { panic(factAccess) }
func (peekMem) Panic(string)                                     { panic(factAccess) }
func (peekMem) Registered()                                      { panic(factAccess) }
func (peekMem) Local(int) uint64                                 { panic(factAccess) }
func (peekMem) SetLocal(int, uint64)                             { panic(factAccess) }
func (peekMem) Arg() uint64                                      { panic(factAccess) }
func (peekMem) Awaiter() uint64                                  { panic(factAccess) }
func (peekMem) Handle() uint64                                   { panic(factAccess) }
func (peekMem) Context() uint64                                  { panic(factAccess) }
func (peekMem) CompareAndSwap(uint64, uint64, uint64, primitives.Order, primitives.Order) (uint64, bool) {
	panic(factAccess)
}

const factAccess = "lang: a fact touched memory"

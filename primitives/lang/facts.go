package lang

import (
	"lockstep/primitives"
	"lockstep/primitives/lang/graph"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// buildFacts lowers the primitive's facts: the condition the detectors
// check and the waiter lists the stage draws. A fact reads fields without
// a step; it runs on a peekMem.
func (l *lowerer) buildFacts() primitives.Facts {
	l.facts = true
	defer func() { l.facts = false }()
	var out primitives.Facts
	for _, fc := range l.d.f.Facts {
		switch fc.Kind {
		case syntax.FactOpen, syntax.FactFree:
			c := l.cond(fc.X)
			fn := c.Fn
			check := func(p primitives.Peek) bool { return fn(graph.PeekMem(p)) != 0 }
			if fc.Kind == syntax.FactOpen {
				out.Open = check
			} else {
				out.Free = check
			}
			out.Condition = fc.Text
		case syntax.FactList:
			if h, ok := l.listHead(fc); ok {
				out.Lists = append(out.Lists, primitives.List{Name: fc.Name,
					Head: func(p primitives.Peek) primitives.Word { return h(graph.PeekMem(p)) }})
			}
		}
	}
	return out
}

// listHead is the head of a waiter list: its expression, or the value of
// the field it is named after (a pair's head).
func (l *lowerer) listHead(fc *syntax.Fact) (graph.EvalFn, bool) {
	var v word.Value
	if fc.X != nil {
		v = l.expr(fc.X)
	} else {
		if l.global(fc.Name) != "field" {
			l.errs.Add(fc.Pos, "list %s: no field has that name; write list \"%s\": EXPR, the head", fc.Name, fc.Name)
			return nil, false
		}
		fi := l.field(fc.Name, fc.Pos)
		if fi == nil {
			return nil, false
		}
		v = l.readField(fi, fc.Pos)
		if v.Type == syntax.TyPair {
			f := v.Fn
			v = word.Value{Type: syntax.TyPtr, Fn: func(m primitives.Mem) uint64 { return word.Head(f(m)) }}
		}
	}
	switch v.Type {
	case syntax.TyBad:
		return nil, false
	case syntax.TyPtr:
		return v.Fn, true
	}
	l.errs.Add(fc.Pos, "list %s: its head is a pointer, not %s", fc.Name, v.Type)
	return nil, false
}

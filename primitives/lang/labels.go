package lang

import (
	"strconv"

	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
)

// number gives every statement that touches shared memory its label: the
// one written before it (`G3: ...`), or OPERATION.N, numbered in source
// order within its operation. A label's doc is the comment on its line,
// or else the statement's text.
func (d *Def) number(access map[syntax.Stmt]bool, comments []syntax.Comment, e *syntax.Errs) {
	byLine := map[int]string{}
	for _, c := range comments {
		if _, ok := byLine[c.Pos.Line]; !ok && c.Text != "" {
			byLine[c.Pos.Line] = c.Text
		}
	}
	written := map[string]syntax.Pos{}
	var over syntax.Pos // the first statement past MaxLabels
	for _, o := range d.f.Ops {
		n := 0
		var visit func(s syntax.Stmt, label string, at syntax.Pos)
		visit = func(s syntax.Stmt, label string, at syntax.Pos) {
			switch s := s.(type) {
			case *syntax.Labeled:
				if old, ok := written[s.Label]; ok {
					e.Add(s.Pos, "label %s is already used at %s", s.Label, old)
				}
				written[s.Label] = s.Pos
				visit(s.S, s.Label, s.Pos)
				return
			case *syntax.Block:
				for _, t := range s.Stmts {
					visit(t, "", syntax.Pos{})
				}
				return
			}
			acc, reached := access[s]
			switch {
			case reached && !acc && label != "":
				e.Add(at, "label %s: this statement touches no shared memory, and a label names a step, which is one access", label)
			case acc:
				if label == "" {
					n++
					label, at = o.Name+"."+strconv.Itoa(n), s.At()
				}
				d.label(s, label, at, byLine, o)
				if len(d.labels)-1 == MaxLabels+1 {
					over = s.At()
				}
			}
			switch s := s.(type) {
			case *syntax.IfStmt:
				visit(s.Then, "", syntax.Pos{})
				if s.Else != nil {
					visit(s.Else, "", syntax.Pos{})
				}
			case *syntax.WhileStmt:
				visit(s.Body, "", syntax.Pos{})
			}
		}
		visit(o.Body, "", syntax.Pos{})
	}
	if len(d.labels)-1 > MaxLabels {
		e.Add(over, "%d statements touch shared memory, and a primitive may have at most %d: this is statement %d",
			len(d.labels)-1, MaxLabels, MaxLabels+1)
	}
}

// label numbers statement s.
func (d *Def) label(s syntax.Stmt, name string, at syntax.Pos, byLine map[int]string, o *syntax.OpDecl) {
	doc, ok := byLine[at.Line]
	if !ok {
		doc = d.spans[s]
	}
	d.labelOf[s] = len(d.labels)
	d.labels = append(d.labels, primitives.Label{Name: name, Doc: doc, Line: at.Line, Function: d.f.Name + "." + o.Name})
}

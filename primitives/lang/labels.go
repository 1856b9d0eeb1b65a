package lang

import (
	"strconv"

	"lockstep/primitives"
)

// number gives every statement that touches shared memory its label: the
// one written before it (`G3: ...`), or OPERATION.N, numbered in source
// order within its operation. A label's doc is the comment on its line,
// or else the statement's text.
func (d *Def) number(access map[stmt]bool, comments []comment, e *errs) {
	byLine := map[int]string{}
	for _, c := range comments {
		if _, ok := byLine[c.pos.Line]; !ok && c.text != "" {
			byLine[c.pos.Line] = c.text
		}
	}
	written := map[string]Pos{}
	var over Pos // the first statement past MaxLabels
	for _, o := range d.f.ops {
		n := 0
		var visit func(s stmt, label string, at Pos)
		visit = func(s stmt, label string, at Pos) {
			switch s := s.(type) {
			case *labeled:
				if old, ok := written[s.label]; ok {
					e.add(s.pos, "label %s is already used at %s", s.label, old)
				}
				written[s.label] = s.pos
				visit(s.s, s.label, s.pos)
				return
			case *block:
				for _, t := range s.stmts {
					visit(t, "", Pos{})
				}
				return
			}
			acc, reached := access[s]
			switch {
			case reached && !acc && label != "":
				e.add(at, "label %s: this statement touches no shared memory, and a label names a step, which is one access", label)
			case acc:
				if label == "" {
					n++
					label, at = o.name+"."+strconv.Itoa(n), s.at()
				}
				d.label(s, label, at, byLine, o)
				if len(d.labels)-1 == MaxLabels+1 {
					over = s.at()
				}
			}
			switch s := s.(type) {
			case *ifStmt:
				visit(s.then, "", Pos{})
				if s.els_ != nil {
					visit(s.els_, "", Pos{})
				}
			case *whileStmt:
				visit(s.body, "", Pos{})
			}
		}
		visit(o.body, "", Pos{})
	}
	if len(d.labels)-1 > MaxLabels {
		e.add(over, "%d statements touch shared memory, and a primitive may have at most %d: this is statement %d",
			len(d.labels)-1, MaxLabels, MaxLabels+1)
	}
}

// label numbers statement s.
func (d *Def) label(s stmt, name string, at Pos, byLine map[int]string, o *opDecl) {
	doc, ok := byLine[at.Line]
	if !ok {
		doc = d.spans[s]
	}
	d.labelOf[s] = len(d.labels)
	d.labels = append(d.labels, primitives.Label{Name: name, Doc: doc, Line: at.Line, Function: d.f.name + "." + o.name})
}

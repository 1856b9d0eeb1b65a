package trace

import (
	"strings"

	"lockstep/sim/words"
)

// A Row is one step of a trace in the columns WriteText prints, for a
// table a person reads (a lesson's handout): the same words, cell by cell.
type Row struct {
	// Index numbers the step from 1, as people read it.
	Index int
	// Thread is the thread that moved, with "/coroutine" when another
	// coroutine ran on it.
	Thread string
	// Label is the step's label in the primitive's table, or "-".
	Label string
	// Op is the operation with what it touched: "cas wg.m_state
	// acq_rel/relaxed nullptr -> &W1.awaiter  ok (observed nullptr)".
	Op string
	// Events is what happened to coroutines ("W1 parks"), or "".
	Events string
	// State is the primitive's state after the step: "m_count=0 ...".
	State string
	// Findings are the bugs found at this step, in words.
	Findings []string
}

// Rows is t's steps as rows, in language lang.
func Rows(t *Trace, lang string) []Row {
	rows := make([]Row, 0, len(t.Steps))
	for i, st := range t.Steps {
		l := describe(t.Program, st, lang)
		var op []string
		for _, c := range []string{l.op, l.cell, l.order, l.operands} {
			if c != "" {
				op = append(op, c)
			}
		}
		r := Row{Index: i + 1, Thread: l.who, Label: l.label, Op: strings.Join(op, " "), Events: l.events, State: l.state}
		for _, f := range st.Record.Findings {
			r.Findings = append(r.Findings, words.KindName(f.Kind, lang)+": "+words.Untitled(f, lang))
		}
		rows = append(rows, r)
	}
	return rows
}

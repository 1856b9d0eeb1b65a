package trace

import (
	"fmt"
	"io"
	"strings"

	"lockstep/sim/program"
	"lockstep/sim/words"
)

// WriteText prints t for people in language lang, one line per step in
// aligned columns:
//
//	007  W1  G6  cas  wg.m_state  acq_rel/relaxed  nullptr -> &W1.awaiter  ok (observed nullptr)  W1 parks  | m_count=0 ...
//
// index, thread (with "/coroutine" when another coroutine runs on it, as
// after an inline resume), label, operation, cell, memory order, operands
// and result, what happened to coroutines, and the primitive's state after
// the step. Findings follow their step on lines of their own. The last two
// lines are the outcome and the schedule performed, which replays the run.
// The text holds no addresses, times or source lines. Code (labels,
// operations, cells, orders, values) reads the same in every language.
func WriteText(w io.Writer, t *Trace, lang string) error {
	var rows [][]string
	for _, st := range t.Steps {
		rows = append(rows, describe(t.Program, st, lang).columns())
	}
	widths := columnWidths(rows)
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s\n", words.Heading("start", lang), State(t.Program, t.Start))
	for i, row := range rows {
		for j, col := range row {
			if j == len(row)-1 {
				b.WriteString("| " + col)
				break
			}
			b.WriteString(col)
			b.WriteString(strings.Repeat(" ", widths[j]-width(col)+2))
		}
		b.WriteString("\n")
		for _, f := range t.Steps[i].Record.Findings {
			fmt.Fprintf(&b, "    ! %s: %s\n", words.KindName(f.Kind, lang), words.Untitled(f, lang))
		}
	}
	fmt.Fprintf(&b, "%s%s\n", words.Heading("outcome", lang), words.OutcomeLine(t.Outcome, lang))
	fmt.Fprintf(&b, "%s%s\n", words.Heading("schedule", lang), t.Schedule)
	_, err := io.WriteString(w, b.String())
	return err
}

// columnWidths is the width of the widest cell of each column.
func columnWidths(rows [][]string) []int {
	var widths []int
	for _, row := range rows {
		for j, col := range row {
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], width(col))
		}
	}
	return widths
}

// width is the number of terminal columns s takes: a wide (CJK) rune takes
// two. For ASCII it is the length.
func width(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wide(r) {
			n++
		}
	}
	return n
}

// wide reports whether r is a CJK ideograph or full-width form, which a
// terminal draws two columns wide.
func wide(r rune) bool {
	return r >= 0x1100 && (r <= 0x115f || (r >= 0x2e80 && r <= 0xa4cf) || (r >= 0xac00 && r <= 0xd7a3) ||
		(r >= 0xf900 && r <= 0xfaff) || (r >= 0xfe30 && r <= 0xfe4f) || (r >= 0xff00 && r <= 0xff60) || (r >= 0xffe0 && r <= 0xffe6))
}

// stepLine is one step of the text trace, column by column.
type stepLine struct {
	index, who, label, op, cell, order, operands, events, state string
}

// columns lists the line's columns in the order they are printed.
func (l stepLine) columns() []string {
	return []string{l.index, l.who, l.label, l.op, l.cell, l.order, l.operands, l.events, l.state}
}

// text is the line without its index and state: "W1 G6 cas wg.m_state
// acq_rel/relaxed nullptr -> &W1.awaiter  ok (observed nullptr); W1 parks".
func (l stepLine) text() string {
	var parts []string
	for _, c := range []string{l.who, l.label, l.op, l.cell, l.order, l.operands} {
		if c != "" {
			parts = append(parts, c)
		}
	}
	s := strings.Join(parts, " ")
	if l.events != "" {
		s += "; " + l.events
	}
	return s
}

// describe renders one step as a line of the text trace.
func describe(p *program.Program, st Step, lang string) stepLine {
	r := st.Record
	l := stepLine{index: fmt.Sprintf("%03d", r.Index+1), who: words.ThreadName(p, r.Thread), label: "-", op: r.Op.String(),
		events: words.Events(p, r.Events, lang), state: State(p, st.After)}
	if co := words.CoroutineName(p, r.Coroutine); co != l.who {
		l.who += "/" + co
	}
	if r.Label >= 0 {
		l.label = p.Label(r.Label)
	}
	l.cell, l.order, l.operands = words.Access(p, r, lang)
	l.operands += words.StaleNote(p, r, lang) + words.PlaceNote(p, r, lang)
	return l
}

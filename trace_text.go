package main

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"lockstep/sim"
)

// writeText prints a trace for people, one line per step in aligned
// columns:
//
//	007  W1  G6  cas  wg.m_state  acq_rel/relaxed  nullptr -> &W1.awaiter  ok (observed nullptr)  W1 parks  | m_count=0 ...
//
// index, thread (with "/coroutine" when another coroutine runs on it, as
// after an inline resume), label, operation, cell, memory order, operands
// and result, what happened to coroutines, and the primitive's state after
// the step. Findings follow their step on lines of their own. The last two
// lines are the outcome and the schedule performed, which replays the run.
// The text holds no addresses, times or source lines.
func writeText(w io.Writer, t *trace) error {
	var rows [][]string
	for _, st := range t.steps {
		rows = append(rows, describeStep(t.prog, st).columns())
	}
	widths := columnWidths(rows)
	var b strings.Builder
	fmt.Fprintf(&b, "start: %s\n", stateText(t.prog, t.start))
	for i, row := range rows {
		for j, col := range row {
			if j == len(row)-1 {
				b.WriteString("| " + col)
				break
			}
			b.WriteString(col)
			b.WriteString(strings.Repeat(" ", widths[j]-utf8.RuneCountInString(col)+2))
		}
		b.WriteString("\n")
		for _, f := range t.steps[i].rec.Findings {
			fmt.Fprintf(&b, "    ! %s: %s\n", f.Kind, f.Message)
		}
	}
	fmt.Fprintf(&b, "outcome: %s\n", outcomeText(t.outcome))
	fmt.Fprintf(&b, "schedule: %s\n", t.schedule)
	_, err := io.WriteString(w, b.String())
	return err
}

// outcomeText is "lost-wakeup at step 7: message", or "ok: message" when
// no single step is to blame.
func outcomeText(o sim.Outcome) string {
	if o.Step >= 0 {
		return fmt.Sprintf("%s at step %d: %s", o.Kind, o.Step, o.Message)
	}
	return fmt.Sprintf("%s: %s", o.Kind, o.Message)
}

// columnWidths is the width, in runes, of the widest cell of each column.
func columnWidths(rows [][]string) []int {
	var widths []int
	for _, row := range rows {
		for j, col := range row {
			if j >= len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], utf8.RuneCountInString(col))
		}
	}
	return widths
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

// describeStep renders one step as a line of the text trace.
func describeStep(p *sim.Program, st traceStep) stepLine {
	r := st.rec
	l := stepLine{index: fmt.Sprintf("%03d", r.Index), who: p.Threads[r.Thread].Name, label: "-", op: r.Op.String(),
		events: eventsText(p, r.Events), state: stateText(p, st.after)}
	if co := p.Coroutines[r.Coroutine].Name; co != l.who {
		l.who += "/" + co
	}
	if r.Label >= 0 {
		l.label = p.Label(r.Label)
	}
	l.cell, l.order, l.operands = accessText(p, r)
	return l
}

// accessText shows a step's access: the cell, the memory order(s), and the
// operands with the result. A step cut short by a fatal finding shows only
// what it attempted.
func accessText(p *sim.Program, r sim.Record) (cell, order, operands string) {
	v := func(w sim.Word) string { return p.FormatCell(r.Addr, w) }
	done := !fatalAt(r)
	res := func(s string) string {
		if done {
			return s
		}
		return ""
	}
	cell = p.CellName(r.Addr)
	switch r.Op {
	case sim.OpLoad:
		return cell, sim.OrderName(r.Order), res("-> " + v(r.Result))
	case sim.OpStore:
		return cell, sim.OrderName(r.Order), "<- " + v(r.Value)
	case sim.OpExchange:
		return cell, sim.OrderName(r.Order), "<- " + v(r.Value) + res(", was "+v(r.Result))
	case sim.OpCAS:
		verdict := "failed"
		if r.OK {
			verdict = "ok"
		}
		return cell, sim.OrderName(r.Order) + "/" + sim.OrderName(r.FailOrder),
			v(r.Expected) + " -> " + v(r.Value) + res("  "+verdict+" (observed "+v(r.Result)+")")
	case sim.OpFetchAdd:
		return cell, sim.OrderName(r.Order), delta(v(r.Value)) + res(", was "+v(r.Result))
	case sim.OpRead:
		return cell, "", res("-> " + v(r.Result))
	case sim.OpWrite:
		return cell, "", "<- " + v(r.Value)
	case sim.OpSubmit:
		return objectName(p, r.Addr), "", res(p.Format(sim.Handle, nil, r.Result) + " to " + p.Format(sim.Context, nil, r.Value))
	case sim.OpSemAcquire:
		if r.OK {
			return cell, "", res("takes a permit, was " + v(r.Result))
		}
		return cell, "", res("no permit")
	case sim.OpSemRelease:
		if hasEvent(r, sim.EvQueued) {
			return cell, "", res("hands its permit on")
		}
		return cell, "", res("banks a permit, was " + v(r.Result))
	case sim.OpResume:
		return "", "", "takes " + p.Coroutines[r.Coroutine].Name + " off the run queue"
	}
	return cell, "", ""
}

// delta shows a fetch_add operand as "+= n" or "-= n".
func delta(s string) string {
	if rest, ok := strings.CutPrefix(s, "-"); ok {
		return "-= " + rest
	}
	return "+= " + s
}

// objectName names the object at address a ("W1.awaiter").
func objectName(p *sim.Program, a sim.Word) string {
	if a < sim.Word(len(p.Cells)) && p.Cells[a].Object >= 0 {
		return p.Objects[p.Cells[a].Object].Name
	}
	return p.CellName(a)
}

// fatalAt reports whether the step ended the run with a fatal finding.
func fatalAt(r sim.Record) bool {
	for _, f := range r.Findings {
		if sim.Fatal(f.Kind) {
			return true
		}
	}
	return false
}

func hasEvent(r sim.Record, k sim.EventKind) bool {
	for _, e := range r.Events {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// eventsText shows what a step did to coroutines: "call wait", "W1 parks",
// "W2 queued on D1"...
func eventsText(p *sim.Program, events []sim.Event) string {
	parts := make([]string, 0, len(events))
	for _, e := range events {
		co := p.Coroutines[e.Coroutine].Name
		var s string
		switch e.Kind {
		case sim.EvOpStart:
			s = "call " + e.Op
		case sim.EvParked:
			s = co + " parks"
		case sim.EvQueued:
			s = co + " queued on " + p.Threads[e.Thread].Name
		case sim.EvInline:
			s = co + " resumed inline"
		case sim.EvDropped:
			s = co + " dropped"
		case sim.EvResumed:
			s = co + " resumed"
		case sim.EvAwaiterEnded:
			s = co + ".awaiter ends"
		case sim.EvFinished:
			s = co + " finished"
		case sim.EvSemQueued:
			s = co + " waits on the semaphore"
		default:
			s = e.Kind.String() + " " + co
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

package web

import (
	"strconv"

	"lockstep/sim"
)

// state is the state event at the position, in language lang; the caller
// fills the envelope and the session's own fields.
func (tl *timeline) state(lang string) stateEvent {
	snap := tl.snapshot()
	ev := stateEvent{
		Position: tl.pos,
		Length:   len(tl.history),
		Schedule: tl.history.String(),
		History:  tl.entries,
		Snapshot: snapshotOf(snap),
		Pending:  tl.pending(lang),
		Findings: findingsOf(tl.m.Findings(), lang),
		Finished: tl.m.Finished(),
	}
	if ev.History == nil {
		ev.History = []historyEntry{}
	}
	if o := tl.m.Outcome(); o.Kind != "" {
		f := findingOf(o, lang)
		ev.Outcome = &f
	}
	if tl.pos > 0 {
		recs := tl.m.Records()
		ev.Step = describeStep(tl.prog, recs, tl.pos-1, tl.before, snap, lang)
	}
	return ev
}

// describeStep is the record of step i with what it changed, its CAS
// attribution and its narration.
func describeStep(p *sim.Program, recs []sim.Record, i int, before []cellValue, after sim.Snapshot, lang string) *stepInfo {
	r := recs[i]
	st := &stepInfo{
		Index:     r.Index,
		Thread:    p.Threads[r.Thread].Name,
		Coroutine: coroutineName(p, r.Coroutine),
		Op:        r.Op.String(),
		Label:     labelOf(p, r.Label),
		Doc:       labelDoc(p, r.Label, lang),
		Events:    eventsOf(p, r.Events),
		Changed:   changedCells(before, after),
		Findings:  findingsOf(r.Findings, lang),
	}
	st.opValues = valuesOf(p, r)
	st.OK = r.OK
	if r.Loc.File != "" {
		st.Loc = &locInfo{File: r.Loc.File, Line: r.Loc.Line, Function: r.Loc.Function}
	}
	if r.Op == sim.OpCAS {
		st.CAS = casOf(p, recs, i)
	}
	st.Text = narrate(p, recs, i, st.CAS, lang)
	return st
}

// valuesOf shows a record's cell, orders and values symbolically.
func valuesOf(p *sim.Program, r sim.Record) opValues {
	var v opValues
	switch r.Op {
	case sim.OpResume:
		return v
	case sim.OpSubmit:
		v.Cell = p.CellName(r.Addr)
		v.Result = p.FormatCell(r.Addr+1, r.Result) // the handle, m_await_coro
		v.Value = p.FormatCell(r.Addr+2, r.Value)   // the context, m_ctx
		return v
	}
	v.Cell = p.CellName(r.Addr)
	if r.Op.Atomic() {
		v.Order = sim.OrderName(r.Order)
	}
	switch r.Op {
	case sim.OpLoad, sim.OpRead, sim.OpSemAcquire, sim.OpSemRelease:
		v.Result = p.FormatCell(r.Addr, r.Result)
	case sim.OpStore, sim.OpWrite:
		v.Value = p.FormatCell(r.Addr, r.Value)
	case sim.OpExchange:
		v.Value = p.FormatCell(r.Addr, r.Value)
		v.Result = p.FormatCell(r.Addr, r.Result)
	case sim.OpCAS:
		v.FailOrder = sim.OrderName(r.FailOrder)
		v.Expected = p.FormatCell(r.Addr, r.Expected)
		v.Value = p.FormatCell(r.Addr, r.Value)
		v.Result = p.FormatCell(r.Addr, r.Result)
	case sim.OpFetchAdd:
		v.Value = delta(r.Value)
		v.Result = p.FormatCell(r.Addr, r.Result)
	}
	return v
}

// delta shows a fetch_add operand as a signed number.
func delta(w sim.Word) string {
	d := int64(w)
	if d > 0 {
		return "+" + strconv.FormatInt(d, 10)
	}
	return strconv.FormatInt(d, 10)
}

// changedCells names the cells whose value or liveness differs between
// before and after.
func changedCells(before []cellValue, after sim.Snapshot) []string {
	out := []string{}
	if before == nil {
		return out
	}
	for i, c := range after.Cells {
		if i >= len(before) {
			break
		}
		if before[i].raw != c.Raw || before[i].live != c.Live {
			out = append(out, c.Name)
		}
	}
	return out
}

// pending says, for every thread, what its next step would do, or why it
// cannot move (in language lang).
func (tl *timeline) pending(lang string) []pendingInfo {
	p := tl.prog
	out := make([]pendingInfo, len(p.Threads))
	for t, th := range p.Threads {
		pi := pendingInfo{Thread: th.Name}
		r, ok := tl.m.Pending(t)
		if !ok {
			pi.Why = blockedText(tl.m.Blocked(t), lang)
			out[t] = pi
			continue
		}
		pi.CanMove = true
		pi.Coroutine = coroutineName(p, r.Coroutine)
		pi.Label = labelOf(p, r.Label)
		pi.Op = r.Op.String()
		pi.Doc = labelDoc(p, r.Label, lang)
		if r.Op != sim.OpResume {
			pi.Cell = p.CellName(r.Addr)
		}
		pi.Text = opText(p, r, false)
		if r.Loc.File != "" {
			pi.Loc = &locInfo{File: r.Loc.File, Line: r.Loc.Line, Function: r.Loc.Function}
		}
		out[t] = pi
	}
	return out
}

// snapshotOf is the wire form of a snapshot.
func snapshotOf(s sim.Snapshot) snapshotInfo {
	out := snapshotInfo{
		Cells:      make([]cellInfo, len(s.Cells)),
		Lists:      make([]listInfo, len(s.Lists)),
		Threads:    make([]threadInfo, len(s.Threads)),
		Coroutines: make([]coroutineState, len(s.Coroutines)),
	}
	for i, c := range s.Cells {
		out.Cells[i] = cellInfo{Addr: c.Addr, Name: c.Name, Object: c.Object, Value: c.Value, Atomic: c.Atomic, Live: c.Live}
	}
	for i, l := range s.Lists {
		li := listInfo{Name: l.Name, Head: l.Head, Cycle: l.Cycle, Nodes: make([]nodeInfo, len(l.Nodes))}
		for j, n := range l.Nodes {
			li.Nodes[j] = nodeInfo{Addr: n.Addr, Name: n.Name, Coroutine: n.Coroutine, Live: n.Live}
		}
		out.Lists[i] = li
	}
	for i, t := range s.Threads {
		out.Threads[i] = threadInfo{Name: t.Name, Stack: nonNil(t.Stack), Queue: nonNil(t.Queue), NumWait: t.NumWait}
	}
	for i, c := range s.Coroutines {
		out.Coroutines[i] = coroutineState{Name: c.Name, Thread: c.Thread, Status: c.Status.String(), Op: c.Op,
			Label: c.Label, FrameLive: c.FrameLive, AwaiterLive: c.AwaiterLive, Dropped: c.Dropped, Holder: c.Holder}
	}
	return out
}

// nonNil makes an absent list an empty one, so it is [] on the wire.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func eventsOf(p *sim.Program, evs []sim.Event) []eventInfo {
	out := make([]eventInfo, len(evs))
	for i, e := range evs {
		out[i] = eventInfo{Kind: e.Kind.String(), Coroutine: coroutineName(p, e.Coroutine), Op: e.Op}
		if e.Thread >= 0 && e.Thread < len(p.Threads) {
			out[i].Thread = p.Threads[e.Thread].Name
		}
	}
	return out
}

// findingOf is the wire form of an outcome, its message in language lang.
func findingOf(o sim.Outcome, lang string) findingInfo {
	f := findingInfo{Kind: string(o.Kind), Message: findingText(o, lang), Step: o.Step, Thread: o.Thread, Coroutine: o.Coroutine,
		Cell: o.Detail.Cell, Label: o.Detail.Label}
	if o.Kind == sim.DataRace {
		f.Related = append(f.Related, o.Detail.OtherStep)
		if mr := o.Detail.Missing; mr != nil {
			f.Related = append(f.Related, mr.Step)
		}
	}
	return f
}

func findingsOf(os []sim.Outcome, lang string) []findingInfo {
	out := make([]findingInfo, len(os))
	for i, o := range os {
		out[i] = findingOf(o, lang)
	}
	return out
}

func coroutineName(p *sim.Program, c int) string {
	if c < 0 || c >= len(p.Coroutines) {
		return ""
	}
	return p.Coroutines[c].Name
}

// labelOf names label pc, "" for a step without one (a resume).
func labelOf(p *sim.Program, pc int) string {
	if pc < 0 {
		return ""
	}
	return p.Label(pc)
}

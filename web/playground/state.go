package playground

import (
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/snapshot"
	"lockstep/sim/words"
	"lockstep/web/playground/lessonview"
	"lockstep/web/playground/protocol"
)

// state is the state event at the position, in language lang; the caller
// fills the envelope and the session's own fields.
func (tl *timeline) state(lang string) protocol.State {
	snap := tl.snapshot()
	ev := protocol.State{
		Position: tl.pos,
		Length:   len(tl.history),
		Schedule: tl.history.String(),
		History:  tl.entries,
		Snapshot: snapshotOf(snap),
		Pending:  tl.pending(lang),
		Findings: findingsOf(tl.m.Findings(), lang),
		Finished: tl.m.Finished(),
		Memory:   tl.mm.String(),
		Orders:   ordersOf(tl.prog, tl.m),
	}
	if ev.History == nil {
		ev.History = []protocol.HistoryEntry{}
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
func describeStep(p *program.Program, recs []record.Step, i int, before []cellValue, after snapshot.Snapshot, lang string) *protocol.Step {
	r := recs[i]
	st := &protocol.Step{
		Index:     r.Index,
		Thread:    p.Threads[r.Thread].Name,
		Coroutine: words.CoroutineName(p, r.Coroutine),
		Op:        r.Op.String(),
		Label:     words.LabelName(p, r.Label),
		Doc:       words.LabelDoc(p, r.Label, lang),
		Events:    eventsOf(p, r.Events),
		Changed:   changedCells(before, after),
		Findings:  findingsOf(r.Findings, lang),
	}
	st.Values = words.ValuesOf(p, r)
	st.OK = r.OK
	st.Loc = lessonview.LocOf(r.Loc)
	if r.Op == program.OpCAS {
		st.CAS = words.CASOf(p, recs, i)
	}
	st.Text = words.Narrate(p, recs, i, st.CAS, lang) + words.StaleNote(p, r, lang) + words.PlaceNote(p, r, lang)
	st.Read = readOf(p, r.Read)
	st.Place = placeOf(p, r.Place)
	return st
}

// changedCells names the cells whose value or liveness differs between
// before and after.
func changedCells(before []cellValue, after snapshot.Snapshot) []string {
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
func (tl *timeline) pending(lang string) []protocol.Pending {
	p := tl.prog
	out := make([]protocol.Pending, len(p.Threads))
	for t, th := range p.Threads {
		pi := protocol.Pending{Thread: th.Name}
		r, ok := tl.m.Pending(t)
		if !ok {
			pi.Why = words.Blocked(tl.m.Blocked(t), lang)
			out[t] = pi
			continue
		}
		pi.CanMove = true
		pi.Coroutine = words.CoroutineName(p, r.Coroutine)
		pi.Label = words.LabelName(p, r.Label)
		pi.Op = r.Op.String()
		pi.Doc = words.LabelDoc(p, r.Label, lang)
		if r.Op != program.OpResume && r.Op != program.OpFence {
			pi.Cell = p.CellName(r.Addr)
		}
		pi.Text = words.OpTextIn(p, r, false, lang)
		pi.Reads = choices(p, r)
		pi.Places = places(p, r)
		pi.Loc = lessonview.LocOf(r.Loc)
		out[t] = pi
	}
	return out
}

// snapshotOf is the wire form of a snapshot.
func snapshotOf(s snapshot.Snapshot) protocol.Snapshot {
	out := protocol.Snapshot{
		Cells:      make([]protocol.Cell, len(s.Cells)),
		Lists:      make([]protocol.List, len(s.Lists)),
		Threads:    make([]protocol.Thread, len(s.Threads)),
		Coroutines: make([]protocol.CoroutineState, len(s.Coroutines)),
	}
	for i, c := range s.Cells {
		out.Cells[i] = protocol.Cell{Addr: c.Addr, Name: c.Name, Object: c.Object, Value: c.Value, Atomic: c.Atomic, Live: c.Live}
	}
	for i, l := range s.Lists {
		li := protocol.List{Name: l.Name, Head: l.Head, Cycle: l.Cycle, Nodes: make([]protocol.Node, len(l.Nodes)), Coroutine: l.Coroutine, Local: l.Local}
		for j, n := range l.Nodes {
			li.Nodes[j] = protocol.Node{Addr: n.Addr, Name: n.Name, Coroutine: n.Coroutine, Live: n.Live}
		}
		out.Lists[i] = li
	}
	for i, t := range s.Threads {
		out.Threads[i] = protocol.Thread{Name: t.Name, Stack: nonNil(t.Stack), Queue: nonNil(t.Queue), NumWait: t.NumWait}
	}
	for i, c := range s.Coroutines {
		out.Coroutines[i] = protocol.CoroutineState{Name: c.Name, Thread: c.Thread, Status: c.Status.String(), Op: c.Op,
			Label: c.Label, FrameLive: c.FrameLive, AwaiterLive: c.AwaiterLive, Dropped: c.Dropped, Holder: c.Holder}
		for _, l := range c.Locals {
			out.Coroutines[i].Locals = append(out.Coroutines[i].Locals, protocol.Local{Name: l.Name, Value: l.Value, Addr: l.Raw})
		}
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

func eventsOf(p *program.Program, evs []record.Event) []protocol.CoroutineEvent {
	out := make([]protocol.CoroutineEvent, len(evs))
	for i, e := range evs {
		out[i] = protocol.CoroutineEvent{Kind: e.Kind.String(), Coroutine: words.CoroutineName(p, e.Coroutine), Op: e.Op}
		if e.Thread >= 0 && e.Thread < len(p.Threads) {
			out[i].Thread = p.Threads[e.Thread].Name
		}
	}
	return out
}

// findingOf is the wire form of an outcome, its message in language lang.
func findingOf(o outcome.Outcome, lang string) protocol.Finding {
	f := protocol.Finding{Kind: string(o.Kind), Message: words.Outcome(o, lang), Step: o.Step, Thread: o.Thread, Coroutine: o.Coroutine,
		Cell: o.Detail.Cell, Label: o.Detail.Label}
	if o.CauseStep >= 0 {
		cause := o.CauseStep
		f.CauseStep = &cause
	}
	if o.Kind == outcome.DataRace {
		f.Related = append(f.Related, o.Detail.OtherStep)
		if mr := o.Detail.Missing; mr != nil {
			f.Related = append(f.Related, mr.Step)
		}
	}
	return f
}

func findingsOf(os []outcome.Outcome, lang string) []protocol.Finding {
	out := make([]protocol.Finding, len(os))
	for i, o := range os {
		out[i] = findingOf(o, lang)
	}
	return out
}

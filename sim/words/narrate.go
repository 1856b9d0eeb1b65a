package words

import (
	"fmt"
	"strings"

	"lockstep/sim"
)

// Narrate says in one plain sentence, in language lang, what step i of
// recs did: the step's label and what the code there does, the access with
// its values, what it did to the coroutines, and what the detectors found.
// cas is step i's CAS attribution (CASOf), or nil.
func Narrate(p *sim.Program, recs []sim.Record, i int, cas *CAS, lang string) string {
	r := recs[i]
	w := phrasebookOf(lang)
	var parts []string
	main := accessClause(p, r, cas, w)
	if aborted(r) {
		main = fmt.Sprintf(w.attempt, who(p, r), r.Op, p.CellName(r.Addr))
	}
	parts = append(parts, main)
	for _, e := range r.Events {
		if s := eventClause(p, r, e, w); s != "" {
			parts = append(parts, s)
		}
	}
	for _, f := range r.Findings {
		if sim.Fatal(f.Kind) {
			parts = append(parts, fmt.Sprintf(w.fatal, KindName(f.Kind, lang), strings.TrimSuffix(Outcome(f, lang), ".")))
		} else {
			parts = append(parts, fmt.Sprintf(w.finding, KindName(f.Kind, lang)))
		}
	}
	prefix := ""
	if r.Label >= 0 {
		if doc := LabelDoc(p, r.Label, lang); doc != "" {
			prefix = fmt.Sprintf(w.labelDoc, p.Label(r.Label), doc)
		} else {
			prefix = fmt.Sprintf(w.label, p.Label(r.Label))
		}
	}
	return prefix + strings.Join(parts, w.sep) + w.end
}

// aborted reports whether the step's access did not happen: a detector
// stopped it (a dangling pointer, a bad resume).
func aborted(r sim.Record) bool {
	for _, f := range r.Findings {
		switch f.Kind {
		case sim.UseAfterFree, sim.Panic, sim.DoubleResume, sim.PrematureRelease:
			return true
		}
	}
	return false
}

// who names the coroutine that stepped, or for a resume, the thread.
func who(p *sim.Program, r sim.Record) string {
	if r.Op == sim.OpResume {
		return p.Threads[r.Thread].Name
	}
	return CoroutineName(p, r.Coroutine)
}

// accessClause says what the step's access did.
func accessClause(p *sim.Program, r sim.Record, cas *CAS, w *phrasebook) string {
	v := ValuesOf(p, r)
	name := who(p, r)
	switch r.Op {
	case sim.OpLoad:
		return fmt.Sprintf(w.load, name, v.Cell, v.Order, v.Result)
	case sim.OpRead:
		return fmt.Sprintf(w.read, name, v.Cell, v.Result)
	case sim.OpStore:
		return fmt.Sprintf(w.store, name, v.Value, v.Cell, v.Order)
	case sim.OpWrite:
		return fmt.Sprintf(w.write, name, v.Value, v.Cell)
	case sim.OpExchange:
		return fmt.Sprintf(w.exchange, name, v.Value, v.Cell, v.Order, v.Result)
	case sim.OpCAS:
		if r.OK {
			return fmt.Sprintf(w.casOK, name, v.Cell, v.Expected, v.Result, v.Value)
		}
		s := fmt.Sprintf(w.casFail, name, v.Cell, v.Expected, v.Result)
		if cas != nil && cas.ChangedBy != nil {
			by := cas.ChangedBy
			s += fmt.Sprintf(w.changedBy, by.Coroutine, by.Step, by.Label)
		}
		if cas != nil && cas.Retry > 1 {
			s += fmt.Sprintf(w.retry, cas.Retry)
		}
		return s
	case sim.OpFetchAdd:
		after := p.FormatCell(r.Addr, r.Result+r.Value)
		if d := int64(r.Value); d < 0 {
			return fmt.Sprintf(w.sub, name, -d, v.Cell, v.Order, v.Result, after)
		}
		return fmt.Sprintf(w.add, name, int64(r.Value), v.Cell, v.Order, v.Result, after)
	case sim.OpSubmit:
		return fmt.Sprintf(w.submit, name, v.Result, v.Value)
	case sim.OpSpawn:
		return fmt.Sprintf(w.spawn, name, v.Result, v.Value)
	case sim.OpSemAcquire:
		if r.OK {
			return fmt.Sprintf(w.semTake, name, v.Cell, v.Result)
		}
		return fmt.Sprintf(w.semWait, name, v.Cell)
	case sim.OpSemRelease:
		return fmt.Sprintf(w.semRelease, name, v.Cell)
	case sim.OpResume:
		return fmt.Sprintf(w.resume, name, CoroutineName(p, r.Coroutine))
	}
	return fmt.Sprintf(w.attempt, name, r.Op, v.Cell)
}

// eventClause says what happened to a coroutine during the step, or ""
// for what the access clause already said.
func eventClause(p *sim.Program, r sim.Record, e sim.Event, w *phrasebook) string {
	c := CoroutineName(p, e.Coroutine)
	thread := ThreadName(p, e.Thread)
	switch e.Kind {
	case sim.EvParked:
		return fmt.Sprintf(w.parked, c)
	case sim.EvQueued:
		return fmt.Sprintf(w.queued, c, thread)
	case sim.EvInline:
		return fmt.Sprintf(w.inline, c, thread, e.Depth)
	case sim.EvDropped:
		return fmt.Sprintf(w.dropped, c, e.Depth)
	case sim.EvAwaiterEnded:
		return fmt.Sprintf(w.awaiterEnded, c)
	case sim.EvFinished:
		return fmt.Sprintf(w.finished, c)
	case sim.EvSemQueued:
		return fmt.Sprintf(w.semQueued, c)
	}
	return "" // op-start, and resumed (the resume clause says it)
}

// OpText is a compact, symbolic description of a step's access, the same
// in every language: "CAS wg.m_state: nullptr → &W1.awaiter (acq_rel)".
// With result it also says what the access read.
func OpText(p *sim.Program, r sim.Record, result bool) string {
	v := ValuesOf(p, r)
	var s string
	switch r.Op {
	case sim.OpLoad:
		s = fmt.Sprintf("load %s (%s)", v.Cell, v.Order)
	case sim.OpRead:
		s = "read " + v.Cell
	case sim.OpStore:
		s = fmt.Sprintf("store %s ← %s (%s)", v.Cell, v.Value, v.Order)
	case sim.OpWrite:
		s = fmt.Sprintf("write %s ← %s", v.Cell, v.Value)
	case sim.OpExchange:
		s = fmt.Sprintf("exchange %s ← %s (%s)", v.Cell, v.Value, v.Order)
	case sim.OpCAS:
		s = fmt.Sprintf("CAS %s: %s → %s (%s)", v.Cell, v.Expected, v.Value, v.Order)
		if result {
			if r.OK {
				return s + ": ok"
			}
			return s + ": failed, found " + v.Result
		}
		return s
	case sim.OpFetchAdd:
		s = fmt.Sprintf("fetch_add %s %s (%s)", v.Cell, v.Value, v.Order)
	case sim.OpSubmit:
		return fmt.Sprintf("submit_task(%s) on %s", v.Result, v.Value)
	case sim.OpSpawn:
		return fmt.Sprintf("spawn %s on %s", v.Result, v.Value)
	case sim.OpSemAcquire:
		return "semacquire " + v.Cell
	case sim.OpSemRelease:
		return "semrelease " + v.Cell
	case sim.OpResume:
		return fmt.Sprintf("resume %s from the run queue", CoroutineName(p, r.Coroutine))
	}
	if result && v.Result != "" {
		s += " → " + v.Result
	}
	return s
}

package words

import (
	"fmt"
	"strings"

	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// Narrate says in one plain sentence, in language lang, what step i of
// recs did: the step's label and what the code there does, the access with
// its values, what it did to the coroutines, and what the detectors found.
// cas is step i's CAS attribution (CASOf), or nil.
func Narrate(p *program.Program, recs []record.Step, i int, cas *CAS, lang string) string {
	r := recs[i]
	w := phrasebookOf(lang)
	var parts []string
	main := accessClause(p, r, cas, w)
	if aborted(r) {
		main = fmt.Sprintf(w.attempt, who(p, r), OpVerb(r.Op, lang), p.CellName(r.Addr))
		if r.Op == program.OpFence {
			main = fmt.Sprintf(w.fenceTry, who(p, r), program.OrderName(r.Order))
		}
	}
	parts = append(parts, main)
	for _, e := range r.Events {
		if s := eventClause(p, r, e, w); s != "" {
			parts = append(parts, s)
		}
	}
	for _, f := range r.Findings {
		if outcome.Fatal(f.Kind) {
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
func aborted(r record.Step) bool {
	for _, f := range r.Findings {
		switch f.Kind {
		case outcome.UseAfterFree, outcome.Panic, outcome.DoubleResume, outcome.PrematureRelease:
			return true
		}
	}
	return false
}

// who names the coroutine that stepped, or for a resume, the thread.
func who(p *program.Program, r record.Step) string {
	if r.Op == program.OpResume {
		return p.Threads[r.Thread].Name
	}
	return CoroutineName(p, r.Coroutine)
}

// accessClause says what the step's access did.
func accessClause(p *program.Program, r record.Step, cas *CAS, w *phrasebook) string {
	v := ValuesOf(p, r)
	name := who(p, r)
	switch r.Op {
	case program.OpLoad:
		return fmt.Sprintf(w.load, name, v.Cell, v.Order, v.Result)
	case program.OpRead:
		return fmt.Sprintf(w.read, name, v.Cell, v.Result)
	case program.OpStore:
		return fmt.Sprintf(w.store, name, v.Value, v.Cell, v.Order)
	case program.OpWrite:
		return fmt.Sprintf(w.write, name, v.Value, v.Cell)
	case program.OpExchange:
		return fmt.Sprintf(w.exchange, name, v.Value, v.Cell, v.Order, v.Result)
	case program.OpCAS:
		if r.OK {
			return fmt.Sprintf(w.casOK, name, v.Cell, v.Expected, v.Result, v.Value)
		}
		s := fmt.Sprintf(w.casFail, name, v.Cell, v.Expected, v.Result)
		if cas != nil && cas.ChangedBy != nil {
			by := cas.ChangedBy
			s += fmt.Sprintf(w.changedBy, by.Coroutine, by.Step+1, by.Label)
		}
		if cas != nil && cas.Retry > 1 {
			s += fmt.Sprintf(w.retry, cas.Retry)
		}
		return s
	case program.OpFetchAdd:
		after := p.FormatCell(r.Addr, r.Result+r.Value)
		d, counter := addend(p, r)
		cell := v.Cell
		if counter {
			cell = fmt.Sprintf(w.counter, v.Cell)
		}
		if d < 0 {
			return fmt.Sprintf(w.sub, name, -d, cell, v.Order, v.Result, after)
		}
		return fmt.Sprintf(w.add, name, d, cell, v.Order, v.Result, after)
	case program.OpSubmit:
		return fmt.Sprintf(w.submit, name, v.Result, v.Value)
	case program.OpSpawn:
		return fmt.Sprintf(w.spawn, name, v.Result, v.Value)
	case program.OpSemAcquire:
		if r.OK {
			return fmt.Sprintf(w.semTake, name, v.Cell, v.Result)
		}
		return fmt.Sprintf(w.semWait, name, v.Cell)
	case program.OpSemRelease:
		return fmt.Sprintf(w.semRelease, name, v.Cell)
	case program.OpResume:
		return fmt.Sprintf(w.resume, name, CoroutineName(p, r.Coroutine))
	case program.OpFence:
		return fmt.Sprintf(w.fence, name, v.Order)
	}
	return fmt.Sprintf(w.attempt, name, OpVerb(r.Op, w.lang), v.Cell)
}

// eventClause says what happened to a coroutine during the step, or ""
// for what the access clause already said.
func eventClause(p *program.Program, r record.Step, e record.Event, w *phrasebook) string {
	c := CoroutineName(p, e.Coroutine)
	thread := ThreadName(p, e.Thread)
	switch e.Kind {
	case record.Parked:
		return fmt.Sprintf(w.parked, c)
	case record.Queued:
		return fmt.Sprintf(w.queued, c, thread)
	case record.Inline:
		return fmt.Sprintf(w.inline, c, thread, e.Depth)
	case record.Dropped:
		return fmt.Sprintf(w.dropped, c, e.Depth)
	case record.AwaiterEnded:
		return fmt.Sprintf(w.awaiterEnded, c)
	case record.Finished:
		return fmt.Sprintf(w.finished, c)
	case record.SemQueued:
		return fmt.Sprintf(w.semQueued, c)
	}
	return "" // op-start, and resumed (the resume clause says it)
}

// OpText is a compact, symbolic description of a step's access, the same
// in every language: "CAS wg.m_state: nullptr → &W1.awaiter (acq_rel)".
// OpText says in short what step r does, in English: "load wg.m_state
// (acquire)", "CAS wg.m_state: nullptr → &W1.awaiter (acq_rel)"; with
// result, also what it read. OpTextIn says it in a language.
func OpText(p *program.Program, r record.Step, result bool) string {
	return OpTextIn(p, r, result, English)
}

// OpTextIn says in short what step r does, in language lang: the
// operation's verb in that language, its cell, values and memory orders as
// code.
func OpTextIn(p *program.Program, r record.Step, result bool, lang string) string {
	v := ValuesOf(p, r)
	w := opPhrasesOf(lang)
	var s string
	switch r.Op {
	case program.OpLoad:
		s = fmt.Sprintf(w.load, v.Cell, v.Order)
	case program.OpRead:
		s = fmt.Sprintf(w.read, v.Cell)
	case program.OpStore:
		s = fmt.Sprintf(w.store, v.Cell, v.Value, v.Order)
	case program.OpWrite:
		s = fmt.Sprintf(w.write, v.Cell, v.Value)
	case program.OpExchange:
		s = fmt.Sprintf(w.exchange, v.Cell, v.Value, v.Order)
	case program.OpCAS:
		s = fmt.Sprintf("CAS %s: %s → %s (%s)", v.Cell, v.Expected, v.Value, v.Order)
		if result {
			if r.OK {
				return s + w.ok
			}
			return s + fmt.Sprintf(w.failed, v.Result)
		}
		return s
	case program.OpFetchAdd:
		s = fmt.Sprintf(w.fetchAdd, v.Cell, v.Value, v.Order)
	case program.OpSubmit:
		return fmt.Sprintf(w.submit, v.Result, v.Value)
	case program.OpSpawn:
		return fmt.Sprintf(w.spawn, v.Result, v.Value)
	case program.OpSemAcquire:
		return "semacquire " + v.Cell
	case program.OpSemRelease:
		return "semrelease " + v.Cell
	case program.OpResume:
		return fmt.Sprintf(w.resume, CoroutineName(p, r.Coroutine))
	case program.OpFence:
		return FenceText(r.Order)
	}
	if result && v.Result != "" {
		s += " → " + v.Result
	}
	return s
}

// OpVerb names operation kind k as a verb in language lang: "read",
// "读取"; atomic operations keep their C++ names, which are code.
func OpVerb(k program.OpKind, lang string) string {
	if lang == Chinese {
		if v, ok := opVerbsZh[k]; ok {
			return v
		}
	}
	return k.String()
}

var opVerbsZh = map[program.OpKind]string{
	program.OpLoad: "原子读取", program.OpStore: "原子写入", program.OpExchange: "原子交换", program.OpCAS: "CAS",
	program.OpFetchAdd: "原子加（fetch_add）", program.OpRead: "读取", program.OpWrite: "写入",
	program.OpSubmit: "提交（submit_task）", program.OpResume: "恢复", program.OpFence: "执行内存栅栏",
}

// FenceText is a fence as C++ writes it, the same in every language:
// "atomic_thread_fence(release)".
func FenceText(o program.Order) string {
	return "atomic_thread_fence(" + program.OrderName(o) + ")"
}

// opPhrases are OpTextIn's patterns in one language.
type opPhrases struct {
	load, read, store, write, exchange, fetchAdd, ok, failed, submit, spawn, resume string
}

func opPhrasesOf(lang string) *opPhrases {
	if lang == Chinese {
		return &opChinese
	}
	return &opEnglish
}

var opEnglish = opPhrases{
	load: "load %s (%s)", read: "read %s", store: "store %s ← %s (%s)", write: "write %s ← %s",
	exchange: "exchange %s ← %s (%s)", fetchAdd: "fetch_add %s %s (%s)", ok: ": ok", failed: ": failed, found %s",
	submit: "submit_task(%s) on %s", spawn: "spawn %s on %s", resume: "resume %s from the run queue",
}

var opChinese = opPhrases{
	load: "原子读取 %s（%s）", read: "读取 %s", store: "原子写入 %s ← %s（%s）", write: "写入 %s ← %s",
	exchange: "原子交换 %s ← %s（%s）", fetchAdd: "fetch_add %s %s（%s）", ok: "：成功", failed: "：失败，看到 %s",
	submit: "submit_task(%s)，交给 %s", spawn: "在 %[2]s 上启动 %[1]s", resume: "从运行队列恢复 %s",
}

package web

import (
	"fmt"
	"strings"

	"lockstep/sim"
)

// narrate says in one plain sentence, in language lang ("en" or "zh"),
// what step i did: the step's label and what the code there does, the
// access with its values, what it did to the coroutines, and what the
// detectors found.
func narrate(p *sim.Program, recs []sim.Record, i int, cas *casInfo, lang string) string {
	r := recs[i]
	w := words[lang == "zh"]
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
			parts = append(parts, fmt.Sprintf(w.fatal, kindName(f.Kind, lang), strings.TrimSuffix(findingText(f, lang), ".")))
		} else {
			parts = append(parts, fmt.Sprintf(w.finding, kindName(f.Kind, lang)))
		}
	}
	prefix := ""
	if r.Label >= 0 {
		if doc := labelDoc(p, r.Label, lang); doc != "" {
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
	return coroutineName(p, r.Coroutine)
}

// accessClause says what the step's access did.
func accessClause(p *sim.Program, r sim.Record, cas *casInfo, w phrasebook) string {
	v := valuesOf(p, r)
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
	case sim.OpSemAcquire:
		if r.OK {
			return fmt.Sprintf(w.semTake, name, v.Cell, v.Result)
		}
		return fmt.Sprintf(w.semWait, name, v.Cell)
	case sim.OpSemRelease:
		return fmt.Sprintf(w.semRelease, name, v.Cell)
	case sim.OpResume:
		return fmt.Sprintf(w.resume, name, coroutineName(p, r.Coroutine))
	}
	return fmt.Sprintf(w.attempt, name, r.Op, v.Cell)
}

// eventClause says what happened to a coroutine during the step, or ""
// for what the access clause already said.
func eventClause(p *sim.Program, r sim.Record, e sim.Event, w phrasebook) string {
	c := coroutineName(p, e.Coroutine)
	thread := ""
	if e.Thread >= 0 && e.Thread < len(p.Threads) {
		thread = p.Threads[e.Thread].Name
	}
	switch e.Kind {
	case sim.EvParked:
		return fmt.Sprintf(w.parked, c)
	case sim.EvQueued:
		return fmt.Sprintf(w.queued, c, thread)
	case sim.EvInline:
		return fmt.Sprintf(w.inline, c, thread)
	case sim.EvDropped:
		return fmt.Sprintf(w.dropped, c)
	case sim.EvAwaiterEnded:
		return fmt.Sprintf(w.awaiterEnded, c)
	case sim.EvFinished:
		return fmt.Sprintf(w.finished, c)
	case sim.EvSemQueued:
		return fmt.Sprintf(w.semQueued, c)
	}
	return "" // op-start, and resumed (the resume clause says it)
}

// opText is a compact, symbolic description of a step's access, the same
// in every language: "CAS wg.m_state: nullptr → &W1.awaiter (acq_rel)".
// With result it also says what the access read.
func opText(p *sim.Program, r sim.Record, result bool) string {
	v := valuesOf(p, r)
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
	case sim.OpSemAcquire:
		return "semacquire " + v.Cell
	case sim.OpSemRelease:
		return "semrelease " + v.Cell
	case sim.OpResume:
		return fmt.Sprintf("resume %s from the run queue", coroutineName(p, r.Coroutine))
	}
	if result && v.Result != "" {
		s += " → " + v.Result
	}
	return s
}

// phrasebook holds the sentence patterns of one language.
type phrasebook struct {
	label, labelDoc, sep, end                      string
	load, read, store, write, exchange             string
	casOK, casFail, changedBy, retry               string
	add, sub, submit, semTake, semWait, semRelease string
	resume, attempt                                string
	parked, queued, inline, dropped, awaiterEnded  string
	finished, semQueued, finding, fatal            string
}

// words are the phrasebooks: false is English, true Chinese.
var words = map[bool]phrasebook{
	false: {
		label: "%s: ", labelDoc: "%s (%s): ", sep: "; ", end: ".",
		load:       "%s loads %s (%s) and reads %s",
		read:       "%s reads the plain field %s and sees %s",
		store:      "%s stores %s into %s (%s)",
		write:      "%s writes %s into the plain field %s",
		exchange:   "%s swaps %s into %s (%s) and takes out %s",
		casOK:      "%s's CAS on %s expected %s and found %s: it succeeded and wrote %s",
		casFail:    "%s's CAS on %s expected %s but found %s: it failed",
		changedBy:  ", because %s changed it at step %d (%s)",
		retry:      " (failure %d of this operation)",
		add:        "%s adds %d to %s (%s): it was %s and is now %s",
		sub:        "%s subtracts %d from %s (%s): it was %s and is now %s",
		submit:     "%s hands %s to submit_task on %s",
		semTake:    "%s takes a permit of %s, which had %s",
		semWait:    "%s finds no permit in %s and queues on it",
		semRelease: "%s releases a permit of %s",
		resume:     "%s takes %s off its run queue and resumes it",
		attempt:    "%s tries to %s %s",
		parked:     "%s parks", queued: "%s is queued on %s's run queue",
		inline: "%s is resumed inline on %s", dropped: "%s's handle is dropped and it will never run",
		awaiterEnded: "%s's awaiter ends its life", finished: "%s finishes and its frame is destroyed",
		semQueued: "%s waits on the semaphore",
		finding:   "the detectors report a %s", fatal: "%s: %s",
	},
	true: {
		label: "%s：", labelDoc: "%s（%s）：", sep: "；", end: "。",
		load:       "%s 读取 %s（%s），得到 %s",
		read:       "%s 普通读取字段 %s，得到 %s",
		store:      "%s 把 %s 存入 %s（%s）",
		write:      "%s 把 %s 普通写入字段 %s",
		exchange:   "%s 把 %s 交换进 %s（%s），取出 %s",
		casOK:      "%s 对 %s 的 CAS 期望 %s，实际是 %s：成功，写入 %s",
		casFail:    "%s 对 %s 的 CAS 期望 %s，实际却是 %s：失败",
		changedBy:  "，因为 %s 在第 %d 步（%s）改了它",
		retry:      "（本操作第 %d 次失败）",
		add:        "%[1]s 给 %[3]s 加 %[2]d（%[4]s）：原为 %[5]s，现为 %[6]s",
		sub:        "%[1]s 给 %[3]s 减 %[2]d（%[4]s）：原为 %[5]s，现为 %[6]s",
		submit:     "%s 调用 submit_task，把 %s 交给 %s",
		semTake:    "%s 取得 %s 的一个许可，原有 %s",
		semWait:    "%s 在 %s 上没有许可，排队等待",
		semRelease: "%s 释放 %s 的一个许可",
		resume:     "%s 从运行队列取出 %s 并恢复它",
		attempt:    "%s 试图执行 %s %s",
		parked:     "%s 挂起", queued: "%s 进入 %s 的运行队列",
		inline: "%s 在 %s 上被内联恢复", dropped: "%s 的句柄被丢弃，它再也不会运行",
		awaiterEnded: "%s 的 awaiter 生命周期结束", finished: "%s 结束，协程帧被销毁",
		semQueued: "%s 在信号量上等待",
		finding:   "检测器报告 %s", fatal: "%s：%s",
	},
}

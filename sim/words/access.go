package words

import (
	"fmt"
	"strings"

	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// Access shows step r's access as the columns of a text trace: the cell,
// the memory order(s), and the operands with what the step read, in
// language lang ("wg.m_state", "acq_rel/relaxed", "nullptr -> &W1.awaiter
// ok (observed nullptr)"). Values and orders are code and read the same in
// every language. A step cut short by a fatal finding shows only what it
// attempted.
func Access(p *program.Program, r record.Step, lang string) (cell, order, operands string) {
	w := tracePhrasesOf(lang)
	v := func(x program.Word) string { return p.FormatCell(r.Addr, x) }
	done := !FatalAt(r)
	res := func(s string) string {
		if done {
			return s
		}
		return ""
	}
	cell = p.CellName(r.Addr)
	switch r.Op {
	case program.OpLoad:
		return cell, program.OrderName(r.Order), res("-> " + v(r.Result))
	case program.OpStore:
		return cell, program.OrderName(r.Order), "<- " + v(r.Value)
	case program.OpExchange:
		return cell, program.OrderName(r.Order), "<- " + v(r.Value) + res(fmt.Sprintf(w.was, v(r.Result)))
	case program.OpCAS:
		verdict := w.failed
		if r.OK {
			verdict = w.ok
		}
		return cell, program.OrderName(r.Order) + "/" + program.OrderName(r.FailOrder),
			v(r.Expected) + " -> " + v(r.Value) + res("  "+fmt.Sprintf(verdict, v(r.Result)))
	case program.OpFetchAdd:
		return cell, program.OrderName(r.Order), delta(v(r.Value)) + res(fmt.Sprintf(w.was, v(r.Result)))
	case program.OpRead:
		return cell, "", res("-> " + v(r.Result))
	case program.OpWrite:
		return cell, "", "<- " + v(r.Value)
	case program.OpSubmit:
		return ObjectName(p, r.Addr), "", res(fmt.Sprintf(w.submit, p.Format(program.Handle, nil, r.Result), p.Format(program.Context, nil, r.Value)))
	case program.OpSemAcquire:
		if r.OK {
			return cell, "", res(fmt.Sprintf(w.semTake, v(r.Result)))
		}
		return cell, "", res(w.semNone)
	case program.OpSemRelease:
		if HasEvent(r, record.Queued) {
			return cell, "", res(w.semHand)
		}
		return cell, "", res(fmt.Sprintf(w.semBank, v(r.Result)))
	case program.OpResume:
		return "", "", fmt.Sprintf(w.resume, CoroutineName(p, r.Coroutine))
	case program.OpSpawn:
		return ObjectName(p, r.Addr), "", res(fmt.Sprintf(w.spawn, p.Format(program.Handle, nil, r.Result), p.Format(program.Context, nil, r.Value)))
	case program.OpFence:
		return "", program.OrderName(r.Order), ""
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

// ObjectName names the object at address a ("W1.awaiter").
func ObjectName(p *program.Program, a program.Word) string {
	if a < program.Word(len(p.Cells)) && p.Cells[a].Object >= 0 {
		return p.Objects[p.Cells[a].Object].Name
	}
	return p.CellName(a)
}

// Events says in short what a step did to coroutines, in language lang:
// "call wait", "W1 parks", "W2 queued on D1"...
func Events(p *program.Program, events []record.Event, lang string) string {
	w := tracePhrasesOf(lang)
	parts := make([]string, 0, len(events))
	for _, e := range events {
		co := CoroutineName(p, e.Coroutine)
		var s string
		switch e.Kind {
		case record.OpStart:
			s = fmt.Sprintf(w.call, e.Op)
		case record.Parked:
			s = fmt.Sprintf(w.parks, co)
		case record.Queued:
			s = fmt.Sprintf(w.queued, co, ThreadName(p, e.Thread))
		case record.Inline:
			s = fmt.Sprintf(w.inline, co, e.Depth)
		case record.Dropped:
			s = fmt.Sprintf(w.dropped, co, e.Depth)
		case record.Resumed:
			s = fmt.Sprintf(w.resumed, co)
		case record.AwaiterEnded:
			s = fmt.Sprintf(w.awaiterEnds, co)
		case record.Finished:
			s = fmt.Sprintf(w.finished, co)
		case record.SemQueued:
			s = fmt.Sprintf(w.semQueued, co)
		default:
			s = e.Kind.String() + " " + co
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, w.comma)
}

// StepAt says where the step at index i is in a run's words: "step 8".
// People count steps from 1: the step at index 7 is step 8, and a link's
// step=8 shows the state after it.
func StepAt(i int, lang string) string {
	return fmt.Sprintf(tracePhrasesOf(lang).step, i+1)
}

// OutcomeLine is an outcome as a trace's last words: "lost-wakeup at step
// 8: message", or "ok: message" when no single step is to blame.
func OutcomeLine(o outcome.Outcome, lang string) string {
	w := tracePhrasesOf(lang)
	if o.Step >= 0 {
		return fmt.Sprintf(w.outcomeAt, KindName(o.Kind, lang), o.Step+1, Untitled(o, lang))
	}
	return fmt.Sprintf(w.outcome, KindName(o.Kind, lang), Untitled(o, lang))
}

// Heading is a trace's heading for its lesson, replay, start, outcome or
// schedule line, with its colon, in language lang: Heading("outcome",
// "en") is "outcome: ", Heading("outcome", "zh") is "结果：". A word
// without a Chinese form stays English.
func Heading(name, lang string) string {
	if lang == Chinese {
		if h, ok := headingsZh[name]; ok {
			return h + "："
		}
	}
	return name + ": "
}

// headingsZh are the trace's headings in Chinese.
var headingsZh = map[string]string{
	"lesson": "课程", "replay": "重放", "start": "开始", "outcome": "结果", "schedule": "调度",
}

// tracePhrases are the short forms a text trace uses.
type tracePhrases struct {
	was, ok, failed, submit, spawn, semTake, semNone, semHand, semBank, resume string
	call, parks, queued, inline, dropped, resumed, awaiterEnds                 string
	finished, semQueued, comma, step, outcomeAt, outcome                       string
}

func tracePhrasesOf(lang string) *tracePhrases {
	if lang == Chinese {
		return &traceChinese
	}
	return &traceEnglish
}

var traceEnglish = tracePhrases{
	was: ", was %s", ok: "ok (observed %s)", failed: "failed (observed %s)",
	submit: "%s to %s", spawn: "starts %s on %s", semTake: "takes a permit, was %s", semNone: "no permit",
	semHand: "hands its permit on", semBank: "banks a permit, was %s",
	resume: "takes %s off the run queue",
	call:   "call %s", parks: "%s parks", queued: "%s queued on %s", inline: "%s resumed inline (depth %d)",
	dropped: "%s dropped (depth %d)", resumed: "%s resumed", awaiterEnds: "%s.awaiter ends",
	finished: "%s finished", semQueued: "%s waits on the semaphore", comma: ", ",
	step: "step %d", outcomeAt: "%s at step %d: %s", outcome: "%s: %s",
}

var traceChinese = tracePhrases{
	was: "，原为 %s", ok: "成功（看到 %s）", failed: "失败（看到 %s）",
	submit: "%s 交给 %s", spawn: "在 %[2]s 上启动 %[1]s", semTake: "取得一个许可，原有 %s", semNone: "没有许可",
	semHand: "把许可交给等待者", semBank: "存下一个许可，原有 %s",
	resume: "从运行队列取出 %s",
	call:   "调用 %s", parks: "%s 挂起", queued: "%s 进入 %s 的运行队列", inline: "%s 被内联恢复（深度 %d）",
	dropped: "%s 被丢弃（深度 %d）", resumed: "%s 恢复", awaiterEnds: "%s.awaiter 结束",
	finished: "%s 结束", semQueued: "%s 在信号量上等待", comma: "，",
	step: "第 %d 步", outcomeAt: "%s，第 %d 步：%s", outcome: "%s：%s",
}

// StaleNote says, after a step's operands, that its read returned a
// stale value and what the latest was: "" unless it did.
func StaleNote(p *program.Program, r record.Step, lang string) string {
	rc := r.Read
	if rc == nil || !rc.Stale() {
		return ""
	}
	c := rc.Candidates[rc.Chosen]
	l := rc.Candidates[len(rc.Candidates)-1]
	if lang == Chinese {
		from := "初始值"
		if c.Source != c11.Init {
			from = fmt.Sprintf("第 %d 步", c.Step+1)
		}
		return fmt.Sprintf("（过时：读到 %s 的 %s，最新的是第 %d 步的 %s）", from, p.FormatCell(rc.Addr, c.Value), l.Step+1, p.FormatCell(rc.Addr, l.Value))
	}
	from := "init"
	if c.Source != c11.Init {
		from = fmt.Sprintf("step %d", c.Step+1)
	}
	return fmt.Sprintf(" (STALE: %s from %s; latest %s from step %d)", p.FormatCell(rc.Addr, c.Value), from, p.FormatCell(rc.Addr, l.Value), l.Step+1)
}

// PlaceNote says, after a step's operands, where its store went in its
// cell's modification order and where else it could have gone: "" unless
// it had a choice. " (mo place: before step 2's write 2; places: before
// step 2, the end)".
func PlaceNote(p *program.Program, r record.Step, lang string) string {
	pc := r.Place
	if pc == nil || len(pc.Places) < 2 {
		return ""
	}
	w := placePhrasesOf(lang)
	c := pc.Places[pc.Chosen]
	took := w.theEnd
	if c.Source != c11.Latest {
		took = fmt.Sprintf(w.before, c.Step+1, p.FormatCell(pc.Addr, c.Value))
	}
	all := make([]string, len(pc.Places))
	for i, o := range pc.Places {
		all[i] = w.theEnd
		if o.Source != c11.Latest {
			all[i] = fmt.Sprintf(w.beforeStep, o.Step+1)
		}
	}
	return fmt.Sprintf(w.note, took, strings.Join(all, w.comma))
}

// placePhrases are PlaceNote's patterns in one language.
type placePhrases struct{ note, before, beforeStep, theEnd, comma string }

func placePhrasesOf(lang string) *placePhrases {
	if lang == Chinese {
		return &placeChinese
	}
	return &placeEnglish
}

var placeEnglish = placePhrases{note: " (mo place: %s; places: %s)", before: "before step %d's write %s",
	beforeStep: "before step %d", theEnd: "the end", comma: ", "}

var placeChinese = placePhrases{note: "（修改顺序位置：%s；可选：%s）", before: "第 %d 步的写入 %s 之前",
	beforeStep: "第 %d 步之前", theEnd: "末尾", comma: "、"}

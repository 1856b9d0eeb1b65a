package web

import (
	"fmt"
	"strings"

	"lockstep/sim"
)

// The engine explains its verdicts in English (sim.Outcome.Message,
// Machine.Why) and, as data, in sim.Detail and sim.Blocked. This file says
// them in the page's language from the data: one form per outcome kind and
// reason, in English and Chinese. The English forms say exactly what the
// engine's Message says (a test holds them to it), so the data is known to
// carry the whole message.

// messageForm says one kind of outcome (one reason of it) in both
// languages.
type messageForm struct {
	en, zh func(o sim.Outcome) string
}

// messageKey picks a form: an outcome kind and a reason.
type messageKey struct {
	kind   sim.Kind
	reason sim.Reason
}

// messageForms is the table of forms, by kind and reason. A constant
// table: nothing writes to it.
var messageForms = map[messageKey]messageForm{
	{sim.OK, ""}: {
		en: func(sim.Outcome) string { return "every coroutine finished and no detector fired" },
		zh: func(sim.Outcome) string { return "所有协程都已结束，没有任何检测器报警" },
	},
	{sim.StepLimit, ""}: {
		en: func(o sim.Outcome) string {
			return fmt.Sprintf("the run was stopped after %d steps; a thread may be spinning forever", o.Detail.Limit)
		},
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("运行在 %d 步后被停止；某个线程可能在无限自旋", o.Detail.Limit)
		},
	},
	{sim.LostWakeup, ""}: {
		en: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s parked at step %d and %s holds, but nothing will resume it: no thread can move, and context %s keeps num_wait=%d, so it can never go idle",
				o.Coroutine, d.ParkStep, d.Condition, d.Context, d.NumWait)
		},
		zh: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步挂起，而条件 %s 已经成立，却没有谁会恢复它：没有线程能再前进，上下文 %s 的 num_wait 一直是 %d，永远无法空闲",
				o.Coroutine, d.ParkStep, d.Condition, d.Context, d.NumWait)
		},
	},
	{sim.Deadlock, ""}: {
		en: func(o sim.Outcome) string {
			d := o.Detail
			s := "s"
			if len(d.Parked) != 1 {
				s = ""
			}
			return fmt.Sprintf("no thread can move and %s still wait%s: %s does not hold", strings.Join(d.Parked, ", "), s, d.Condition)
		},
		zh: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("没有线程能再前进，%s 仍在等待：条件 %s 不成立", strings.Join(d.Parked, "、"), d.Condition)
		},
	},
	{sim.DroppedTask, ""}: {
		en: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("submit_task dropped %s's handle: %s will never be resumed and its context %s can never go idle (num_wait=%d)",
				o.Coroutine, o.Coroutine, d.Context, d.NumWait)
		},
		zh: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("submit_task 丢弃了 %s 的句柄：%s 再也不会被恢复，它的上下文 %s 永远无法空闲（num_wait=%d）",
				o.Coroutine, o.Coroutine, d.Context, d.NumWait)
		},
	},
	{sim.UseAfterFree, sim.NotConstructed}: useAfterFree(
		func(d sim.Detail) string { return fmt.Sprintf("%s has not been constructed", d.Object) },
		func(d sim.Detail) string { return fmt.Sprintf("%s 还没有构造", d.Object) }),
	{sim.UseAfterFree, sim.FrameDestroyed}: useAfterFree(
		func(d sim.Detail) string {
			return fmt.Sprintf("%s finished at step %d and its frame was destroyed", d.Owner, d.EndStep)
		},
		func(d sim.Detail) string {
			return fmt.Sprintf("%s 已在第 %d 步结束，它的协程帧已被销毁", d.Owner, d.EndStep)
		}),
	{sim.UseAfterFree, sim.AwaiterEnded}: useAfterFree(
		func(d sim.Detail) string {
			return fmt.Sprintf("%s's awaiter ended at step %d, when %s returned from its wait", d.Owner, d.EndStep, d.Owner)
		},
		func(d sim.Detail) string {
			return fmt.Sprintf("%s 的 awaiter 已在第 %d 步结束，那时 %s 从等待中返回", d.Owner, d.EndStep, d.Owner)
		}),
	{sim.UseAfterFree, sim.ResumeFinished}: {
		en: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s resumes %s at step %d (%s), but %s has finished and its frame was destroyed",
				o.Coroutine, d.Other, o.Step, d.Label, d.Other)
		},
		zh: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）恢复 %s，但 %s 已经结束，它的协程帧已被销毁",
				o.Coroutine, o.Step, d.Label, d.Other, d.Other)
		},
	},
	{sim.DoubleResume, ""}: {
		en: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s resumes %s at step %d (%s), but %s is not suspended: it is already %s",
				o.Coroutine, d.Other, o.Step, d.Label, d.Other, d.Status)
		},
		zh: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）恢复 %s，但 %s 并没有挂起：它已经%s",
				o.Coroutine, o.Step, d.Label, d.Other, d.Other, statusZH[d.Status])
		},
	},
	{sim.PrematureRelease, ""}: {
		en: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s releases %s at step %d (%s), but %s has not held since %s parked at step %d",
				o.Coroutine, d.Other, o.Step, d.Label, d.Condition, d.Other, d.ParkStep)
		},
		zh: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）放行了 %s，但自 %s 在第 %d 步挂起以来，条件 %s 从未成立过",
				o.Coroutine, o.Step, d.Label, d.Other, d.Other, d.ParkStep, d.Condition)
		},
	},
	{sim.DataRace, ""}: {en: dataRaceEN, zh: dataRaceZH},
	{sim.MutualExclusion, ""}: {
		en: func(o sim.Outcome) string {
			return fmt.Sprintf("%s acquired the lock while %s still holds it", o.Coroutine, o.Detail.Other)
		},
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("%s 拿到了锁，而 %s 仍然持有它", o.Coroutine, o.Detail.Other)
		},
	},
	{sim.Assertion, sim.NotFIFO}: {
		en: func(o sim.Outcome) string {
			return fmt.Sprintf("%s got the lock before %s, which queued first: the lock is not granted in FIFO order", o.Coroutine, o.Detail.Other)
		},
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("%s 比先排队的 %s 更早拿到了锁：锁没有按先进先出的顺序授予", o.Coroutine, o.Detail.Other)
		},
	},
	{sim.Panic, sim.GoPanic}: {
		en: func(o sim.Outcome) string { return o.Detail.Text },
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("%s 在第 %d 步（%s）触发了 Go 的 panic：「%s」", o.Coroutine, o.Step, o.Detail.Label, o.Detail.Text)
		},
	},
	{sim.Panic, sim.NilPointer}: {
		en: func(o sim.Outcome) string { return o.Detail.Text },
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("%s 在第 %d 步（%s）访问了空指针或不存在的内存：「%s」", o.Coroutine, o.Step, o.Detail.Label, o.Detail.Text)
		},
	},
	{sim.Panic, sim.NotHandle}: {
		en: func(o sim.Outcome) string {
			return fmt.Sprintf("runtime error: submit_task got %s, which is not a coroutine handle", o.Detail.Text)
		},
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("运行时错误：%s 在第 %d 步（%s）交给 submit_task 的 %s 不是协程句柄", o.Coroutine, o.Step, o.Detail.Label, o.Detail.Text)
		},
	},
	{sim.Panic, sim.NoAccess}: {
		en: func(o sim.Outcome) string {
			return fmt.Sprintf("sim: step %s of %s made no memory access", o.Detail.Label, o.Detail.Op)
		},
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("模拟器：%s 的步骤 %s 没有访问共享内存（移植代码有误）", o.Detail.Op, o.Detail.Label)
		},
	},
	{sim.Panic, sim.NoNext}: {
		en: func(o sim.Outcome) string {
			return fmt.Sprintf("sim: step %s of %s did not say where to go next", o.Detail.Label, o.Detail.Op)
		},
		zh: func(o sim.Outcome) string {
			return fmt.Sprintf("模拟器：%s 的步骤 %s 没有说明下一步去哪里（移植代码有误）", o.Detail.Op, o.Detail.Label)
		},
	},
}

// useAfterFree is the form of a use after free by an access: what the
// coroutine did, and why the object was not alive (why, in each language).
func useAfterFree(whyEN, whyZH func(sim.Detail) string) messageForm {
	return messageForm{
		en: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s %s %s at step %d (%s), but %s", o.Coroutine, d.Access, d.Cell, o.Step, d.Label, whyEN(d))
		},
		zh: func(o sim.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）%s %s，但 %s", o.Coroutine, o.Step, d.Label, accessZH(d.Access), d.Cell, whyZH(d))
		},
	}
}

// dataRaceEN says a data race as the engine does.
func dataRaceEN(o sim.Outcome) string {
	d := o.Detail
	when := fmt.Sprintf("at step %d (constructing it)", d.OtherStep)
	if d.OtherLabel != "" {
		when = fmt.Sprintf("at step %d (%s)", d.OtherStep, d.OtherLabel)
	}
	s := fmt.Sprintf("data race on %s: %s %s it at step %d (%s) and %s %s it %s, and nothing orders the two",
		d.Cell, o.Thread, d.Access, o.Step, d.Label, d.OtherThread, d.OtherAccess, when)
	if mr := d.Missing; mr != nil {
		s += fmt.Sprintf(": %s's %s on %s at step %d (%s) is %s, without release, so %s's acquire of %s does not make %s's earlier writes visible",
			mr.Writer, mr.Op, mr.Cell, mr.Step, mr.Label, mr.Order, mr.Reader, mr.Cell, mr.Writer)
	}
	return s
}

// dataRaceZH says a data race in Chinese.
func dataRaceZH(o sim.Outcome) string {
	d := o.Detail
	label := "构造它时"
	if d.OtherLabel != "" {
		label = d.OtherLabel
	}
	s := fmt.Sprintf("%s 上的数据竞争：%s 在第 %d 步（%s）%s它，而 %s 在第 %d 步（%s）%s过它，两者之间没有任何先后顺序",
		d.Cell, o.Thread, o.Step, d.Label, raceAccessZH[d.Access], d.OtherThread, d.OtherStep, label, raceAccessZH[d.OtherAccess])
	if mr := d.Missing; mr != nil {
		s += fmt.Sprintf("：%s 在第 %d 步（%s）对 %s 的 %s 用的是 %s，不带 release，所以 %s 对 %s 的 acquire 看不到 %s 之前的写入",
			mr.Writer, mr.Step, mr.Label, mr.Cell, mr.Op, mr.Order, mr.Reader, mr.Cell, mr.Writer)
	}
	return s
}

// raceAccessZH says the two accesses of a data race.
var raceAccessZH = map[string]string{"reads": "读", "writes": "写", "read": "读", "wrote": "写"}

// accessZH says an access of a use after free in Chinese.
func accessZH(verb string) string {
	switch verb {
	case "loads":
		return "原子读取"
	case "stores to":
		return "原子写入"
	case "exchanges":
		return "原子交换"
	case "compares-and-swaps":
		return "CAS 修改"
	case "adds to":
		return "原子加减"
	case "reads":
		return "读取"
	case "writes":
		return "写入"
	case "acquires":
		return "获取信号量"
	case "releases":
		return "释放信号量"
	}
	return "访问"
}

// statusZH says a coroutine's state after "它已经".
var statusZH = map[sim.Status]string{
	sim.Running:  "在运行",
	sim.Runnable: "在运行队列里",
	sim.Parked:   "挂起",
	sim.Done:     "结束",
}

// findingText says outcome o in language lang. An outcome the table has
// no form for is said as the engine said it.
func findingText(o sim.Outcome, lang string) string {
	f, ok := messageForms[messageKey{o.Kind, o.Detail.Reason}]
	if !ok {
		return o.Message
	}
	if lang == "zh" {
		return f.zh(o)
	}
	return f.en(o)
}

// kindNames name the outcome kinds in Chinese; in English a kind is its
// vocabulary word.
var kindNames = map[sim.Kind]string{
	sim.OK:               "正常",
	sim.LostWakeup:       "丢失的唤醒",
	sim.Deadlock:         "死锁",
	sim.UseAfterFree:     "释放后使用",
	sim.DoubleResume:     "重复恢复",
	sim.PrematureRelease: "过早释放",
	sim.DataRace:         "数据竞争",
	sim.MutualExclusion:  "互斥被破坏",
	sim.Panic:            "panic",
	sim.DroppedTask:      "任务被丢弃",
	sim.Assertion:        "断言失败",
	sim.StepLimit:        "步数上限",
}

// kindName names outcome kind k in language lang.
func kindName(k sim.Kind, lang string) string {
	if lang == "zh" {
		if n, ok := kindNames[k]; ok {
			return n
		}
	}
	return string(k)
}

// blockedText says why a thread cannot move, in language lang; in English
// it is what Machine.Why says.
func blockedText(b sim.Blocked, lang string) string {
	if lang != "zh" {
		return b.String()
	}
	switch {
	case b.Over:
		return "运行已经结束"
	case b.CanMove:
		return "它可以前进"
	case len(b.Coroutines) == 0:
		return "它没有协程"
	}
	parts := make([]string, len(b.Coroutines))
	for i, c := range b.Coroutines {
		switch c.Status {
		case sim.Parked:
			parts[i] = fmt.Sprintf("%s 挂起在 %s 中", c.Name, c.Op)
		case sim.Done:
			parts[i] = fmt.Sprintf("%s 已经结束", c.Name)
		case sim.Running:
			parts[i] = fmt.Sprintf("%s 内联运行在 %s 上", c.Name, c.On)
		case sim.Runnable:
			parts[i] = fmt.Sprintf("%s 在 %s 的运行队列里等待", c.Name, c.On)
		}
	}
	return strings.Join(parts, "；")
}

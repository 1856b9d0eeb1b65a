package words

import (
	"fmt"
	"strings"

	"lockstep/sim/c11"
	"lockstep/sim/outcome"
)

// The engine explains its verdicts in English (sim.Outcome.Message,
// Machine.Why) and, as data, in sim.Detail and sim.Blocked. The English
// page shows the engine's own words; this file says them in Chinese from
// the data: one form per outcome kind and reason.

// messageForm says one kind of outcome (one reason of it) in Chinese.
type messageForm struct {
	zh func(o outcome.Outcome) string
}

// messageKey picks a form: an outcome kind and a reason.
type messageKey struct {
	kind   outcome.Kind
	reason outcome.Reason
}

// messageForms is the table of forms, by kind and reason. A constant
// table: nothing writes to it.
var messageForms = map[messageKey]messageForm{
	{outcome.OK, ""}: {
		zh: func(outcome.Outcome) string { return "所有协程都已结束，没有任何检测器报警" },
	},
	{outcome.StepLimit, ""}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("运行在 %d 步后被停止；某个线程可能在无限自旋", o.Detail.Limit)
		},
	},
	{outcome.LostWakeup, ""}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			var why string
			switch {
			case o.CauseStep < 0:
				why = "却没有谁会恢复它"
			case d.CauseOpened:
				why = fmt.Sprintf("这是 %s 在第 %d 步（%s）让它成立的，却没有唤醒 %s", d.CauseBy, o.CauseStep+1, d.CauseLabel, o.Coroutine)
			case o.CauseStep < o.Step:
				why = fmt.Sprintf("最后一个本可以唤醒它的步骤是 %s 在第 %d 步的 %s，却发生在它挂起之前", d.CauseBy, o.CauseStep+1, d.CauseLabel)
			default:
				why = fmt.Sprintf("最后一个本可以唤醒它的步骤是 %s 在第 %d 步的 %s，却没有唤醒它", d.CauseBy, o.CauseStep+1, d.CauseLabel)
			}
			s := fmt.Sprintf("%s %s，而条件 %s 现在成立，%s：没有线程能再前进，上下文 %s 的 num_wait 一直是 %d，永远无法空闲",
				o.Coroutine, parkedZH(d), d.Condition, why, d.Context, d.NumWait)
			if d.Stale != nil {
				s += "；唤醒循环提前结束了：" + staleZH(*d.Stale)
			}
			return s
		},
	},
	{outcome.BadResume, ""}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("%s 在第 %d 步（%s）恢复了 %s：%s", o.Coroutine, o.Step+1, o.Detail.Stale.Label, o.Detail.Text, staleZH(*o.Detail.Stale))
		},
	},
	{outcome.Deadlock, ""}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			if d.Condition == "" {
				return fmt.Sprintf("没有线程能再前进，%s 仍在等待", strings.Join(d.Parked, "、"))
			}
			return fmt.Sprintf("没有线程能再前进，%s 仍在等待：条件 %s 不成立", strings.Join(d.Parked, "、"), d.Condition)
		},
	},
	{outcome.Deadlock, outcome.Spinning}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			var spins []string
			for i := range d.Spins {
				spins = append(spins, d.Spins[i]+" 在 "+d.Cells[i]+" 上自旋")
			}
			s := "没有线程能再前进，" + strings.Join(spins, "，") + "：再也没有线程会写它"
			if len(d.Parked) > 0 {
				s += "；" + strings.Join(d.Parked, "、") + " 仍在等待"
			}
			return s
		},
	},
	{outcome.DroppedTask, ""}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s %s，而 submit_task 在第 %d 步（%s 的 %s）丢弃了它的句柄：%s 再也不会被恢复，它的上下文 %s 永远无法空闲（num_wait=%d）",
				o.Coroutine, parkedZH(d), o.CauseStep+1, d.CauseBy, d.CauseLabel, o.Coroutine, d.Context, d.NumWait)
		},
	},
	{outcome.UseAfterFree, outcome.NotConstructed}: useAfterFree(
		func(d outcome.Detail) string { return fmt.Sprintf("%s 还没有构造", d.Object) }),
	{outcome.UseAfterFree, outcome.FrameDestroyed}: useAfterFree(
		func(d outcome.Detail) string {
			return fmt.Sprintf("%s 已在第 %d 步结束，它的协程帧已被销毁", d.Owner, d.EndStep+1)
		}),
	{outcome.UseAfterFree, outcome.FrameFreed}: useAfterFree(
		func(d outcome.Detail) string {
			return fmt.Sprintf("%s 的协程帧已在第 %d 步被销毁，那时 %s 还没有用完它", d.Owner, d.EndStep, d.Owner)
		}),
	{outcome.UseAfterFree, outcome.AwaiterEnded}: useAfterFree(
		func(d outcome.Detail) string {
			return fmt.Sprintf("%s 的 awaiter 已在第 %d 步结束，那时 %s 从等待中返回", d.Owner, d.EndStep+1, d.Owner)
		}),
	{outcome.UseAfterFree, outcome.ResumeFinished}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）恢复 %s，但 %s 已经结束，它的协程帧已被销毁",
				o.Coroutine, o.Step+1, d.Label, d.Other, d.Other)
		},
	},
	{outcome.DoubleResume, ""}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）恢复 %s，但 %s 并没有挂起：它已经%s",
				o.Coroutine, o.Step+1, d.Label, d.Other, d.Other, statusZH[d.Status])
		},
	},
	{outcome.PrematureRelease, ""}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）放行了 %s，但自 %s %s以来，条件 %s 从未成立过",
				o.Coroutine, o.Step+1, d.Label, d.Other, d.Other, parkedZH(d), d.Condition)
		},
	},
	{outcome.PrematureRelease, outcome.ReturnedUnreleased}: {
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）从 %s 返回，但它的每次检查都没有看到条件 %s 成立，也没有谁放行它",
				o.Coroutine, o.Step+1, d.Label, d.Op, d.Condition)
		},
	},
	{outcome.DataRace, ""}: {zh: dataRaceZH},
	{outcome.MutualExclusion, ""}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("%s 拿到了锁，而 %s 仍然持有它", o.Coroutine, o.Detail.Other)
		},
	},
	{outcome.Assertion, outcome.NotFIFO}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("%s 比先排队的 %s 更早拿到了锁：锁没有按先进先出的顺序授予", o.Coroutine, o.Detail.Other)
		},
	},
	{outcome.Assertion, outcome.AssertFailed}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("%s 在第 %d 步（%s）的断言失败了：「%s」", o.Coroutine, o.Step+1, o.Detail.Label, o.Detail.Text)
		},
	},
	{outcome.Panic, outcome.GoPanic}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("%s 在第 %d 步（%s）触发了 Go 的 panic：「%s」", o.Coroutine, o.Step+1, o.Detail.Label, goMessage(o))
		},
	},
	{outcome.Panic, outcome.NilPointer}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("%s 在第 %d 步（%s）访问了空指针或不存在的内存：「%s」", o.Coroutine, o.Step+1, o.Detail.Label, o.Detail.Text)
		},
	},
	{outcome.Panic, outcome.NotHandle}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("运行时错误：%s 在第 %d 步（%s）交给 submit_task 的 %s 不是协程句柄", o.Coroutine, o.Step+1, o.Detail.Label, o.Detail.Text)
		},
	},
	{outcome.Panic, outcome.NoAccess}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("模拟器：%s 的步骤 %s 没有访问共享内存（移植代码有误）", o.Detail.Op, o.Detail.Label)
		},
	},
	{outcome.Panic, outcome.NoNext}: {
		zh: func(o outcome.Outcome) string {
			return fmt.Sprintf("模拟器：%s 的步骤 %s 没有说明下一步去哪里（移植代码有误）", o.Detail.Op, o.Detail.Label)
		},
	},
}

// useAfterFree is the form of a use after free by an access: what the
// coroutine did, and why the object was not alive.
func useAfterFree(why func(outcome.Detail) string) messageForm {
	return messageForm{
		zh: func(o outcome.Outcome) string {
			d := o.Detail
			return fmt.Sprintf("%s 在第 %d 步（%s）%s %s，但 %s", o.Coroutine, o.Step+1, d.Label, accessZH(d.Access), d.Cell, why(d))
		},
	}
}

// dataRaceZH says a data race in Chinese.
func dataRaceZH(o outcome.Outcome) string {
	d := o.Detail
	label := "构造它时"
	if d.OtherLabel != "" {
		label = d.OtherLabel
	}
	s := fmt.Sprintf("%s 上的数据竞争：%s 在第 %d 步（%s）%s它，而 %s 在第 %d 步（%s）%s过它，两者之间没有任何先后顺序",
		d.Cell, o.Thread, o.Step+1, d.Label, raceAccessZH[d.Access], d.OtherThread, d.OtherStep+1, label, raceAccessZH[d.OtherAccess])
	if mr := d.Missing; mr != nil {
		s += fmt.Sprintf("：%s 在第 %d 步（%s）对 %s 的 %s 用的是 %s，不带 release，所以 %s 对 %s 的 acquire 看不到 %s 之前的写入",
			mr.Writer, mr.Step+1, mr.Label, mr.Cell, mr.Op, mr.Order, mr.Reader, mr.Cell, mr.Writer)
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
	case "destroys":
		return "销毁"
	case "acquires":
		return "获取信号量"
	case "releases":
		return "释放信号量"
	}
	return "访问"
}

// statusZH says a coroutine's state after "它已经".
var statusZH = map[outcome.Status]string{
	outcome.Running:   "在运行",
	outcome.Runnable:  "在运行队列里",
	outcome.Parked:    "挂起",
	outcome.Done:      "结束",
	outcome.Unstarted: "尚未启动",
}

// Outcome says outcome (or finding) o in language lang: in English as the
// engine said it, in Chinese from its data. An outcome the table has no
// form for is said as the engine said it.
func Outcome(o outcome.Outcome, lang string) string {
	f, ok := messageForms[messageKey{o.Kind, o.Detail.Reason}]
	if !ok || lang != Chinese {
		return o.Message
	}
	return f.zh(o)
}

// Untitled is outcome o's message (Outcome) for a line that has already
// named its kind: a Go panic's message starts with "panic: ", which after
// "panic at step 3: " says it twice.
func Untitled(o outcome.Outcome, lang string) string {
	msg := Outcome(o, lang)
	if rest, ok := strings.CutPrefix(msg, KindName(o.Kind, lang)+": "); ok {
		return rest
	}
	return msg
}

// goMessage is a Go panic's message without Go's "panic: ".
func goMessage(o outcome.Outcome) string {
	return strings.TrimPrefix(o.Detail.Text, "panic: ")
}

// kindNames name the outcome kinds in Chinese; in English a kind is its
// vocabulary word.
var kindNames = map[outcome.Kind]string{
	outcome.OK:               "正常",
	outcome.LostWakeup:       "丢失的唤醒",
	outcome.Deadlock:         "死锁",
	outcome.UseAfterFree:     "释放后使用",
	outcome.DoubleResume:     "重复恢复",
	outcome.PrematureRelease: "过早释放",
	outcome.DataRace:         "数据竞争",
	outcome.MutualExclusion:  "互斥被破坏",
	outcome.Panic:            "panic",
	outcome.DroppedTask:      "任务被丢弃",
	outcome.Assertion:        "断言失败",
	outcome.StepLimit:        "步数上限",
	outcome.BadResume:        "恢复了过时的句柄",
}

// KindName names outcome kind k in language lang.
func KindName(k outcome.Kind, lang string) string {
	if lang == Chinese {
		if n, ok := kindNames[k]; ok {
			return n
		}
	}
	return string(k)
}

// Blocked says why a thread cannot move, in language lang; in English it
// is what Machine.Why says.
func Blocked(b outcome.Blocked, lang string) string {
	if lang != Chinese {
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
		case outcome.Parked:
			parts[i] = fmt.Sprintf("%s 挂起在 %s 中", c.Name, c.Op)
		case outcome.Done:
			parts[i] = fmt.Sprintf("%s 已经结束", c.Name)
		case outcome.Unstarted:
			parts[i] = fmt.Sprintf("%s 还没有被启动", c.Name)
		case outcome.Running:
			if c.Spins != "" {
				parts[i] = fmt.Sprintf("%s 在自旋，等别的线程改变 %s", c.Name, c.Spins)
				break
			}
			parts[i] = fmt.Sprintf("%s 内联运行在 %s 上", c.Name, c.On)
		case outcome.Runnable:
			parts[i] = fmt.Sprintf("%s 在 %s 的运行队列里等待", c.Name, c.On)
		}
	}
	return strings.Join(parts, "；")
}

// staleZH says a stale read in Chinese, as sim.StaleRead.Describe does in
// English.
func staleZH(s c11.StaleRead) string {
	from := "它的初始值"
	if s.From != c11.Init {
		from = fmt.Sprintf("第 %d 步写入的值", s.From.Step()+1)
	}
	latest := "初始值"
	if s.LatestSource != c11.Init {
		latest = fmt.Sprintf("第 %d 步写入", s.LatestSource.Step()+1)
	}
	return fmt.Sprintf("%s 在第 %d 步（%s）把 %s 读成了 %s，即%s，这是一个过时的值：最新的值是 %s（%s）",
		s.Thread, s.Step+1, s.Label, s.Cell, s.Shown, from, s.LatestShown, latest)
}

// parkedZH says when a waiter parked (Detail.ParkStep, SleepStep).
func parkedZH(d outcome.Detail) string {
	if d.SleepStep > d.ParkStep {
		return fmt.Sprintf("在第 %d 步加入等待者、在第 %d 步挂起", d.ParkStep+1, d.SleepStep+1)
	}
	return fmt.Sprintf("在第 %d 步挂起", d.ParkStep+1)
}

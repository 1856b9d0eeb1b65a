package web

import (
	"lockstep/sim/outcome"
	"lockstep/templates"
	"lockstep/web/site"
)

// outcomeTexts say what each outcome of the fixed vocabulary means.
var outcomeTexts = map[outcome.Kind]site.Phrase{
	outcome.OK:               {"every coroutine finished and no detector fired", "所有协程都已结束，没有任何检测器报警"},
	outcome.LostWakeup:       {"no thread can move, and a waiter is parked although the condition it waits for holds: nothing will ever resume it", "没有线程能再前进，而某个等待者的等待条件已经成立，它却仍挂起着：再也没有谁会恢复它"},
	outcome.Deadlock:         {"no thread can move, and waiters are parked on a condition that does not hold", "没有线程能再前进，等待者挂起在一个不成立的条件上"},
	outcome.UseAfterFree:     {"a step touched an awaiter node or a coroutine frame after its lifetime ended", "某一步访问了生命周期已经结束的 awaiter 节点或协程帧"},
	outcome.DoubleResume:     {"a coroutine was resumed while it was not suspended", "一个协程在没有挂起的时候被恢复"},
	outcome.PrematureRelease: {"a waiter was released although its condition never held since it parked", "等待者被放行，但自它挂起以来条件从未成立过"},
	outcome.DataRace:         {"two plain accesses to one field, one of them a write, are not ordered by happens-before", "对同一字段的两次普通访问（其中一次是写）之间没有 happens-before 关系"},
	outcome.MutualExclusion:  {"two coroutines held the lock at once", "两个协程同时持有了锁"},
	outcome.Panic:            {"the Go code of a step panicked; the message is Go's", "某一步的 Go 代码发生了 panic；消息来自 Go 本身"},
	outcome.DroppedTask:      {"submit_task dropped a coroutine's handle: it will never be resumed", "submit_task 丢弃了一个协程的句柄：它再也不会被恢复"},
	outcome.Assertion:        {"an expectation of the lesson failed, such as a lock not granted in FIFO order", "课程自身的某个断言失败了，例如锁没有按先进先出的顺序授予"},
	outcome.StepLimit:        {"the run was cut at the step limit: a thread may be spinning forever", "运行在步数上限处被截断：某个线程可能在无限自旋"},
}

// outcomeText says what outcome k means.
func outcomeText(k outcome.Kind, lang string) string { return outcomeTexts[k].In(lang) }

// shortcutTable lists the playground's keyboard shortcuts, as the page's
// script binds them.
var shortcutTable = []struct {
	keys []string
	text site.Phrase
}{
	{[]string{"1", "…", "9"}, site.Phrase{"step thread N, in the order the threads are listed", "单步执行第 N 个线程（按线程列出的顺序）"}},
	{[]string{"←", "→"}, site.Phrase{"back and forward along the history", "沿历史后退、前进"}},
	{[]string{"Home", "End"}, site.Phrase{"go to the start or the end of the history", "跳到历史的开头或结尾"}},
	{[]string{"Space"}, site.Phrase{"play or pause", "播放或暂停"}},
	{[]string{"R"}, site.Phrase{"replay the chosen schedule", "重放选中的调度"}},
	{[]string{"V"}, site.Phrase{"switch to the next variant, keeping the threads' order", "切换到下一个版本，保留线程的执行顺序"}},
	{[]string{"?"}, site.Phrase{"show or hide the keys", "显示或隐藏快捷键"}},
}

// primitiveTitles name the primitives in the catalog.
var primitiveTitles = map[string]site.Phrase{
	"event":        {"event", "event（事件）"},
	"latch":        {"latch", "latch（门闩）"},
	"wait_group":   {"wait_group", "wait_group（等待组）"},
	"mutex":        {"mutex", "mutex（互斥锁）"},
	"go_waitgroup": {"Go's sync.WaitGroup", "Go 的 sync.WaitGroup"},
}

// primitiveTitle names a primitive, or gives its id when it has no title.
func primitiveTitle(name, lang string) string {
	if t, ok := primitiveTitles[name]; ok {
		return t.In(lang)
	}
	return name
}

// shortcuts lists the keyboard shortcuts in language lang.
func shortcuts(lang string) []templates.Shortcut {
	out := make([]templates.Shortcut, len(shortcutTable))
	for i, s := range shortcutTable {
		out[i] = templates.Shortcut{Keys: s.keys, Text: s.text.In(lang)}
	}
	return out
}

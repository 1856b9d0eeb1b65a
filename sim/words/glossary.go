package words

// A Term is a glossary entry: a bug code of the digest (B5) or an outcome
// kind (lost-wakeup), its name and what it means, in one language.
type Term struct {
	Name string `json:"name"`
	Text string `json:"text"`
	// Kinds are, for a bug, the outcome kinds it shows up as.
	Kinds []string `json:"kinds,omitempty"`
}

// term is a glossary entry in both languages.
type term struct{ nameEN, textEN, nameZH, textZH string }

// bugKinds are the outcome kinds each bug shows up as.
var bugKinds = map[string][]string{
	"B1": {"use-after-free"}, "B2": {"use-after-free", "premature-release"}, "B3": {"use-after-free"},
	"B4": {"data-race", "bad-resume", "lost-wakeup"}, "B5": {"lost-wakeup"}, "B6": {"premature-release"},
	"B7": {"lost-wakeup", "deadlock"}, "B8": {"assertion"},
	"B9":  {"panic", "premature-release", "deadlock", "data-race"},
	"B10": {"dropped-task", "use-after-free"}, "B12": {"use-after-free", "data-race"},
}

func (t term) in(lang string) Term {
	if lang == "zh" {
		return Term{Name: t.nameZH, Text: t.textZH}
	}
	return Term{Name: t.nameEN, Text: t.textEN}
}

// bugTerms are the digest's bug codes, as the lessons and the docs use
// them.
var bugTerms = map[string]term{
	"B1": {"B1 · use after free in event::set", "set() resumes a waiter, then reads its m_next; by then the waiter may have run on and destroyed its frame.",
		"B1 · event::set 中的释放后使用", "set() 先恢复一个等待者，再读它的 m_next；这时等待者可能已经运行完，帧也销毁了。"},
	"B2": {"B2 · use after free in wait_group::done", "done() resumes a waiter, then reads its m_next; the waiter may have returned, or awaited again with the same node.",
		"B2 · wait_group::done 中的释放后使用", "done() 先恢复一个等待者，再读它的 m_next；等待者可能已经返回，或者用同一个节点又开始等待。"},
	"B3": {"B3 · use after free in mutex::unlock", "The same read-after-resume in a mutex. tinyCoro's mutex does not have it: it saves m_next first.",
		"B3 · mutex::unlock 中的释放后使用", "mutex 里同样的恢复后读取。tinyCoro 的 mutex 没有这个缺陷：它先保存 m_next。"},
	"B4": {"B4 · a push without release", "The waiter's CAS that pushes it succeeds with acquire only, so its plain writes (its handle, m_next) are not published to the setter: a data race, and under c11 a stale handle resumed (bad-resume) or a stale m_next that ends the wake loop early.",
		"B4 · 不带 release 的入栈", "等待者入栈的 CAS 成功时只用 acquire，它之前的普通写（句柄、m_next）没有发布给设置方：这是数据竞争；在 c11 下，设置方会恢复过时的句柄（bad-resume），或读到过时的 m_next 而提前结束唤醒循环。"},
	"B5": {"B5 · the lost wakeup", "wait() checks the count, then pushes itself in a second step; done() can drain the empty stack in between, and the waiter parks with nobody left to wake it.",
		"B5 · 丢失的唤醒", "wait() 先检查计数，再另一步把自己入栈；done() 可能在这中间取走空栈，等待者挂起后再没有人来唤醒它。"},
	"B6": {"B6 · the premature release", "done() decrements and takes the stack in two steps; a new round's add and waiter in between are released by the old round.",
		"B6 · 提前放行", "done() 分两步减一和取栈；中间新一轮的 add 和等待者会被旧一轮放行。"},
	"B7": {"B7 · add(-n) never wakes", "An add that brings the count to zero wakes nobody, and a negative count goes unnoticed.",
		"B7 · add(-n) 不唤醒", "把计数减到零的 add 不唤醒任何人，计数变成负数也没人发现。"},
	"B8": {"B8 · LIFO handoff", "A mutex that wakes the newest waiter first: the oldest may starve. tinyCoro's real mutex is FIFO.",
		"B8 · 后进先出的交接", "先唤醒最新等待者的 mutex：最早的等待者可能饿死。tinyCoro 真正的 mutex 是先进先出的。"},
	"B9": {"B9 · misuse Go panics on", "Go's WaitGroup panics on misuse (a negative counter, an Add during a release, reuse too early); tinyCoro misbehaves silently.",
		"B9 · Go 会 panic 的误用", "Go 的 WaitGroup 遇到误用（计数为负、放行时 Add、过早复用）会 panic；tinyCoro 则悄悄出错。"},
	"B10": {"B10 · inline resume, dropped task", "When a run queue is full, submit_task runs the woken coroutine inline on the waker's thread, and past a depth cap drops it.",
		"B10 · 内联恢复与丢弃任务", "运行队列满时，submit_task 在唤醒者的线程上内联运行被唤醒的协程；超过深度上限就把它丢掉。"},
	"B11": {"B11 · a plain m_resume_list_head", "Only the lock holder touches it, so it needs no atomics: not a bug.",
		"B11 · 非原子的 m_resume_list_head", "只有持锁者会碰它，所以不需要原子操作：不是缺陷。"},
	"B12": {"B12 · when_all's child frame", "A child frame of when_all used after it was freed, or freed by its parent with nothing ordering that after the child's last read of it (a data race).",
		"B12 · when_all 的子帧", "when_all 的子协程帧在释放后又被使用，或者父协程释放它时，没有任何东西保证这发生在子协程最后一次读它之后（数据竞争）。"},
}

// kindTerms are the outcome kinds.
var kindTerms = map[string]term{
	"ok": {"finished correctly", "Every coroutine finished and no detector fired.",
		"正确结束", "每个协程都结束了，没有任何检测器报错。"},
	"lost-wakeup": {"lost wakeup", "No thread can move, and a parked waiter's condition holds: it should have been woken, and never will be.",
		"丢失的唤醒", "没有线程能动，而一个挂起的等待者的条件已经成立：它本该被唤醒，却永远不会了。"},
	"deadlock": {"deadlock", "No thread can move, and a parked waiter's condition does not hold: everyone waits for something that will not happen.",
		"死锁", "没有线程能动，挂起的等待者的条件也不成立：大家都在等一件不会发生的事。"},
	"use-after-free": {"use after free", "A step read or wrote memory whose owner had ended: an awaiter after its wait returned, or a destroyed frame.",
		"释放后使用", "某一步读写了主人已经结束的内存：等待返回之后的 awaiter，或已经销毁的帧。"},
	"double-resume": {"double resume", "A coroutine was resumed while it was not suspended.",
		"重复恢复", "一个协程在没有挂起的时候被恢复了。"},
	"premature-release": {"premature release", "A waiter was released although its condition had not held since it parked.",
		"过早释放", "一个等待者被放行了，但自它挂起以来条件从未成立。"},
	"data-race": {"data race", "Two plain accesses to one field, one a write, with nothing ordering them (no release and acquire between them).",
		"数据竞争", "对同一字段的两次普通访问，其中一次是写，而且没有任何东西给它们排序（中间没有 release 和 acquire）。"},
	"mutual-exclusion": {"mutual exclusion broken", "Two coroutines held the lock at once.",
		"互斥被破坏", "两个协程同时持有锁。"},
	"panic": {"panic", "The primitive panicked, as Go's WaitGroup does on misuse.",
		"panic", "原语 panic 了，就像 Go 的 WaitGroup 遇到误用时那样。"},
	"dropped-task": {"dropped task", "submit_task threw a woken coroutine's handle away: nothing will ever resume it.",
		"任务被丢弃", "submit_task 丢掉了被唤醒协程的句柄：再也没有人会恢复它。"},
	"assertion": {"assertion failed", "A lesson's assertion about the state did not hold.",
		"断言失败", "课程里对状态的断言不成立。"},
	"step-limit": {"step limit", "The run reached its step limit before it ended: it may loop forever.",
		"步数上限", "运行在结束之前达到了步数上限：它可能会永远循环。"},
}

// Bug is the glossary entry of bug code code ("B5") in language lang.
func Bug(code, lang string) (Term, bool) {
	t, ok := bugTerms[code]
	e := t.in(lang)
	e.Kinds = bugKinds[code]
	return e, ok
}

// Kind is the glossary entry of outcome kind k in language lang.
func Kind(k, lang string) (Term, bool) {
	t, ok := kindTerms[k]
	return t.in(lang), ok
}

// Kinds are the outcome kinds the glossary explains.
func Kinds() []string {
	return []string{"ok", "lost-wakeup", "deadlock", "use-after-free", "double-resume", "premature-release",
		"data-race", "mutual-exclusion", "panic", "dropped-task", "assertion", "step-limit"}
}

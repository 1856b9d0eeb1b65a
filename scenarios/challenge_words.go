package scenarios

import (
	"lockstep/sim/outcome"
	"strings"
)

// challengeRule is the general rule's words for a challenge of one kind:
// the goal, with {T} for the thread the outcome names, and a first hint.
type challengeRule struct {
	goal, hint Text
}

// challengeRules are the general rule, by outcome kind. A lesson whose
// goal would not read well with them says its own (ChallengeWords).
var challengeRules = map[outcome.Kind]challengeRule{
	outcome.LostWakeup: {
		Text{"Make {T} sleep forever: parked, with nobody left to wake it.", "让 {T} 永远睡下去：它挂起了，却再也没有人会唤醒它。"},
		Text{"A waiter decides to park on what it read a few steps earlier. Stop it between its check and its push, and let the others finish in that gap.",
			"等待者根据几步之前读到的值决定挂起。在它检查之后、入栈之前让它停下，让其他线程在这个空隙里做完。"},
	},
	outcome.Deadlock: {
		Text{"Make {T} wait forever for something that will never happen.", "让 {T} 永远等待一件不会发生的事。"},
		Text{"Look for a count that can be left where no remaining step will bring it to what the waiter waits for.",
			"找一个计数，让它停在剩下的任何一步都无法把它变成等待者所等的值的地方。"},
	},
	outcome.UseAfterFree: {
		Text{"Make {T} touch memory that was already freed.", "让 {T} 访问已经被释放的内存。"},
		Text{"A waiter's node lives in the waiter's own frame. Let the waiter be woken and finish while the waker still holds a pointer to its node.",
			"等待者的节点就在它自己的协程帧里。让等待者被唤醒并结束，而此时唤醒者还握着指向这个节点的指针。"},
	},
	outcome.DoubleResume: {
		Text{"Make {T} be resumed twice.", "让 {T} 被恢复两次。"},
		Text{"Two threads may each believe it is theirs to wake the same waiter.", "两个线程可能都认为唤醒同一个等待者是自己的事。"},
	},
	outcome.PrematureRelease: {
		Text{"Make {T} go on before what it waits for has happened.", "让 {T} 在它等待的事情发生之前就继续运行。"},
		Text{"A waker acts on what it read earlier. Let the state move on before it acts.", "唤醒者根据之前读到的值行事。在它行事之前，让状态先变。"},
	},
	outcome.DataRace: {
		Text{"Make {T} race: two threads touch the same plain field, with nothing ordering them.", "制造数据竞争：让 {T} 和另一个线程访问同一个普通字段，而两者之间没有任何先后次序。"},
		Text{"A plain field is safe to read only after an acquire that sees the release which published it. Find the read that comes without one.",
			"只有在获取（acquire）看到了发布它的释放（release）之后，读普通字段才安全。找出没有这一步的那次读取。"},
	},
	outcome.MutualExclusion: {
		Text{"Make two threads hold the lock at once.", "让两个线程同时持有这把锁。"},
		Text{"Two threads must both come to believe the lock is theirs.", "要让两个线程都认为锁归自己。"},
	},
	outcome.Panic: {
		Text{"Make {T} panic.", "让 {T} 触发 panic。"},
		Text{"Go's WaitGroup panics when it sees its rules broken. Which call, made at the wrong moment, breaks one?",
			"Go 的 WaitGroup 发现规则被破坏时会 panic。哪一个调用，在错误的时刻做出，会破坏规则？"},
	},
	outcome.DroppedTask: {
		Text{"Make a wakeup get thrown away, so that {T} is never resumed.", "让一次唤醒被丢掉，使 {T} 永远不会被恢复。"},
		Text{"A resume goes through submit_task. What does it do with a handle it cannot take?", "恢复要经过 submit_task。它接不下的句柄会被怎么处理？"},
	},
	outcome.Assertion: {
		Text{"Make the lesson's own check fail.", "让本课自己的检查失败。"},
		Text{"Read the rule in the lesson's summary, and look for the order that breaks it.", "读一读本课摘要里的规则，找出破坏它的顺序。"},
	},
	outcome.StepLimit: {
		Text{"Make the run go on forever.", "让运行永远停不下来。"},
		Text{"Look for steps that can repeat without anyone making progress.", "找出可以不断重复、却没有人取得进展的步骤。"},
	},
}

// goalText is the general rule's goal for kind, naming thread.
func goalText(kind outcome.Kind, thread string) Text {
	g := challengeRules[kind].goal
	if thread == "" {
		thread = "a thread"
	}
	return Text{EN: strings.ReplaceAll(g.EN, "{T}", thread), ZH: strings.ReplaceAll(g.ZH, "{T}", thread)}
}

// hintText is the general rule's first hint for kind.
func hintText(kind outcome.Kind) Text { return challengeRules[kind].hint }

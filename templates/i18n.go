package templates

// text is one UI string in the two languages of the playground.
type text struct{ en, zh string }

// uiText holds the strings of the page chrome, by key. It is a constant
// table: nothing writes to it.
var uiText = map[string]text{
	"site":              {"Lockstep", "Lockstep"},
	"tagline":           {"Lock-free coroutine synchronization, one atomic step at a time", "无锁协程同步，一次一个原子步骤"},
	"nav.lessons":       {"Lessons", "课程"},
	"nav.howto":         {"How to", "使用说明"},
	"nav.docs":          {"Docs", "文档"},
	"nav.compose":       {"Write", "编写"},
	"nav.lab":           {"Lab", "实验室"},
	"nav.room":          {"Classroom", "课堂"},
	"nav.language":      {"Language", "语言"},
	"nav.main":          {"Main", "主导航"},
	"lesson.variant":    {"Variant", "版本"},
	"lesson.edit":       {"Edit this primitive", "编辑这个原语"},
	"lesson.edit.title": {"Open the lab with this primitive's source, written in Lockstep's language", "在实验室中打开这个原语的源代码（用 Lockstep 的语言编写）"},
	"lesson.bugs":       {"Bugs", "缺陷"},
	"lesson.variants":   {"Variants", "版本"},
	"lesson.noscript":   {"The playground needs JavaScript: the page talks to the server over a WebSocket.", "演练场需要 JavaScript：页面通过 WebSocket 与服务器通信。"},
	"area.controls":     {"Controls", "控制"},
	"area.threads":      {"Threads", "线程"},
	"area.stage":        {"Memory and waiters", "内存与等待者"},
	"area.code":         {"Source", "源代码"},
	"area.narration":    {"What happened", "发生了什么"},
	"area.timeline":     {"Timeline", "时间线"},
	"area.verdict":      {"Verdict", "结论"},
	"area.shortcuts":    {"Keyboard shortcuts", "键盘快捷键"},
	"catalog.title":     {"Lessons", "课程"},
	"catalog.intro": {
		"Each lesson runs a real port of a primitive under a step scheduler: you choose which thread moves next, one atomic operation at a time, and the playground tells you what each step did and what went wrong.",
		"每节课都在单步调度器下运行原语的真实移植代码：由你选择下一步由哪个线程执行，一次一个原子操作，演练场会告诉你每一步做了什么、哪里出了错。",
	},
	"catalog.empty":           {"No lessons are installed.", "没有安装任何课程。"},
	"catalog.challenge":       {"◎ Challenge", "◎ 挑战"},
	"catalog.challenge.title": {"This lesson can be played as a challenge: you lead it to its bug", "这节课可以作为挑战来玩：由你把它引向缺陷"},
	"catalog.challenge.done":  {"✓ Challenge done", "✓ 挑战完成"},
	"catalog.challenge.fix":   {"✓ Challenge done, fix proved", "✓ 挑战完成，修复已证明"},
	"howto.title":             {"How to use the playground", "如何使用演练场"},
	"howto.scheduler":         {"You are the scheduler", "你就是调度器"},
	"howto.shortcuts":         {"Keyboard shortcuts", "键盘快捷键"},
	"howto.outcomes":          {"Outcomes", "结果"},
	"howto.scheduler.p1":      {"Every thread is the worker thread of one context. Each button under Threads says what that thread will do next: press it, and the thread performs exactly one step, one atomic operation or one plain access to shared memory.", "每个线程都是一个上下文的工作线程。“线程”下的每个按钮都写着该线程下一步要做什么：按下它，线程就执行恰好一步——一次原子操作，或一次对共享内存的普通访问。"},
	"howto.scheduler.p2":      {"Go back and forward along the history, or jump to any step on the timeline. Stepping anywhere but at the end starts a new branch: the old future is replaced.", "可以沿历史前进后退，或在时间线上跳到任意一步。在末尾以外的位置执行一步会开启新的分支：原来的未来被替换。"},
	"howto.scheduler.p3":      {"Each lesson has named schedules that lead to its bug; replay one, then try the fixed variant on the same threads. The ✎ button opens the schedule as text, to edit and run (an error points at the step that failed), and the lesson's parameters, to change within their bounds; the link to a page keeps the lesson, the variant, the parameters, the schedule and the step. The ◎ Challenge button plays a bug lesson as a game: you lead it to its bug, with up to three hints, then prove the fix with Verify.", "每节课都有导向其缺陷的命名调度；重放一个，再在同样的线程上试试修复后的版本。✎ 按钮打开调度的文本，可以编辑后运行（出错时会指出失败的那一步），也可以在范围内修改本课的参数；页面链接会保留课程、版本、参数、调度和步骤。◎ 挑战按钮把一节有缺陷的课当作游戏来玩：由你把它引向缺陷，最多有三条提示，然后用“验证”证明修复。"},
	"howto.outcomes.p":        {"When the run is over, or as soon as something fatal happens, the verdict is one of these words:", "当运行结束，或一旦发生致命问题，结论就是下列词语之一："},
	"error.back":              {"Back to the lessons", "返回课程列表"},
	"error.title":             {"Error", "错误"},
}

// T returns the UI string key in language lang, falling back to English.
// An unknown key is returned as it is, so a missing string shows up on the
// page rather than as an empty space.
func T(lang, key string) string {
	t, ok := uiText[key]
	if !ok {
		return key
	}
	if lang == "zh" && t.zh != "" {
		return t.zh
	}
	return t.en
}

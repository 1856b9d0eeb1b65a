package templates

// ComposePage is the page where a lesson is written in the browser.
type ComposePage struct {
	Chrome
	// Primitives are the primitives' names, for the primitive menu.
	Primitives []string
	// Lessons are the catalog's lessons to start from (Key is the id;
	// the one started from is Current).
	Lessons []Link
	// Initial is what compose.js starts with, passed as JSON: the draft,
	// the primitives' variants and operations, and the outcome kinds.
	Initial any
}

// composeText holds the compose page's strings, by key. A constant
// table: nothing writes to it.
var composeText = map[string]text{
	"compose.title":            {"Write a lesson", "编写一节课"},
	"compose.intro":            {"Choose a primitive, declare the coroutines and what they do, and name the interleavings to try. The server checks the lesson as you type; once it is right, open it in the playground. The lesson is not stored anywhere: its link carries it, so keep the link.", "选择一个原语，声明协程和它们要做的事，再给想尝试的交错命名。服务器会在你输入时检查课程；课程无误后，就可以在演练场中打开它。课程不会保存在任何地方：它就装在链接里，所以请保存好链接。"},
	"compose.from":             {"Start from", "从这里开始"},
	"compose.from.none":        {"a small example", "一个小例子"},
	"compose.about":            {"About the lesson", "关于这节课"},
	"compose.field.title":      {"Title", "标题"},
	"compose.field.title_zh":   {"Title in Chinese (optional)", "中文标题（可选）"},
	"compose.field.summary":    {"Summary, one line (optional)", "一句话摘要（可选）"},
	"compose.field.narrative":  {"Story (optional; a blank line starts a paragraph)", "讲解（可选；空一行开始新段落）"},
	"compose.primitive":        {"The primitive", "原语"},
	"compose.field.primitive":  {"Primitive", "原语"},
	"compose.field.variants":   {"Variants", "版本"},
	"compose.field.submit":     {"submit_task", "submit_task"},
	"compose.submit.enqueue":   {"enqueue: the woken coroutine goes to its context's run queue", "enqueue：被唤醒的协程进入其上下文的运行队列"},
	"compose.submit.inline":    {"inline: the waker resumes it on its own thread", "inline：唤醒者在自己的线程上直接恢复它"},
	"compose.submit.drop":      {"drop: the handle is dropped (a bug)", "drop：句柄被丢弃（一个缺陷）"},
	"compose.field.init_count": {"Initial count (a number, a parameter, or parameter+N)", "初始计数（数字、参数，或 参数+N）"},
	"compose.field.init_set":   {"The event starts set", "事件一开始就已设置"},
	"compose.field.value":      {"The event carries a value (set takes a number)", "事件携带一个值（set 需要一个数字）"},
	"compose.field.fifo":       {"Expect the lock to be granted in FIFO order", "期望锁按先进先出的顺序授予"},
	"compose.ops":              {"Operations a script may call:", "脚本可以调用的操作："},
	"compose.params":           {"Parameters", "参数"},
	"compose.params.help":      {"Numbers the lesson scales with (0 to 64); a link or the playground may change them.", "课程随之伸缩的数字（0 到 64）；链接或演练场可以修改它们。"},
	"compose.coroutines":       {"Coroutines", "协程"},
	"compose.coroutines.help":  {"A count makes a group: W with count 2 is W1 and W2. Coroutines without a thread get one each. A script is operations separated by ; and may repeat: repeat 3 { lock; cs; unlock }, test: if try_lock { cs; unlock } else { cs }, or hold a guard: lock_guard { cs }.", "数量会生成一组协程：W 数量为 2 就是 W1 和 W2。没有指定线程的协程各自独占一个线程。脚本由 ; 分隔的操作组成，可以重复：repeat 3 { lock; cs; unlock }，可以判断：if try_lock { cs; unlock } else { cs }，也可以持有守卫：lock_guard { cs }。"},
	"compose.schedules":        {"Schedules", "调度"},
	"compose.schedules.help":   {"Which thread moves at each step: W1 W1 D1, W1*5, or with labels W1@G4. After the schedule the remaining threads run in turn. State the outcome you expect, or leave it open and the server fills in what it finds.", "每一步由哪个线程前进：W1 W1 D1、W1*5，或带标签的 W1@G4。调度之后，其余线程轮流运行到底。写下你预期的结果，或者留空，由服务器填入它实际得到的结果。"},
	"compose.add.param":        {"Add a parameter", "添加参数"},
	"compose.add.coroutine":    {"Add a coroutine", "添加协程"},
	"compose.add.schedule":     {"Add a schedule", "添加调度"},
	"compose.param.name":       {"Name", "名字"},
	"compose.param.value":      {"Default", "默认值"},
	"compose.co.name":          {"Name", "名字"},
	"compose.co.count":         {"Count", "数量"},
	"compose.co.thread":        {"Thread", "线程"},
	"compose.co.spawned":       {"Spawned", "由 spawn 启动"},
	"compose.co.script":        {"Script", "脚本"},
	"compose.sc.name":          {"Name", "名字"},
	"compose.sc.title":         {"Title", "标题"},
	"compose.sc.steps":         {"Steps", "步骤"},
	"compose.sc.expect":        {"Expected outcome", "预期结果"},
	"compose.remove":           {"Remove this row", "删除这一行"},
	"compose.check":            {"Check", "检查"},
	"compose.open":             {"Open in playground", "在演练场中打开"},
	"compose.source":           {"The lesson file the link carries", "链接携带的课程文件"},
}

// ComposeText returns the compose page's string key in language lang.
func ComposeText(lang, key string) string {
	t, ok := composeText[key]
	if !ok {
		return key
	}
	if lang == "zh" && t.zh != "" {
		return t.zh
	}
	return t.en
}

package templates

// LabPage is the lab: a primitive written in Lockstep's language, edited
// in the browser and run against a lesson.
type LabPage struct {
	Chrome
	// Lesson is the lesson the primitive runs against; Lessons are the
	// catalog's, to choose another (Key is the id).
	Lesson  Link
	Lessons []Link
	// Task is the lesson's assignment, "" when it has none.
	Task string
	// Variants are the lesson's variants, whose schedules and expected
	// outcomes the primitive is replayed with; the chosen one is Current.
	Variants []Link
	// Examples are the built-in primitives written in the language, to
	// start from (Key is the file; the one the page started from is
	// Current).
	Examples []Link
	// Initial is what lab.js starts with, passed as JSON.
	Initial any
}

// labText holds the lab page's strings, by key. A constant table: nothing
// writes to it.
var labText = map[string]text{
	"lab.title":       {"Write your own primitive", "编写你自己的原语"},
	"lab.intro":       {"Write a primitive in Lockstep's language, a small C++: every statement that touches shared memory is one step. The server checks it as you type and replays the lesson's schedules with it; step it in the playground, let the explorer find its bug, or verify it.", "用 Lockstep 的语言（一种小型 C++）编写原语：每一条访问共享内存的语句就是一步。服务器会在你输入时检查它，并用它重放课程的调度；你可以在演练场中单步执行它，让探索器找出它的缺陷，或者验证它。"},
	"lab.lesson":      {"Lesson", "课程"},
	"lab.open":        {"Open", "打开"},
	"lab.from":        {"Start from", "从这里开始"},
	"lab.load":        {"Load", "载入"},
	"lab.variant":     {"Replay the schedules of", "重放以下版本的调度"},
	"lab.task":        {"Assignment:", "作业："},
	"lab.play":        {"Step it in the playground", "在演练场中单步执行"},
	"lab.find":        {"Find the bug", "找出缺陷"},
	"lab.verify":      {"Verify", "验证"},
	"lab.share":       {"Copy link", "复制链接"},
	"lab.runs":        {"The lesson's schedules, with this primitive", "用这个原语运行课程的调度"},
	"lab.explorer":    {"The explorer", "探索器"},
	"lab.editor":      {"Source", "源代码"},
	"lab.status.none": {"Checking…", "正在检查…"},
}

// LabText returns the lab page's string key in language lang.
func LabText(lang, key string) string {
	t, ok := labText[key]
	if !ok {
		return key
	}
	if lang == "zh" && t.zh != "" {
		return t.zh
	}
	return t.en
}

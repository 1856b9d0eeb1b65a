package templates

// handoutText holds the strings of the handout, by key. It is a constant
// table: nothing writes to it.
var handoutText = map[string]text{
	"title":    {"Handout: %s", "讲义：%s"},
	"variant":  {"Variant", "版本"},
	"params":   {"Parameters", "参数"},
	"schedule": {"Schedule", "调度"},
	"verdict":  {"Verdict", "结论"},
	"code":     {"Code", "代码"},
	"scripts":  {"What each coroutine runs", "每个协程运行的脚本"},
	"pictures": {"Key states", "关键状态"},
	"steps":    {"Steps", "步骤"},
	"thread":   {"Thread", "线程"},
	"label":    {"Label", "标签"},
	"op":       {"Operation", "操作"},
	"after":    {"Values after", "之后的值"},
	"same":     {"(unchanged)", "（不变）"},
	"open":     {"Open this run in the playground", "在演练场中打开这次运行"},
	"start":    {"At the start", "开始时"},
	"end":      {"At the end (step %d)", "结束时（第 %d 步）"},
	"blamed":   {"After step %d (%s %s): where the verdict points", "第 %d 步（%s %s）之后：结论所指之处"},
	"marked":   {"After step %d (%s %s): the step on screen", "第 %d 步（%s %s）之后：屏幕上的那一步"},
}

// HT returns the handout's string key in language lang, English by
// default.
func HT(lang, key string) string {
	t := handoutText[key]
	if lang == "zh" && t.zh != "" {
		return t.zh
	}
	return t.en
}

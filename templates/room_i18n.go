package templates

// roomText holds the strings of the classroom pages, by key, as uiText
// does for the rest. It is a constant table: nothing writes to it.
var roomText = map[string]text{
	"room.title":          {"Classroom", "课堂"},
	"room.intro":          {"A presenter steps through a lesson on the projector; every student's screen follows along, can branch off to explore, and comes back with one click. Before a step the presenter can ask the class to predict it.", "讲师在投影上逐步演示一节课；每位学生的屏幕都会同步跟随，可以随时分支出去自行探索，一键即可回到讲师的位置。讲师还可以在某一步之前让全班预测它的结果。"},
	"room.join":           {"Join a room", "加入课堂"},
	"room.code":           {"Room code", "课堂代码"},
	"room.join.button":    {"Join", "加入"},
	"room.open":           {"Open a room", "开设课堂"},
	"room.open.text":      {"You present: the room's code and QR code are shown on your page for the students.", "由你来讲：课堂代码和二维码会显示在你的页面上，供学生加入。"},
	"room.lesson":         {"Start on lesson", "起始课程"},
	"room.open.button":    {"Open a room", "开设课堂"},
	"room.seats":          {"How many students", "学生人数"},
	"room.seats.hint":     {"No one network (a school's, a phone's) may seat more students than this: a class behind one school network needs the whole class.", "同一网络（学校的、手机的）坐进课堂的学生不能超过这个数：整个班级共用一个学校网络时，请填全班人数。"},
	"room.limits":         {"A room takes up to %d students and closes after %d hours without anything done by its presenter.", "每个课堂最多容纳 %d 名学生；讲师 %d 小时无任何操作后课堂自动关闭。"},
	"room.name":           {"Room %s", "课堂 %s"},
	"room.panel":          {"Room", "课堂"},
	"room.following":      {"Following the presenter", "正在跟随讲师"},
	"room.explore":        {"Explore on my own", "自己探索"},
	"room.students":       {"Students", "学生"},
	"room.joinat":         {"Join at", "加入地址"},
	"room.qr":             {"QR code of the link to join the room", "加入课堂链接的二维码"},
	"room.ask":            {"Ask the class", "向全班提问"},
	"room.close":          {"Close the room", "关闭课堂"},
	"room.presenter.view": {"Presenter view of room %s", "课堂 %s 的讲师视图"},
	"room.lesson.change":  {"Lesson", "课程"},
	"room.lesson.go":      {"Open", "打开"},
	"room.mine":           {"Your rooms", "你的课堂"},
	"room.mine.open":      {"open: present", "开着：去讲授"},
	"room.mine.closed":    {"closed", "已关闭"},
	"room.mine.opened":    {"opened %s", "开设于 %s"},
	"room.members":        {"Who is here", "在场学生"},
	"room.key":            {"Presenter link", "主讲人链接"},
	"room.key.text":       {"Open this link on another device (or scan it) to present this room from there: that browser becomes the presenter, and this page stops presenting. Keep it for when this browser closes.", "在另一台设备上打开（或扫描）这个链接，即可在那里讲授这个课堂：那个浏览器成为主讲人，本页面停止讲授。请保存它，以备这个浏览器关闭时使用。"},
	"room.key.qr":         {"QR code of the presenter link", "主讲人链接的二维码"},
	"room.key.warn":       {"Keep it private and do not project it: whoever has it can present this room. It is shown once; \"Presenter link\" in the room's column shows it again in this browser.", "请保密，不要投影：拿到它的人都能讲授这个课堂。它只自动显示一次；在这个浏览器中，课堂栏里的“主讲人链接”可以再次显示它。"},
	"room.key.hide":       {"I have kept it: hide", "已保存：隐藏"},
	"room.key.again":      {"Presenter link", "主讲人链接"},
}

// RT returns the classroom string key in language lang, falling back to
// English, then to the other pages' strings (T).
func RT(lang, key string) string {
	t, ok := roomText[key]
	if !ok {
		return T(lang, key)
	}
	if lang == "zh" && t.zh != "" {
		return t.zh
	}
	return t.en
}

package share

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/words"
	"lockstep/templates"
	"lockstep/web/playground"
	"lockstep/web/site"
)

// A lesson written in the browser starts as a draft: the fields of the
// form at /compose, sent to POST /compose/check as they are typed. The
// check says what is wrong, field by field, and when nothing is, returns
// the lesson file the draft makes and the link that carries it.

// draft is the compose form's content. Numbers the user types stay
// strings, so that the check can say which one is not a number.
type draft struct {
	Lang       string           `json:"lang"`
	Title      string           `json:"title"`
	TitleZH    string           `json:"title_zh"`
	Summary    string           `json:"summary"`
	Narrative  string           `json:"narrative"`
	Primitive  string           `json:"primitive"`
	Variants   []string         `json:"variants"`
	Submit     string           `json:"submit"`
	Params     []draftParam     `json:"params"`
	InitCount  string           `json:"init_count"`
	InitSet    bool             `json:"init_set"`
	Value      bool             `json:"value"`
	FIFO       bool             `json:"fifo"`
	Coroutines []draftCoroutine `json:"coroutines"`
	Schedules  []draftSchedule  `json:"schedules"`
}

// draftParam is one parameter and its default.
type draftParam struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// draftCoroutine is one coroutine declaration (see scenarios.Coroutine).
type draftCoroutine struct {
	Name   string `json:"name"`
	Count  string `json:"count"`
	Thread string `json:"thread"`
	Script string `json:"script"`
}

// draftSchedule is one named schedule; Expect maps a variant to the
// outcome the author expects, "" or absent for none. The form names a
// variant's own steps "schedules.0.by_variant.fixed".
type draftSchedule struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	Steps string `json:"steps"`
	// ByVariant are the steps on the variants that take the same turns
	// in other steps (see scenarios.Schedule); empty for Steps.
	ByVariant map[string]string `json:"by_variant"`
	Expect    map[string]string `json:"expect"`
}

// Bounds on a draft, beyond those of a lesson file.
const (
	maxDraftBody       = 128 << 10
	maxDraftRows       = 16 // parameters, coroutines
	maxDraftText       = 4 << 10
	maxDraftIdentifier = 32
)

// fieldError is what is wrong with one field of the form. Field names it
// as the form does: "title", "coroutines.1.script",
// "schedules.0.expect.fixed"; "" is the draft as a whole.
type fieldError struct {
	Field   string `json:"field"`
	Message string `json:"message"`
}

// scheduleOutcome is what a schedule of the draft leads to on a variant.
type scheduleOutcome struct {
	Schedule int    `json:"schedule"`
	Variant  string `json:"variant"`
	Kind     string `json:"kind"`
	Name     string `json:"name"` // the kind in the draft's language
}

// checkReply answers POST /compose/check.
type checkReply struct {
	OK       bool              `json:"ok"`
	Errors   []fieldError      `json:"errors"`
	Outcomes []scheduleOutcome `json:"outcomes"`
	// Source is the lesson file the draft makes, Link the playground
	// link that carries it, Size the link's compressed lesson in bytes
	// against Limit; set when OK.
	Source string `json:"source,omitempty"`
	Link   string `json:"link,omitempty"`
	Size   int    `json:"size,omitempty"`
	Limit  int    `json:"limit,omitempty"`
}

// identifier is a parameter's, coroutine's or thread's name.
var identifier = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// checker collects the errors of one draft in the draft's language.
type checker struct {
	lang   string
	errors []fieldError
}

func (c *checker) add(field string, msg site.Phrase) {
	c.errors = append(c.errors, fieldError{Field: field, Message: msg.In(c.lang)})
}

// addError adds err, in the checker's language when it is a sourceError.
func (c *checker) addError(field string, err error) {
	var se *sourceError
	if errors.As(err, &se) {
		c.add(field, se.Phrase)
		return
	}
	c.add(field, site.Phrase{err.Error(), err.Error()})
}

// failed reports whether field (or any field under it, "coroutines.1")
// has an error.
func (c *checker) failed(field string) bool {
	for _, e := range c.errors {
		if e.Field == field || strings.HasPrefix(e.Field, field+".") {
			return true
		}
	}
	return false
}

// checkDraft checks a draft field by field and, when every field is
// right, makes it a lesson file, decodes that strictly and builds every
// variant, runs every schedule, and encodes the link.
func checkDraft(d draft) checkReply {
	lang := "en"
	if d.Lang == "zh" {
		lang = "zh"
	}
	c := &checker{lang: lang}
	reply := checkReply{Errors: []fieldError{}, Outcomes: []scheduleOutcome{}}
	prim, params := c.checkHead(d)
	c.checkCoroutines(d, prim, params)
	c.checkScheduleText(d)
	if len(c.errors) > 0 {
		reply.Errors = c.errors
		return reply
	}
	lesson, err := parseCustom(lessonText(d, params))
	if err != nil {
		c.addError("source", err)
		reply.Errors = c.errors
		return reply
	}
	reply.Outcomes = c.runSchedules(d, lesson)
	if len(c.errors) > 0 {
		reply.Errors = c.errors
		return reply
	}
	// The file carries the outcomes the engine finds where the author
	// stated none.
	for i := range lesson.Schedules {
		for _, o := range reply.Outcomes {
			if o.Schedule == i {
				lesson.Schedules[i].Expect[o.Variant] = sim.Kind(o.Kind)
			}
		}
	}
	text := encodeLesson(lesson)
	src, err := encodeSource(text)
	if err != nil {
		c.addError("source", err)
		reply.Errors = c.errors
		return reply
	}
	reply.OK = true
	reply.Source = string(text)
	reply.Link = "/lesson/" + playground.CustomLessonID + "?src=" + src + "&lang=" + lang
	reply.Size, reply.Limit = (len(src)*6)/8, maxSourceCompressed
	return reply
}

// checkHead checks the texts, the primitive, its variants and settings,
// and the parameters; it returns the primitive and the parameters'
// defaults.
func (c *checker) checkHead(d draft) (scenarios.PrimitiveInfo, map[string]int) {
	for field, text := range map[string]string{"title": d.Title, "title_zh": d.TitleZH, "summary": d.Summary, "narrative": d.Narrative} {
		if len(text) > maxDraftText {
			c.add(field, site.Phrase{fmt.Sprintf("At most %d bytes.", maxDraftText), fmt.Sprintf("最多 %d 字节。", maxDraftText)})
		}
	}
	var prim scenarios.PrimitiveInfo
	var names []string
	for _, p := range scenarios.Primitives() {
		names = append(names, p.Name)
		if p.Name == d.Primitive {
			prim = p
		}
	}
	if prim.Name == "" {
		c.add("primitive", site.Phrase{fmt.Sprintf("Pick one of %s.", strings.Join(names, ", ")), fmt.Sprintf("请从 %s 中选一个。", strings.Join(names, "、"))})
	}
	if len(d.Variants) == 0 {
		c.add("variants", site.Phrase{"Pick at least one variant.", "至少选一个版本。"})
	}
	for _, v := range d.Variants {
		if prim.Name != "" && !slices.Contains(prim.Variants, v) {
			c.add("variants", site.Phrase{fmt.Sprintf("%s has no variant %q.", prim.Name, v), fmt.Sprintf("%s 没有版本 %q。", prim.Name, v)})
		}
	}
	if d.Submit != "" {
		if _, err := sim.ParseSubmitMode(d.Submit); err != nil {
			c.add("submit", site.Phrase{"Pick enqueue, inline or drop.", "请选择 enqueue、inline 或 drop。"})
		}
	}
	params := map[string]int{}
	if len(d.Params) > maxDraftRows {
		c.add("params", site.Phrase{fmt.Sprintf("At most %d parameters.", maxDraftRows), fmt.Sprintf("最多 %d 个参数。", maxDraftRows)})
	}
	for i, p := range d.Params {
		field := fmt.Sprintf("params.%d", i)
		switch {
		case !identifier.MatchString(p.Name) || len(p.Name) > maxDraftIdentifier:
			c.add(field+".name", site.Phrase{"A name: a letter, then letters, digits or _.", "名字：以字母开头，后跟字母、数字或 _。"})
		case slices.Contains(lessonQuery, p.Name):
			c.add(field+".name", site.Phrase{fmt.Sprintf("%q is taken by the playground's links.", p.Name), fmt.Sprintf("%q 已被演练场的链接占用。", p.Name)})
		default:
			if _, dup := params[p.Name]; dup {
				c.add(field+".name", site.Phrase{fmt.Sprintf("There are two parameters %s.", p.Name), fmt.Sprintf("有两个名为 %s 的参数。", p.Name)})
			}
		}
		n, err := strconv.Atoi(strings.TrimSpace(p.Value))
		if err != nil || n < 0 || n > scenarios.MaxParam {
			c.add(field+".value", site.Phrase{fmt.Sprintf("A whole number from 0 to %d.", scenarios.MaxParam), fmt.Sprintf("0 到 %d 之间的整数。", scenarios.MaxParam)})
			continue
		}
		params[p.Name] = n
	}
	if prim.Init == "count" && !c.failed("params") {
		n, err := scenarios.EvalCount(d.InitCount, params)
		switch {
		case err != nil:
			c.add("init_count", site.Phrase{"The count: " + err.Error() + ".", "计数：" + err.Error() + "。"})
		case n < 0 || n > scenarios.MaxParam:
			c.add("init_count", site.Phrase{fmt.Sprintf("The count is %d; it must be from 0 to %d.", n, scenarios.MaxParam),
				fmt.Sprintf("计数为 %d；它必须在 0 到 %d 之间。", n, scenarios.MaxParam)})
		}
	}
	return prim, params
}

// checkCoroutines checks the coroutine declarations and compiles their
// scripts for every variant.
func (c *checker) checkCoroutines(d draft, prim scenarios.PrimitiveInfo, params map[string]int) {
	if len(d.Coroutines) == 0 {
		c.add("coroutines", site.Phrase{"Declare at least one coroutine.", "至少声明一个协程。"})
	}
	if len(d.Coroutines) > maxDraftRows {
		c.add("coroutines", site.Phrase{fmt.Sprintf("At most %d coroutine rows.", maxDraftRows), fmt.Sprintf("最多 %d 行协程。", maxDraftRows)})
	}
	names := map[string]bool{}
	total := 0
	for i, co := range d.Coroutines {
		field := fmt.Sprintf("coroutines.%d", i)
		if !identifier.MatchString(co.Name) || len(co.Name) > maxDraftIdentifier {
			c.add(field+".name", site.Phrase{"A name: a letter, then letters, digits or _.", "名字：以字母开头，后跟字母、数字或 _。"})
		}
		n := 1
		if strings.TrimSpace(co.Count) != "" && !c.failed("params") {
			var err error
			n, err = scenarios.EvalCount(co.Count, params)
			switch {
			case err != nil:
				c.add(field+".count", site.Phrase{err.Error() + ".", err.Error() + "。"})
			case n < 0 || n > scenarios.MaxCoroutines:
				c.add(field+".count", site.Phrase{fmt.Sprintf("The count is %d; it must be from 0 to %d.", n, scenarios.MaxCoroutines),
					fmt.Sprintf("数量为 %d；它必须在 0 到 %d 之间。", n, scenarios.MaxCoroutines)})
			}
		}
		total += max(n, 0)
		// Group W of 2 makes W1 and W2: a name taken twice is found
		// when the lesson is built; the form says it on the row.
		expanded := []string{co.Name}
		if strings.TrimSpace(co.Count) != "" {
			expanded = expanded[:0]
			for k := 1; k <= n && k <= scenarios.MaxCoroutines; k++ {
				expanded = append(expanded, co.Name+strconv.Itoa(k))
			}
		}
		for _, name := range expanded {
			if names[name] {
				c.add(field+".name", site.Phrase{fmt.Sprintf("Two coroutines would be named %s.", name), fmt.Sprintf("会有两个协程都叫 %s。", name)})
				break
			}
			names[name] = true
		}
		if co.Thread != "" && (!identifier.MatchString(co.Thread) || len(co.Thread) > maxDraftIdentifier) {
			c.add(field+".thread", site.Phrase{"A thread's name: a letter, then letters, digits or _ (empty: a thread of its own).",
				"线程名：以字母开头，后跟字母、数字或 _（留空：独占一个线程）。"})
		}
		if strings.TrimSpace(co.Script) == "" {
			c.add(field+".script", site.Phrase{"Write what the coroutine does, e.g. wait.", "写出协程做什么，例如 wait。"})
			continue
		}
		if len(co.Script) > maxDraftText {
			c.add(field+".script", site.Phrase{fmt.Sprintf("At most %d bytes.", maxDraftText), fmt.Sprintf("最多 %d 字节。", maxDraftText)})
			continue
		}
		if prim.Name == "" {
			continue
		}
		for _, v := range d.Variants {
			if !slices.Contains(prim.Variants, v) {
				continue
			}
			if err := scenarios.CheckScript(prim.Name, v, d.Value, co.Script); err != nil {
				c.add(field+".script", site.Phrase{"Script, " + err.Error() + ".", "脚本，" + err.Error() + "。"})
				break
			}
		}
	}
	if total > scenarios.MaxCoroutines {
		c.add("coroutines", site.Phrase{fmt.Sprintf("%d coroutines in all; at most %d.", total, scenarios.MaxCoroutines),
			fmt.Sprintf("共 %d 个协程；最多 %d 个。", total, scenarios.MaxCoroutines)})
	}
}

// checkScheduleText checks the schedules' names, texts and expectations,
// before they are run.
func (c *checker) checkScheduleText(d draft) {
	if len(d.Schedules) == 0 {
		c.add("schedules", site.Phrase{"Name at least one schedule.", "至少命名一个调度。"})
	}
	if len(d.Schedules) > maxCustomSchedules {
		c.add("schedules", site.Phrase{fmt.Sprintf("At most %d schedules.", maxCustomSchedules), fmt.Sprintf("最多 %d 个调度。", maxCustomSchedules)})
	}
	seen := map[string]bool{}
	for i, sc := range d.Schedules {
		field := fmt.Sprintf("schedules.%d", i)
		switch name := strings.TrimSpace(sc.Name); {
		case name == "" || len(name) > maxDraftIdentifier:
			c.add(field+".name", site.Phrase{fmt.Sprintf("A name of 1 to %d characters.", maxDraftIdentifier), fmt.Sprintf("1 到 %d 个字符的名字。", maxDraftIdentifier)})
		case seen[name]:
			c.add(field+".name", site.Phrase{fmt.Sprintf("There are two schedules %q.", name), fmt.Sprintf("有两个名为 %q 的调度。", name)})
		}
		seen[strings.TrimSpace(sc.Name)] = true
		if len(sc.Title) > maxDraftText {
			c.add(field+".title", site.Phrase{fmt.Sprintf("At most %d bytes.", maxDraftText), fmt.Sprintf("最多 %d 字节。", maxDraftText)})
		}
		c.checkSteps(field+".steps", sc.Steps)
		for _, v := range slices.Sorted(maps.Keys(sc.ByVariant)) {
			if strings.TrimSpace(sc.ByVariant[v]) == "" {
				continue
			}
			if !slices.Contains(d.Variants, v) {
				c.add(field+".by_variant."+v, site.Phrase{fmt.Sprintf("The lesson has no variant %s.", v), fmt.Sprintf("课程没有版本 %s。", v)})
				continue
			}
			c.checkSteps(field+".by_variant."+v, sc.ByVariant[v])
		}
		for _, v := range slices.Sorted(maps.Keys(sc.Expect)) {
			if k := sc.Expect[v]; k != "" && !sim.ValidKind(sim.Kind(k)) {
				c.add(field+".expect."+v, site.Phrase{fmt.Sprintf("%q is not an outcome.", k), fmt.Sprintf("%q 不是一种结果。", k)})
			}
		}
	}
}

// checkSteps checks a schedule's text.
func (c *checker) checkSteps(field, steps string) {
	if len(steps) > playground.MaxScheduleText {
		c.add(field, site.Phrase{fmt.Sprintf("At most %d bytes.", playground.MaxScheduleText), fmt.Sprintf("最多 %d 字节。", playground.MaxScheduleText)})
	} else if _, err := sim.ParseSchedule(steps); err != nil {
		c.add(field, site.Phrase{err.Error() + ".", err.Error() + "。"})
	}
}

// runSchedules runs every schedule of the lesson on every variant, and
// checks each can be followed to its end and ends as the author expects.
func (c *checker) runSchedules(d draft, lesson *scenarios.Scenario) []scheduleOutcome {
	out := []scheduleOutcome{}
	for i, sc := range lesson.Schedules {
		field := fmt.Sprintf("schedules.%d", i)
		for _, v := range lesson.Variants {
			steps, stepsField := sc.For(v), field+".steps"
			if _, own := sc.ByVariant[v]; own {
				stepsField = field + ".by_variant." + v
			}
			in := linkInitial(lesson, v, steps)
			if _, failure := replayLink(lesson, &in); failure != nil {
				c.add(stepsField, site.Phrase{"On " + v + ", " + failure.In("en"), "在 " + v + " 上，" + failure.In("zh")})
				continue
			}
			p, err := lesson.Build(v, nil)
			if err != nil {
				c.add("source", site.Phrase{err.Error(), err.Error()})
				continue
			}
			sched, _ := sim.ParseSchedule(steps) // checked by checkScheduleText
			_, o, _ := sim.ReplaySchedule(p, sched, sim.Options{})
			out = append(out, scheduleOutcome{Schedule: i, Variant: v, Kind: string(o.Kind), Name: words.KindName(o.Kind, c.lang)})
			if want := d.Schedules[i].Expect[v]; want != "" && want != string(o.Kind) {
				c.add(field+".expect."+v, site.Phrase{
					fmt.Sprintf("You expect %s, but on %s this schedule ends in %s.", want, v, o.Kind),
					fmt.Sprintf("你预期 %s，但在 %s 上这个调度的结果是 %s。", words.KindName(sim.Kind(want), "zh"), v, words.KindName(o.Kind, "zh")),
				})
			}
		}
	}
	return out
}

// lessonText is the lesson file a checked draft makes: the playground's
// id for lessons from links, texts defaulted, each schedule expecting
// what the author said (the engine's outcomes fill the rest later).
func lessonText(d draft, params map[string]int) []byte {
	orDefault := func(s, def string) string {
		if s = strings.TrimSpace(s); s == "" {
			return def
		}
		return s
	}
	title := scenarios.Text{EN: orDefault(d.Title, "A lesson of my own"), ZH: orDefault(d.TitleZH, orDefault(d.Title, "我自己的一节课"))}
	summary := scenarios.Text{EN: orDefault(d.Summary, "Written in the browser."), ZH: orDefault(d.Summary, "在浏览器里编写。")}
	var narrative []string
	for _, p := range strings.Split(d.Narrative, "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			narrative = append(narrative, p)
		}
	}
	story := scenarios.Paras{EN: narrative, ZH: narrative}
	if len(narrative) == 0 {
		story = scenarios.Paras{EN: []string{summary.EN}, ZH: []string{summary.ZH}}
	}
	l := scenarios.Scenario{
		ID: playground.CustomLessonID, Primitive: d.Primitive, Variants: d.Variants,
		Title: title, Summary: summary, Narrative: story,
		Params: params,
		Value:  d.Value && d.Primitive == "event",
		FIFO:   d.FIFO && d.Primitive == "mutex",
	}
	if len(params) == 0 {
		l.Params = nil
	}
	if d.Submit != "" && d.Submit != "enqueue" {
		l.Submit = d.Submit
	}
	switch d.Primitive {
	case "wait_group", "latch":
		l.Init = map[string]string{"count": strings.TrimSpace(d.InitCount)}
	case "event":
		if d.InitSet {
			l.Init = map[string]string{"set": "1"}
		}
	}
	for _, co := range d.Coroutines {
		l.Coroutines = append(l.Coroutines, scenarios.Coroutine{Name: co.Name, Count: strings.TrimSpace(co.Count),
			Thread: co.Thread, Script: co.Script})
	}
	for _, sc := range d.Schedules {
		name := strings.TrimSpace(sc.Name)
		// Expect must name every variant: a placeholder the run
		// replaces unless the author said.
		s := scenarios.Schedule{Name: name, Title: scenarios.Text{EN: orDefault(sc.Title, name), ZH: orDefault(sc.Title, name)},
			Steps: sc.Steps, Expect: map[string]sim.Kind{}}
		for _, v := range d.Variants {
			if steps := strings.TrimSpace(sc.ByVariant[v]); steps != "" {
				if s.ByVariant == nil {
					s.ByVariant = map[string]string{}
				}
				s.ByVariant[v] = steps
			}
		}
		for _, v := range d.Variants {
			s.Expect[v] = sim.OK
			if k := sc.Expect[v]; k != "" {
				s.Expect[v] = sim.Kind(k)
			}
		}
		l.Schedules = append(l.Schedules, s)
	}
	return encodeLesson(&l)
}

// encodeLesson is a lesson's file, as JSON indented by two spaces.
func encodeLesson(l *scenarios.Scenario) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	_ = enc.Encode(l) // plain values: it cannot fail
	return b.Bytes()
}

// linkInitial is the first load of a playground link to schedule steps
// of lesson on variant v, with default parameters.
func linkInitial(lesson *scenarios.Scenario, v, steps string) templates.Initial {
	return templates.Initial{Protocol: playground.ProtocolVersion, Lesson: lesson.ID, Variant: v, Schedule: steps, Lang: "en"}
}

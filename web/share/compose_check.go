package share

import (
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
	"lockstep/sim/words"
	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// The checks of a draft, field by field: each adds what is wrong to the
// checker, named as the form names the field.

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
	if len(d.Variants) > scenarios.MaxVariants {
		c.add("variants", site.Phrase{fmt.Sprintf("At most %d variants.", scenarios.MaxVariants), fmt.Sprintf("最多 %d 个版本。", scenarios.MaxVariants)})
	}
	variants := d.Variants[:min(len(d.Variants), scenarios.MaxVariants)]
	for _, v := range variants {
		if prim.Name != "" && !slices.Contains(prim.Variants, v) && v != scenarios.EngineFixed {
			c.add("variants", site.Phrase{fmt.Sprintf("%s has no variant %q.", prim.Name, v), fmt.Sprintf("%s 没有版本 %q。", prim.Name, v)})
		}
	}
	for _, v := range scenarios.NamedTwice(variants) {
		c.add("variants", site.Phrase{fmt.Sprintf("The variant %s is picked more than once.", v), fmt.Sprintf("版本 %s 被选了不止一次。", v)})
	}
	if d.Submit != "" {
		if _, ok := submitParams[d.Submit]; !ok {
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
	var spawned []string
	for _, co := range d.Coroutines {
		if co.Spawned {
			spawned = append(spawned, co.Name)
		}
	}
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
		variants := d.Variants[:min(len(d.Variants), scenarios.MaxVariants)]
		for i, v := range variants {
			if !slices.Contains(prim.Variants, v) || slices.Index(variants, v) < i {
				continue
			}
			if err := scenarios.CheckScript(prim.Name, v, d.Value, co.Script, spawned...); err != nil {
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
			if k := sc.Expect[v]; k != "" && !outcome.ValidKind(outcome.Kind(k)) {
				c.add(field+".expect."+v, site.Phrase{fmt.Sprintf("%q is not an outcome.", k), fmt.Sprintf("%q 不是一种结果。", k)})
			}
		}
	}
}

// checkSteps checks a schedule's text.
func (c *checker) checkSteps(field, steps string) {
	if len(steps) > protocol.MaxScheduleText {
		c.add(field, site.Phrase{fmt.Sprintf("At most %d bytes.", protocol.MaxScheduleText), fmt.Sprintf("最多 %d 字节。", protocol.MaxScheduleText)})
	} else if _, err := schedule.Parse(steps); err != nil {
		c.add(field, site.Phrase{err.Error() + ".", words.Error(err, "zh") + "。"})
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
			in.Memory = sc.Memory
			if _, failure := replayLink(lesson, &in); failure != nil {
				c.add(stepsField, site.Phrase{"On " + v + ", " + failure.In("en"), "在 " + v + " 上，" + failure.In("zh")})
				continue
			}
			p, err := lesson.Build(v, nil)
			if err != nil {
				c.add("source", site.Phrase{err.Error(), err.Error()})
				continue
			}
			sched, _ := schedule.Parse(steps) // checked by checkScheduleText
			_, o, _ := sim.ReplaySchedule(p, sched, sim.Options{Memory: sc.MemoryModel()})
			out = append(out, scheduleOutcome{Schedule: i, Variant: v, Kind: string(o.Kind), Name: words.KindName(o.Kind, c.lang)})
			if want := d.Schedules[i].Expect[v]; want != "" && want != string(o.Kind) {
				c.add(field+".expect."+v, site.Phrase{
					fmt.Sprintf("You expect %s, but on %s this schedule ends in %s.", want, v, o.Kind),
					fmt.Sprintf("你预期 %s，但在 %s 上这个调度的结果是 %s。", words.KindName(outcome.Kind(want), "zh"), v, words.KindName(o.Kind, "zh")),
				})
			}
		}
	}
	return out
}

package share

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/schedule"
	"lockstep/sim/words"
	"lockstep/templates"
	"lockstep/web/playground"
	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// lessonQuery names the query parameters of a lesson page that are not
// the lesson's own parameters; present=1, compare=1, challenge=1 and
// edit=1 are read by the page's script (static/present.js,
// static/compare.js, static/challenge.js, static/edit.js); panels by the
// embed view (ServeEmbed).
var lessonQuery = []string{"variant", "schedule", "step", "lang", "h", "src", "present", "compare", "challenge", "edit", "memory", "panels"}

// ServeLesson renders the playground page of one lesson. The query picks
// the variant, the parameters (?waiters=2), a schedule (a name or text),
// a step and the language; they are checked here and passed to the page,
// which asks for them over the WebSocket.
func (s *Share) ServeLesson(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "id")
	lang := string(site.ResolveLang(w, r))
	lesson, err := s.pageLesson(r, id, lang) // a catalog lesson, or one from the link (link.go)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	variant, params, err := queryRun(lesson, q, lang)
	if err != nil {
		return err
	}
	initial := templates.Initial{Protocol: protocol.Version, Lesson: id, Variant: variant, Params: params, Lang: lang, Socket: "/ws"}
	if text := q.Get("schedule"); text != "" {
		if _, err := playground.LessonSchedule(lesson, variant, text); err != nil {
			return badSchedule(unreadable, err, lang)
		}
		initial.Schedule = text
	}
	if q.Has("step") {
		step, err := strconv.Atoi(q.Get("step"))
		if err != nil || step < 0 || step > schedule.MaxSteps {
			return site.BadRequest(site.Phrase{fmt.Sprintf("step=%q is not a step number.", q.Get("step")),
				fmt.Sprintf("step=%q 不是一个步骤编号。", q.Get("step"))}.In(lang), nil)
		}
		initial.Step = &step
	}
	if mm := q.Get("memory"); mm != "" {
		if _, err := sim.ParseMemoryModel(mm); err != nil {
			return site.BadRequest(site.Phrase{fmt.Sprintf("memory=%q: want sc or c11.", mm), fmt.Sprintf("memory=%q：应为 sc 或 c11。", mm)}.In(lang), nil)
		}
		if mm == "c11" {
			initial.Memory = mm
		}
	}
	notices := linkState(lesson, &initial, q, lang)
	page := templates.LessonPage{
		Chrome: s.pages.Chrome(r, lang, lesson.Title.In(lang)), ID: id, Primitive: lesson.Primitive,
		Summary: lesson.Summary.In(lang), Initial: initial, Notices: notices, NoEmbed: id == playground.CustomLessonID,
	}
	if id != playground.CustomLessonID {
		// "Edit this primitive": the lab, on this lesson and variant.
		page.Lab = "/lab?" + url.Values{"lesson": {id}, "variant": {variant}, "lang": {lang}}.Encode()
	}
	for _, v := range lesson.Variants {
		u := *r.URL
		qv := u.Query()
		qv.Set("variant", v)
		u.RawQuery = qv.Encode()
		page.Variants = append(page.Variants, templates.Link{Href: u.RequestURI(), Text: v, Key: v, Current: v == variant})
	}
	return s.pages.Render(w, r, templates.Lesson(page))
}

// queryRun reads which run of lesson a page's query asks for: the variant
// (the lesson's first when it names none) and the parameters. An unknown
// variant is not found, a bad parameter a bad request, in language lang.
func queryRun(lesson *scenarios.Scenario, q url.Values, lang string) (variant string, params map[string]int, err error) {
	variant = q.Get("variant")
	if variant == "" {
		variant = lesson.Variants[0]
	}
	if !slices.Contains(lesson.Variants, variant) {
		return "", nil, site.NotFound(site.Phrase{fmt.Sprintf("Lesson %s has no variant %q; it has %s.", lesson.ID, variant, strings.Join(lesson.Variants, ", ")),
			fmt.Sprintf("课程 %s 没有版本 %q；它有 %s。", lesson.ID, variant, strings.Join(lesson.Variants, "、"))}.In(lang), nil)
	}
	if params, err = queryParams(lesson, q, lang); err != nil {
		return "", nil, site.BadRequest(err.Error(), nil)
	}
	return variant, params, nil
}

// unreadable leads the error of a schedule a page's query gives that
// cannot be read.
var unreadable = site.Phrase{"The schedule cannot be read: ", "无法读取调度："}

// badSchedule is the bad request of a schedule that cannot be read or
// followed: lead, then err, whose schedule's error words.Error says in
// Chinese.
func badSchedule(lead site.Phrase, err error, lang string) error {
	return site.BadRequest(site.Phrase{lead[0] + err.Error(), lead[1] + words.Error(err, words.Chinese)}.In(lang), nil)
}

// queryParams reads the lesson's parameters from the query and resolves
// them against the lesson's defaults; its errors are in language lang.
func queryParams(lesson *scenarios.Scenario, q url.Values, lang string) (map[string]int, error) {
	overrides := map[string]int{}
	for name, vals := range q {
		if slices.Contains(lessonQuery, name) {
			continue
		}
		n, err := strconv.Atoi(vals[0])
		if err != nil {
			return nil, errors.New(site.Phrase{fmt.Sprintf("Parameter %s=%q is not a whole number.", name, vals[0]),
				fmt.Sprintf("参数 %s=%q 不是整数。", name, vals[0])}.In(lang))
		}
		overrides[name] = n
	}
	params, err := lesson.Resolve(overrides)
	if err != nil {
		return nil, errors.New(site.Phrase{fmt.Sprintf("Bad parameter: %v.", err), fmt.Sprintf("参数有误：%v。", err)}.In(lang))
	}
	return params, nil
}

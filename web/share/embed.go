package share

import (
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"lockstep/scenarios"
	"lockstep/sim/schedule"
	"lockstep/templates"
	"lockstep/web/playground"
	"lockstep/web/playground/protocol"
	"lockstep/web/site"
)

// ServeEmbed renders the embed view of one lesson: the stepper without
// the site's chrome, for an iframe on another page. It takes the query of
// the playground page (variant, the lesson's parameters, schedule, step,
// lang) and checks it the same way.
func (s *Share) ServeEmbed(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "id")
	lesson, err := s.lessons.Lookup(id)
	if err != nil {
		return site.NotFound(fmt.Sprintf("There is no lesson %q.", id), err)
	}
	lang := string(site.ResolveLang(w, r))
	if n := len(r.URL.RawQuery); n > maxLinkQuery {
		return site.Refusal(http.StatusRequestURITooLong, site.Phrase{
			fmt.Sprintf("This link is too long: its query is %d bytes, and at most %d are read. Was it pasted twice?", n, maxLinkQuery),
			fmt.Sprintf("这个链接太长了：查询部分有 %d 字节，最多只读取 %d 字节。是不是粘贴了两次？", n, maxLinkQuery),
		}, nil)
	}
	initial, err := embedInitial(lesson, r.URL.Query(), lang)
	if err != nil {
		return err
	}
	panels, err := embedPanels(r.URL.Query().Get("panels"), lang)
	if err != nil {
		return err
	}
	q := stateQuery(initial)
	src := url.Values{}
	maps.Copy(src, q)
	if panels != defaultPanels {
		src.Set("panels", panels)
	}
	page := templates.EmbedPage{
		Chrome:  s.pages.Chrome(r, lang, lesson.Title.In(lang)),
		ID:      id,
		Summary: lesson.Summary.In(lang),
		Initial: initial,
		Panels:  panels,
		Open:    "/lesson/" + url.PathEscape(id) + "?" + q.Encode(),
		Share: templates.EmbedShare{
			Lang:   lang,
			Src:    site.Origin(r) + EmbedPath(id, src),
			Title:  lesson.Title.In(lang) + " · " + templates.T(lang, "site"),
			Height: templates.EmbedHeightOf(panels),
		},
	}
	return s.pages.Render(w, r, templates.Embed(page))
}

// The panels an embed view may show (its query's panels): the stage
// alone, the stage and the code, or those and the timeline. The thread
// buttons, the controls, the narration and the verdict are always there.
const (
	defaultPanels = "stage"
	panelsHelp    = "stage, code (the stage and the code) or all (and the timeline)"
	panelsHelpZh  = "stage、code（舞台和代码）或 all（再加时间线）"
)

// embedPanels reads the panels an embed view shows from its query's
// value v: "" is the default, an unknown name a bad request.
func embedPanels(v, lang string) (string, error) {
	switch v {
	case "":
		return defaultPanels, nil
	case "stage", "code", "all":
		return v, nil
	}
	return "", site.BadRequest(site.Phrase{fmt.Sprintf("panels=%q: want %s.", v, panelsHelp),
		fmt.Sprintf("panels=%q：应为 %s。", v, panelsHelpZh)}.In(lang), nil)
}

// embedInitial reads what an embed view loads first from its query, as
// the playground page does: an unknown variant is not found, a bad
// parameter, schedule or step is a bad request.
func embedInitial(lesson *scenarios.Scenario, q url.Values, lang string) (templates.Initial, error) {
	in := templates.Initial{Protocol: protocol.Version, Lesson: lesson.ID, Lang: lang, Socket: "/ws"}
	variant, params, err := queryRun(lesson, q, lang)
	if err != nil {
		return in, err
	}
	in.Variant, in.Params = variant, params
	if text := q.Get("schedule"); text != "" {
		if _, err := playground.LessonSchedule(lesson, in.Variant, text); err != nil {
			return in, badSchedule(unreadable, err, lang)
		}
		in.Schedule = text
	}
	if q.Has("step") {
		step, err := strconv.Atoi(q.Get("step"))
		if err != nil || step < 0 || step > schedule.MaxSteps {
			return in, site.BadRequest(fmt.Sprintf("step=%q is not a step number.", q.Get("step")), nil)
		}
		in.Step = &step
	}
	return in, nil
}

// stateQuery is the query that opens the state in: the variant, every
// parameter, the schedule and the step when there are, and the language.
func stateQuery(in templates.Initial) url.Values {
	q := url.Values{}
	q.Set("variant", in.Variant)
	for name, v := range in.Params {
		q.Set(name, strconv.Itoa(v))
	}
	if in.Schedule != "" {
		q.Set("schedule", in.Schedule)
	}
	if in.Step != nil {
		q.Set("step", strconv.Itoa(*in.Step))
	}
	q.Set("lang", in.Lang)
	return q
}

// EmbedPath is the path of lesson id's embed view with query q.
func EmbedPath(id string, q url.Values) string {
	return "/embed/" + url.PathEscape(id) + "?" + q.Encode()
}

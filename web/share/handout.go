package share

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/trace"
	"lockstep/sim/words"
	"lockstep/templates"
	"lockstep/web/playground"
	"lockstep/web/playground/lessonview"
	"lockstep/web/site"
)

// maxHandoutSteps bounds the table of a handout: a run longer than a few
// printed pages is no handout.
const maxHandoutSteps = 200

// ServeHandout renders the printable handout of one run of a lesson:
// /handout/{id} takes a lesson page's query (variant, parameters,
// schedule, step, lang, src), so the playground's address of a state is
// also its handout's. Without a schedule it follows the lesson's first.
// The run is the schedule followed by the remaining threads in turn, as
// the playground runs it; step marks the step that was on screen.
func (s *Share) ServeHandout(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "id")
	lang := string(site.ResolveLang(w, r))
	lesson, err := s.pageLesson(r, id, lang)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	variant, params, err := queryRun(lesson, q, lang)
	if err != nil {
		return err
	}
	prog, err := lesson.Build(variant, params)
	if err != nil {
		return site.BadRequest(err.Error(), err)
	}
	sched, name, err := handoutSchedule(lesson, variant, q.Get("schedule"), lang)
	if err != nil {
		return badSchedule(unreadable, err, lang)
	}
	mm, err := playground.LessonMemory(lesson, q.Get("memory"), handoutScheduleName(lesson, q.Get("schedule")))
	if err != nil {
		return site.BadRequest(site.Phrase{fmt.Sprintf("memory=%q: want sc or c11.", q.Get("memory")),
			fmt.Sprintf("memory=%q：应为 sc 或 c11。", q.Get("memory"))}.In(lang), nil)
	}
	// The run is measured before it is traced: a trace keeps the state
	// after every step, and a run may take thousands.
	m, _, err := sim.ReplaySchedule(prog, sched, sim.Options{Memory: mm})
	if err != nil && q.Get("schedule") == "" {
		// The lesson's first schedule is written for its default
		// parameters; at others it may not be followed: the run is then
		// the threads in turn, as the playground's Play runs them.
		sched, name = nil, ""
		m, _, err = sim.ReplaySchedule(prog, sched, sim.Options{Memory: mm})
	}
	if err == nil && m.Steps() > maxHandoutSteps {
		return site.BadRequest(site.Phrase{fmt.Sprintf("This run has %d steps; a handout shows at most %d.", m.Steps(), maxHandoutSteps),
			fmt.Sprintf("这次运行有 %d 步；讲义最多显示 %d 步。", m.Steps(), maxHandoutSteps)}.In(lang), nil)
	}
	tr, err := trace.ExecuteMemory(prog, sched, mm)
	if err != nil {
		return badSchedule(site.Phrase{"The schedule cannot be followed: ", "无法按这个调度运行："}, err, lang)
	}
	marked := -1
	if q.Has("step") {
		step, err := strconv.Atoi(q.Get("step"))
		if err != nil || step < 0 || step > len(tr.Steps) {
			return site.BadRequest(site.Phrase{fmt.Sprintf("step=%q is not a step of this run (0 to %d).", q.Get("step"), len(tr.Steps)),
				fmt.Sprintf("step=%q 不是这次运行中的一步（0 到 %d）。", q.Get("step"), len(tr.Steps))}.In(lang), nil)
		}
		marked = step
	}
	page := handoutPage(tr, lang, marked)
	page.Chrome = s.pages.Chrome(r, lang, fmt.Sprintf(templates.HT(lang, "title"), lesson.Title.In(lang)))
	page.LessonTitle = lesson.Title.In(lang)
	page.Summary, page.Variant, page.ScheduleName = lesson.Summary.In(lang), variant, name
	for _, k := range slices.Sorted(maps.Keys(params)) {
		page.Params = append(page.Params, k+"="+strconv.Itoa(params[k]))
	}
	page.Scripts, page.Algorithms = handoutListing(lesson, tr.Program, lang)
	page.LessonURL = "/lesson/" + id + "?" + r.URL.RawQuery
	return s.pages.Render(w, r, templates.Handout(page))
}

// handoutSchedule is the schedule a handout follows: text (a name of one
// of the lesson's schedules, or schedule text), or the lesson's first
// schedule. name is the schedule's title, when it has one.
func handoutSchedule(lesson *scenarios.Scenario, variant, text, lang string) (sched schedule.Schedule, name string, err error) {
	text = handoutScheduleName(lesson, text)
	for _, sc := range lesson.Schedules {
		if sc.Name == text {
			name = sc.Title.In(lang)
		}
	}
	if text == "" {
		return nil, "", nil
	}
	sched, err = playground.LessonSchedule(lesson, variant, text)
	return sched, name, err
}

// handoutPage is the run tr as a handout, in language lang: its verdict,
// its table, and its pictures: the start, the step the verdict blames,
// the step marked (-1: none) and the end.
func handoutPage(tr *trace.Trace, lang string, marked int) templates.HandoutPage {
	o := tr.Outcome
	page := templates.HandoutPage{Schedule: tr.Schedule.String(), Verdict: words.Outcome(o, lang),
		VerdictKind: string(o.Kind), Bad: o.Kind != outcome.OK}
	if page.Bad {
		page.Verdict = words.KindName(o.Kind, lang) + site.Phrase{": ", "："}.In(lang) + words.Untitled(o, lang)
	}
	blamed := -1
	if page.Bad && o.Step >= 0 && o.Step < len(tr.Steps) {
		blamed = o.Step + 1
	}
	before := "" // the values after the step before
	for i, row := range trace.Rows(tr, lang) {
		page.Rows = append(page.Rows, templates.HandoutRow{Index: row.Index, Thread: row.Thread, Label: row.Label, Op: row.Op,
			Events: row.Events, Values: row.State, Unchanged: i > 0 && row.State == before, Findings: row.Findings,
			Blamed: row.Index == blamed, Marked: row.Index == marked})
		before = row.State
	}
	end := len(tr.Steps)
	for _, at := range slices.Compact(slices.Sorted(slices.Values([]int{0, blamed, marked, end}))) {
		if at < 0 {
			continue
		}
		state, caption := tr.Start, templates.HT(lang, "start")
		if at > 0 {
			st := tr.Steps[at-1]
			state = st.After
			row := page.Rows[at-1]
			switch at {
			case blamed:
				caption = fmt.Sprintf(templates.HT(lang, "blamed"), at, row.Thread, row.Label)
			case marked:
				caption = fmt.Sprintf(templates.HT(lang, "marked"), at, row.Thread, row.Label)
			default:
				caption = fmt.Sprintf(templates.HT(lang, "end"), at)
			}
		}
		page.Pictures = append(page.Pictures, templates.HandoutPicture{Caption: caption, SVG: picture(tr.Program, state, caption, lang)})
	}
	return page
}

// handoutListing is the code program p of lesson l runs, in language
// lang: each coroutine's script, a group's once, and the algorithms of
// the operations they call, from the same label tables the playground's
// code pane shows (lessonview.ProgramAlgorithms).
func handoutListing(l *scenarios.Scenario, p *program.Program, lang string) ([]templates.HandoutScript, []templates.HandoutAlgorithm) {
	var scripts []templates.HandoutScript
	group := map[string]int{} // a group's index in scripts
	for _, co := range p.Coroutines {
		who := co.Name
		if th := p.Threads[co.Thread].Name; th != co.Name {
			who += " (" + th + ")"
		}
		if i, ok := group[co.Group]; ok && co.Group != "" {
			first, _, _ := strings.Cut(scripts[i].Who, "–")
			scripts[i].Who = first + "–" + co.Name
			continue
		}
		if co.Group != "" {
			group[co.Group] = len(scripts)
			who = co.Name
		}
		scripts = append(scripts, templates.HandoutScript{Who: who, Script: lessonview.ScriptOf(l, co)})
	}
	var algos []templates.HandoutAlgorithm
	for _, a := range lessonview.ProgramAlgorithms(p, lang) {
		ha := templates.HandoutAlgorithm{Op: a.Op}
		for _, line := range a.Lines {
			ha.Lines = append(ha.Lines, templates.HandoutLine{Label: line.Label, Code: line.Code})
		}
		algos = append(algos, ha)
	}
	return scripts, algos
}

// handoutScheduleName is the schedule a handout runs: text, or the
// lesson's first when the query names none.
func handoutScheduleName(lesson *scenarios.Scenario, text string) string {
	if text == "" && len(lesson.Schedules) > 0 {
		return lesson.Schedules[0].Name
	}
	return text
}

package share

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/schedule"
	"lockstep/sim/words"
	"lockstep/templates"
	"lockstep/web/playground"
	"lockstep/web/site"
)

// Every state of the playground is a link: /lesson/{id} with the
// variant, the lesson's parameters, the schedule so far, the step, the
// language, and h, the fingerprint of the lesson the link was made from
// (scenarios.Scenario.Fingerprint); a lesson written in the browser
// carries itself in src instead (link_source.go). Opening a link rebuilds
// its state by replaying the schedule. This file checks a link before the
// page is served: what cannot be read at all is an error page; what can be
// read but no longer fits the lesson (it changed since the link was made)
// is said plainly on the page, which then opens where it safely can.

// maxLinkQuery bounds the query of a playground link, not counting the
// src of a lesson from a link (which link_source.go bounds).
const maxLinkQuery = 8 << 10

// rawParamLen is the length, as sent, of the values of the parameter
// name in the raw query raw (what bounds them is measured elsewhere), so
// that the rest of the query is measured as sent: however a value escapes,
// what is not it counts in full.
func rawParamLen(raw, name string) int {
	n := 0
	for part := range strings.SplitSeq(raw, "&") {
		if v, ok := strings.CutPrefix(part, name+"="); ok {
			n += len(v)
		}
	}
	return n
}

// pageLesson is the lesson a playground link opens: the catalog's lesson
// id, or, for id "custom", the lesson the link carries in src. It rejects
// a query over maxLinkQuery. Messages are in language lang.
func (s *Share) pageLesson(r *http.Request, id, lang string) (*scenarios.Scenario, error) {
	q := r.URL.Query()
	if n := len(r.URL.RawQuery) - rawParamLen(r.URL.RawQuery, "src"); n > maxLinkQuery {
		return nil, &site.Error{Status: http.StatusRequestURITooLong, Msg: site.Phrase{
			fmt.Sprintf("This link is too long: its query is %d bytes, and at most %d are read. Was it pasted twice?", n, maxLinkQuery),
			fmt.Sprintf("这个链接太长了：查询部分有 %d 字节，最多只读取 %d 字节。是不是粘贴了两次？", n, maxLinkQuery),
		}.In(lang)}
	}
	if id != playground.CustomLessonID {
		lesson, err := s.lessons.Lookup(id)
		if err != nil {
			return nil, site.NotFound(site.Phrase{fmt.Sprintf("There is no lesson %q.", id), fmt.Sprintf("没有名为 %q 的课程。", id)}.In(lang), err)
		}
		return lesson, nil
	}
	if !q.Has("src") {
		return nil, site.BadRequest(site.Phrase{
			"This link should carry a lesson written in the browser (in src=…), but it carries none. Write one at /compose.",
			"这个链接本应携带一节在浏览器里编写的课程（src=…），但它没有。可以在 /compose 编写一节。",
		}.In(lang), nil)
	}
	lesson, err := CustomLesson(q.Get("src"))
	if err != nil {
		var se *sourceError
		if errors.As(err, &se) {
			return nil, site.BadRequest(se.In(lang), err)
		}
		return nil, err
	}
	return lesson, nil
}

// linkState completes the first load of a playground page from its link:
// it carries over a lesson's src, and checks that the link's schedule and
// step still fit the lesson. It returns what the page must say about the
// link, in language lang: that the lesson changed since the link was made
// (its fingerprint h differs), that the schedule could not be replayed
// (the page then opens at the start, never at a wrong state), or that the
// step is past the end of the run (the page opens at the end).
func linkState(lesson *scenarios.Scenario, in *templates.Initial, q url.Values, lang string) []string {
	var notices []string
	if lesson.ID == playground.CustomLessonID {
		in.Source = q.Get("src")
	}
	if h := q.Get("h"); h != "" && h != lesson.Fingerprint() {
		notices = append(notices, site.Phrase{
			"This lesson has changed since the link was made; the steps below may differ.",
			"自从这个链接生成以来，这节课已经改过了；下面的步骤可能与当时不同。",
		}.In(lang))
	}
	if in.Schedule == "" {
		if in.Step != nil && *in.Step != 0 {
			notices = append(notices, site.Phrase{
				fmt.Sprintf("The link asks for step %d but carries no schedule; the lesson opens at its start.", *in.Step),
				fmt.Sprintf("链接要求第 %d 步，却没有携带调度；课程从头开始。", *in.Step),
			}.In(lang))
		}
		in.Step = nil
		return notices
	}
	length, failure := replayLink(lesson, in)
	if failure != nil {
		notices = append(notices, site.Phrase{
			"The link's schedule cannot be replayed on this lesson: " + failure.In("en") + " The lesson opens at its start instead.",
			"链接里的调度无法在这节课上重放：" + failure.In("zh") + "因此课程从头开始。",
		}.In(lang))
		in.Schedule, in.Step = "", nil
		return notices
	}
	if in.Step != nil && *in.Step > length {
		notices = append(notices, site.Phrase{
			fmt.Sprintf("The link asks for step %d, but this run has %d steps; the page shows the last one.", *in.Step, length),
			fmt.Sprintf("链接要求第 %d 步，但这次运行只有 %d 步；页面显示最后一步。", *in.Step, length),
		}.In(lang))
		*in.Step = length
	}
	return notices
}

// replayLink replays the schedule of in on its lesson, variant and
// parameters, as the session will, and returns the length of the history
// it leads to. When a step of the schedule cannot be performed, failure
// says which and why.
func replayLink(lesson *scenarios.Scenario, in *templates.Initial) (length int, failure *site.Phrase) {
	fail := func(en, zh string) (int, *site.Phrase) { return 0, &site.Phrase{en, zh} }
	p, err := lesson.Build(in.Variant, in.Params)
	if err != nil {
		return fail(err.Error()+".", err.Error()+"。")
	}
	sched, err := playground.LessonSchedule(lesson, in.Variant, in.Schedule)
	if err != nil {
		return fail(err.Error()+".", words.Error(err, "zh")+"。")
	}
	mm := sim.SC
	if in.Memory == "c11" {
		mm = sim.C11
	}
	for _, sc := range lesson.Schedules {
		if sc.Name == in.Schedule && sc.Memory == "c11" {
			mm = sim.C11 // a c11 schedule by name opens under c11
		}
	}
	m, err := sim.ReplayPrefix(p, sched, sim.Options{Memory: mm})
	var se *schedule.Error
	if errors.As(err, &se) && se.Step > 0 && se.Step <= len(sched) {
		// The step is named as the link writes it, and why it failed is
		// the engine's, said in each language by words.
		c := sched[se.Step-1]
		step := c.Thread
		if c.Label != "" {
			step += "@" + c.Label
		}
		return fail(fmt.Sprintf("step %d (%s) failed: %s.", se.Step, step, words.ScheduleReason(se, "en")),
			fmt.Sprintf("第 %d 步（%s）失败：%s。", se.Step, step, words.ScheduleReason(se, "zh")))
	}
	if err != nil {
		return fail(err.Error()+".", words.Error(err, "zh")+"。")
	}
	_, _ = sim.Run(m, sim.Continue{}) // Continue never fails
	return m.Steps(), nil
}

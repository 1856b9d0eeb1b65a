package share

import (
	"bytes"
	"encoding/json"
	"strings"

	"lockstep/scenarios"
	"lockstep/sim/outcome"
	"lockstep/templates"
	"lockstep/web/playground"
	"lockstep/web/playground/protocol"
)

// A checked draft becomes a lesson file, and that file a link.

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
	for k, v := range submitParams[d.Submit] {
		if _, ok := params[k]; !ok {
			if l.Params == nil {
				l.Params = map[string]int{}
			}
			l.Params[k] = v
		}
	}
	if len(l.Params) == 0 {
		l.Params = nil
	}
	switch d.Primitive {
	case "wait_group", "latch", "when_all":
		l.Init = map[string]string{"count": strings.TrimSpace(d.InitCount)}
	case "event":
		if d.InitSet {
			l.Init = map[string]string{"set": "1"}
		}
	}
	for _, co := range d.Coroutines {
		l.Coroutines = append(l.Coroutines, scenarios.Coroutine{Name: co.Name, Count: strings.TrimSpace(co.Count), Spawned: co.Spawned,
			Thread: co.Thread, Script: co.Script})
	}
	for _, sc := range d.Schedules {
		name := strings.TrimSpace(sc.Name)
		// Expect must name every variant: a placeholder the run
		// replaces unless the author said.
		s := scenarios.Schedule{Name: name, Title: scenarios.Text{EN: orDefault(sc.Title, name), ZH: orDefault(sc.Title, name)},
			Steps: sc.Steps, Expect: map[string]outcome.Kind{}, Memory: sc.Memory}
		for _, v := range d.Variants {
			if steps := strings.TrimSpace(sc.ByVariant[v]); steps != "" {
				if s.ByVariant == nil {
					s.ByVariant = map[string]string{}
				}
				s.ByVariant[v] = steps
			}
		}
		for _, v := range d.Variants {
			s.Expect[v] = outcome.OK
			if k := sc.Expect[v]; k != "" {
				s.Expect[v] = outcome.Kind(k)
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
	return templates.Initial{Protocol: protocol.Version, Lesson: lesson.ID, Variant: v, Schedule: steps, Lang: "en"}
}

// submitParams are the engine parameters each submit choice of the
// composer stands for: enqueue leaves the run queues unbounded; inline
// makes every queue full (capacity 0), so a submit runs the coroutine on
// the waker's thread; drop also puts the depth cap at 0, so it drops the
// handle.
var submitParams = map[string]map[string]int{
	"":        nil,
	"enqueue": nil,
	"inline":  {scenarios.ParamQueueCap: 0, scenarios.ParamDepthCap: scenarios.MaxParam},
	"drop":    {scenarios.ParamQueueCap: 0, scenarios.ParamDepthCap: 0},
}

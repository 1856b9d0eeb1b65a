package share

import (
	"lockstep/sim/outcome"
	"lockstep/web/playground"
)

// A lesson written in the browser starts as a draft: the fields of the
// form at /compose, sent to POST /compose/check as they are typed. The
// check says what is wrong, field by field, and when nothing is, returns
// the lesson file the draft makes and the link that carries it.

// draft is the compose form's content. Numbers the user types stay
// strings, so that the check can say which one is not a number.
type draft struct {
	Lang      string   `json:"lang"`
	Title     string   `json:"title"`
	TitleZH   string   `json:"title_zh"`
	Summary   string   `json:"summary"`
	Narrative string   `json:"narrative"`
	Primitive string   `json:"primitive"`
	Variants  []string `json:"variants"`
	// Submit is the composer's shorthand for the engine's parameters
	// (see submitParams); parameters the author sets win.
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
	// Spawned: another coroutine starts it with "spawn NAME".
	Spawned bool `json:"spawned,omitempty"`
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
	// Memory is "c11" for a schedule that runs under the c11 memory
	// model (see scenarios.Schedule), "" for sc.
	Memory string `json:"memory,omitempty"`
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
				lesson.Schedules[i].Expect[o.Variant] = outcome.Kind(o.Kind)
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

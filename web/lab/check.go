package lab

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"

	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim/outcome"
	"lockstep/sim/words"
	"lockstep/web/playground"
	"lockstep/web/share"
	"lockstep/web/site"
)

// POST /lab/check: the page sends the source as it is typed; the answer
// is its errors at their line and column, or each of the lesson's
// schedules replayed with it, and the links that carry it: into the
// playground (the lesson, with the source as its primitive) and back to
// the lab.

// labRequest is what the lab page sends.
type labRequest struct {
	Lang    string `json:"lang"`
	Lesson  string `json:"lesson"`
	Variant string `json:"variant"`
	Source  string `json:"source"`
}

// maxLabBody bounds a lab request: the source and a little more.
const maxLabBody = lang.MaxSource + 4<<10

// labError is one error of the source, at its line and column: an error
// of the primitive as a whole, such as an operation the lesson's scripts
// call and it lacks, is at its name; an error of no place in it (a link's
// limit) at 0:0, which the page shows without a place.
type labError struct {
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Message string `json:"message"`
}

// labRun is what one of the lesson's schedules leads to with the source.
type labRun struct {
	Name       string `json:"name"`
	Title      string `json:"title"`
	Expect     string `json:"expect"`
	ExpectName string `json:"expect_name"`
	Kind       string `json:"kind"`
	KindName   string `json:"kind_name"`
	// Message says what went wrong, when the run did not end ok: the
	// finding, or the panic of a step that broke (a loop that never
	// touches shared memory, a division by zero), at its line and column.
	Message string `json:"message,omitempty"`
	Match   bool   `json:"match"`
	// LabelsIgnored says the schedule named labels the source does not
	// have, so its threads were followed alone.
	LabelsIgnored bool `json:"labels_ignored"`
	// Link opens the run in the playground.
	Link string `json:"link"`
}

// labCheckReply answers POST /lab/check.
type labCheckReply struct {
	OK     bool       `json:"ok"`
	Errors []labError `json:"errors"`
	// Ops and Labels describe a source that compiles.
	Ops    []string `json:"ops"`
	Labels int      `json:"labels"`
	Runs   []labRun `json:"runs"`
	// Playground opens the lesson with the source; Share is the lab's
	// own link with the source.
	Playground string `json:"playground,omitempty"`
	Share      string `json:"share"`
	// ShareError says why Share cannot carry the source (it compresses
	// to more than a link holds); Share is then the lab without it.
	ShareError string `json:"share_error,omitempty"`
}

// labLesson is a lab request resolved: the catalog's lesson, the variant
// whose schedules apply, and the language.
type labLesson struct {
	lesson  *scenarios.Scenario
	variant string
	lang    string
}

// resolveLab finds the request's lesson and variant (by default the
// assignment's, or the lesson's first).
func (lb *Lab) resolve(req labRequest) (labLesson, error) {
	lg := "en"
	if req.Lang == "zh" {
		lg = "zh"
	}
	l, err := lb.lessons.Lookup(req.Lesson)
	if err != nil {
		return labLesson{}, site.BadRequest(site.Phrase{fmt.Sprintf("There is no lesson %q.", req.Lesson), fmt.Sprintf("没有名为 %q 的课程。", req.Lesson)}.In(lg), err)
	}
	v := req.Variant
	switch {
	case v == "" && l.Assignment != nil:
		v = l.Assignment.ReplayVariant(l)
	case v == "":
		v = l.Variants[0]
	case !slices.Contains(l.Variants, v):
		return labLesson{}, site.BadRequest(site.Phrase{fmt.Sprintf("Lesson %s has no variant %q.", l.ID, v), fmt.Sprintf("课程 %s 没有版本 %q。", l.ID, v)}.In(lg), nil)
	}
	return labLesson{lesson: l, variant: v, lang: lg}, nil
}

// labFile is the name a lesson's written primitive goes by in the lab.
func labFile(l *scenarios.Scenario) string { return l.Primitive + ".lsp" }

// compileLab compiles the source, or returns its errors.
func compileLab(ll labLesson, src string) (*lang.Def, []labError) {
	d, err := lang.Compile(labFile(ll.lesson), src)
	if err == nil {
		return d, nil
	}
	var list lang.ErrorList
	if !errors.As(err, &list) {
		return nil, []labError{{Message: err.Error()}}
	}
	out := make([]labError, len(list))
	for i, e := range list {
		out[i] = labError{Line: e.Pos.Line, Col: e.Pos.Col, Message: e.Msg}
	}
	return nil, out
}

// checkLab compiles a lab request's source and replays the lesson's
// schedules with it.
func checkLab(ll labLesson, src string) labCheckReply {
	reply := labCheckReply{Errors: []labError{}, Ops: []string{}, Runs: []labRun{}}
	var err error
	if reply.Share, err = labLink(ll, src); err != nil {
		reply.ShareError = share.SourceMessage(err, ll.lang)
	}
	d, errs := compileLab(ll, src)
	if errs != nil {
		reply.Errors = errs
		return reply
	}
	replays, err := ll.lesson.ReplayWritten(d, ll.variant)
	if err != nil {
		// The lesson does not fit the primitive as a whole (an operation
		// its scripts call and it lacks): said at the primitive's name.
		reply.Errors = []labError{{Line: d.Pos().Line, Col: d.Pos().Col, Message: err.Error()}}
		return reply
	}
	custom, err := customWith(ll, src, replays)
	if err != nil {
		reply.Errors = []labError{{Message: linkMessage(err, ll.lang)}}
		return reply
	}
	reply.OK = true
	reply.Ops = d.Operations()
	reply.Labels = len(d.Labels())
	reply.Playground = playLink(custom, ll, "", nil)
	for _, r := range replays {
		run := labRun{Name: r.Schedule.Name, Title: r.Schedule.Title.In(ll.lang), Expect: string(r.Expect),
			Kind: string(r.Outcome.Kind), LabelsIgnored: r.LabelsIgnored}
		if r.Expect != "" {
			run.ExpectName = words.KindName(r.Expect, ll.lang)
		}
		run.KindName = r.Outcome.Message
		if r.Outcome.Kind != "" {
			run.KindName = words.KindName(r.Outcome.Kind, ll.lang)
		}
		if r.Outcome.Kind != outcome.OK {
			run.Message = words.Outcome(r.Outcome, ll.lang)
		}
		run.Match = r.Expect == "" || r.Expect == r.Outcome.Kind
		zero := 0
		run.Link = playLink(custom, ll, r.Steps.String(), &zero)
		reply.Runs = append(reply.Runs, run)
	}
	return reply
}

// linkMessage says why the lesson with the source cannot travel in a
// link to the playground, which is how the playground gets it.
func linkMessage(err error, lang string) string {
	return site.Phrase{"The primitive cannot be carried to the playground in a link: ",
		"无法用链接把这个原语带到演练场："}.In(lang) + share.SourceMessage(err, lang)
}

// labVariant is the one variant of the lesson a lab's source opens in the
// playground: the source, the reader's own, whatever variant's schedules
// it replays.
const labVariant = "mine"

// customWith is lesson ll with src as its primitive, encoded for a link
// (the src of /lesson/custom): the lesson a lab's source opens in the
// playground. Its one variant, labVariant, has the schedules and expected
// outcomes of the variant the lab replays, each schedule as the source
// follows it (replays, in the lesson's order: by its threads alone when
// the source has its own labels).
func customWith(ll labLesson, src string, replays []scenarios.Replay) (string, error) {
	c := *ll.lesson
	v := ll.variant
	c.ID = playground.CustomLessonID
	c.Source, c.Example = src, ""
	c.Variants = []string{labVariant}
	// The story is told by the lesson's own page; the link carries what
	// runs, and the schedules' titles.
	c.Narrative = scenarios.Paras{EN: []string{c.Summary.EN}, ZH: []string{c.Summary.ZH}}
	c.Schedules = slices.Clone(c.Schedules)
	if len(c.Schedules) > share.MaxLinkSchedules {
		c.Schedules = c.Schedules[:share.MaxLinkSchedules]
	}
	for i := range c.Schedules {
		sc := &c.Schedules[i]
		sc.Captions = nil
		sc.Steps, sc.ByVariant = sc.For(v), nil
		if i < len(replays) && replays[i].LabelsIgnored {
			sc.Steps = replays[i].Steps.String()
		}
		sc.Expect = map[string]outcome.Kind{labVariant: sc.Expect[v]}
	}
	if c.Assignment != nil {
		a := *c.Assignment
		a.Variant = labVariant
		c.Assignment = &a
	}
	return share.LessonSource(&c)
}

// playLink is the playground's link to the custom lesson src, with a
// schedule and a step when given.
func playLink(src string, ll labLesson, schedule string, step *int) string {
	q := url.Values{"src": {src}, "variant": {labVariant}, "lang": {ll.lang}}
	if schedule != "" {
		q.Set("schedule", schedule)
	}
	if step != nil {
		q.Set("step", strconv.Itoa(*step))
	}
	return "/lesson/" + playground.CustomLessonID + "?" + q.Encode()
}

// labLink is the lab's own link to the source on the lesson; without
// the source, and an error, when the source is too large for a link.
func labLink(ll labLesson, src string) (string, error) {
	q := url.Values{"lesson": {ll.lesson.ID}, "variant": {ll.variant}, "lang": {ll.lang}}
	enc, err := share.EncodeText([]byte(src))
	if err == nil {
		q.Set("src", enc)
	}
	return "/lab?" + q.Encode(), err
}

package web

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"time"

	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/words"
)

// The lab is where a primitive is written in Lockstep's language, against
// one of the catalog's lessons. Its page sends the source as it is typed
// to POST /lab/check, which compiles it, replays the lesson's schedules
// with it, and answers with the errors at their line and column, or with
// each schedule's outcome and the links that carry the source: into the
// playground (the lesson, with the source as its primitive) and back to
// the lab. POST /lab/explore runs the explorer: the assignment's grade
// when the lesson has one, otherwise a search for the first bug. Nothing
// is stored: the links carry the source.

// labRequest is what the lab page sends.
type labRequest struct {
	Lang    string `json:"lang"`
	Lesson  string `json:"lesson"`
	Variant string `json:"variant"`
	Source  string `json:"source"`
}

// maxLabBody bounds a lab request: the source and a little more.
const maxLabBody = lang.MaxSource + 4<<10

// labError is one error of the source, at its line and column (0 for an
// error of the primitive as a whole, such as an operation the lesson's
// scripts call and it lacks).
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
	Match      bool   `json:"match"`
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
func (s *Server) resolveLab(req labRequest) (labLesson, error) {
	lg := "en"
	if req.Lang == "zh" {
		lg = "zh"
	}
	l, err := s.catalog.Lookup(req.Lesson)
	if err != nil {
		return labLesson{}, badRequest(phrase{fmt.Sprintf("There is no lesson %q.", req.Lesson), fmt.Sprintf("没有名为 %q 的课程。", req.Lesson)}.in(lg), err)
	}
	v := req.Variant
	switch {
	case v == "" && l.Assignment != nil:
		v = l.Assignment.ReplayVariant(l)
	case v == "":
		v = l.Variants[0]
	case !slices.Contains(l.Variants, v):
		return labLesson{}, badRequest(phrase{fmt.Sprintf("Lesson %s has no variant %q.", l.ID, v), fmt.Sprintf("课程 %s 没有版本 %q。", l.ID, v)}.in(lg), nil)
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
func (s *Server) checkLab(ll labLesson, src string) labCheckReply {
	reply := labCheckReply{Errors: []labError{}, Ops: []string{}, Runs: []labRun{}}
	reply.Share = labLink(ll, src)
	d, errs := compileLab(ll, src)
	if errs != nil {
		reply.Errors = errs
		return reply
	}
	replays, err := ll.lesson.ReplayWritten(d, ll.variant)
	if err != nil {
		reply.Errors = []labError{{Message: err.Error()}}
		return reply
	}
	custom, err := customWith(ll, src)
	if err != nil {
		reply.Errors = []labError{{Message: sourceMessage(err, ll.lang)}}
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
		run.Match = r.Expect == "" || r.Expect == r.Outcome.Kind
		zero := 0
		run.Link = playLink(custom, ll, r.Steps.String(), &zero)
		reply.Runs = append(reply.Runs, run)
	}
	return reply
}

// sourceMessage is err in language lg.
func sourceMessage(err error, lg string) string {
	var se *sourceError
	if errors.As(err, &se) {
		return se.in(lg)
	}
	return err.Error()
}

// customWith is lesson ll with src as its primitive, encoded for a link
// (the src of /lesson/custom): the lesson a lab's source opens in the
// playground. It keeps the one variant whose schedules the lab replays,
// so that the playground offers no switch between variants that would all
// run the same source.
func customWith(ll labLesson, src string) (string, error) {
	c := *ll.lesson
	v := ll.variant
	c.ID = customLessonID
	c.Source, c.Example = src, ""
	c.Variants = []string{v}
	// The story is told by the lesson's own page; the link carries what
	// runs, and the schedules' titles.
	c.Narrative = scenarios.Paras{EN: []string{c.Summary.EN}, ZH: []string{c.Summary.ZH}}
	c.Schedules = slices.Clone(c.Schedules)
	if len(c.Schedules) > maxCustomSchedules {
		c.Schedules = c.Schedules[:maxCustomSchedules]
	}
	for i := range c.Schedules {
		sc := &c.Schedules[i]
		sc.Captions = nil
		sc.Steps, sc.ByVariant = sc.For(v), nil
		sc.Expect = map[string]sim.Kind{v: sc.Expect[v]}
	}
	if c.Assignment != nil {
		a := *c.Assignment
		a.Variant = v
		c.Assignment = &a
	}
	text := encodeLesson(&c)
	if _, err := parseCustom(text); err != nil {
		return "", err
	}
	return encodeSource(text)
}

// playLink is the playground's link to the custom lesson src as variant
// ll.variant, with a schedule and a step when given.
func playLink(src string, ll labLesson, schedule string, step *int) string {
	q := url.Values{"src": {src}, "variant": {ll.variant}, "lang": {ll.lang}}
	if schedule != "" {
		q.Set("schedule", schedule)
	}
	if step != nil {
		q.Set("step", strconv.Itoa(*step))
	}
	return "/lesson/" + customLessonID + "?" + q.Encode()
}

// labLink is the lab's own link to the source on the lesson.
func labLink(ll labLesson, src string) string {
	q := url.Values{"lesson": {ll.lesson.ID}, "variant": {ll.variant}, "lang": {ll.lang}}
	if enc, err := encodeSource([]byte(src)); err == nil {
		q.Set("src", enc)
	}
	return "/lab?" + q.Encode()
}

// labCheck is one search of POST /lab/explore, as the page shows it.
type labCheck struct {
	Params     string `json:"params"`
	Verified   bool   `json:"verified"`
	Executions string `json:"executions"`
	// Kind and the rest describe the first counterexample, when one was
	// found; Link opens it in the playground at its first step.
	Kind        string `json:"kind,omitempty"`
	KindName    string `json:"kind_name,omitempty"`
	Steps       int    `json:"steps,omitempty"`
	Preemptions int    `json:"preemptions,omitempty"`
	Schedule    string `json:"schedule,omitempty"`
	Message     string `json:"message,omitempty"`
	Link        string `json:"link,omitempty"`
}

// labExploreReply answers POST /lab/explore.
type labExploreReply struct {
	Passed     bool       `json:"passed"`
	Assignment bool       `json:"assignment"`
	Checks     []labCheck `json:"checks"`
}

// labSearchTime bounds the searches of one POST /lab/explore.
const labSearchTime = 30 * time.Second

// exploreLab grades the source against the lesson: at the assignment's
// parameter sets, or at the lesson's own. It waits for one of the
// server's search slots.
func (s *Server) exploreLab(ctx context.Context, ll labLesson, d *lang.Def, src string) (labExploreReply, error) {
	select {
	case s.searches <- struct{}{}:
		defer func() { <-s.searches }()
	case <-ctx.Done():
		return labExploreReply{}, ctx.Err()
	}
	ctx, cancel := context.WithTimeout(ctx, labSearchTime)
	defer cancel()
	g, err := ll.lesson.Grade(ctx, d, nil)
	if err != nil {
		return labExploreReply{}, badRequest(err.Error(), err)
	}
	custom, err := customWith(ll, src)
	if err != nil {
		return labExploreReply{}, badRequest(sourceMessage(err, ll.lang), err)
	}
	reply := labExploreReply{Passed: g.Passed, Assignment: ll.lesson.Assignment != nil, Checks: []labCheck{}}
	for _, c := range g.Checks {
		lc := labCheck{Params: params(c.Params), Verified: c.Passed(), Executions: executions(c.Result.Executions)}
		if len(c.Result.Counterexamples) > 0 {
			ce := c.Result.Counterexamples[0]
			zero := 0
			at := ll
			lc.Kind, lc.KindName = string(ce.Kind), words.KindName(ce.Kind, ll.lang)
			lc.Steps, lc.Preemptions = ce.Steps, ce.Preemptions
			lc.Schedule, lc.Message = ce.Schedule.String(), words.Outcome(ce.Outcome, ll.lang)
			lc.Link = playLinkParams(custom, at, lc.Schedule, &zero, c.Params)
		}
		reply.Checks = append(reply.Checks, lc)
	}
	return reply, nil
}

// playLinkParams is playLink with the lesson's parameters set.
func playLinkParams(src string, ll labLesson, schedule string, step *int, ps map[string]int) string {
	link := playLink(src, ll, schedule, step)
	q := url.Values{}
	for k, v := range ps {
		q.Set(k, strconv.Itoa(v))
	}
	if len(q) == 0 {
		return link
	}
	return link + "&" + q.Encode()
}

// params shows parameters as "waiters=2 workers=2".
func params(ps map[string]int) string {
	keys := make([]string, 0, len(ps))
	for k := range ps {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	out := ""
	for i, k := range keys {
		if i > 0 {
			out += " "
		}
		out += k + "=" + strconv.Itoa(ps[k])
	}
	return out
}

// executions shows an execution count, held at the top of int64.
func executions(n int64) string {
	if n == 1<<63-1 {
		return "more than 9.2e18"
	}
	return strconv.FormatInt(n, 10)
}

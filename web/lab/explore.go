package lab

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"time"

	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim/words"
	"lockstep/web/playground/searchqueue"
	"lockstep/web/site"
)

// POST /lab/explore: the explorer on the source, the grade of the
// lesson's assignment, or a search for the first bug of a lesson without
// one; the answer is each search's verdict, and a counterexample's link
// into the playground.

// labCheck is one search of POST /lab/explore, as the page shows it.
type labCheck struct {
	Params   string `json:"params"`
	Verified bool   `json:"verified"`
	// Verdict says what the search found, as the playground's explorer
	// says it (words.Verdict), after the parameters.
	Verdict string `json:"verdict"`
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
	Passed     bool `json:"passed"`
	Assignment bool `json:"assignment"`
	// Found says a search found a bug; a reply that neither passed nor
	// found one had a search that did not finish.
	Found  bool       `json:"found"`
	Checks []labCheck `json:"checks"`
}

// Bounds on one POST /lab/explore. The answer must be written before the
// server's write timeout (30 s, main.go) cuts it off: the wait for a
// search slot and the searches together take at most RequestTime, and
// the searches at most labSearchTime of it.
const (
	RequestTime   = 25 * time.Second
	labSearchTime = 20 * time.Second
)

// explore grades the source against the lesson: at the assignment's
// parameter sets, or at the lesson's own. It waits for one of the
// server's search slots.
func (lb *Lab) explore(ctx context.Context, client site.Client, ll labLesson, d *lang.Def, src string) (labExploreReply, error) {
	ctx, stop := context.WithTimeout(ctx, lb.requestTime)
	defer stop()
	release, err := lb.slot(ctx, client)
	if errors.Is(err, searchqueue.ErrQueued) {
		return labExploreReply{}, &site.Error{Status: http.StatusTooManyRequests, Err: err,
			Msg: site.Phrase{"You already have a search running or waiting, in this tab or another: wait for its result.", "你已有一个搜索正在运行或排队（在这个标签页或另一个）：请等待它的结果。"}.In(ll.lang)}
	}
	if err != nil {
		return labExploreReply{}, &site.Error{Status: http.StatusServiceUnavailable, Err: err,
			Msg: site.Phrase{"The server is busy with other searches; try again in a moment.", "服务器正忙于其他搜索，请稍后再试。"}.In(ll.lang)}
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, lb.searchTime)
	defer cancel()
	g, err := ll.lesson.Grade(ctx, d, nil)
	if err != nil {
		return labExploreReply{}, site.BadRequest(err.Error(), err)
	}
	if n := len(g.Checks); n > 0 && ctx.Err() == context.DeadlineExceeded && g.Checks[n-1].Result.Stopped == "canceled" {
		g.Checks[n-1].Result.Stopped = words.TimeLimit
	}
	replays, err := ll.lesson.ReplayWritten(d, ll.variant)
	if err != nil {
		return labExploreReply{}, site.BadRequest(err.Error(), err)
	}
	custom, err := customWith(ll, src, replays)
	if err != nil {
		return labExploreReply{}, site.BadRequest(linkMessage(err, ll.lang), err)
	}
	return lb.exploreReply(ll, g, custom), nil
}

// exploreReply is what the page is told of grade g of a source; custom
// is the source's lesson for the playground's links (see customWith).
func (lb *Lab) exploreReply(ll labLesson, g scenarios.Grade, custom string) labExploreReply {
	bounds := words.SearchBounds{MaxStates: scenarios.MaxVerifyStates, TimeLimitSeconds: int(lb.searchTime.Seconds())}
	sep := map[string]string{"en": ": ", "zh": "："}[ll.lang]
	reply := labExploreReply{Passed: g.Passed, Assignment: ll.lesson.Assignment != nil, Checks: []labCheck{}}
	for _, c := range g.Checks {
		lc := labCheck{Params: params(c.Params), Verified: c.Passed()}
		lc.Verdict = lc.Params + sep + words.Verdict(c.Result, nil, "", bounds, ll.lang)
		if len(c.Result.Counterexamples) > 0 {
			ce := c.Result.Counterexamples[0]
			zero := 0
			at := ll
			lc.Kind, lc.KindName = string(ce.Kind), words.KindName(ce.Kind, ll.lang)
			lc.Steps, lc.Preemptions = ce.Steps, ce.Preemptions
			lc.Schedule, lc.Message = ce.Schedule.String(), words.Outcome(ce.Outcome, ll.lang)
			lc.Link = playLinkParams(custom, at, lc.Schedule, &zero, c.Params)
			reply.Found = true
		}
		reply.Checks = append(reply.Checks, lc)
	}
	return reply
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

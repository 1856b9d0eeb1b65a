package web_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestLectureInBrowser runs a lecture's classroom tools in two browser
// contexts: the lesson's title in both headers, the student's timeline
// equal to the presenter's history, a value poll whose question does not
// say its answer, the split hidden from students until the reveal, poll
// cards that cover nothing and go once the presenter moves on, and a
// lesson picked in the room that the student follows and that a reload
// of the presenter's page keeps.
func TestLectureInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	code, token := openRoom(t, b.base, "wg-lost-wakeup")
	pres := b.open(t, "/room/"+code+"/present?lesson=wg-lost-wakeup&token="+url.QueryEscape(token))
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
	stu := b.open(t, "/room/"+code, chromedp.WithNewBrowserContext())
	stu.wait(`document.querySelector('#room').dataset.following === "true"`)
	for _, p := range []*page{pres, stu} {
		if got := p.text(`#room-lesson`); got != "The lost wakeup" {
			t.Errorf("the header names the lesson %q; want The lost wakeup", got)
		}
	}

	// The student's timeline is the presenter's history: no future
	// filled in.
	timeline := `[document.querySelector('#timeline .pos').textContent, document.querySelectorAll('#timeline .ticks li').length].join("|")`
	for i := range 3 {
		pres.click(`button.thread[data-thread="W1"]`)
		pres.waitPosition(i + 1)
		stu.waitPosition(i + 1)
		stu.wait(timeline + ` === ` + jsString(pres.evalString(timeline)))
	}

	// A value poll about done()'s decrement: its question does not show
	// the "-1" beside the count on screen.
	pres.click(`#room-ask button[data-kind="value"][data-thread="D1"]`)
	stu.wait(`document.querySelectorAll('#room-poll button.option').length >= 2`)
	q := stu.text(`#room-poll .question`)
	if !strings.Contains(q, "wg.m_count") || strings.Contains(q, "-1") || strings.Contains(q, "+1") {
		t.Errorf("the value poll asks %q; want the cell, and not the step's operand", q)
	}
	pres.settle()
	stu.settle()
	checkRoomLayout(t, pres, stu)
	pres.shot("lecture-presenter-poll-1280")
	stu.shot("lecture-student-poll-1280")

	right := stu.evalString(`String([...document.querySelectorAll('#room-poll button.option .label')].findIndex((l) => l.textContent === "0"))`)
	stu.click(`#room-poll button.option[data-option="` + right + `"]`)
	pres.wait(`document.querySelector('#room-poll').dataset.votes === "1"`)
	pres.wait(`document.querySelector('#room-poll .option[data-option="` + right + `"] .count').textContent === "1"`)
	// The student sees that a vote was counted, not the split.
	stu.wait(`document.querySelector('#room-poll').dataset.votes === "1"`)
	if got := stu.evalString(`[...document.querySelectorAll('#room-poll .count')].map((c) => c.textContent).join("")`); got != "" {
		t.Errorf("the student sees counts %q before the reveal; want none", got)
	}

	pres.click(`#room-poll button.reveal`)
	pres.waitPosition(4)
	stu.waitPosition(4)
	stu.wait(`document.querySelector('#room-poll').dataset.state === "revealed"`)
	if got := stu.text(`#room-poll .summary`); !strings.Contains(got, "The answer: 0.") || !strings.Contains(got, "You were right.") {
		t.Errorf("the student's result %q; want the answer and that the vote was right", got)
	}
	if got := stu.text(`#room-poll .option[data-option="` + right + `"] .count`); got != "1 · 100%" {
		t.Errorf("the student's split %q; want 1 · 100%%", got)
	}
	stu.shot("lecture-student-revealed-1280")

	// The presenter moves on: the cards go.
	pres.click(`button.thread[data-thread="W1"]`)
	pres.waitPosition(5)
	for _, p := range []*page{pres, stu} {
		p.wait(`document.querySelector('#room-poll').hidden`)
	}

	// The header's Room button shuts the presenter's column, giving its
	// room to the playground, and opens it again.
	wide := `document.querySelector('#app').getBoundingClientRect().width`
	narrow := pres.evalString(`String(` + wide + `)`)
	pres.click(`#room-drawer`)
	pres.wait(`document.querySelector('#room').getBoundingClientRect().width === 0 && ` + wide + ` > ` + narrow)
	pres.click(`#room-drawer`)
	pres.wait(`document.querySelector('#room').getBoundingClientRect().width > 0 && ` + wide + ` == ` + narrow)

	// The presenter picks another lesson and variant in the room; the
	// student follows.
	pres.do(chromedp.SetValue(chromedp.CSS(`#room-pick select[name="lesson"]`), "event-basic"))
	pres.eval(`document.querySelector('#room-pick select[name="lesson"]').dispatchEvent(new Event("change")) || true`)
	pres.do(chromedp.SetValue(chromedp.CSS(`#room-pick select[name="variant"]`), "fixed"))
	pres.click(`#room-pick button[type="submit"]`)
	for _, p := range []*page{pres, stu} {
		p.wait(`document.querySelector('#app').dataset.variant === "fixed" && document.querySelector('#room-lesson').textContent !== "The lost wakeup"`)
		p.waitPosition(0)
	}
	title := pres.text(`#room-lesson`)
	if got := stu.text(`#room-lesson`); got != title {
		t.Errorf("the student's header names %q, the presenter's %q", got, title)
	}
	pres.click(`button.thread:not(:disabled)`)
	pres.waitPosition(1)
	stu.waitPosition(1)

	// A reload of the presenter's page comes back to the room's lesson,
	// variant and step.
	pres.do(chromedp.Reload())
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true" && document.querySelector('#app').dataset.position === "1"`)
	if got := pres.text(`#room-lesson`); got != title || pres.evalString(`document.querySelector('#app').dataset.variant`) != "fixed" {
		t.Errorf("after a reload the presenter shows %q; want %q, variant fixed", got, title)
	}
	if got := pres.evalString(`document.querySelector('#room-pick select[name="lesson"]').value`); got != "event-basic" {
		t.Errorf("after a reload the picker shows %q; want event-basic", got)
	}
	b.checkErrors(t)
}

// checkRoomLayout checks the room pages with a poll open: the poll
// overlaps none of the playground's panels and is not cut off, and the
// presenter's reveal and close buttons are above the fold.
func checkRoomLayout(t *testing.T, pres, stu *page) {
	t.Helper()
	withPoll := append([]string{"room-poll"}, panels...)
	pres.checkLayoutOf(withPoll)
	stu.checkLayoutOf(withPoll)
	for _, css := range []string{"#room-poll button.reveal", "#room-close", "#room-poll .option:last-child"} {
		if !pres.eval(`(() => { const r = document.querySelector("` + css + `").getBoundingClientRect(); return r.height > 0 && r.bottom <= innerHeight; })()`) {
			t.Errorf("the presenter's %s is below the fold", css)
		}
	}
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	return "`" + strings.NewReplacer("\\", "\\\\", "`", "\\`", "$", "\\$").Replace(s) + "`"
}

// TestLectureScreens takes the classroom's pictures in English and
// Chinese at 1280x720 and 1920x1080, presenter and student, with a poll
// open and after its reveal, and checks at each size that the poll
// covers nothing and that the presenter's buttons are above the fold.
func TestLectureScreens(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	for _, lang := range []string{"en", "zh"} {
		code, token := openRoom(t, b.base, "wg-lost-wakeup")
		pres := b.open(t, "/room/"+code+"/present?lesson=wg-lost-wakeup&lang="+lang+"&token="+url.QueryEscape(token))
		pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
		stu := b.open(t, "/room/"+code+"?lang="+lang, chromedp.WithNewBrowserContext())
		stu.wait(`document.querySelector('#room').dataset.following === "true"`)
		for i, th := range []string{"W1", "W1", "W1", "W1"} {
			pres.click(`button.thread[data-thread="` + th + `"]`)
			stu.waitPosition(i + 1)
		}
		pres.click(`#room-ask button[data-kind="thread"]`)
		stu.wait(`document.querySelectorAll('#room-poll button.option').length === 2`)
		stu.click(`#room-poll button.option[data-option="0"]`)
		pres.wait(`document.querySelector('#room-poll').dataset.votes === "1"`)
		for _, size := range [][2]int64{{1280, 720}, {1920, 1080}} {
			for _, p := range []*page{pres, stu} {
				p.do(chromedp.EmulateViewport(size[0], size[1]))
			}
			checkRoomLayout(t, pres, stu)
			// The presenter's stage and code beside the room's column are
			// as legible as on a lesson page in presentation mode.
			pres.checkTextSize("document", map[int64]float64{1280: 14, 1920: 18}[size[0]])
			name := fmt.Sprintf("%s-%d", lang, size[0])
			pres.shot("lecture-presenter-poll-" + name)
			stu.shot("lecture-student-poll-" + name)
		}
		pres.click(`#room-poll button.reveal`)
		stu.wait(`document.querySelector('#room-poll').dataset.state === "revealed"`)
		stu.waitPosition(5)
		pres.checkLayoutOf(append([]string{"room-poll"}, panels...))
		stu.checkLayoutOf(append([]string{"room-poll"}, panels...))
		pres.shot("lecture-presenter-revealed-" + lang + "-1920")
		stu.shot("lecture-student-revealed-" + lang + "-1920")

		// Eight threads that can move: the poll's eight options, the
		// reveal and "Close the room" still fit at 1280x720.
		for _, p := range []*page{pres, stu} {
			p.do(chromedp.EmulateViewport(1280, 720))
		}
		pres.eval(`import("/static/app.js").then((m) => m.watch(() => {}).send("load", {lesson: "wg-lost-wakeup", params: {waiters: 7, workers: 1}})) && true`)
		pres.wait(`document.querySelectorAll('button.thread').length >= 1 && document.querySelector('#room-ask button[data-kind="thread"]') !== null`)
		stu.wait(`document.querySelector('#app').dataset.position === "0" && document.querySelector('#room-poll').hidden`)
		pres.click(`#room-ask button[data-kind="thread"]`)
		stu.wait(`document.querySelectorAll('#room-poll button.option').length === 8`)
		checkRoomLayout(t, pres, stu)
		pres.shot("lecture-presenter-poll8-" + lang + "-1280")
		stu.shot("lecture-student-poll8-" + lang + "-1280")
	}
	b.checkErrors(t)
}

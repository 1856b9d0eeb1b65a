package web_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestRoomChallengeInBrowser plays a lesson's challenge with a room, in
// browser contexts of their own: the presenter starts it, the student's
// page shows the goal and plays it on its own, a hint the presenter
// reveals shows on the student's page, the presenter's count goes up
// when the student reaches the goal and survives a reload of the
// presenter's page, a student who joins late gets the challenge, and
// ending it on the winning run takes every page back to following it.
func TestRoomChallengeInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	code, token := openRoom(t, b.base, "wg-lost-wakeup")
	present := "/room/" + code + "/present?lesson=wg-lost-wakeup&token=" + url.QueryEscape(token)
	pres := b.open(t, present)
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
	stu := b.open(t, "/room/"+code, chromedp.WithNewBrowserContext())
	stu.wait(`document.querySelector('#room').dataset.following === "true"`)
	pres.wait(`document.querySelector('#room-roster').dataset.students === "1"`)
	pres.click(`button.thread[data-thread="W1"]`)
	stu.waitPosition(1)

	pres.press(`#room-challenge button[data-action="room-challenge"]`)
	pres.wait(`document.querySelector('#room-challenge').dataset.state === "open"`)
	pres.waitPosition(0)
	if got := pres.text(`#room-challenge .goal`); !strings.Contains(got, "Make W1 sleep forever") {
		t.Errorf("presenter's goal %q", got)
	}
	// Before a hint is revealed the panel prints no placeholder for it.
	if got := pres.text(`#room-challenge`); strings.Contains(got, "null") || strings.Contains(got, "undefined") {
		t.Errorf("the presenter's challenge panel reads %q", got)
	}
	stu.wait(`document.querySelector('#room').dataset.mode === "challenge"`)
	stu.wait(`document.querySelector('[data-testid="challenge-goal"]')`)
	stu.waitPosition(0)
	if got := stu.text(`[data-testid="challenge-goal"]`); !strings.Contains(got, "Make W1 sleep forever") {
		t.Errorf("student's goal %q", got)
	}
	if !stu.eval(`getComputedStyle(document.querySelector('#room-toggle')).display === "none"`) {
		t.Error("the student's page offers to explore on its own during the challenge")
	}
	pres.press(`#room-challenge button[data-action="room-hint"]`)
	stu.wait(`document.querySelectorAll('[data-testid="hints"] li').length === 1`)
	pres.wait(`document.querySelectorAll('[data-testid="room-challenge-hints"] li').length === 1`)
	pres.wait(`document.querySelector('#room-challenge button[data-action="room-hint"]').textContent.includes("2 of 3")`)
	checkFits(t, pres, "#room-challenge")
	checkFits(t, stu, `[data-testid="challenge"]`)
	pres.shot("room-challenge-presenter-1280")
	stu.shot("room-challenge-student-1280")

	// The student is the scheduler: its steps are its own, and the
	// presenter's page stays where it is. The steps are pressed through
	// the page: the room's bar may still change as the challenge's events
	// arrive (its count line appears under the roster), and a click at
	// the coordinates a button had a moment before can miss it.
	for i, th := range challengeGoal {
		stu.press(`button.thread[data-thread="` + th + `"]`)
		stu.waitPosition(i + 1)
	}
	stu.wait(`document.querySelector('[data-testid="challenge-status"]').dataset.state === "reached"`)
	pres.wait(`document.querySelector('[data-testid="room-challenge-count"]').dataset.reached === "1"`)
	if got := pres.text(`[data-testid="room-challenge-count"]`); !strings.Contains(got, "1 of 1 reached the goal") {
		t.Errorf("presenter's count %q", got)
	}
	if !pres.eval(`document.querySelector('#app').dataset.position === "0"`) {
		t.Error("the student's steps moved the presenter's page")
	}
	stu.wait(`document.querySelector('[data-testid="room-challenge-count"]').textContent.includes("1 of the room")`)
	pres.shot("room-challenge-presenter-reached-1280")
	stu.shot("room-challenge-student-reached-1280")

	// A reload of the presenter's page keeps the challenge and its count;
	// a student who joins now plays it too.
	pres.do(chromedp.Navigate(b.base + "/room/" + code + "/present?lang=zh"))
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
	pres.wait(`document.querySelector('[data-testid="room-challenge-count"]') && document.querySelector('[data-testid="room-challenge-count"]').dataset.reached === "1"`)
	pres.wait(`document.querySelector('#room-challenge .goal')`)
	if got := pres.text(`[data-testid="room-challenge-count"]`); !strings.Contains(got, "1 人中 1 人达到了目标") {
		t.Errorf("presenter's count after the reload, in Chinese: %q", got)
	}
	checkFits(t, pres, "#room-challenge")
	pres.shot("room-challenge-presenter-zh-1280")
	late := b.open(t, "/room/"+code+"?lang=zh", chromedp.WithNewBrowserContext())
	late.wait(`document.querySelector('[data-testid="challenge-goal"]')`)
	late.wait(`document.querySelectorAll('[data-testid="hints"] li').length === 1`)
	if got := late.text(`[data-testid="challenge-goal"]`); !strings.Contains(got, "W1") || !strings.Contains(late.text(`#room-follow`), "调度器") {
		t.Errorf("late student's goal %q and status %q, want them in Chinese", got, late.text(`#room-follow`))
	}
	checkFits(t, late, `[data-testid="challenge"]`)
	late.shot("room-challenge-student-zh-1280")
	for _, p := range []*page{pres, late} {
		p.do(chromedp.EmulateViewport(1920, 1080))
	}
	pres.wait(`innerWidth === 1920`)
	pres.shot("room-challenge-presenter-zh-1920")
	late.shot("room-challenge-student-zh-1920")

	// Ending on the winning run: every page follows the presenter there.
	pres.press(`#room-challenge button[data-action="room-show-win"]`)
	pres.waitPosition(len(challengeGoal))
	pres.wait(`document.querySelector('#room-challenge').dataset.state === "idle"`)
	for _, p := range []*page{stu, late} {
		p.wait(`document.querySelector('#room').dataset.mode === "" && document.querySelector('#room').dataset.following === "true"`)
		p.wait(`!document.querySelector('[data-testid="challenge"]')`)
		p.waitPosition(len(challengeGoal))
	}
	if !stu.eval(fmt.Sprintf(`document.querySelector('#app').dataset.schedule === %q`, pres.evalString(`document.querySelector('#app').dataset.schedule`))) {
		t.Error("the student's page does not show the presenter's run after the challenge")
	}
	b.checkErrors(t)
}

// checkFits fails unless the element css names is whole on the page's
// screen and covers neither the stage, the code nor the narration.
func checkFits(t *testing.T, p *page, css string) {
	t.Helper()
	js := `(() => {
		const r = document.querySelector(` + "`" + css + "`" + `).getBoundingClientRect();
		if (r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5) return "off the screen: " + JSON.stringify(r);
		for (const id of ["stage", "code", "narration"]) {
			const e = document.getElementById(id);
			if (!e) continue;
			const o = e.getBoundingClientRect();
			if (o.width && o.height && r.left < o.right && o.left < r.right && r.top < o.bottom && o.top < r.bottom) return "over #" + id;
		}
		return "";
	})()`
	if got := p.evalString(js); got != "" {
		t.Errorf("%s %s", css, got)
	}
}

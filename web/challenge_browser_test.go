package web_test

import (
	"strings"
	"testing"
)

// challengeBudget bounds the page once the challenge is open: the page's
// budget and the challenge's own code (25.8 KB of modules and styles),
// loaded when it is opened.
const challengeBudget = pageBudget + 26<<10

// challengeGoal is the order of threads that loses W1's wakeup in
// wg-lost-wakeup, as a student would click it.
var challengeGoal = []string{"W1", "W1", "W1", "W1", "W1", "D1", "D1", "W1"}

// TestChallengeInBrowser plays wg-lost-wakeup as a challenge, as a
// student would: the goal, the hints one at a time, "Find the bug" hidden
// until asked, the goal reached by the student's own clicks, the mark on
// the catalog, then the fix proved with Verify.
func TestChallengeInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.open(t, "/lesson/wg-lost-wakeup?lang=en")
	// The challenge's code is loaded when it is opened, not before.
	p.checkWeight()
	if p.eval(`performance.getEntriesByType("resource").some((e) => /challenge\.js|tools\.css|edit\.js/.test(e.name))`) {
		t.Error("the page loaded a tool's code before it was opened")
	}
	p.click(`#controls button[data-action="challenge"]`)
	p.wait(`document.querySelector('[data-testid="challenge-goal"]')`)
	p.checkBudget(challengeBudget)
	if got := p.text(`[data-testid="challenge-goal"]`); !strings.Contains(got, "Make W1 sleep forever") {
		t.Errorf("goal %q; want W1 to sleep forever", got)
	}
	if !p.eval(`new URLSearchParams(location.search).get("challenge") === "1"`) {
		t.Error("the address does not keep challenge=1")
	}
	// Find the bug and the named interleavings give the answer away.
	if p.eval(`!!document.querySelector('#controls button.find').offsetParent`) {
		t.Error("Find the bug shows in a challenge before it is asked for")
	}
	if p.eval(`!!document.querySelector('#controls .group.sched').offsetParent`) {
		t.Error("the lesson's interleavings show in a challenge")
	}
	p.checkLayoutOf(append(panels, "tools"))
	p.shot("challenge-0-goal-1280")

	// Hints: one at a time, three at most.
	for n := 1; n <= 3; n++ {
		p.press(`[data-testid="challenge"] button[data-action="hint"]`)
		p.wait(`document.querySelectorAll('[data-testid="hints"] li').length === ` + string(rune('0'+n)))
	}
	if !p.eval(`document.querySelector('[data-testid="challenge"] button[data-action="hint"]').disabled`) {
		t.Error("the hint button still works after three hints")
	}
	if got := p.text(`[data-testid="hints"] li:nth-child(3)`); !strings.Contains(got, "W1×5 → D1×2 → W1") {
		t.Errorf("the third hint %q; want the order of threads", got)
	}

	// The student's clicks reach the goal; the engine says so.
	for i, th := range challengeGoal {
		p.press(`button.thread[data-thread="` + th + `"]`)
		p.waitPosition(i + 1)
	}
	p.wait(`document.querySelector('[data-testid="challenge-status"]').dataset.state === "reached"`)
	if got := p.text(`[data-testid="challenge-status"]`); !strings.Contains(got, "Goal reached at step 8") {
		t.Errorf("status %q; want the goal reached at step 8", got)
	}
	if p.eval(`document.querySelectorAll('[data-testid="hints"] li').length > 0 || !!document.querySelector('[data-testid="challenge"] button[data-action="hint"]')`) {
		t.Error("the hints still show once the goal is reached")
	}
	p.shot("challenge-1-reached-1280")
	if !p.eval(`JSON.parse(localStorage.getItem("lockstep.challenges"))["wg-lost-wakeup"] === "goal"`) {
		t.Error("the browser does not remember the goal reached")
	}

	// Prove the fix: the fixed variant, then Verify.
	p.press(`[data-testid="challenge"] button[data-action="prove-fix"]`)
	p.wait(`document.querySelector('[data-testid="challenge"]').dataset.phase === "fix"`)
	p.wait(`document.querySelector('#controls button.find[data-strategy="exhaustive"]') && !!document.querySelector('#controls button.find').offsetParent`)
	p.press(`#controls button.find[data-strategy="exhaustive"]`)
	p.wait(`document.querySelector('[data-testid="challenge-status"]').dataset.state === "held"`)
	if got := p.text(`[data-testid="challenge-status"]`); !strings.Contains(got, "The fix held") {
		t.Errorf("status %q; want the fix held", got)
	}
	p.shot("challenge-2-fix-held-1280")

	// The catalog marks it done, fix proved.
	c := b.tab(t, "/?lang=en", viewportH)
	c.wait(`document.querySelector('[data-challenge="wg-lost-wakeup"][data-done="fix"]')`)
	if got := c.text(`[data-challenge="wg-lost-wakeup"]`); !strings.Contains(got, "fix proved") {
		t.Errorf("the catalog says %q; want the challenge done, fix proved", got)
	}
	if c.eval(`!!document.querySelector('[data-challenge="wg-uaf"][data-done]')`) {
		t.Error("the catalog marks a challenge not played")
	}
	if n := c.evalString(`String(document.querySelectorAll('[data-testid="challenge-mark"]').length)`); n == "0" {
		t.Error("the catalog marks no lesson as a challenge")
	}
	if href := c.evalString(`document.querySelector('[data-challenge="wg-uaf"]').getAttribute("href")`); href != "/lesson/wg-uaf?challenge=1&lang=en" {
		t.Errorf("the catalog's challenge link %q; want the lesson with challenge=1", href)
	}
	c.shot("challenge-3-catalog")
	b.checkErrors(t)
}

// TestChallengeUnreachableInBrowser steps W1 onto the stack before done()
// runs, from where no execution loses it: the page says the goal cannot
// be reached from here, and, after going back, no longer says it.
func TestChallengeUnreachableInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.open(t, "/lesson/wg-lost-wakeup?lang=en&challenge=1")
	p.wait(`document.querySelector('[data-testid="challenge-goal"]')`)
	for i := range 6 {
		p.press(`button.thread[data-thread="W1"]`)
		p.waitPosition(i + 1)
	}
	p.wait(`document.querySelector('[data-testid="challenge-status"]').dataset.state === "gone"`)
	if got := p.text(`[data-testid="challenge-status"]`); !strings.Contains(got, "cannot be reached from here") || strings.Contains(got, "(0 states)") {
		t.Errorf("status %q; want cannot be reached from here, and no count of 0 states", got)
	}
	p.shot("challenge-4-gone-1280")
	p.click(`#controls button[data-action="back"]`)
	p.waitPosition(5)
	p.wait(`document.querySelector('[data-testid="challenge-status"]').dataset.state === "play"`)
	// Asked for, Find the bug comes back.
	p.press(`[data-testid="challenge"] button[data-action="show-find"]`)
	p.wait(`!!document.querySelector('#controls button.find').offsetParent`)
	b.checkErrors(t)
}

// TestChallengeScreensInBrowser takes the challenge and the editor at
// both screen sizes in English and Chinese, for a person to look at, and
// checks that the panels keep their places.
func TestChallengeScreensInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	for _, sc := range screens {
		for _, lang := range []string{"en", "zh"} {
			t.Run(sc.name+"/"+lang, func(t *testing.T) {
				p := b.openAt(t, "/lesson/wg-uaf?lang="+lang+"&challenge=1&edit=1", sc.w, sc.h)
				p.wait(`document.querySelector('[data-testid="challenge-goal"]') && document.querySelector('[data-testid="edit"]')`)
				p.press(`[data-testid="challenge"] button[data-action="hint"]`)
				p.wait(`document.querySelectorAll('[data-testid="hints"] li').length === 1`)
				want := map[string]string{"en": "done() (D1)", "zh": "让 done()（D1）"}[lang]
				if got := p.text(`[data-testid="challenge-goal"]`); !strings.Contains(got, want) {
					t.Errorf("goal %q; want %q", got, want)
				}
				if !p.eval(`document.querySelector('[data-testid="edit"]').hasAttribute("data-collapsed")`) {
					t.Errorf("a link with challenge=1 and edit=1: the editor is in use; want the challenge")
				}
				p.checkLayoutOf(append(panels, "tools"))
				p.shot("challenge-screen-" + sc.name + "-" + lang)
				// A click in the folded editor makes it the one in use: its
				// parameters keep within its panel.
				p.click(`[data-testid="edit"] textarea`)
				p.wait(`!document.querySelector('[data-testid="edit"]').hasAttribute("data-collapsed")`)
				p.checkLayoutOf(append(panels, "tools"))
				p.shot("challenge-screen-editor-" + sc.name + "-" + lang)
			})
		}
	}
	b.checkErrors(t)
}

// press clicks the element css names once it is there, through the page:
// a tool's panel redraws its buttons with each state, and a click through
// the browser's protocol may name a node just replaced.
func (p *page) press(css string) {
	p.t.Helper()
	p.wait(`!!document.querySelector('` + css + `')`)
	p.eval(`(() => { document.querySelector('` + css + `').click(); return true; })()`)
}

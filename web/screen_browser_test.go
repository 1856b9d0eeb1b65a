package web_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"lockstep/scenarios"
	"lockstep/sim/outcome"
)

// TestEveryLessonOnOneScreenInBrowser walks the whole catalog at 1280x720
// and 1920x1080, in English and Chinese, normal and in presentation mode.
// A load opens at one size in one mode and goes to the other mode through
// the presentation button: with LOCKSTEP_LONG=1 (as continuous
// integration runs it) one load for each variant of each lesson, at
// least one in each language, which then goes to the other size (a
// projector's resolution, full screen) in both modes; else one load per
// lesson, its language, size, mode and variant going round from one
// lesson to the next. On each page it
// measures, in one evaluation, that the objects, every thread's lane, the
// code and the verdict show without scrolling any panel and that no panel
// overlaps another (screenProblems): as opened; after Find the bug (on a
// variant the lesson calls buggy, once per lesson); with the schedule's
// tool panel open; in the other mode; and, with LOCKSTEP_LONG=1, at the
// other size in that mode and in the first.
func TestEveryLessonOnOneScreenInBrowser(t *testing.T) {
	t.Parallel()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t)
	b.still = true
	t.Cleanup(func() { b.checkErrors(t) }) // after the loads, which run in parallel
	langs := []string{"en", "zh"}
	type load struct {
		si, li, variant int
		present         bool // opened in presentation mode
		find            bool // press Find the bug
	}
	for ci, l := range cat.All() {
		// By default one load, its language, size and mode going round
		// the eight from one lesson to the next and its variant round the
		// lesson's variants; with LOCKSTEP_LONG a load for each variant,
		// and at least one in each language.
		loads := []load{{(ci / 2) % 2, ci % len(langs), ci % len(l.Variants), (ci/4)%2 == 1, false}}
		if longChecks() {
			loads = nil
			for j := range max(len(langs), len(l.Variants)) {
				loads = append(loads, load{(ci + j/len(langs)) % 2, (ci + j) % len(langs), j % len(l.Variants), (ci/2+j)%2 == 1, false})
			}
		}
		for j := range loads {
			if buggy(l, l.Variants[loads[j].variant]) {
				loads[j].find = true
				break
			}
		}
		for _, ld := range loads {
			sc, other, lang, variant, find := screens[ld.si], screens[1-ld.si], langs[ld.li], l.Variants[ld.variant], ld.find
			name := fmt.Sprintf("%s/%s/%s/%s", l.ID, sc.name, variant, lang)
			if ld.present {
				name += "/present"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				q := url.Values{"variant": {variant}, "lang": {lang}}
				if ld.present {
					q.Set("present", "1")
				}
				// A browser has one search at a time, in all its
				// tabs: a load that searches is a browser of its
				// own, as a student's is, or a search of another
				// load running beside it would refuse it.
				var opts []chromedp.ContextOption
				if find {
					opts = append(opts, chromedp.WithNewBrowserContext())
				}
				p := b.openAt(t, "/lesson/"+l.ID+"?"+q.Encode(), sc.w, sc.h, opts...)
				// least is the verdict's least text size: in presentation
				// mode a room must read it from the back.
				least := func(size string, present bool) float64 {
					if !present {
						return 0
					}
					return map[string]float64{"1280x720": 14, "1920x1080": 18}[size]
				}
				p.checkScreen("opened", least(sc.name, ld.present))
				if find {
					if !p.eval(`document.querySelector('#controls button[data-action="explore"]')?.dataset.strategy === "preemption"`) {
						t.Fatal("the lesson calls this variant buggy, and the page offers no Find the bug")
					}
					p.click(`#controls button[data-action="explore"]`)
					// The search ends with a result, or with an
					// error the status line shows.
					p.waitUpTo(`document.querySelector('#controls .explore').dataset.state === "done" || !!document.querySelector('#controls .status.error')`, searchLimit)
					if p.eval(`!!document.querySelector('#controls .status.error')`) {
						t.Fatalf("Find the bug failed: %s", p.text(`#controls .status`))
					}
					p.click(`#controls button[data-action="end"]`)
					p.wait(`!document.querySelector('#verdict').hidden`)
					p.checkScreen("after Find the bug", least(sc.name, ld.present))
					if worst[l.ID] {
						p.shot(strings.NewReplacer("/", "-").Replace("screen-" + name))
					}
				}
				p.click(`#controls button[data-action="edit"]`)
				p.wait(`document.querySelector('#tools .tool-panel')`)
				p.checkScreen("with the schedule's panel open", least(sc.name, ld.present))
				present := func(on bool) {
					p.click(`#controls button[data-action="present"]`)
					p.wait(fmt.Sprintf(`document.documentElement.classList.contains('present') === %t`, on))
				}
				present(!ld.present)
				p.checkScreen("after the presentation button", least(sc.name, !ld.present))
				if !longChecks() {
					return
				}
				p.do(chromedp.EmulateViewport(other.w, other.h))
				p.wait(fmt.Sprintf(`innerWidth === %d`, other.w))
				p.checkScreen("at "+other.name, least(other.name, !ld.present))
				present(ld.present)
				p.checkScreen("at "+other.name+", after the presentation button again", least(other.name, ld.present))
			})
		}
	}
}

// TestLongVerdictGrows finds the data race of event-dropped-task's
// engine-fixed variant presenting at 1280x720: its message and the
// search's line do not fit the verdict's box even in the smallest type, so
// the box grows into the stage's row, and every word shows.
func TestLongVerdictGrows(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	p := b.openAt(t, "/lesson/event-dropped-task?variant=engine-fixed&lang=en&present=1", 1280, 720)
	p.click(`#controls button[data-action="explore"]`)
	p.waitUpTo(`document.querySelector('#controls .explore').dataset.state === "done"`, searchLimit)
	p.click(`#controls button[data-action="end"]`)
	p.wait(`!document.querySelector('#verdict').hidden`)
	p.checkScreen("after Find the bug", 14)
	// Were this verdict to fit its box, the test would no longer show the
	// growing: it needs another that does not.
	if grown := p.evalString(`document.getElementById("app").style.getPropertyValue("--verdict-h")`); grown == "" {
		t.Error("the verdict's box did not grow; pick a verdict too long for it")
	}
	b.checkErrors(t)
}

// buggy reports whether lesson l expects some schedule of variant to go
// wrong: its page offers Find the bug, not Verify.
func buggy(l *scenarios.Scenario, variant string) bool {
	for _, sc := range l.Schedules {
		if k, ok := sc.Expect[variant]; ok && k != outcome.OK {
			return true
		}
	}
	return false
}

// searchLimit bounds the wait for Find the bug's search, on a machine
// that may be busy.
const searchLimit = 2 * time.Minute

// worst are the lessons whose screenshots the walk keeps: the most
// objects, the most words, the most threads.
var worst = map[string]bool{"channel-basic": true, "cv-lost-notify": true, "wg-lost-wakeup": true}

// checkScreen fails the test, naming when, for everything screenProblems
// finds; least is the verdict's smallest text size, 0 for none.
func (p *page) checkScreen(when string, least float64) {
	p.t.Helper()
	p.settle()
	var bad []string
	if err := json.Unmarshal([]byte(p.evalString(fmt.Sprintf(screenProblems, least))), &bad); err != nil {
		p.t.Fatal(err)
	}
	for _, b := range bad {
		p.t.Errorf("%s: %s", when, b)
	}
}

// screenProblems is a JavaScript expression, of the verdict's least text
// size (%%g), that lists what a class would not see on the page: a panel
// cut off by the window, overlapping another or hiding its words; a stage
// that scrolls, an object or lane outside it, a thread without a lane; a
// code column too narrow to read or whose thread's line (the next one,
// else where it waits, else the one that ran) is out of its view;
// controls outside their row or on top of each other; a truncated title.
const screenProblems = `(() => {
	const bad = [];
	const least = %g;
	const inside = (r, o, slack = 0.5) => r.left >= o.left - slack && r.top >= o.top - slack && r.right <= o.right + slack && r.bottom <= o.bottom + slack;
	const overlap = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
	const win = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
	// An open tool takes the narration's place (tools.css).
	const tooled = document.getElementById("app").classList.contains("tooled");
	const ids = ["controls", "threads", "tools", "stage", "code", tooled ? "" : "narration", "verdict", "timeline"].filter(Boolean);
	const rs = [];
	for (const id of ids) {
		const el = document.getElementById(id);
		if (!el) { if (id !== "tools") bad.push(id + " is missing"); continue; }
		const r = el.getBoundingClientRect();
		rs.push([id, r]);
		if (r.width < 24 || r.height < 24) bad.push(id + " is empty: " + Math.round(r.width) + "x" + Math.round(r.height));
		if (!inside(r, win)) bad.push(id + " is cut off by the window: " + JSON.stringify(r));
		const cs = getComputedStyle(el);
		const scrolls = (o) => o === "auto" || o === "scroll";
		if (!scrolls(cs.overflowY) && el.scrollHeight > el.clientHeight + 1) bad.push(id + " hides " + (el.scrollHeight - el.clientHeight) + "px of its height");
	}
	for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) if (overlap(rs[i][1], rs[j][1])) bad.push(rs[i][0] + " overlaps " + rs[j][0]);
	for (const id of ["stage", tooled ? "" : "narration", "verdict"].filter(Boolean)) {
		const el = document.getElementById(id);
		if (el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1) bad.push(id + " needs scrolling: " + el.scrollWidth + "x" + el.scrollHeight + " in " + el.clientWidth + "x" + el.clientHeight);
	}
	const stage = document.getElementById("stage").getBoundingClientRect();
	const objects = document.querySelectorAll("#stage .object");
	if (!objects.length) bad.push("the stage draws no object");
	for (const o of objects) if (!inside(o.getBoundingClientRect(), stage, 1)) bad.push("object " + o.querySelector("text").textContent + " is outside the stage");
	const laned = new Set();
	for (const l of document.querySelectorAll("#stage .lane")) {
		(l.dataset.threads || "").split(" ").forEach((n) => laned.add(n));
		if (!inside(l.getBoundingClientRect(), stage, 1)) bad.push("lane " + l.dataset.threads + " is outside the stage");
	}
	for (const b of document.querySelectorAll("#threads button.thread")) for (const n of b.dataset.threads.split(" ")) if (!laned.has(n)) bad.push("thread " + n + " has no lane");
	const cols = document.querySelectorAll("#code .col");
	if (!cols.length) bad.push("the code shows no column");
	for (const c of cols) {
		const r = c.getBoundingClientRect();
		if (r.width < 120 || r.height < 60) bad.push("code column " + c.dataset.threads + " is " + Math.round(r.width) + "x" + Math.round(r.height));
		const mark = c.querySelector(".aline.next") || c.querySelector(".aline.held") || c.querySelector(".aline.ran");
		// A line taller than its column (a Go statement on one label)
		// shows from its start.
		const m = mark && mark.getBoundingClientRect();
		if (m && (m.top < r.top - 1 || m.top + Math.min(m.height, 24) > r.bottom + 1 || m.left < r.left - 1 || m.right > r.right + 1)) bad.push("code column " + c.dataset.threads + " has its marked line out of view");
	}
	if (least) {
		const walk = document.createTreeWalker(document.getElementById("verdict"), NodeFilter.SHOW_TEXT);
		while (walk.nextNode()) {
			const el = walk.currentNode.parentElement;
			const r = el.getBoundingClientRect();
			if (!walk.currentNode.textContent.trim() || r.width < 2 || el.closest(".sr-only")) continue;
			const px = parseFloat(getComputedStyle(el).fontSize);
			if (px < least - 0.05) { bad.push("verdict text " + px.toFixed(1) + "px < " + least + "px: " + walk.currentNode.textContent.trim().slice(0, 40)); break; }
		}
	}
	const row = document.getElementById("controls").getBoundingClientRect();
	const ctl = [...document.querySelectorAll("#controls button, #controls select, #controls input, #controls label")].filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== "hidden");
	for (const c of ctl) {
		const r = c.getBoundingClientRect();
		if (!inside(r, row, 1)) bad.push("control " + (c.dataset.action || c.className || c.tagName) + " is outside the controls row");
		if (r.width < (c.type === "checkbox" ? 12 : 20)) bad.push("control " + (c.dataset.action || c.className || c.tagName) + " is squeezed to " + Math.round(r.width) + "px");
	}
	for (let i = 0; i < ctl.length; i++) for (let j = i + 1; j < ctl.length; j++) {
		if (ctl[i].contains(ctl[j]) || ctl[j].contains(ctl[i])) continue;
		if (overlap(ctl[i].getBoundingClientRect(), ctl[j].getBoundingClientRect())) bad.push("control " + (ctl[i].dataset.action || ctl[i].className) + " overlaps " + (ctl[j].dataset.action || ctl[j].className));
	}
	const h1 = document.querySelector(".lesson-head h1");
	if (h1 && h1.scrollWidth > h1.clientWidth + 1) bad.push("the title is truncated: " + h1.textContent);
	return JSON.stringify(bad);
})()`

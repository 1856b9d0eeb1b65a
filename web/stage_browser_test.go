package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// The classroom tests: the playground must stay legible with 1 to 16
// threads, on a 1280x720 projector and a 1920x1080 screen, and in
// presentation mode its texts must be large enough to read from the back
// of a room.

// screens are the sizes the playground is checked at.
var screens = []struct {
	name string
	w, h int64
}{
	{"1280x720", 1280, 720},
	{"1920x1080", 1920, 1080},
}

// panels are the playground's main panels.
var panels = []string{"controls", "threads", "stage", "code", "narration", "verdict", "timeline"}

// TestLayoutInBrowser opens wg-lost-wakeup with 2, 6 and 13 threads at
// both sizes, normal and in presentation mode, and checks that the main
// panels do not overlap, that none is cut off by the window, that the
// stage shows its whole picture, and that no panel moves when the verdict
// appears.
func TestLayoutInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	t.Cleanup(func() { b.checkErrors(t) }) // after the subtests, which run in parallel
	lessons := []struct {
		threads int
		query   string
		end     bool // run to the verdict
	}{
		{2, "schedule=lost&step=0", true},
		{6, "waiters=3&workers=3", true},
		{13, "waiters=6&workers=7", true},
		// Six waiters parked on the stack, none like another: thirteen
		// threads in eight lanes, linked by m_next.
		{13, "waiters=6&workers=7&schedule=" + parkAll, false},
	}
	for _, sc := range screens {
		for _, l := range lessons {
			for _, present := range []bool{false, true} {
				name := fmt.Sprintf("%s/%d threads", sc.name, l.threads)
				if strings.Contains(l.query, "schedule=W") {
					name += " parked"
				}
				path := "/lesson/wg-lost-wakeup?" + l.query
				if present {
					name += "/present"
					path += "&present=1"
				}
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					p := b.openAt(t, path, sc.w, sc.h)
					before := p.panelRects()
					p.checkLayout()
					if l.end {
						p.runToEnd()
						p.checkLayout()
						if after := p.panelRects(); after != before {
							t.Errorf("the panels moved when the verdict came:\n before %s\n after  %s", before, after)
						}
					}
					p.shot(strings.NewReplacer("/", "-", " ", "-").Replace("layout-" + name))
				})
			}
		}
	}
}

// TestTextSizeInBrowser measures the rendered size of every text on the
// stage and in the code: at least 14 CSS pixels on a 1280x720 window and
// 18 on a 1920x1080 one, in presentation mode, in the embed view, and in a
// docs page's live stepper at their default sizes.
func TestTextSizeInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	t.Cleanup(func() { b.checkErrors(t) }) // after the subtests, which run in parallel
	least := map[string]float64{"1280x720": 14, "1920x1080": 18}
	for _, sc := range screens {
		want := least[sc.name]
		t.Run(sc.name+"/present", func(t *testing.T) {
			t.Parallel()
			for _, q := range []string{"", "&waiters=6&workers=7"} {
				p := b.openAt(t, "/lesson/wg-lost-wakeup?schedule=lost&step=8&present=1"+q, sc.w, sc.h)
				p.checkTextSize("document", want)
			}
			p := b.openAt(t, "/lesson/mutex-handoff?present=1&schedule=arrive-during-unlock&step=14", sc.w, sc.h)
			if p.eval(`!!document.querySelector('.notice')`) {
				t.Errorf("mutex-handoff opened with a notice: %s", p.text(".notice"))
			}
			p.checkTextSize("document", want)
		})
		t.Run(sc.name+"/embed", func(t *testing.T) {
			t.Parallel()
			p := b.openAt(t, "/embed/wg-lost-wakeup?schedule=lost&step=7", sc.w, sc.h)
			p.checkTextSize("document", want)
		})
		t.Run(sc.name+"/docs", func(t *testing.T) {
			t.Parallel()
			p := b.tabAt(t, "/docs/b5-lost-wakeup", sc.w, sc.h)
			p.wait(`(() => { const f = document.querySelector('.docs-embed iframe'); return f && f.contentDocument && f.contentDocument.querySelector('#app.ready[data-position]'); })()`)
			p.checkTextSize(`document.querySelector('.docs-embed iframe').contentDocument`, want)
			// The stepper's stage shows its whole picture in the frame.
			if got := p.evalString(`(() => { const st = document.querySelector('.docs-embed iframe').contentDocument.getElementById('stage'); return st.scrollHeight > st.clientHeight + 1 ? st.scrollHeight + " in " + st.clientHeight : ""; })()`); got != "" {
				t.Errorf("the docs stepper's stage needs scrolling: %s", got)
			}
		})
	}
}

// parkAll is a schedule of wg-lost-wakeup with six waiters: each runs
// wait() until it parks, W6's node on top of the stack.
const parkAll = "W1*6%20W2*6%20W3*6%20W4*6%20W5*6%20W6*6"

// TestGroupsInBrowser checks that interchangeable threads at the same
// point share one button, one code column and one lane, that a group
// expands on demand, and that threads whose nodes hold different links
// stand alone.
func TestGroupsInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	p := b.openAt(t, "/lesson/wg-lost-wakeup?waiters=6&workers=7", 1280, 720)
	labels := `Array.from(document.querySelectorAll('#threads button.thread')).map((b) => b.dataset.threads).join(" | ")`
	if got, want := p.evalString(labels), "W1 W2 W3 W4 W5 W6 | D1 D2 D3 D4 D5 D6 D7"; got != want {
		t.Errorf("thread buttons %q; want %q", got, want)
	}
	if got := p.evalString(`Array.from(document.querySelectorAll('#stage .lane')).map((l) => l.dataset.threads).join(" | ")`); got != "W1 W2 W3 W4 W5 W6 | D1 D2 D3 D4 D5 D6 D7" {
		t.Errorf("lanes %q; want one per group", got)
	}
	if got := p.evalString(`Array.from(document.querySelectorAll('#code .col-head')).map((h) => h.textContent).join(" | ")`); !strings.Contains(got, "W1–W6") || !strings.Contains(got, "D1–D7") {
		t.Errorf("code columns %q; want one for W1–W6 and one for D1–D7", got)
	}
	p.click(`#threads button.expand[data-group="W"]`)
	p.wait(`document.querySelectorAll('#threads button.thread').length === 7`)
	if got := p.evalString(labels); got != "W1 | W2 | W3 | W4 | W5 | W6 | D1 D2 D3 D4 D5 D6 D7" {
		t.Errorf("expanded, the thread buttons are %q", got)
	}
	// Shown one by one, the thirteen threads have thirteen shapes: no two
	// are told apart by colour alone.
	p.click(`#threads button.expand[data-group="D"]`)
	p.wait(`document.querySelectorAll('#threads button.thread').length === 13`)
	if n := p.evalString(`String(new Set(Array.from(document.querySelectorAll('#threads button.thread .markers path')).map((m) => m.getAttribute("d"))).size)`); n != "13" {
		t.Errorf("13 threads have %s marker shapes; want 13", n)
	}
	// Woken into their run queues, W3 and W4 stand at the same point, but
	// W4's node links to W3's: they are not alike.
	p = b.openAt(t, "/lesson/wg-lost-wakeup?waiters=4&workers=1&schedule=W1*6%20W2*6%20W3*6%20W4*6%20D1*6", 1280, 720)
	if got := p.evalString(labels); got != "W1 | W2 | W3 | W4 | D1" {
		t.Errorf("thread buttons %q; want W3 and W4 apart", got)
	}
	p.checkLayout()
	b.checkErrors(t)
}

// TestAlgorithmInBrowser checks the algorithm view at the lost wakeup's
// step 7: W1's column marks its next step, G6, and D1's the step that just
// ran, D2, in C++ as the label tables write it; the Go port marks the same
// two steps in the Go source; the fixed variant's algorithm is a tab.
func TestAlgorithmInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	p := b.openAt(t, "/lesson/wg-lost-wakeup?schedule=lost&step=7", 1280, 720)
	marked := `JSON.stringify(Array.from(document.querySelectorAll('#code .col')).map((c) => [c.dataset.threads, Array.from(c.querySelectorAll('.aline.next, .aline.ran')).map((l) => l.className.replace('aline ', '') + " " + l.dataset.label)]))`
	if got, want := p.evalString(marked), `[["W1",["next G6"]],["D1",["ran D2"]]]`; got != want {
		t.Errorf("marked lines %s; want %s", got, want)
	}
	if got := p.text(`#code .col[data-threads="W1"] .aline[data-label="G3"] .cpp`); got != "if (m_count.load(acquire) == 0) return false;" {
		t.Errorf("W1's G3 reads %q; want the C++ of the label table", got)
	}
	p.click(`#code button[data-tab="go"]`)
	p.wait(`!document.querySelector('#code [data-panel="go"]').hidden`)
	if got := p.text(`#code .line.next`); !strings.Contains(got, "m.CompareAndSwap(wg.state") {
		t.Errorf("the Go port's next line is %q; want G6's CompareAndSwap", got)
	}
	if got := p.text(`#code .line.ran`); !strings.Contains(got, "m.Exchange(wg.state, Null") {
		t.Errorf("the Go port's line that ran is %q; want D2's Exchange", got)
	}
	p.click(`#code button[data-tab="v:fixed"]`)
	p.wait(`!document.querySelector('#code [data-panel="other"]').hidden && document.querySelector('#code [data-panel="other"] .aline')`)
	if got := p.text(`#code [data-panel="other"]`); !strings.Contains(got, "fixed") || !strings.Contains(got, "wait()") {
		t.Errorf("the fixed tab reads %q; want the fixed variant's wait()", got)
	}
	b.checkErrors(t)
}

// TestDrawingInBrowser checks what the stage draws of a waiter stack and
// of its wakeups: the stack's m_next arrows do not run down one line; a
// run queue holds the handles queued on it; done()'s head, once it took
// the stack, is an arrow into what is left of it.
func TestDrawingInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.openAt(t, "/lesson/wg-lost-wakeup?waiters=4&workers=1&schedule=W1*6%20W2*6%20W3*6%20W4*6", 1280, 720)
	// The links W4 -> W3 -> W2 -> W1 between lanes one above the other.
	bends := p.evalString(`JSON.stringify(Array.from(document.querySelectorAll('#stage path.ptr.next')).map((a) => Number(a.getAttribute("d").split(/[MC ]+/)[3])))`)
	var xs []float64
	if err := json.Unmarshal([]byte(bends), &xs); err != nil || len(xs) != 3 {
		t.Fatalf("m_next arrows bend at %s; want 3 arrows", bends)
	}
	if xs[0] == xs[1] || xs[1] == xs[2] {
		t.Errorf("consecutive m_next arrows bend at the same x: %v", xs)
	}
	// Without a preference for reduced motion (the other tests' still),
	// frames and arrows move by transitions.
	moving := `["#stage .frame", "#stage path.arrow"].every((css) => getComputedStyle(document.querySelector(css)).transitionDuration.split(",").some((d) => parseFloat(d) > 0))`
	if !p.eval(moving) {
		t.Error("the stage's frames and arrows have no transition")
	}
	// D1 takes the stack and wakes W4 and W3: they wait in their run
	// queues, and D1's head points at W2.
	p = b.openAt(t, "/lesson/wg-lost-wakeup?waiters=4&workers=1&schedule=W1*6%20W2*6%20W3*6%20W4*6%20D1*6", 1280, 720)
	for _, w := range []string{"W3", "W4"} {
		if got := p.text(`#stage .queue[data-queue="` + w + `"] .handle-name`); got != w {
			t.Errorf("%s's run queue holds %q; want its handle", w, got)
		}
	}
	if got := p.evalString(`(document.querySelector('#stage path.ptr.local') || {dataset: {}}).dataset.to || ""`); got != "W2.awaiter" {
		t.Errorf("D1's head points at %q; want W2.awaiter", got)
	}
	b.checkErrors(t)
}

// TestCompareInBrowser opens the lost wakeup at its last step with the
// fixed variant beside it: each side has its own verdict, they step
// together, and the panels keep to their places.
func TestCompareInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	t.Cleanup(func() { b.checkErrors(t) }) // after the subtests, which run in parallel
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			p := b.openAt(t, "/lesson/wg-lost-wakeup?schedule=lost&step=8&compare=1", sc.w, sc.h)
			p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
			p.wait(`document.querySelector('#cmp-verdict[data-kind="ok"]:not([hidden])')`)
			if got := p.text(".cmp-title"); got != "fixed" {
				t.Errorf("the pane beside is titled %q; want fixed", got)
			}
			p.checkLayoutOf([]string{"controls", "threads", "stage", "narration", "verdict", "timeline", "cmp", "cmp-verdict", "cmp-narration"}, "code")
			p.shot("compare-" + sc.name)
			// One step back on the page, the fixed run stands at the same
			// step of its spelling of the schedule (7 of its 9), before its
			// end, with no verdict yet.
			p.click(`#controls button[data-action="back"]`)
			p.waitPosition(7)
			p.wait(`document.querySelector('#cmp-verdict').hidden && document.querySelector('#cmp-narration').textContent.includes("Step 7")`)
			// Back at the start, both stand at step 0.
			p.click(`#controls button[data-action="start"]`)
			p.waitPosition(0)
			p.wait(`document.querySelector('#cmp-verdict').hidden && !document.querySelector('#cmp-narration').textContent.includes("Step ")`)
			p.click(`#controls button[data-action="compare"]`)
			p.wait(`!document.querySelector('#cmp') && getComputedStyle(document.querySelector('#code')).display !== "none"`)
		})
	}
}

// TestViewControlsInBrowser presses A+ (remembered in the browser, so a
// page opened later has the larger type), the presentation button (which
// the address keeps) and full screen.
func TestViewControlsInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.openAt(t, "/lesson/wg-lost-wakeup?schedule=lost&step=8", 1280, 720)
	size := `parseFloat(getComputedStyle(document.querySelector('#narration')).fontSize)`
	before := p.evalString(`String(` + size + `)`)
	p.click(`#controls button[data-action="bigger"]`)
	p.wait(`document.documentElement.style.getPropertyValue('--fs') === "1.1" && localStorage.getItem('lockstep.fontScale') === "1.1"`)
	if after := p.evalString(`String(` + size + `)`); after == before {
		t.Errorf("A+ left the narration at %spx", after)
	}
	q := b.openAt(t, "/lesson/wg-lost-wakeup", 1280, 720)
	q.wait(`document.documentElement.style.getPropertyValue('--fs') === "1.1"`)
	q.click(`#controls button[data-action="smaller"]`)
	q.wait(`!document.documentElement.style.getPropertyValue('--fs') && localStorage.getItem('lockstep.fontScale') === "1"`)

	q.click(`#controls button[data-action="present"]`)
	q.wait(`document.documentElement.classList.contains('present') && new URLSearchParams(location.search).get('present') === "1"`)
	q.click(`#controls button[data-action="fullscreen"]`)
	q.wait(`document.fullscreenElement === document.documentElement`)
	q.click(`#controls button[data-action="fullscreen"]`)
	q.wait(`document.fullscreenElement === null`)
	b.checkErrors(t)
}

// TestGlossaryInBrowser opens the lost wakeup's verdict: its bug code
// opens a popover that explains it, in the page's language, with a link to
// the docs page about it; the outcome's "?" explains the outcome kind.
func TestGlossaryInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	for _, l := range []struct{ lang, word string }{{"en", "lost wakeup"}, {"zh", "丢失的唤醒"}} {
		p := b.openAt(t, "/lesson/wg-lost-wakeup?schedule=lost&step=8&lang="+l.lang, 1280, 720)
		p.click(`#verdict button.term[data-term="B5"]`)
		p.wait(`document.querySelector('.glossary[data-term="B5"]')`)
		if got := p.text(`.glossary[data-term="B5"]`); !strings.Contains(got, l.word) {
			t.Errorf("%s: B5's entry reads %q; want it to name the %s", l.lang, got, l.word)
		}
		if got := p.evalString(`document.querySelector('.glossary[data-term="B5"] a').getAttribute('href')`); got != "/docs/b5-lost-wakeup?lang="+l.lang {
			t.Errorf("%s: B5's entry links to %q; want its docs page", l.lang, got)
		}
		p.click(`#verdict button.term[data-term="lost-wakeup"]`)
		p.wait(`document.querySelector('.glossary[data-term="lost-wakeup"]') && !document.querySelector('.glossary[data-term="B5"]')`)
	}
	b.checkErrors(t)
}

// TestObjectsFlowInBrowser opens the channel, whose primitive is four
// objects (a mutex, two condition variables, the ring) and shared data:
// they flow in rows, none overlapping another, and at 1920x1080 the
// threads' lanes below them show without scrolling the stage.
func TestObjectsFlowInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	t.Cleanup(func() { b.checkErrors(t) }) // after the subtests, which run in parallel
	for _, sc := range screens {
		t.Run(sc.name, func(t *testing.T) {
			t.Parallel()
			p := b.openAt(t, "/lesson/channel-basic?schedule=producer-ahead&step=30", sc.w, sc.h)
			p.wait(`document.querySelectorAll('#stage g.object').length >= 4`)
			boxes := `[...document.querySelectorAll('#stage g.object > rect:first-child')].map((r) => r.getBoundingClientRect())`
			if !p.eval(`(() => { const b = ` + boxes + `;
				return b.every((r, i) => b.every((q, j) => i === j || r.right <= q.left || q.right <= r.left || r.bottom <= q.top || q.bottom <= r.top)); })()`) {
				t.Errorf("two of the channel's objects overlap")
			}
			if !p.eval(`(() => { const b = ` + boxes + `; return b.some((r, i) => i > 0 && Math.abs(r.top - b[i-1].top) < 1); })()`) {
				t.Errorf("the channel's objects stack in one column; want two side by side")
			}
			if sc.name == "1920x1080" && !p.eval(`(() => { const s = document.querySelector('#stage');
				const lanes = document.querySelector('#stage g.lanes').getBoundingClientRect();
				return lanes.height > 0 && lanes.bottom <= s.getBoundingClientRect().bottom + 1; })()`) {
				t.Errorf("the threads' lanes are below the stage's fold")
			}
			p.shot("objects-flow-" + sc.name)
		})
	}
}

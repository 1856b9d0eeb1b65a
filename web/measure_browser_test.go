package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// The measures of the classroom tests (stage_browser_test.go): where the
// panels are, whether one overlaps another or hides its content, and how
// large the texts render.

// openAt opens path in a new tab of size w x h and waits for the first
// state, as open does.
func (b *browser) openAt(t *testing.T, path string, w, h int64, opts ...chromedp.ContextOption) *page {
	t.Helper()
	p := b.tabAt(t, path, w, h, opts...)
	p.wait(`document.querySelector('#app.ready') && document.querySelector('#app').dataset.position !== undefined && document.querySelector('#stage svg[width]')`)
	p.settle()
	return p
}

// tabAt opens path in a new tab of size w x h; opts configure the tab's
// context, as for open.
func (b *browser) tabAt(t *testing.T, path string, w, h int64, opts ...chromedp.ContextOption) *page {
	t.Helper()
	p := b.tab(t, path, h, opts...)
	p.do(chromedp.EmulateViewport(w, h))
	return p
}

// runToEnd goes to the end of the history, then steps the first thread
// that can move until the run is over and the verdict is shown. It does
// so in one evaluation on the page, which presses each button and waits
// for the step's redraw there: a run of a hundred steps is then one round
// trip to the browser, not a few hundred.
func (p *page) runToEnd() {
	p.t.Helper()
	js := fmt.Sprintf(`(async () => {
		const pause = () => new Promise((ok) => setTimeout(ok, 5));
		for (let i = 0; i < 300; i++) {
			if (!document.querySelector('#verdict').hidden) return "";
			const pos = document.querySelector('#app').dataset.position;
			const end = document.querySelector('#controls button[data-action="end"]');
			const next = end && !end.disabled ? end : document.querySelector('button.thread:not(:disabled)');
			if (!next) return "no thread can move at position " + pos + ", and no verdict";
			next.click();
			for (const t0 = Date.now(); document.querySelector('#app').dataset.position === pos; await pause()) {
				if (Date.now() - t0 > %d) return "the page stayed at position " + pos;
			}
		}
		return "the run did not end within 300 steps";
	})()`, waitLimit.Milliseconds())
	ctx, cancel := context.WithTimeout(p.ctx, 10*waitLimit)
	defer cancel()
	why, err := chromedp.Run(ctx, chromedp.Evaluate[string](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatal(err)
	}
	if why != "" {
		p.t.Fatal(why)
	}
}

// settle waits for the page's animations and its redraw after a resize.
func (p *page) settle() {
	p.t.Helper()
	p.wait(`new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(document.getAnimations().every((a) => a.playState !== "running")))))`)
}

// panelRects is where the main panels are, as text.
func (p *page) panelRects() string {
	p.t.Helper()
	p.settle()
	return p.evalString(`JSON.stringify(` + jsList(panels) + `.map((id) => { const el = document.getElementById(id); if (!el) return null; const r = el.getBoundingClientRect(); return [id, Math.round(r.left), Math.round(r.top), Math.round(r.width), Math.round(r.height)]; }))`)
}

// checkLayout fails the test for every panel that overlaps another, is
// cut off by the window or is empty, for content a panel hides without a
// way to scroll to it, and for a stage that does not show its whole
// picture.
func (p *page) checkLayout() {
	p.t.Helper()
	p.checkLayoutOf(panels)
}

// checkLayoutOf checks the panels ids as checkLayout does; the hidden ones
// must not show. While a tool is open it has the narration's place
// (tools.css): the narration is then left out.
func (p *page) checkLayoutOf(ids []string, hidden ...string) {
	p.t.Helper()
	p.settle()
	if p.eval(`document.getElementById("app")?.classList.contains("tooled") && !document.getElementById("app").classList.contains("comparing")`) {
		ids = slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == "narration" })
	}
	for _, id := range hidden {
		if !p.eval(`(() => { const el = document.getElementById("` + id + `"); return !el || el.getBoundingClientRect().width === 0; })()`) {
			p.t.Errorf("%s shows; want it hidden", id)
		}
	}
	js := `(() => {
		const ids = ` + jsList(ids) + `;
		const bad = [];
		const rs = [];
		for (const id of ids) {
			const el = document.getElementById(id);
			if (!el) { bad.push(id + " is missing"); continue; }
			const r = el.getBoundingClientRect();
			rs.push([id, r]);
			if (r.width < 24 || r.height < 24) bad.push(id + " is empty: " + r.width + "x" + r.height);
			if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5) bad.push(id + " is cut off by the window: " + JSON.stringify(r));
			const cs = getComputedStyle(el);
			const scrolls = (o) => o === "auto" || o === "scroll";
			if (!scrolls(cs.overflowX) && el.scrollWidth > el.clientWidth + 1) bad.push(id + " hides " + (el.scrollWidth - el.clientWidth) + "px of its width");
			if (!scrolls(cs.overflowY) && el.scrollHeight > el.clientHeight + 1) bad.push(id + " hides " + (el.scrollHeight - el.clientHeight) + "px of its height");
		}
		// The narration and the verdict scroll, but their words must show
		// whole: a room cannot scroll them.
		for (const id of ["narration", "verdict", "cmp-narration", "cmp-verdict"]) {
			const el = ids.includes(id) && document.getElementById(id);
			if (el && el.scrollHeight > el.clientHeight + 1) bad.push(id + " cuts off " + (el.scrollHeight - el.clientHeight) + "px of its words");
		}
		for (let i = 0; i < rs.length; i++) for (let j = i + 1; j < rs.length; j++) {
			const [a, ra] = rs[i], [b, rb] = rs[j];
			const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
			const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
			if (w > 0.5 && h > 0.5) bad.push(a + " overlaps " + b);
		}
		for (const st of [document.getElementById("stage"), document.getElementById("cmp-stage")]) {
			if (st && (st.scrollHeight > st.clientHeight + 1 || st.scrollWidth > st.clientWidth + 1)) bad.push(st.id + " needs scrolling: " + st.scrollWidth + "x" + st.scrollHeight + " in " + st.clientWidth + "x" + st.clientHeight);
		}
		return JSON.stringify(bad);
	})()`
	var bad []string
	if err := json.Unmarshal([]byte(p.evalString(js)), &bad); err != nil {
		p.t.Fatal(err)
	}
	for _, b := range bad {
		p.t.Error(b)
	}
}

// checkTextSize fails the test when a text on the stage or in the code of
// the document doc (a JavaScript expression) renders smaller than least
// CSS pixels: an SVG text's font size times the scale it is drawn at, an
// HTML text's font size. Hidden and screen-reader-only texts do not count.
func (p *page) checkTextSize(doc string, least float64) {
	p.t.Helper()
	p.settle()
	js := `(() => {
		const doc = ` + doc + `;
		const win = doc.defaultView;
		const seen = (el) => { const r = el.getBoundingClientRect(); return r.width > 2 && r.height > 2 && win.getComputedStyle(el).visibility !== "hidden"; };
		const out = [];
		let n = 0;
		for (const id of ["stage", "code"]) {
			const root = doc.getElementById(id);
			if (!root || !seen(root)) continue;
			for (const t of root.querySelectorAll("svg text")) {
				if (!t.textContent.trim() || !seen(t)) continue;
				const m = t.getScreenCTM();
				out.push([parseFloat(win.getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b), id + " " + t.textContent.trim().slice(0, 30)]);
			}
			const walk = doc.createTreeWalker(root, win.NodeFilter.SHOW_TEXT);
			while (walk.nextNode()) {
				const el = walk.currentNode.parentElement;
				if (!walk.currentNode.textContent.trim() || el.closest("svg") || !seen(el)) continue;
				out.push([parseFloat(win.getComputedStyle(el).fontSize), id + " " + walk.currentNode.textContent.trim().slice(0, 30)]);
			}
		}
		out.sort((a, b) => a[0] - b[0]);
		return JSON.stringify({count: out.length, smallest: out.slice(0, 3)});
	})()`
	var got struct {
		Count    int
		Smallest [][2]any
	}
	if err := json.Unmarshal([]byte(p.evalString(js)), &got); err != nil {
		p.t.Fatal(err)
	}
	if got.Count < 20 {
		p.t.Fatalf("measured %d texts; want the stage's and the code's", got.Count)
	}
	if px := got.Smallest[0][0].(float64); px < least-0.05 {
		p.t.Errorf("smallest texts %v; want at least %gpx", got.Smallest, least)
	}
}

// jsList writes names as a JavaScript array.
func jsList(names []string) string {
	return `["` + strings.Join(names, `","`) + `"]`
}

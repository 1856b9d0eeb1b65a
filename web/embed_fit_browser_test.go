package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"lockstep/templates"
)

// TestEmbedShowsTheLanes frames the embed view as its embed code does
// (100% wide, as high as templates.EmbedHeightOf says) in a page of
// another origin, across a 1280 px page and in a 760 px column with each
// choice of panels, and across a 1920 px page: every thread's lane lies
// inside the stage and the stage inside the frame, so a reader sees them
// all without scrolling; no button's text is cut off (clippedButtonsJS);
// the code and the timeline are there exactly when the panels ask for
// them. Without LOCKSTEP_LONG=1, the other lessons than the two with the
// most lanes and objects are framed only across the 1280 px page, in
// English.
func TestEmbedShowsTheLanes(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	t.Cleanup(func() { b.checkErrors(t) }) // after the subtests, which run in parallel
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!DOCTYPE html><html lang="en"><title>A course page</title>
<body style="margin:0; font: 16px sans-serif"><div style="width: %s; margin: 0 auto">
<h1>A course page</h1>
<iframe id="embed" title="Lockstep" width="100%%" height="%s" style="border:0" src="%s%s"></iframe></div>`,
			r.URL.Query().Get("width"), r.URL.Query().Get("height"), b.base, r.URL.Query().Get("src"))
	}))
	t.Cleanup(host.Close)
	// The lessons with the most lanes, and the first of the catalog.
	lessons := []string{"wg-lost-wakeup", "channel-basic", "cv-lost-notify", "when-all-cross-thread", "mutex-handoff"}
	for _, width := range []string{"1280px", "760px", "1920px"} {
		for _, panels := range []string{"", "stage", "code", "all"} {
			for _, lesson := range lessons {
				if panels != "" && lesson != "channel-basic" && lesson != "wg-lost-wakeup" {
					continue
				}
				// On a 1920 screen, the lesson with the most objects.
				if width == "1920px" && (panels != "" || lesson != "channel-basic") {
					continue
				}
				most := lesson == "channel-basic" || lesson == "wg-lost-wakeup"
				if !longChecks() && !most && width != "1280px" {
					continue
				}
				langs := []string{"en"}
				if panels == "" && (longChecks() || most) {
					langs = append(langs, "zh")
				}
				for _, lang := range langs {
					name := fmt.Sprintf("%s/%s/%s/panels=%s", width, lesson, lang, panels)
					t.Run(name, func(t *testing.T) {
						t.Parallel()
						src := "/embed/" + lesson + "?lang=" + lang
						if panels != "" {
							src += "&panels=" + panels
						}
						p := b.openFramed(t, host.URL+"/?width="+width+"&height="+strconv.Itoa(templates.EmbedHeightOf(panels))+"&src="+url.QueryEscape(src))
						if width == "1920px" {
							p.do(chromedp.EmulateViewport(1920, 1080))
						}
						frame := p.iframe("#embed")
						p.waitIn(frame, `#app.ready[data-position] #stage .lane-bg`)
						checkLanesShown(t, p, frame, name)
						if clipped := p.funcIn(frame, "body", clippedButtonsJS); clipped != "" {
							t.Errorf("buttons whose text is cut off: %s", clipped)
						}
						code, timeline := p.visibleIn(frame, "#code"), p.visibleIn(frame, "#timeline")
						wantCode, wantTimeline := panels == "code" || panels == "all", panels == "all"
						if code != wantCode || timeline != wantTimeline {
							t.Errorf("code shown %v, timeline shown %v; want %v, %v", code, timeline, wantCode, wantTimeline)
						}
						p.shot("embed-fit-" + width + "-" + lesson + "-" + lang + "-" + panels)
					})
				}
			}
		}
	}
}

// clippedButtonsJS, called on an element, lists the rendered buttons of
// its document whose text is cut off: a line of text, or part of one,
// outside the box of the button or of an element within it that clips
// its overflow (cut at the edge, or ended with an ellipsis); "" when
// there are none.
const clippedButtonsJS = `function () {
	const out = [];
	const doc = this.ownerDocument;
	for (const b of doc.querySelectorAll("button")) {
		if (b.getClientRects().length === 0) continue;
		const walk = doc.createTreeWalker(b, NodeFilter.SHOW_TEXT);
		let cut = "";
		for (let n = walk.nextNode(); n && !cut; n = walk.nextNode()) {
			if (!n.textContent.trim()) continue;
			const range = doc.createRange();
			range.selectNodeContents(n);
			for (let e = n.parentElement; e && !cut; e = e === b ? null : e.parentElement) {
				const st = getComputedStyle(e);
				if (st.overflowX === "visible" && st.overflowY === "visible") continue;
				const r = e.getBoundingClientRect();
				const x0 = r.left + e.clientLeft, y0 = r.top + e.clientTop, x1 = x0 + e.clientWidth, y1 = y0 + e.clientHeight;
				for (const t of range.getClientRects()) {
					if (t.width === 0) continue;
					if (t.left < x0 - 1 || t.right > x1 + 1 || t.top < y0 - 1 || t.bottom > y1 + 1) {
						cut = JSON.stringify(n.textContent) + " outside " + e.tagName.toLowerCase() + "." + e.className.replace(/ /g, ".");
						break;
					}
				}
			}
		}
		if (cut) out.push(JSON.stringify(b.textContent.trim()) + ": " + cut);
	}
	return out.join("; ");
}`

// funcIn calls the JavaScript function fn, which returns a string, on the
// first element css selects in frame's document, and returns its result.
func (p *page) funcIn(frame *chromedp.Node, css, fn string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS(css), chromedp.FromNode(frame)))
	if err != nil {
		p.t.Fatalf("find %s: %v", css, err)
	}
	var out string
	err = chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, dom.ResolveNode, dom.ResolveNodeParams{NodeID: nodes[0].NodeID})
		if err != nil {
			return err
		}
		res, err := cdp.Call(ctx, tg, runtime.CallFunctionOn, runtime.CallFunctionOnParams{FunctionDeclaration: fn, ObjectID: r.Object.ObjectID, ReturnByValue: new(true)})
		if err != nil {
			return err
		}
		if res.ExceptionDetails != nil {
			return fmt.Errorf("%s", res.ExceptionDetails.Text)
		}
		return json.Unmarshal(res.Result.Value, &out)
	}))
	if err != nil {
		p.t.Fatalf("call a function on %s: %v", css, err)
	}
	return out
}

// checkLanesShown waits, for a few seconds while the stage settles, for
// every lane of the stage in frame to lie inside the stage's box and that
// inside the frame's, and fails if they never do.
func checkLanesShown(t *testing.T, p *page, frame *chromedp.Node, name string) {
	t.Helper()
	var why string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		frameBox, _ := p.boxOf(frame)
		stage := p.boxesIn(frame, "#stage")
		lanes := p.boxesIn(frame, "#stage .lane-bg")
		why = ""
		switch {
		case len(stage) != 1 || len(lanes) == 0:
			why = fmt.Sprintf("%d stages, %d lanes", len(stage), len(lanes))
		case !stage[0].inside(frameBox):
			why = fmt.Sprintf("the stage %v is not inside the frame %v", stage[0], frameBox)
		default:
			for i, l := range lanes {
				if !l.inside(stage[0]) {
					why = fmt.Sprintf("lane %d of %d, %v, is not inside the stage %v", i+1, len(lanes), l, stage[0])
					break
				}
			}
		}
		if why == "" {
			return
		}
	}
	t.Errorf("%s: %s", name, why)
}

// box is an element's border box on the page, in CSS pixels.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) String() string { return fmt.Sprintf("(%.0f,%.0f)-(%.0f,%.0f)", b.x0, b.y0, b.x1, b.y1) }

// inside says b lies within o, give or take a pixel of rounding.
func (b box) inside(o box) bool {
	return b.x0 >= o.x0-1 && b.y0 >= o.y0-1 && b.x1 <= o.x1+1 && b.y1 <= o.y1+1
}

// boxOf is the border box of node n, or false when n is not rendered.
func (p *page) boxOf(n *chromedp.Node) (box, bool) {
	p.t.Helper()
	var bx box
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		res, err := cdp.Call(ctx, tg, dom.GetBoxModel, dom.GetBoxModelParams{NodeID: n.NodeID})
		if err != nil {
			return err
		}
		q := res.Model.Border
		bx = box{q[0], q[1], q[4], q[5]}
		return nil
	}))
	return bx, err == nil
}

// boxesIn is the border boxes of the elements css selects in frame's
// document that are rendered.
func (p *page) boxesIn(frame *chromedp.Node, css string) []box {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS(css), chromedp.AtLeast(0), chromedp.FromNode(frame)))
	if err != nil {
		p.t.Fatalf("find %s: %v", css, err)
	}
	var out []box
	for _, n := range nodes {
		if b, ok := p.boxOf(n); ok {
			out = append(out, b)
		}
	}
	return out
}

// visibleIn says the element css selects in frame's document is rendered
// with a size.
func (p *page) visibleIn(frame *chromedp.Node, css string) bool {
	bs := p.boxesIn(frame, css)
	return len(bs) == 1 && bs[0].x1 > bs[0].x0 && bs[0].y1 > bs[0].y0
}

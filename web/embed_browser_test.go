package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"lockstep/primitives"
	"lockstep/sim"
	"lockstep/sim/schedule"
)

// TestEmbedInBrowser frames the embed view in a page of another origin,
// as a docs site would, and drives it there: it must open at the step its
// URL names, step back and forth by button and by key, and keep its way
// out to the full playground at the state shown. A page that is not the
// embed view must refuse to be framed. Then it renders a docs page in
// both languages with its live stepper, for a person to look at.
func TestEmbedInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	// Open at D1's D2, the drain that finds nobody to wake.
	drain := stepAt(t, "wg-lost-wakeup", "lost", "D1", "D2")
	host := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!DOCTYPE html><html lang="en"><title>A course page</title>
<h1 style="font: 20px sans-serif">A course page that embeds Lockstep</h1>
<iframe id="stepper" title="Lockstep: the lost wakeup" width="820" height="600" style="border:2px solid #222"
 src="%[1]s/embed/wg-lost-wakeup?schedule=lost&amp;step=%[2]d&amp;lang=en"></iframe>
<iframe id="docs" name="docs" title="not embeddable" width="300" height="100" src="%[1]s/docs/event" onload="this.dataset.loaded = 'yes'"></iframe>`, b.base, drain)
	}))
	t.Cleanup(host.Close)

	t.Run("framed by another origin", func(t *testing.T) {
		p := b.openFramed(t, host.URL)
		stepper := p.iframe("#stepper")
		at := func(n int) string { return fmt.Sprintf(`#app[data-position="%d"]`, n) }
		p.waitIn(stepper, fmt.Sprintf(`#app.ready[data-embed][data-position="%d"]`, drain))
		if got := p.textIn(stepper, "#narration"); !strings.Contains(got, "D1") || !strings.Contains(got, "D2") {
			t.Errorf("narration %q; want the step shown, D1's D2", got)
		}
		checkOpenLink(t, p.attrIn(stepper, "#embed-open", "href"), drain)
		p.shot("embed-in-host")

		p.do(chromedp.Click(chromedp.CSS(`#controls button[data-action="back"]`), chromedp.FromNode(stepper)))
		p.waitIn(stepper, at(drain-1))
		checkOpenLink(t, p.attrIn(stepper, "#embed-open", "href"), drain-1)
		// The click left the focus in the frame: the keyboard drives it.
		p.key(kb.ArrowRight)
		p.waitIn(stepper, at(drain))
		p.key(kb.End)
		p.waitIn(stepper, `#verdict[data-kind="lost-wakeup"]:not([hidden])`)
		p.shot("embed-in-host-verdict")

		if f := p.frame("docs"); f.UnreachableURL == "" {
			t.Errorf("the framed docs page loaded (%s); it must refuse to be framed", f.URL)
		}
	})

	for _, lang := range []string{"en", "zh"} {
		t.Run("docs page in "+lang, func(t *testing.T) {
			p := b.openFramed(t, b.base+"/docs/b5-lost-wakeup?lang="+lang)
			p.wait(`document.documentElement.lang === "` + lang + `"`)
			p.do(chromedp.ScrollIntoView(chromedp.CSS(`.docs-embed`)))
			frame := p.iframe(".docs-embed iframe")
			p.waitIn(frame, `#app.ready[data-position="8"]`)
			p.waitIn(frame, `#verdict[data-kind="lost-wakeup"]:not([hidden])`)
			p.shot("docs-b5-" + lang)
		})
	}
	b.checkErrors(t)
}

// stepAt is the position, counted from 1, of the first step thread makes
// at label when the playground replays the schedule name of lesson: the schedule,
// then each thread in turn to the end.
func stepAt(t *testing.T, lesson, name, thread, label string) int {
	t.Helper()
	l := lookup(t, lesson)
	for _, sc := range l.Schedules {
		if sc.Name != name {
			continue
		}
		prog, err := l.Build(l.Variants[0], nil)
		if err != nil {
			t.Fatal(err)
		}
		sched, err := schedule.Parse(sc.For(l.Variants[0]))
		if err != nil {
			t.Fatal(err)
		}
		m, _, err := sim.ReplaySchedule(prog, sched, sim.Options{Record: true})
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range m.Records() {
			if prog.Threads[r.Thread].Name == thread && primitives.LabelName(r.Label) == label {
				return i + 1
			}
		}
		t.Fatalf("%s/%s: %s never steps at %s", lesson, name, thread, label)
	}
	t.Fatalf("lesson %s has no schedule %q", lesson, name)
	return 0
}

// checkOpenLink checks that "Open in Lockstep" leads to the playground of
// the same lesson at step.
func checkOpenLink(t *testing.T, href string, step int) {
	t.Helper()
	u, err := url.Parse(href)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if u.Path != "/lesson/wg-lost-wakeup" || q.Get("step") != strconv.Itoa(step) || q.Get("schedule") == "" || q.Get("lang") != "en" {
		t.Errorf("Open in Lockstep goes to %s; want /lesson/wg-lost-wakeup at a schedule, step %d, in English", href, step)
	}
}

// openFramed opens url, a page that frames others, in a new tab at the
// projector's size, reporting its script errors as open does.
func (b *browser) openFramed(t *testing.T, url string) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	t.Cleanup(cancel)
	err := chromedp.Listen(ctx, func(ev any) {
		if ev, ok := ev.(*runtime.EventExceptionThrown); ok {
			d := ev.ExceptionDetails
			desc := d.Text
			if d.Exception != nil {
				desc += " " + d.Exception.Description
			}
			b.logError("%s: %s at %s:%d:%d", url, desc, d.URL, d.LineNumber+1, d.ColumnNumber+1)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	p := &page{t: t, b: b, ctx: ctx}
	p.do(chromedp.EmulateViewport(viewportW, viewportH), chromedp.Navigate(url))
	return p
}

// iframe returns the node of the iframe css selects, once its document is
// there.
func (p *page) iframe(css string) *chromedp.Node {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	nodes, err := chromedp.Run(ctx, chromedp.Nodes(chromedp.CSS(css)))
	if err != nil {
		p.t.Fatalf("find %s: %v", css, err)
	}
	return nodes[0]
}

// waitIn waits until css matches an element of frame's document.
func (p *page) waitIn(frame *chromedp.Node, css string) {
	p.t.Helper()
	p.do(chromedp.WaitReady(chromedp.CSS(css), chromedp.FromNode(frame)))
}

// textIn returns the text of the element css selects in frame's document.
func (p *page) textIn(frame *chromedp.Node, css string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(css), chromedp.FromNode(frame)))
	if err != nil {
		p.t.Fatalf("text of %s: %v", css, err)
	}
	return s
}

// attrIn returns attribute name of the element css selects in frame's
// document.
func (p *page) attrIn(frame *chromedp.Node, css, name string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	a, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(css), name, chromedp.FromNode(frame)))
	if err != nil || !a.Exists {
		p.t.Fatalf("attribute %s of %s: %v", name, css, err)
	}
	return a.Value
}

// frame returns the child frame with the given name once its iframe has
// fired load: a frame refused by its page's framing policy shows an error
// page, and says which URL it could not show.
func (p *page) frame(name string) *cdp.Frame {
	p.t.Helper()
	p.wait(`document.querySelector('iframe[name="` + name + `"]').dataset.loaded === "yes"`)
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	tree, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (*cdppage.FrameTree, error) {
		res, err := cdp.Call(ctx, tg, cdppage.GetFrameTree, cdp.Empty{})
		return res.FrameTree, err
	})
	if err != nil {
		p.t.Fatal(err)
	}
	for _, c := range tree.ChildFrames {
		if c.Frame.Name == name {
			return c.Frame
		}
	}
	p.t.Fatalf("no frame named %q", name)
	return nil
}

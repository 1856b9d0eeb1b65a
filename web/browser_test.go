package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"lockstep/scenarios"
	"lockstep/web"
	"lockstep/web/internal/webtest"
)

// The browser tests drive the real playground in headless Chromium: the
// server runs in-process, the page talks to it over its WebSocket, and
// every check waits for a condition on the DOM, never for a fixed time.
// They live here, beside the wiring, since every one needs the whole site:
// pages, assets and sockets from several packages. They are skipped when Chromium is missing, unless
// LOCKSTEP_REQUIRE_BROWSER=1, which makes a missing browser a failure.
// Screenshots of the states they reach go to testdata/screenshots at the
// module root (ignored by git), to be looked at by a person.

// viewport is a classroom projector.
const viewportW, viewportH = 1280, 720

// pageBudget bounds the playground page with all its assets, before
// compression.
const pageBudget = 150 << 10

// wireBudget bounds the same page as sent, compressed.
const wireBudget = 60 << 10

// waitLimit bounds every wait on the page: a wait that succeeds ends
// as soon as it does, so the bound is for a machine under load (the race
// detector slows the server five to ten times).
var waitLimit = map[bool]time.Duration{false: 30 * time.Second, true: 120 * time.Second}[webtest.RaceEnabled]

// browser is a test's view of the shared Chromium: a browser context of
// its own (cookies, storage and cache apart from every other test's, as a
// fresh profile would be) and the playground server its tabs visit.
type browser struct {
	ctx  context.Context
	base string
	// still makes the browser's tabs prefer reduced motion, so that the
	// page runs no transition and no animation (static/app.css), as for
	// a user who asks for that: for the tests that measure where things
	// stand, not how they move there. A page's animations cost the
	// browser a frame every 16 ms while they run, and a settled page is
	// the same either way.
	still bool

	mu     sync.Mutex
	errors []string // uncaught exceptions and console errors
}

func newBrowser(t *testing.T) *browser {
	t.Helper()
	return newBrowserOf(t, nil)
}

// newBrowserOf is newBrowser visiting the server at base, or, when base
// is nil, a server of the embedded catalog it starts. The browser context
// and its tabs close when t ends; the Chromium stays for the next test.
func newBrowserOf(t *testing.T, base *string) *browser {
	t.Helper()
	if testing.Short() {
		t.Skip("-short skips the browser tests")
	}
	path := chromiumPath()
	if path == "" {
		if os.Getenv("LOCKSTEP_REQUIRE_BROWSER") == "1" {
			t.Fatal("no Chromium found, and LOCKSTEP_REQUIRE_BROWSER=1")
		}
		t.Skip("no Chromium found; set LOCKSTEP_REQUIRE_BROWSER=1 to make this a failure")
	}
	if base == nil {
		cat, err := scenarios.Load()
		if err != nil {
			t.Fatal(err)
		}
		srv, err := web.NewServer(web.Config{Catalog: cat})
		if err != nil {
			t.Fatal(err)
		}
		ts := httptest.NewServer(srv.Handler())
		t.Cleanup(ts.Close)
		base = &ts.URL
	}
	root, err := chromium.start(path)
	if err != nil {
		t.Fatalf("start %s: %v", path, err)
	}
	ctx, cancel := chromedp.NewContext(root, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("a browser context in %s: %v", path, err)
	}
	return &browser{ctx: ctx, base: *base}
}

// chromium is the one headless Chromium of the package's browser tests,
// started by the first that needs it and stopped by TestMain: starting
// one per test cost a second or more each, and tests that share it run in
// parallel. It is the package's one variable, since what it holds lives
// across tests.
var chromium sharedChromium

// sharedChromium starts a Chromium once and stops it.
type sharedChromium struct {
	once sync.Once
	ctx  context.Context // the browser's first tab: tests open contexts under it
	err  error
	stop func()
}

// start starts the Chromium at path, the first time it is called, and
// returns its first tab's context, or why it would not start.
func (c *sharedChromium) start(path string) (context.Context, error) {
	c.once.Do(func() {
		dir, err := os.MkdirTemp("", "lockstep-chromium-")
		if err != nil {
			c.err = err
			return
		}
		actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(path),
			chromedp.Flag("headless", true),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			// Every test's tabs are windows of their own, and tests run
			// side by side: none may be slowed as a window in the
			// background.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			chromedp.NoFirstRun,
			chromedp.Flag("hide-scrollbars", true),
			chromedp.UserDataDir(dir),
			chromedp.WindowSize(viewportW, viewportH),
		)
		ctx, cancelCtx := chromedp.NewContext(actx)
		c.stop = func() {
			cancelCtx()
			cancelAlloc()
			os.RemoveAll(dir)
		}
		c.ctx, c.err = ctx, chromedp.Do(ctx)
	})
	return c.ctx, c.err
}

// close stops the Chromium, if it was started.
func (c *sharedChromium) close() {
	c.once.Do(func() {})
	if c.stop != nil {
		c.stop()
	}
}

// TestMain runs the tests, then stops the Chromium they shared.
func TestMain(m *testing.M) {
	code := m.Run()
	chromium.close()
	os.Exit(code)
}

// longChecks reports whether the long walks (every lesson in every mode,
// language and size) run in full: with LOCKSTEP_LONG=1, as continuous
// integration sets it. Without it they load a sample chosen the same way
// every time, which still shows every lesson.
func longChecks() bool { return os.Getenv("LOCKSTEP_LONG") != "" }

// chromiumPath finds a Chromium or Chrome binary, or returns "".
func chromiumPath() string {
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

func (b *browser) logError(format string, a ...any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.errors = append(b.errors, fmt.Sprintf(format, a...))
}

// checkErrors fails t for every script error any page reported.
func (b *browser) checkErrors(t *testing.T) {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, e := range b.errors {
		t.Errorf("page error: %s", e)
	}
}

// page is one tab showing a playground page.
type page struct {
	t   *testing.T
	b   *browser
	ctx context.Context
}

// open opens path in a new tab at the projector's size and waits until the
// page has drawn its first state. opts configure the tab's context
// (chromedp.WithNewBrowserContext gives it cookies of its own).
func (b *browser) open(t *testing.T, path string, opts ...chromedp.ContextOption) *page {
	t.Helper()
	p := b.tab(t, path, viewportH, opts...)
	p.wait(`document.querySelector('#app.ready') && document.querySelector('#app').dataset.position !== undefined`)
	return p
}

// tab opens path in a new tab, height pixels high, and reports the page's
// script errors; it does not wait for the page.
func (b *browser) tab(t *testing.T, path string, height int64, opts ...chromedp.ContextOption) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx, opts...)
	t.Cleanup(cancel)
	err := chromedp.Listen(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			d := ev.ExceptionDetails
			desc := d.Text
			if d.Exception != nil {
				desc += " " + d.Exception.Description
			}
			b.logError("%s: %s at %s:%d:%d", path, desc, d.URL, d.LineNumber+1, d.ColumnNumber+1)
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.ConsoleAPICalledTypeError {
				var args []string
				for _, a := range ev.Args {
					args = append(args, string(a.Value)+a.Description)
				}
				b.logError("%s: console.error %s", path, strings.Join(args, " "))
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	p := &page{t: t, b: b, ctx: ctx}
	// A tab in the background gets no animation frames: bring this one to
	// the front, so the page animates and settles as on a screen.
	actions := []chromedp.Action[chromedp.Void]{reportCSP(), chromedp.EmulateViewport(viewportW, height)}
	if b.still {
		actions = append(actions, reducedMotion())
	}
	p.do(append(actions, chromedp.Navigate(b.base+path), bringToFront())...)
	return p
}

// reportCSP makes every page of the tab report what the site's
// Content-Security-Policy blocks as a console error, which fails the test.
func reportCSP() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		type params struct {
			Source string `json:"source"`
		}
		type result struct {
			Identifier string `json:"identifier"`
		}
		_, err := cdp.Call(ctx, t, cdp.Command[params, result]{Method: "Page.addScriptToEvaluateOnNewDocument"}, params{Source: `
			document.addEventListener("securitypolicyviolation", (e) =>
				console.error("Content-Security-Policy blocked " + (e.blockedURI || "inline") + " (" + e.violatedDirective + ") at " + e.sourceFile + ":" + e.lineNumber));`})
		return err
	})
}

// reducedMotion makes the tab's pages match prefers-reduced-motion: reduce.
func reducedMotion() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}},
		})
		return err
	})
}

// bringToFront makes the tab the active one.
func bringToFront() chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, cdp.Command[cdp.Empty, cdp.Empty]{Method: "Page.bringToFront"}, cdp.Empty{})
		return err
	})
}

func (p *page) do(actions ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		p.t.Fatal(err)
	}
}

// wait waits until the JavaScript expression js is truthy.
func (p *page) wait(js string) {
	p.t.Helper()
	p.waitUpTo(js, waitLimit)
}

// waitUpTo waits up to limit until the JavaScript expression js is truthy:
// for what the server computes at length, a search.
func (p *page) waitUpTo(js string, limit time.Duration) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, limit)
	defer cancel()
	poll := chromedp.Poll[any](js, chromedp.WithPollingTimeout(limit), chromedp.WithPollingInterval(20*time.Millisecond))
	if _, err := chromedp.Run(ctx, poll); err != nil {
		p.t.Fatalf("waiting for %s: %v", js, err)
	}
}

// waitPosition waits until the page shows position n of the history.
func (p *page) waitPosition(n int) {
	p.t.Helper()
	p.wait(fmt.Sprintf(`document.querySelector('#app').dataset.position === "%d"`, n))
}

func (p *page) click(css string) {
	p.t.Helper()
	// A view that redraws may replace the element between the query for
	// its node and the click (a room page that has just reconnected): the
	// click is then tried again, on the element that took its place.
	for tries := 1; ; tries++ {
		ctx, cancel := context.WithTimeout(p.ctx, waitLimit)
		err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(css)))
		cancel()
		if err == nil {
			return
		}
		if tries == 3 || !strings.Contains(err.Error(), "Could not find node with given id") {
			p.t.Fatalf("click %s: %v", css, err)
		}
	}
}

// key types keys to the page; the page has no focused field.
func (p *page) key(keys string) {
	p.t.Helper()
	p.do(chromedp.KeyEvent(keys))
}

// typeInto sets the value of the text box at sel to start, puts the caret
// at its end and types text there, as a keyboard would (the page sees its
// input events). It types through Input.insertText, not chromedp.SendKeys:
// SendKeys reads the node's attributes while chromedp's event loop
// writes them, a data race that fails the tests under -race.
func (p *page) typeInto(sel, start, text string) {
	p.t.Helper()
	js, _ := json.Marshal(sel)
	val, _ := json.Marshal(start)
	p.eval(`(() => { const b = document.querySelector(` + string(js) + `); b.value = ` + string(val) + `; b.focus(); b.setSelectionRange(b.value.length, b.value.length); return true; })()`)
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
		return err
	}))
}

func (p *page) text(css string) string {
	p.t.Helper()
	// One evaluation finds the element and reads it: a view that redraws
	// may replace the element between a query for its node and a read of
	// that node.
	q, _ := json.Marshal(css)
	p.wait(`document.querySelector(` + string(q) + `) !== null`)
	return p.evalString(`document.querySelector(` + string(q) + `).textContent`)
}

// run picks schedule name in the interleaving menu and presses the button
// for action ("replay"), then waits for the replayed history.
func (p *page) run(action, name string) {
	p.t.Helper()
	p.do(chromedp.SetValue(chromedp.CSS(`#controls select.schedule`), name))
	p.click(`#controls button[data-action="` + action + `"]`)
	p.wait(`document.querySelectorAll('#timeline .ticks li').length > 1 && document.querySelector('#app').dataset.position === "0"`)
}

// switchVariant clicks the header's link to variant and waits for it.
func (p *page) switchVariant(variant string) {
	p.t.Helper()
	p.click(`#variants a[data-key="` + variant + `"]`)
	p.wait(`document.querySelector('#app').dataset.variant === "` + variant + `"`)
}

// finish steps the first thread that can move until the run is over.
func (p *page) finish() {
	p.t.Helper()
	for range 100 {
		if p.eval(`!document.querySelector('#verdict').hidden`) {
			return
		}
		pos := p.evalString(`document.querySelector('#app').dataset.position`)
		p.click(`button.thread:not(:disabled)`)
		p.wait(`document.querySelector('#app').dataset.position !== "` + pos + `"`)
	}
	p.t.Fatal("the run did not end within 100 steps")
}

func (p *page) eval(js string) bool {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](js))
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

func (p *page) evalString(js string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](js))
	if err != nil {
		p.t.Fatal(err)
	}
	return v
}

// checkWeight sums the bytes of the page and every asset it loaded, as
// decoded (before compression) and as sent (compressed), and holds them
// to their budgets.
func (p *page) checkWeight() {
	p.t.Helper()
	sum := func(field string) float64 {
		n, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`
			performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
				.filter((e) => !e.name.startsWith("ws"))
				.reduce((sum, e) => sum + e.`+field+`, 0)`))
		if err != nil {
			p.t.Fatal(err)
		}
		return n
	}
	n, wire := sum("decodedBodySize"), sum("encodedBodySize")
	p.t.Logf("page weight: %d bytes (budget %d), %d on the wire (budget %d)", int(n), pageBudget, int(wire), wireBudget)
	if n > pageBudget {
		p.t.Errorf("page weight = %d bytes; want at most %d", int(n), pageBudget)
	}
	if wire > wireBudget {
		p.t.Errorf("page weight on the wire = %d bytes; want at most %d", int(wire), wireBudget)
	}
}

// shot saves a screenshot of the viewport as name.png.
func (p *page) shot(name string) {
	p.t.Helper()
	// Let transitions settle: the picture should show where things end up.
	p.wait(`document.getAnimations().every((a) => a.playState !== "running")`)
	buf, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	dir := filepath.Join("..", "testdata", "screenshots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		p.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

func lookup(t *testing.T, id string) *scenarios.Scenario {
	t.Helper()
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

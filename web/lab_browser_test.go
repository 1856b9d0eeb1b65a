package web_test

import (
	"io/fs"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"lockstep/primitives/examples"
)

// labBudget bounds the lab page with all its assets, before compression.
const labBudget = 250 << 10

// TestLabInBrowser does both assignments from a fresh page to "verified":
// the lab opens on tinyCoro's buggy primitive, an error while typing is
// shown at its line and column, Verify finds the bug and links to it in
// the playground, and the fix, once typed, is verified. The shared link
// reopens the source, and the playground runs it.
func TestLabInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	for _, a := range []struct {
		lesson, start, fix, bug string
	}{
		{"wg-lost-wakeup", "wait_group_tinycoro.lsp", "wait_group_fixed.lsp", "lost-wakeup"},
		{"event-uaf", "event_tinycoro.lsp", "event_fixed.lsp", "use-after-free"},
	} {
		t.Run(a.lesson, func(t *testing.T) {
			p := b.tab(t, "/lab?lesson="+a.lesson+"&lang=en", 900)
			p.wait(`document.querySelector("#lab-status").dataset.state === "ok"`)
			p.checkBudget(labBudget)
			if got := p.evalString(`document.querySelector("#lab-from").value`); got != a.start {
				t.Errorf("the lab starts from %q; want the assignment's start, %s", got, a.start)
			}
			if got := p.text(`[data-testid="lab-task"]`); !strings.Contains(got, "Fix tinyCoro's") {
				t.Errorf("the task says %q", got)
			}
			p.shot("lab-" + a.lesson + "-start")

			// A typo: the error shows at its line and column, in the list
			// and in the editor's gutter.
			start := p.evalString(`document.querySelector(".editor textarea").value`)
			broken := strings.Replace(start, "register_wait();", "register_wait(;", 1)
			line := strings.Count(broken[:strings.Index(broken, "register_wait(;")], "\n") + 1
			p.typeSource(broken)
			p.wait(`document.querySelector("#lab-status").dataset.state === "error"`)
			if got := p.text(`[data-testid="lab-error"]`); !strings.HasPrefix(got, itoa(line)+":") || !strings.Contains(got, "expected an expression") {
				t.Errorf("the error says %q; want line %d and what is wrong", got, line)
			}
			p.wait(`document.querySelector(".ed-num.has-error") && document.querySelector(".ed-num.has-error").textContent === "` + itoa(line) + `"`)
			p.wait(`document.querySelector("#lab-explore").disabled`)
			p.shot("lab-" + a.lesson + "-error")

			// Back to the start: Verify finds the bug, and links to it.
			p.typeSource(start)
			p.wait(`document.querySelector("#lab-status").dataset.state === "ok" && !document.querySelector("#lab-explore").disabled`)
			p.click("#lab-explore")
			p.wait(`document.querySelector("#lab-verdict").dataset.state === "failed"`)
			if got := p.text("#lab-verdict"); !strings.Contains(got, "Not passed") || !strings.Contains(got, strings.ReplaceAll(a.bug, "-", " ")) && !strings.Contains(got, a.bug) {
				t.Errorf("the verdict says %q; want not passed, and the %s", got, a.bug)
			}
			counterexample := p.evalString(`document.querySelector('[data-testid="lab-counterexample"]').href`)
			p.shot("lab-" + a.lesson + "-bug")

			// The fix, typed in: verified.
			p.typeSource(readExample(t, a.fix))
			p.wait(`document.querySelector("#lab-status").dataset.state === "ok" && !document.querySelector("#lab-explore").disabled`)
			p.click("#lab-explore")
			p.wait(`document.querySelector("#lab-verdict").dataset.state === "passed"`)
			if got := p.text(`[data-testid="lab-verdict-head"]`); !strings.Contains(got, "Passed") {
				t.Errorf("the verdict says %q; want passed", got)
			}
			if n := p.evalString(`String(document.querySelectorAll('[data-testid="lab-check"]').length)`); n != "2" {
				t.Errorf("%s checks shown; want both parameter sets verified", n)
			}
			p.shot("lab-" + a.lesson + "-verified")

			// The shared link carries the fix.
			p.click("#lab-share")
			p.wait(`document.querySelector("#lab-share").dataset.url`)
			shared, err := url.Parse(p.evalString(`document.querySelector("#lab-share").dataset.url`))
			if err != nil {
				t.Fatal(err)
			}
			again := b.tab(t, shared.RequestURI(), 900)
			again.wait(`document.querySelector("#lab-status").dataset.state === "ok"`)
			if got := again.evalString(`document.querySelector(".editor textarea").value`); got != readExample(t, a.fix) {
				t.Errorf("the shared link reopens another source:\n%.200s", got)
			}

			// The counterexample opens in the playground, on the written
			// primitive, its own source beside the stage.
			u, err := url.Parse(counterexample)
			if err != nil {
				t.Fatal(err)
			}
			play := b.open(t, u.RequestURI())
			play.click(`#controls button[data-action="end"]`)
			play.wait(`document.querySelector('#verdict[data-kind="` + a.bug + `"]:not([hidden])')`)
			// The source tab is drawn when first shown (code-more.js).
			play.click(`#code button[data-tab="go"]`)
			play.wait(`document.querySelector('#code .go .src') !== null`)
			if got := play.text("#code"); !strings.Contains(got, "primitive ") {
				t.Errorf("the code pane shows %.120q; want the written primitive's source", got)
			}
			play.shot("lab-" + a.lesson + "-playground")
			// The playground's own explorer searches the written primitive.
			play.click(`#controls button[data-action="explore"]`)
			play.wait(`document.querySelector('#controls .explore').dataset.state === "done"`)
			if got := play.text("#explore-line"); !strings.HasPrefix(got, "found "+a.bug) {
				t.Errorf("the playground's explorer says %q; want the %s", got, a.bug)
			}
		})
	}

	t.Run("edit this primitive", func(t *testing.T) {
		p := b.open(t, "/lesson/mutex-handoff?variant=lifo")
		href := p.evalString(`document.querySelector('[data-testid="edit-primitive"]').href`)
		u, err := url.Parse(href)
		if err != nil {
			t.Fatal(err)
		}
		lab := b.tab(t, u.RequestURI(), 900)
		lab.wait(`document.querySelector("#lab-status").dataset.state === "ok"`)
		if got := lab.evalString(`document.querySelector("#lab-from").value`); got != "mutex_lifo.lsp" {
			t.Errorf("edit this primitive opens %q; want mutex_lifo.lsp", got)
		}
		lab.wait(`document.querySelectorAll('[data-testid="lab-run"]').length > 0 && [...document.querySelectorAll('[data-testid="lab-run"]')].every((r) => r.classList.contains("match"))`)
	})
	b.checkErrors(t)
}

// typeSource replaces the editor's text, as typing does (an input event).
func (p *page) typeSource(src string) {
	p.t.Helper()
	p.typeInto(".editor textarea", "", src)
}

// checkBudget is checkWeight with another budget.
func (p *page) checkBudget(budget int) {
	p.t.Helper()
	n, err := chromedp.Run(p.ctx, chromedp.Evaluate[float64](`
		performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
			.reduce((sum, e) => sum + e.decodedBodySize, 0)`))
	if err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("page weight: %d bytes (budget %d)", int(n), budget)
	if int(n) > budget {
		p.t.Errorf("page weight = %d bytes; want at most %d", int(n), budget)
	}
}

func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(examples.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func itoa(n int) string { return strconv.Itoa(n) }

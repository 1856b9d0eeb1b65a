package web_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/chromedp/chromedp"
)

// TestShareInBrowser drives what makes the playground shareable: a link
// reopens the state on screen, a lesson written at /compose runs in the
// playground, and the page speaks the language chosen, remembered.
func TestShareInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)

	t.Run("deep link and copy link", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup?variant=fixed&lang=en")
		for i, th := range []string{"W1", "W1", "D1", "D1"} {
			p.click(`button.thread[data-thread="` + th + `"]`)
			p.waitPosition(i + 1)
		}
		p.click(`#controls button[data-action="back"]`)
		p.waitPosition(3)
		shown := p.state()

		p.click("#copy-link")
		p.wait(`document.querySelector("#copy-link").dataset.url && document.querySelector(".copy-link-status").textContent !== ""`)
		link := p.evalString(`document.querySelector("#copy-link").dataset.url`)
		if link != p.evalString(`location.href`) {
			t.Errorf("copied %q; want the page's address %q", link, p.evalString(`location.href`))
		}
		u, err := url.Parse(link)
		if err != nil {
			t.Fatal(err)
		}
		q := u.Query()
		l := lookup(t, "wg-lost-wakeup")
		if q.Get("variant") != "fixed" || q.Get("step") != "3" || q.Get("lang") != "en" || q.Get("h") != l.Fingerprint() ||
			!strings.HasPrefix(q.Get("schedule"), "W1@Q1 W1@Q2 D1@P1") {
			t.Errorf("copied link %q; want variant fixed, step 3, lang en, h %s and the schedule so far", link, l.Fingerprint())
		}

		again := b.open(t, u.RequestURI())
		again.waitPosition(3)
		if got := again.state(); got != shown {
			t.Errorf("the link reopens\n%+v\nwant the state shown when it was copied\n%+v", got, shown)
		}
		if again.eval(`document.querySelector(".link-notice") !== null`) {
			t.Errorf("the link of an unchanged lesson shows a notice: %q", again.text(".link-notice"))
		}

		// A link from an older release of the lesson says so.
		old := b.open(t, strings.Replace(u.RequestURI(), "h="+l.Fingerprint(), "h=000000000000", 1))
		old.waitPosition(3)
		if got := old.text(".link-notice"); !strings.Contains(got, "has changed since the link was made") {
			t.Errorf("notice %q; want it to say the lesson changed", got)
		}
	})

	// A lesson with a spawned coroutine keeps it through the form: the
	// checkbox is set, and the server finds the script's spawn valid.
	t.Run("compose a spawned coroutine", func(t *testing.T) {
		p := b.openPage(t, "/compose?lang=en&from=go-wg-basic", `document.querySelector("#compose-form").dataset.checked === "ok"`)
		if !p.eval(`document.querySelector('[data-field="coroutines.1.spawned"]').checked`) {
			t.Error("D's spawned box is not checked")
		}
		p.click(`[data-field="coroutines.1.spawned"]`)
		p.wait(`document.querySelector("#compose-form").dataset.checked === "errors"`)
		if got := p.text(`[data-error-for="coroutines.0.script"]`); !strings.Contains(got, "D is not a spawned coroutine") {
			t.Errorf("M's script error says %q; want that D is not spawned", got)
		}
	})

	t.Run("compose and open", func(t *testing.T) {
		p := b.openPage(t, "/compose?lang=en", `document.querySelector("#compose-form").dataset.checked === "ok"`)
		p.shot("compose")
		// Break D's script: the error shows next to it, and the lesson
		// cannot open.
		script := `[data-field="coroutines.1.script"]`
		p.typeInto(script, "done; dnoe", " ")
		p.wait(`document.querySelector("#compose-form").dataset.checked === "errors"`)
		if got := p.text(`[data-error-for="coroutines.1.script"]`); !strings.Contains(got, `unknown operation "dnoe"`) {
			t.Errorf("the script's error says %q; want the unknown operation", got)
		}
		if p.eval(`document.querySelector("#compose-open").hasAttribute("href")`) {
			t.Error("a lesson with an error can still be opened")
		}
		p.shot("compose-error")
		p.typeInto(script, "done", " ")
		p.wait(`document.querySelector("#compose-form").dataset.checked === "ok" && document.querySelector("#compose-open").hasAttribute("href")`)
		if got := p.text(`[data-rows="schedules"] small.found[data-variant="tinycoro"]`); !strings.Contains(got, "lost-wakeup") {
			t.Errorf("the schedule on tinycoro says %q; want the lost wakeup the server found", got)
		}

		p.click("#compose-open")
		p.waitNavigated(`location.pathname === "/lesson/custom" && document.querySelector("#app.ready") !== null`)
		p.run("replay", "lost")
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		if got := p.text("h1"); got != "My lost wakeup" {
			t.Errorf("the playground's title is %q; want the composed lesson's", got)
		}
		// Its own link carries the lesson: it reopens it.
		link := p.evalString(`location.href`)
		if !strings.Contains(link, "src=") {
			t.Fatalf("the custom lesson's address %q does not carry it", link)
		}
		u, _ := url.Parse(link)
		again := b.open(t, u.RequestURI())
		again.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
	})

	t.Run("language", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup?schedule=lost&step=8&lang=en", chromedp.WithNewBrowserContext())
		p.waitPosition(8)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		if got := p.text(".verdict-msg"); !strings.Contains(got, "the last step that could have woken it") {
			t.Errorf("English verdict %q", got)
		}
		p.click(`#languages a[data-key="zh"]`)
		p.waitNavigated(`document.documentElement.lang === "zh" && document.querySelector("#app.ready") !== null && document.querySelector("#app").dataset.position === "8"`)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		for _, c := range []struct{ css, want string }{
			{".site-nav", "课程"},
			{`#controls button[data-action="play"]`, "播放"},
			{".verdict-title", "丢失的唤醒"},
			{".verdict-msg", "最后一个本可以唤醒它的步骤"},
			{"#narration", "挂起"},
			{`button.thread[data-thread="D1"]`, "已经结束"},
		} {
			if got := p.text(c.css); !strings.Contains(got, c.want) {
				t.Errorf("%s says %q in Chinese; want %q", c.css, got, c.want)
			}
		}
		if got := p.text(".verdict-msg"); englishClause(got) {
			t.Errorf("the Chinese verdict %q keeps an English sentence", got)
		}
		// The caption of the named schedule's step is the Chinese one.
		if got := p.text("#narration .caption"); !strings.Contains(got, "CAS 在未变的 nullptr 上成功") {
			t.Errorf("caption %q; want the schedule's Chinese caption", got)
		}
		p.shot("verdict-zh")

		// Remembered: a page opened without ?lang= is in Chinese.
		p.do(chromedp.Navigate(b.base + "/lesson/wg-lost-wakeup"))
		p.wait(`document.querySelector("#app.ready") !== null`)
		if got := p.evalString(`document.documentElement.lang`); got != "zh" {
			t.Errorf("a page without ?lang= is in %q after choosing Chinese; want zh", got)
		}
		if !strings.Contains(p.evalString(`location.search`), "lang=zh") {
			t.Errorf("the playground's address %q does not keep the language", p.evalString(`location.search`))
		}
	})

	b.checkErrors(t)
}

// shownState is what a page shows of its state, to compare two pages.
type shownState struct {
	Variant, Position, History, Narration, Verdict, Threads string
}

// state reads what the page shows: the variant, the position, the
// history up to it, the narration, the verdict and the threads' buttons.
func (p *page) state() shownState {
	p.t.Helper()
	pos := p.evalString(`document.querySelector("#app").dataset.position`)
	return shownState{
		Variant:   p.evalString(`document.querySelector("#app").dataset.variant`),
		Position:  pos,
		History:   p.evalString(`document.querySelector("#app").dataset.schedule.split(" ").slice(0, ` + pos + `).join(" ")`),
		Narration: p.text("#narration"),
		Verdict:   p.evalString(`document.querySelector("#verdict").hidden ? "" : document.querySelector("#verdict").textContent`),
		Threads:   p.evalString(`[...document.querySelectorAll("button.thread")].map((b) => b.textContent + (b.disabled ? "!" : "")).join("|")`),
	}
}

// openPage opens a page that is not a playground, tall enough to show a
// long form, and waits until js is truthy.
func (b *browser) openPage(t *testing.T, path, js string) *page {
	t.Helper()
	p := b.tab(t, path, 1400)
	p.wait(js)
	return p
}

// waitNavigated waits, across the navigation a click started, until js
// is truthy on the new page: a poll cut short by the old page going away
// is tried again.
func (p *page) waitNavigated(js string) {
	p.t.Helper()
	deadline := time.Now().Add(waitLimit)
	for {
		ctx, cancel := context.WithTimeout(p.ctx, time.Until(deadline))
		_, err := chromedp.Run(ctx, chromedp.Poll[any](js, chromedp.WithPollingInterval(20*time.Millisecond)))
		cancel()
		if err == nil {
			return
		}
		// A poll begun on the old page ends with its context, or with
		// Chromium's "Inspected target navigated or closed": try again on
		// the new one.
		if time.Now().After(deadline) || !strings.Contains(err.Error(), "context") && !strings.Contains(err.Error(), "navigated") {
			p.t.Fatalf("waiting for %s: %v", js, err)
		}
	}
}

// englishClause reports whether text has a clause, between Chinese
// punctuation, of three or more English words and no Chinese character.
func englishClause(text string) bool {
	for _, c := range strings.FieldsFunc(text, func(r rune) bool { return strings.ContainsRune("。；：，、（）「」", r) }) {
		han, words := false, 0
		for _, r := range c {
			han = han || unicode.Is(unicode.Han, r)
		}
		for _, w := range strings.Fields(c) {
			if strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") == "" && len(w) > 1 {
				words++
			}
		}
		if !han && words >= 3 {
			return true
		}
	}
	return false
}

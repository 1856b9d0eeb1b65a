package web_test

import (
	"testing"
)

// TestCodeLinesAreNeverClipped opens lessons with many threads at
// 1280x720, in English and Chinese, and checks the code pane: no line of
// an algorithm is wider than its column (a long line wraps between its
// tokens, and a name too long for a narrow column after an "_"), so no
// column scrolls sideways and nothing is cut off.
func TestCodeLinesAreNeverClipped(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	b.still = true
	t.Cleanup(func() { b.checkErrors(t) }) // after the subtests, which run in parallel
	for _, path := range []string{
		"/lesson/wg-lost-wakeup?schedule=lost&step=5",
		"/lesson/wg-basic?waiters=8&workers=8",
		"/lesson/channel-basic?",
		"/lesson/cv-lost-notify?",
		"/lesson/when-all-cross-thread?",
		"/lesson/mutex-handoff?",
		"/lesson/litmus-iriw?",
	} {
		for _, lang := range []string{"en", "zh"} {
			t.Run(path+"/"+lang, func(t *testing.T) {
				t.Parallel()
				p := b.tabAt(t, path+"&lang="+lang, 1280, 720)
				p.wait(`document.querySelector('#app.ready') && document.querySelector('#code .aline .cpp') !== null`)
				clipped := p.evalString(`[...document.querySelectorAll('#code .algo:not([hidden]) .aline .cpp')]
					.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent).join(" | ")`)
				if clipped != "" {
					t.Errorf("lines wider than their column: %s", clipped)
				}
				// A name breaks inside only at an "_", or where its column is
				// narrower than it: none is, in these lessons at 1280.
				if broken := p.evalString(`[...document.querySelectorAll('#code .aline .cpp.anywhere')].map((c) => c.textContent).join(" | ")`); broken != "" {
					t.Errorf("lines broken inside a name: %s", broken)
				}
				if wide := p.evalString(`[...document.querySelectorAll('#code .col')].filter((c) => c.scrollWidth > c.clientWidth + 1).length + ""`); wide != "0" {
					t.Errorf("%s columns scroll sideways", wide)
				}
			})
		}
	}
}

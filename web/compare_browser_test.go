package web_test

import (
	"strings"
	"testing"
)

// TestCompareInStepInBrowser steps threads by hand with the other variant
// beside: after two steps on mutex-handoff's page the lifo pane stands at
// step 2 of the same threads, not at the end of a run, with no verdict
// yet. On wg-lost-wakeup, W1's sixth step (G6, its park) is one the fixed
// wait_group cannot take (its W1 parks at its fifth): the pane says which
// step and why, and keeps the state it reached, step 5.
func TestCompareInStepInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.openAt(t, "/lesson/mutex-handoff?compare=1&lang=en", 1280, 720)
	p.wait(`document.querySelector('.cmp-title') && document.querySelector('.cmp-title').textContent === "lifo"`)
	for n := 1; n <= 2; n++ {
		p.click(`#threads button.thread[data-thread="L1"]:not(:disabled)`)
		p.waitPosition(n)
	}
	p.wait(`document.querySelector('#cmp-narration').textContent.includes("Step 2 ")`)
	if !p.eval(`document.querySelector('#cmp-verdict .outcome') === null || document.querySelector('#cmp-verdict').hidden`) {
		t.Errorf("after 2 steps the lifo pane shows a verdict: %q", p.text(`#cmp-verdict`))
	}
	p.shot("compare-in-step")

	q := b.openAt(t, "/lesson/wg-lost-wakeup?compare=1&lang=en", 1280, 720)
	q.wait(`document.querySelector('.cmp-title') && document.querySelector('.cmp-title').textContent === "fixed"`)
	for n := 1; n <= 6; n++ {
		q.click(`#threads button.thread[data-thread="W1"]:not(:disabled)`)
		q.waitPosition(n)
	}
	q.wait(`!document.querySelector('#cmp-verdict .cmp-note').hidden`)
	note := q.text(`#cmp-verdict .cmp-note`)
	if !strings.Contains(note, "fixed cannot take the same steps") || !strings.Contains(note, "step 6") || !strings.Contains(note, "W1") {
		t.Errorf("the pane's note reads %q; want it to say fixed cannot take step 6 and why", note)
	}
	q.wait(`document.querySelector('#cmp-narration').textContent.includes("Step 5 ")`)
	q.shot("compare-cannot-follow")
	b.checkErrors(t)
}

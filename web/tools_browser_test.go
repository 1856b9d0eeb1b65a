package web_test

import (
	"strconv"
	"testing"
)

// TestBothToolsInBrowser opens the challenge and the editor together on
// a lesson page at 1280x720: they share one row, the one not in use
// folded beside the other, so that the stage keeps its room; a click in
// the folded one unfolds it and folds the other.
func TestBothToolsInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.open(t, "/lesson/wg-lost-wakeup?lang=en&challenge=1")
	p.wait(`document.querySelector('[data-testid="challenge-goal"]')`)
	alone := p.evalString(`String(Math.round(document.getElementById("stage").getBoundingClientRect().height))`)
	p.click(`#controls button[data-action="edit"]`)
	p.wait(`document.querySelector('[data-testid="schedule-text"]')`)

	// The editor, opened last, is in use; the challenge is folded.
	folded := `[...document.querySelectorAll('#tools > .tool-panel')].map((e) => e.dataset.testid + (e.hasAttribute("data-collapsed") ? ":folded" : "")).join(" ")`
	p.wait(folded + ` === "challenge:folded edit"`)
	oneRow := `(() => { const [a, b] = [...document.querySelectorAll('#tools > .tool-panel')].map((e) => e.getBoundingClientRect()); return Math.abs(a.top - b.top) < 1 && a.right <= b.left; })()`
	if !p.eval(oneRow) {
		t.Error("the two tools are not side by side on one row")
	}
	checkFits(t, p, "#tools")
	if both := p.evalString(`String(Math.round(document.getElementById("stage").getBoundingClientRect().height))`); atoi(t, both) < atoi(t, alone)-24 {
		t.Errorf("the stage is %spx high with both tools open, %spx with the challenge alone", both, alone)
	}
	p.shot("tools-both-edit-1280")

	// A click in the folded challenge unfolds it, and folds the editor.
	p.click(`[data-testid="challenge-goal"]`)
	p.wait(folded + ` === "challenge edit:folded"`)
	if !p.eval(oneRow) {
		t.Error("the two tools are not side by side on one row once the challenge is in use")
	}
	checkFits(t, p, "#tools")
	p.shot("tools-both-challenge-1280")

	// Closing one leaves the other whole.
	p.click(`[data-testid="challenge"] button[data-action="leave"]`)
	p.wait(folded + ` === "edit"`)
	b.checkErrors(t)
}

// atoi reads a number a page said.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("%q is not a number", s)
	}
	return n
}

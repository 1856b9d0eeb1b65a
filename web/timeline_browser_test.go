package web_test

import (
	"testing"
)

// TestTimelineFoldsOwnSteps replays cv-lost-notify's notify-first, where
// W1's steps 21 and 22 (C1a, C2a) touch only its own awaiter: the timeline
// shows them as one entry, step 21's, with a button that opens the run;
// opened, both steps show, and folding it again hides step 22. Going to a
// step inside the run opens it, so the current step is always on the
// timeline.
func TestTimelineFoldsOwnSteps(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.open(t, "/lesson/cv-lost-notify?schedule=notify-first&step=1")
	li := func(n int) string { return `document.querySelectorAll('#timeline .ticks li')[` + itoa(n) + `]` }
	p.wait(li(44) + ` !== undefined`)
	if !p.eval(li(22)+`.hidden && !`+li(21)+`.hidden`) || p.text(`#timeline li:nth-child(22) button.fold`) != "+1" {
		t.Fatalf("steps 21-22 are not folded into step 21's entry with a +1 button")
	}
	// Only runs of own steps fold: the steps around the run show.
	if p.eval(li(20) + `.hidden || ` + li(23) + `.hidden || ` + li(14) + `.hidden`) {
		t.Errorf("a step that touches shared cells is hidden")
	}
	p.shot("timeline-folded")
	p.click(`#timeline li:nth-child(22) button.fold`)
	p.wait(`!` + li(22) + `.hidden`)
	if p.evalString(li(21)+`.querySelector('button.fold').getAttribute('aria-expanded')`) != "true" {
		t.Errorf("the opened run's button does not say it is expanded")
	}
	p.click(`#timeline li:nth-child(22) button.fold`)
	p.wait(li(22) + `.hidden`)
	p.click(`#timeline li:nth-child(22) button[data-step]`)
	p.waitPosition(21)
	if p.eval(li(22) + `.hidden`) {
		t.Fatalf("at step 21 the run it begins is still folded")
	}
	p.click(`#timeline li:nth-child(23) button[data-step]`)
	p.waitPosition(22)
	if p.eval(li(22) + `.hidden`) {
		t.Errorf("the current step, 22, is folded away")
	}
	p.shot("timeline-open-at-current")
	b.checkErrors(t)
}

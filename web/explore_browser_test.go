package web_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
)

// TestExploreInBrowser presses Find the bug and Verify on the playground
// page, as a student would, and checks what the page then shows against
// the engine.
func TestExploreInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	lesson := lookup(t, "wg-lost-wakeup")

	t.Run("find the bug", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup?waiters=1&workers=1&lang=en")
		p.checkWeight()
		if got := p.text(`#controls button[data-action="explore"]`); !strings.Contains(got, "Find the bug") {
			t.Errorf("the explore button says %q; want Find the bug on the buggy variant", got)
		}
		p.shot("explore-0-before")
		before := p.panelRects()
		p.click(`#controls button[data-action="explore"]`)
		p.wait(`document.querySelector('#controls .explore').dataset.state === "done"`)
		if after := p.panelRects(); after != before {
			t.Errorf("the panels moved when the search's result came:\n before %s\n after  %s", before, after)
		}
		if got := p.text("#explore-line"); !strings.HasPrefix(got, "found lost-wakeup in 8 steps with 1 preemption") {
			t.Errorf("the explore line says %q; want the lost wakeup in 8 steps with 1 preemption", got)
		}
		if got := p.evalString(`document.querySelector('#explore-line').dataset.loaded`); got != "lost-wakeup" {
			t.Errorf("loaded counterexample %q; want lost-wakeup", got)
		}
		// The counterexample is the history now, at its first step.
		p.waitPosition(0)
		p.wait(`document.querySelectorAll('#timeline .ticks li').length === 9`)
		p.wait(`document.querySelector('#verdict').hidden`)
		sched := p.evalString(`document.querySelector('#app').dataset.schedule`)
		p.shot("explore-1-found")

		prog, err := lesson.Build("tinycoro", map[string]int{"waiters": 1, "workers": 1})
		if err != nil {
			t.Fatal(err)
		}
		s, err := schedule.Parse(sched)
		if err != nil {
			t.Fatalf("the page's schedule %q: %v", sched, err)
		}
		if n, err := explore.Preemptions(prog, s); err != nil || n != 1 || len(s) != 8 {
			t.Errorf("the page's schedule %q: %d steps, %d preemptions (%v); want 8 steps, 1 preemption", sched, len(s), n, err)
		}
		if _, out, err := sim.ReplaySchedule(prog, s, sim.Options{}); err != nil || out.Kind != outcome.LostWakeup {
			t.Errorf("ReplaySchedule(%q) = %s, %v; want lost-wakeup", sched, out.Kind, err)
		}

		p.click(`#controls button[data-action="end"]`)
		p.waitPosition(8)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		p.shot("explore-2-stepped-to-the-end")
	})

	t.Run("verify fixed", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup?variant=fixed&waiters=2&workers=2&lang=en")
		if got := p.text(`#controls button[data-action="explore"]`); !strings.Contains(got, "Verify") {
			t.Errorf("the explore button says %q; want Verify on the fixed variant", got)
		}
		p.click(`#controls button[data-action="explore"]`)
		p.wait(`document.querySelector('#controls .explore').dataset.state === "done"`)
		prog, err := lesson.Build("fixed", map[string]int{"waiters": 2, "workers": 2})
		if err != nil {
			t.Fatal(err)
		}
		want, err := explore.Explore(t.Context(), prog, explore.Options{Strategy: explore.Exhaustive})
		if err != nil || !want.Complete || len(want.Counterexamples) > 0 {
			t.Fatalf("explore.Explore of the fixed variant: %+v, %v; want complete, no bug", want, err)
		}
		if got := p.evalString(`document.querySelector('#explore-line').dataset.executions`); got != want.Executions.String() {
			t.Errorf("the page counts %s executions; explore.Explore %v", got, want.Executions)
		}
		prefix := fmt.Sprintf("verified: every interleaving of this lesson (waiters=2, workers=2): %s executions", grouped(want.Executions.Int64()))
		if got := p.text("#explore-line"); !strings.HasPrefix(got, prefix) || !strings.HasSuffix(got, "no bug") {
			t.Errorf("the explore line says %q; want it to begin %q and end with no bug", got, prefix)
		}
		p.waitPosition(0)
		p.shot("explore-3-verified")
	})

	t.Run("verify in Chinese", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup?variant=fixed&lang=zh")
		if got := p.text(`#controls button[data-action="explore"]`); !strings.Contains(got, "验证") {
			t.Errorf("the explore button says %q; want 验证", got)
		}
		p.click(`#controls button[data-action="explore"]`)
		p.wait(`document.querySelector('#controls .explore').dataset.state === "done"`)
		if got := p.text("#explore-line"); !strings.HasPrefix(got, "已验证：本课（waiters=1, workers=1）的每一种交错") {
			t.Errorf("the explore line says %q; want the Chinese verdict", got)
		}
		p.shot("explore-4-verified-zh")
	})

	t.Run("cancel", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup?variant=fixed&waiters=8&workers=8&lang=en")
		p.click(`#controls button[data-action="explore"]`)
		p.wait(`document.querySelector('#controls .explore').dataset.state === "running"`)
		p.wait(`!document.querySelector('#controls .explore .numbers').textContent.startsWith("0 states")`)
		if !p.eval(`document.querySelector('#controls button[data-action="explore"]').disabled`) {
			t.Error("the explore button is enabled while a search runs")
		}
		p.shot("explore-5-running")
		p.click(`#controls .explore button[data-action="cancel"]`)
		p.wait(`document.querySelector('#controls .explore').dataset.state === "done"`)
		if got := p.text("#explore-line"); !strings.HasPrefix(got, "canceled: no bug in ") {
			t.Errorf("the explore line says %q after Cancel; want canceled", got)
		}
		p.shot("explore-6-canceled")
	})

	b.checkErrors(t)
}

// grouped writes n with its thousands grouped, as the verdict does.
func grouped(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

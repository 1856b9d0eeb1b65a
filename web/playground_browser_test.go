package web_test

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp/kb"
)

func TestPlaygroundInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)

	t.Run("lost wakeup by hand", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup")
		p.checkWeight()
		p.shot("wg-0-initial")
		for i, th := range []string{"W1", "W1", "W1", "W1", "W1", "D1", "D1", "W1"} {
			p.click(`button.thread[data-thread="` + th + `"]`)
			p.waitPosition(i + 1)
			switch i + 1 {
			case 5:
				p.shot("wg-5-before-done")
			case 7:
				p.shot("wg-7-done-found-no-one")
			}
		}
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		p.wait(`document.querySelector('#stage g.frame[data-coroutine="W1"][data-list="m_state"]')`)
		p.wait(`document.querySelector('#stage path[data-key="head:m_state"]').dataset.to === "W1.awaiter"`)
		if got := p.text("#verdict"); !strings.Contains(got, "B5") || !strings.Contains(strings.ToLower(got), "lost wakeup") {
			t.Errorf("verdict says %q; want it to name the lost wakeup and B5", got)
		}
		p.shot("wg-8-lost-wakeup")

		p.click(`#controls button[data-action="back"]`)
		p.waitPosition(7)
		p.wait(`document.querySelector('#verdict').hidden`)
		p.wait(`!document.querySelector('button.thread[data-thread="W1"]').disabled`)
		if got := p.text(`button.thread[data-thread="W1"]`); !strings.Contains(got, "G6") {
			t.Errorf("W1's button says %q; want its next step, the G6 CAS", got)
		}
		p.shot("wg-7-back")
	})

	// The guilty step of a lost wakeup is its cause, D1's empty drain at
	// step 7, not W1's park at step 8.
	t.Run("lost wakeup guilty step", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup")
		p.run(`replay`, "lost")
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		if got := p.text("#verdict button.goto-guilty"); !strings.Contains(got, "(7)") {
			t.Errorf("the guilty step button says %q; want step 7, the drain", got)
		}
		p.click(`#verdict button.goto-guilty`)
		p.waitPosition(7)
	})

	// A full run queue: the engine runs W1 inline on S's thread, where
	// its next wait registers on S's context; when_all's B12 shows as the
	// child reading the frame its parent freed.
	t.Run("engine and when_all", func(t *testing.T) {
		p := b.open(t, "/lesson/engine-queue-full")
		p.run(`replay`, "queued-then-inline")
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="use-after-free"]:not([hidden])')`)
		if got := p.text("#verdict"); !strings.Contains(got, "S reads W1.awaiter.m_next at step 22 (S4), but W1 finished at step 21") {
			t.Errorf("verdict %q; want S's read of the node of W1, which finished inline", got)
		}
		p.shot("engine-queue-full")
		p = b.open(t, "/lesson/when-all-inline")
		p.switchVariant("fixed-event")
		p.run(`replay`, "parent-inline")
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="use-after-free"]:not([hidden])')`)
		if got := p.text("#verdict"); !strings.Contains(got, "C2's frame was destroyed at step 19, before C2 finished with it") {
			t.Errorf("verdict %q; want C2's frame freed under it", got)
		}
		p.shot("when-all-inline")
	})

	t.Run("lost wakeup fixed", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup")
		p.run(`replay`, "lost")
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		p.switchVariant("fixed")
		p.finish()
		p.wait(`document.querySelector('#verdict[data-kind="ok"]:not([hidden])')`)
		p.shot("wg-fixed-ok")
	})

	t.Run("event use after free", func(t *testing.T) {
		lesson := lookup(t, "event-uaf")
		p := b.open(t, "/lesson/event-uaf")
		p.run("replay", lesson.Schedules[0].Name)
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="use-after-free"]:not([hidden])')`)
		p.wait(`document.querySelector('#stage path[data-key="uaf"]')`)
		p.wait(`document.querySelector('#stage g.frame.ghost[data-coroutine="W1"]')`)
		if got := p.text("#verdict"); !strings.Contains(got, "m_next") {
			t.Errorf("verdict says %q; want it to name the read of m_next", got)
		}
		if got := p.text("#stage .card"); !strings.Contains(got, "W1.awaiter.m_next") {
			t.Errorf("the step card says %q; want it to name the read, W1.awaiter.m_next", got)
		}
		p.shot("event-uaf-verdict")
		p.click(`#controls button[data-action="start"]`)
		p.waitPosition(0)
		p.wait(`document.querySelector('#verdict').hidden`)
	})

	t.Run("keyboard", func(t *testing.T) {
		p := b.open(t, "/lesson/wg-lost-wakeup")
		p.key("1")
		p.waitPosition(1)
		p.wait(`document.querySelector('#timeline .ticks li:nth-child(2) button small').textContent === "W1"`)
		p.key("2")
		p.waitPosition(2)
		p.wait(`document.querySelector('#timeline .ticks li:nth-child(3) button small').textContent === "D1"`)
		p.key(kb.ArrowLeft)
		p.waitPosition(1)
		p.key("?")
		p.wait(`document.querySelector('#shortcuts.open')`)
		p.shot("keys-help")
		p.key("?")
		p.wait(`!document.querySelector('#shortcuts.open')`)
		p.key(" ")
		p.wait(`document.querySelector('#controls button[data-action="play"]').getAttribute("aria-pressed") === "true"`)
		p.key(" ")
		p.wait(`document.querySelector('#controls button[data-action="play"]').getAttribute("aria-pressed") === "false"`)
	})

	b.checkErrors(t)
}

package web_test

import (
	"strings"
	"testing"
)

// TestC11InBrowser chooses a stale read by clicking, under c11, and
// reopens a link that holds one.
func TestC11InBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)

	t.Run("choose a stale read", func(t *testing.T) {
		p := b.open(t, "/lesson/event-missing-release?memory=c11&schedule=W1*6%20S%40S1&step=7")
		p.wait(`document.querySelector('#controls input[data-action="memory"]').checked`)
		p.wait(`document.querySelector('.reads[data-reads="S"] button.read-choice.stale')`)
		if got := p.text(`.reads[data-reads="S"]`); !strings.Contains(got, "W1.awaiter.m_await_coro") || !strings.Contains(got, "handle(W1)") {
			t.Errorf("S's choices say %q; want m_await_coro and the latest, handle(W1)", got)
		}
		p.shot("c11-reads")
		p.click(`.reads[data-reads="S"] button.read-choice.stale[data-from="1"]`)
		p.waitPosition(8)
		p.wait(`document.querySelector('#verdict[data-kind="bad-resume"]:not([hidden])')`)
		if got := p.text("#stage .card"); !strings.Contains(got, "STALE") || !strings.Contains(got, "handle(W1)") {
			t.Errorf("the step card says %q; want the stale read next to the latest value", got)
		}
		p.wait(`location.search.includes("memory=c11") && decodeURIComponent(location.search).includes("S@S3<1")`)
		p.shot("c11-bad-resume")
	})

	t.Run("in Chinese", func(t *testing.T) {
		p := b.open(t, "/lesson/latch-basic?memory=c11&schedule=W1*6%20W2*6%20D1%20D2%20D2%40S1%20D2%40S3&step=16&lang=zh")
		p.wait(`document.querySelector('.reads[data-reads="D2"] button.read-choice.stale')`)
		if got := p.text(`.reads[data-reads="D2"]`); !strings.Contains(got, "选择要读的写") || !strings.Contains(got, "过时") {
			t.Errorf("D2's choices say %q; want them in Chinese", got)
		}
		p.shot("c11-reads-zh")
		p.click(`.reads[data-reads="D2"] button.read-choice.stale[data-from="init"]`)
		p.waitPosition(17)
		for i := range 2 {
			p.click(`button.thread[data-thread="W2"]`)
			p.waitPosition(18 + i)
		}
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		if got := p.text("#verdict"); !strings.Contains(got, "过时") {
			t.Errorf("verdict says %q; want it to name the stale read in Chinese", got)
		}
		p.shot("c11-lost-wakeup-zh")
	})

	t.Run("reopen a link with a stale read", func(t *testing.T) {
		p := b.open(t, "/lesson/event-missing-release?memory=c11&schedule=stale-next")
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		if got := p.text("#verdict"); !strings.Contains(got, "m_next") {
			t.Errorf("verdict says %q; want it to name the stale read of m_next", got)
		}
		p.shot("c11-lost-wakeup")
	})
}

package web_test

import (
	"strings"
	"testing"
)

// TestC11InBrowser chooses a stale read by clicking, under c11, and
// reopens a link that holds one.
func TestC11InBrowser(t *testing.T) {
	b := newBrowser(t)

	t.Run("choose a stale read", func(t *testing.T) {
		p := b.open(t, "/lesson/event-missing-release?memory=c11&schedule=W1*6%20S%40S1&step=7")
		p.wait(`document.querySelector('#controls input[data-action="memory"]').checked`)
		p.wait(`document.querySelector('.reads[data-reads="S"] button.read-choice.stale')`)
		if got := p.text(`.reads[data-reads="S"]`); !strings.Contains(got, "W1.awaiter.m_await_coro") || !strings.Contains(got, "handle(W1)") {
			t.Errorf("S's choices say %q; want m_await_coro and the latest, handle(W1)", got)
		}
		p.click(`.reads[data-reads="S"] button.read-choice.stale[data-from="1"]`)
		p.waitPosition(8)
		p.wait(`document.querySelector('#verdict[data-kind="bad-resume"]:not([hidden])')`)
		if got := p.text("#stage .card"); !strings.Contains(got, "STALE") || !strings.Contains(got, "handle(W1)") {
			t.Errorf("the step card says %q; want the stale read next to the latest value", got)
		}
		p.wait(`location.search.includes("memory=c11") && decodeURIComponent(location.search).includes("S@S3<1")`)
		p.shot("c11-bad-resume")
	})

	t.Run("reopen a link with a stale read", func(t *testing.T) {
		p := b.open(t, "/lesson/event-missing-release?memory=c11&schedule=stale-next")
		p.click(`#controls button[data-action="end"]`)
		p.wait(`document.querySelector('#verdict[data-kind="lost-wakeup"]:not([hidden])')`)
		if got := p.text("#verdict"); !strings.Contains(got, "m_next") {
			t.Errorf("verdict says %q; want it to name the stale read of m_next", got)
		}
	})
}

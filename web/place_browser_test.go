package web_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

// TestC11PlacesInBrowser drives 2+2W to its weak outcome x=1 y=1 under
// c11 by clicking where each thread's second store goes in its cell's
// modification order, reads the orders the stage draws, and reopens the
// link, which replays the places; then picks in Chinese.
func TestC11PlacesInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	const start = "/lesson/litmus-2plus2w?variant=relaxed&memory=c11&schedule=P%20Q&step=2"
	var link string

	t.Run("place both second stores first", func(t *testing.T) {
		p := b.open(t, start)
		p.wait(`document.querySelector('.places[data-places="P"] button.place-choice.before[data-before="2"]')`)
		if got := p.text(`.places[data-places="P"]`); !strings.Contains(got, "place in mo:") || !strings.Contains(got, "before 1 ← Q@STY · #2") || !strings.Contains(got, "at the end") {
			t.Errorf("P's places say %q; want before Q's y = 1 (step 2) or the end", got)
		}
		if p.eval(`!!document.querySelector('#stage g.mo')`) {
			t.Error("the stage draws a modification order before any cell has two writes")
		}
		p.shot("c11-places")
		p.click(`.places[data-places="P"] button.place-choice.before[data-before="2"]`)
		p.waitPosition(3)
		// y's order: the initial value, P's 2, then Q's 1, the latest.
		p.wait(`document.querySelectorAll('#stage g.mo[data-mo="mem.y"] g.mo-write').length === 3`)
		if got := p.evalString(`[...document.querySelectorAll('#stage g.mo[data-mo="mem.y"] g.mo-write')].map((g) => g.dataset.from + (g.classList.contains("latest") ? "*" : "") + "=" + g.textContent).join(" ")`); got != "init=0 init 3=2 P#3 2*=1 Q#2" {
			t.Errorf("y's order on the stage: %q; want init, P's 2, Q's 1 the latest", got)
		}
		if got := p.text("#stage .card"); !strings.Contains(got, "mo: placed before 1 (step 2)") {
			t.Errorf("the step card says %q; want the store's place", got)
		}
		if got := p.text("#narration"); !strings.Contains(got, "mo place: before step 2's write 1") {
			t.Errorf("the narration says %q; want the store's place", got)
		}
		// The order's row is inside its object's box.
		if !p.eval(`(() => { const row = document.querySelector('#stage g.mo[data-mo="mem.y"]').getBBox(); const box = document.querySelector('#stage g.object.primitive > rect').getBBox();
			return row.x >= box.x && row.y >= box.y && row.x + row.width <= box.x + box.width && row.y + row.height <= box.y + box.height; })()`) {
			t.Error("y's order is drawn outside its object's box")
		}
		p.click(`.places[data-places="Q"] button.place-choice.before[data-before="1"]`)
		p.waitPosition(4)
		p.wait(`document.querySelector('#verdict:not([hidden])')`)
		if x, y := p.text(`#stage g.cell[data-cell="mem.x"] .val`), p.text(`#stage g.cell[data-cell="mem.y"] .val`); x != "1" || y != "1" {
			t.Errorf("x=%s y=%s; want the weak outcome x=1 y=1", x, y)
		}
		p.wait(`document.querySelectorAll('#stage g.mo').length === 2`)
		p.wait(`new URLSearchParams(location.search).get("schedule").endsWith("P@STY^2 Q@STX^1")`)
		p.shot("c11-placed")
		link = p.evalString(`location.pathname + location.search`)
	})

	t.Run("reopen the link", func(t *testing.T) {
		if link == "" {
			t.Skip("no link: the first part failed")
		}
		q, err := url.ParseQuery(strings.SplitN(link, "?", 2)[1])
		if err != nil || !strings.Contains(q.Get("schedule"), "P@STY^2") || q.Get("memory") != "c11" {
			t.Fatalf("link %s (%v); want the places and c11", link, err)
		}
		p := b.open(t, link)
		p.waitPosition(4)
		p.wait(`document.querySelectorAll('#stage g.mo').length === 2`)
		if x, y := p.text(`#stage g.cell[data-cell="mem.x"] .val`), p.text(`#stage g.cell[data-cell="mem.y"] .val`); x != "1" || y != "1" {
			t.Errorf("the link shows x=%s y=%s; want x=1 y=1", x, y)
		}
		if got := p.text(`#stage g.mo[data-mo="mem.x"]`); !strings.Contains(got, "2 Q#4") {
			t.Errorf("x's order on the reopened link: %q; want Q's 2 in it", got)
		}
		// Back to sc: the places go, the steps stay.
		p.click(`#controls input[data-action="memory"]`)
		p.wait(`!document.querySelector('#controls input[data-action="memory"]').checked && !location.search.includes("memory=c11")`)
		p.wait(`new URLSearchParams(location.search).get("schedule") === "P@STX Q@STY P@STY Q@STX" && !document.querySelector('#stage g.mo')`)
	})

	t.Run("in Chinese", func(t *testing.T) {
		p := b.open(t, start+"&lang=zh")
		p.wait(`document.querySelector('.places[data-places="P"] button.place-choice.latest')`)
		if got := p.text(`.places[data-places="P"]`); !strings.Contains(got, "修改顺序位置") || !strings.Contains(got, "在末尾") || !strings.Contains(got, "之前") {
			t.Errorf("P's places say %q; want them in Chinese", got)
		}
		p.click(`.places[data-places="Q"] button.place-choice.before[data-before="1"]`)
		p.waitPosition(3)
		p.wait(`document.querySelector('#stage g.mo[data-mo="mem.x"]')`)
		if got := p.text("#stage .card"); !strings.Contains(got, "修改顺序：排在 1（第 1 步）之前") {
			t.Errorf("the step card says %q; want the place in Chinese", got)
		}
		if got := p.text("#narration"); !strings.Contains(got, "修改顺序位置：第 1 步的写入 1 之前") {
			t.Errorf("the narration says %q; want the place in Chinese", got)
		}
		p.shot("c11-places-zh")
		// The end, the default: no place in the schedule.
		p.click(`.places[data-places="P"] button.place-choice.latest`)
		p.waitPosition(4)
		p.wait(`new URLSearchParams(location.search).get("schedule").endsWith("Q@STX^1 P@STY")`)
		p.shot("c11-placed-zh")
	})

	t.Run("a long order", func(t *testing.T) {
		// The latch's m_state holds four writes: as many of the latest as
		// fit, the older ones counted.
		p := b.open(t, "/lesson/latch-basic?memory=c11&schedule=W1*6%20W2*6%20D1%20D2%20D2%40S1%20D2%40S3&step=16")
		p.wait(`document.querySelector('#stage g.mo[data-mo="latch.m_ev.m_state"] g.mo-write.latest')`)
		shown := p.evalString(`(() => { const g = document.querySelector('#stage g.mo[data-mo="latch.m_ev.m_state"]'); const more = g.querySelector('.mo-more');
			return g.querySelectorAll('g.mo-write').length + "+" + (more ? more.textContent : "…0"); })()`)
		var n, older int
		if _, err := fmt.Sscanf(shown, "%d+…%d", &n, &older); err != nil || n < 1 || n+older != 4 {
			t.Errorf("m_state's order shows %q writes + older; want four in all", shown)
		}
		if got := p.text(`#stage g.mo[data-mo="latch.m_ev.m_state"] g.mo-write.latest`); got != "set(this) D2#15" {
			t.Errorf("the latest write of m_state: %q; want set(this) by D2 at step 15", got)
		}
		p.shot("c11-long-order")
	})
	b.checkErrors(t)
}

package web_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPresenterLinkInBrowser: a teacher opens a room from the form, which
// offers the catalog's first lesson; the presenter page shows the
// presenter link once, with its QR code; three students join, the
// presenter's list shows them, and they follow its steps; a second
// browser with no cookies follows the link and takes the room over at
// the class's step (the first presenter page says so and stops) and
// steps on, the three students in step; the new presenter removes a
// student, whose page says so and cannot come back; both browsers list
// the room under "Your rooms".
func TestPresenterLinkInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	form := b.tab(t, "/room", viewportH)
	form.wait(`document.querySelector('#room-form') !== null`)
	first := form.evalString(`document.querySelector('[data-testid="open-lesson"] option').value`)
	if got := form.evalString(`document.querySelector('[data-testid="open-lesson"]').value`); got != first {
		t.Errorf("the form offers %q first, not the catalog's first lesson %q", got, first)
	}
	form.do(chromedp.SetValue(chromedp.CSS(`[data-testid="open-lesson"]`), "wg-lost-wakeup"))
	form.click(`[data-testid="open"]`)
	pres := form
	pres.do(chromedp.WaitReady(chromedp.CSS(`#room`)))
	pres.wait(`document.querySelector('#app.ready') && document.querySelector('#room') && document.querySelector('#room').dataset.welcomed === "true"`)
	pres.wait(`document.querySelector('dialog.room-key[open]') !== null`)
	link := pres.evalString(`document.querySelector('[data-testid="room-key-url"]').value`)
	u, err := url.Parse(link)
	if err != nil || !strings.HasSuffix(u.Path, "/present") || u.Query().Get("token") == "" {
		t.Fatalf("the presenter link %q is not a presenter page with its token", link)
	}
	code := strings.Split(u.Path, "/")[2]
	if !pres.eval(`(() => { const q = document.querySelector('[data-testid="room-key-qr"]').getBoundingClientRect(); return q.width >= 150 && q.width === q.height; })()`) {
		t.Error("the presenter link's QR code is not a square of at least 150 px")
	}
	pres.shot("room-link-1280")
	pres.click(`[data-testid="room-key-hide"]`)
	pres.wait(`document.querySelector('dialog.room-key[open]') === null`)

	s1 := b.open(t, "/room/"+code, chromedp.WithNewBrowserContext())
	s1.wait(`document.querySelector('#room').dataset.following === "true"`)
	if got := s1.text(`#room-seat`); got != "You are Student 1" {
		t.Errorf("the first student's page says %q", got)
	}
	students := []*page{s1}
	for range 2 {
		s := b.open(t, "/room/"+code, chromedp.WithNewBrowserContext())
		s.wait(`document.querySelector('#room').dataset.following === "true"`)
		students = append(students, s)
	}
	pres.wait(`document.querySelector('#room-members').dataset.here === "3"`)
	if got := students[2].text(`#room-seat`); got != "You are Student 3" {
		t.Errorf("the third student's page says %q", got)
	}
	// The stage is laid out for the room each page has, so the pages are
	// compared by what they show: the position, the step narrated and the
	// values in memory.
	shown := `[document.querySelector('#app').dataset.position, document.querySelector('#narration').textContent, [...document.querySelectorAll('#stage .cell')].map((c) => c.textContent).join()].join("|")`
	inStep := func(p *page, step int) {
		t.Helper()
		p.waitPosition(step)
		want := p.evalString(shown)
		for i, s := range students {
			s.waitPosition(step)
			if got := s.evalString(shown); got != want {
				t.Errorf("at step %d Student %d shows %q, the presenter %q", step, i+1, got, want)
			}
			if !s.eval(`document.querySelector('#room').dataset.following === "true"`) {
				t.Errorf("at step %d Student %d no longer follows", step, i+1)
			}
		}
	}
	pres.click(`button.thread[data-thread="W1"]`)
	inStep(pres, 1)
	pres.click(`button.thread[data-thread="W1"]`)
	inStep(pres, 2)

	// The teacher's browser closed: another browser, with no cookie of
	// the room's, takes the room over with the link, at the step the
	// class is at, while the students follow.
	other := b.open(t, u.RequestURI(), chromedp.WithNewBrowserContext())
	other.wait(`document.querySelector('#room').dataset.welcomed === "true" && document.querySelector('[data-testid="room"]').dataset.role === "presenter"`)
	if other.eval(`location.search.includes("token")`) {
		t.Error("the token stays in the address bar after the takeover")
	}
	pres.wait(`document.querySelector('#room').dataset.closed === "true"`)
	if got := pres.text(`#room-status`); !strings.Contains(got, "opened somewhere else") {
		t.Errorf("the first presenter page says %q after the takeover", got)
	}
	pres.shot("room-taken-over-1280")
	inStep(other, 2)
	other.wait(`document.querySelector('#room-members').dataset.here === "3"`)
	for i, th := range []string{"W1", "D1"} {
		other.click(`button.thread[data-thread="` + th + `"]`)
		inStep(other, 3+i)
	}
	if !pres.eval(`document.querySelector('#app').dataset.position === "2"`) {
		t.Errorf("the page taken over went on to step %s with the room", pres.evalString(`document.querySelector('#app').dataset.position`))
	}
	other.shot("room-reclaimed-1280")
	students[2].shot("room-student3-1280")
	other.eval(`(document.querySelector("#room-members").open = true)`)
	other.shot("room-members-1280")

	// The new presenter removes Student 1: a first click asks, a second
	// removes.
	remove := `#room-members li[data-seat="1"] button.remove`
	other.click(remove)
	other.wait(`document.querySelector('` + remove + `').textContent.includes("Student 1?")`)
	other.click(remove)
	s1.wait(`document.querySelector('#room').dataset.closed === "true"`)
	if got := s1.text(`#room-status`); !strings.Contains(got, "removed you") {
		t.Errorf("the removed student's page says %q", got)
	}
	other.wait(`document.querySelector('#room-members').dataset.seats === "2"`)
	s1.do(chromedp.Reload(), chromedp.WaitReady(chromedp.CSS(`#room`)))
	s1.wait(`document.querySelector('#room') && document.querySelector('#room').dataset.closed === "true"`)
	if got := s1.text(`#room-status`); !strings.Contains(got, "cannot join it again") {
		t.Errorf("the removed student's page after a reload says %q", got)
	}
	s1.shot("room-removed-1280")

	// Both presenters' browsers list the room as open.
	for name, p := range map[string]*page{"opener": pres, "taker": other} {
		p.do(chromedp.Navigate(b.base+"/room"), chromedp.WaitReady(chromedp.CSS(`#room-form`)))
		p.wait(`document.querySelector('#room-form') !== null`)
		if !p.eval(`document.querySelector('[data-testid="room-mine"] li[data-code="` + code + `"][data-open="true"] a') !== null`) {
			t.Errorf("the %s's form does not list room %s as open", name, code)
		}
	}
	if got := pres.evalString(`document.querySelector('[data-testid="open-lesson"]').value`); got != "wg-lost-wakeup" {
		t.Errorf("the form offers %q first after a room on wg-lost-wakeup, want the lesson last used", got)
	}
	pres.shot("room-mine-1280")

	// The pictures at the larger size and in Chinese.
	for _, v := range []struct {
		name string
		w, h int64
		lang string
	}{{"1920", 1920, 1080, ""}, {"1280-zh", 1280, 720, "zh"}, {"1920-zh", 1920, 1080, "zh"}} {
		q := "?link=1"
		if v.lang != "" {
			q += "&lang=" + v.lang
		}
		other.do(chromedp.EmulateViewport(v.w, v.h), chromedp.Navigate(b.base+"/room/"+code+"/present"+q), chromedp.WaitReady(chromedp.CSS(`#room`)))
		other.wait(`document.querySelector('#app.ready') && document.querySelector('#room').dataset.welcomed === "true" && document.querySelector('dialog.room-key[open]') !== null`)
		other.shot("room-link-" + v.name)
		other.click(`[data-testid="room-key-hide"]`)
		other.eval(`(document.querySelector("#room-members").open = true)`)
		other.wait(`document.querySelector('#room-members li') !== null`)
		other.shot("room-members-" + v.name)
	}
	b.checkErrors(t)
}

package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestClassroomInBrowser runs a lecture in two browser contexts: the
// presenter steps, the student's page follows, the class votes on the
// next step and the presenter's reveal performs it; then the student
// branches off and snaps back.
func TestClassroomInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	code, token := openRoom(t, b.base, "wg-lost-wakeup")

	pres := b.open(t, "/room/"+code+"/present?lesson=wg-lost-wakeup&token="+url.QueryEscape(token))
	pres.wait(`document.querySelector('#room').dataset.welcomed === "true"`)
	// The presenter's page presents: type sized for the room.
	pres.wait(`document.documentElement.classList.contains('present')`)
	stu := b.open(t, "/room/"+code, chromedp.WithNewBrowserContext())
	stu.wait(`document.querySelector('#room').dataset.following === "true"`)
	pres.wait(`document.querySelector('#room-roster').dataset.students === "1"`)

	for i, th := range []string{"W1", "W1", "W1"} {
		pres.click(`button.thread[data-thread="` + th + `"]`)
		pres.waitPosition(i + 1)
		stu.waitPosition(i + 1)
	}
	if got, want := stu.text(`button.thread[data-thread="W1"]`), pres.text(`button.thread[data-thread="W1"]`); got != want {
		t.Errorf("student's W1 button says %q, the presenter's %q", got, want)
	}
	pres.shot("room-presenter-3")
	stu.shot("room-student-3")

	presBefore, stuBefore := pres.panelRects(), stu.panelRects()
	pres.click(`#room-ask button[data-kind="thread"]`)
	stu.wait(`!document.querySelector('#room-poll').hidden && document.querySelectorAll('#room-poll button.option').length === 2`)
	if after := pres.panelRects(); after != presBefore {
		t.Errorf("the presenter's panels moved when the poll came:\n before %s\n after  %s", presBefore, after)
	}
	if after := stu.panelRects(); after != stuBefore {
		t.Errorf("the student's panels moved when the poll came:\n before %s\n after  %s", stuBefore, after)
	}
	stu.click(`#room-poll button.option[data-option="1"]`)
	stu.wait(`document.querySelector('#room-poll button.option[data-option="1"]').getAttribute('aria-pressed') === "true"`)
	pres.wait(`document.querySelector('#room-poll').dataset.votes === "1"`)
	pres.wait(`document.querySelector('#room-poll .option[data-option="1"] .count').dataset.count === "1"`)
	if got := pres.text(`#room-poll .question`); !strings.Contains(got, "Which thread") {
		t.Errorf("presenter's question %q", got)
	}
	pres.shot("room-presenter-poll")
	stu.shot("room-student-poll")

	// The class chose D1: the reveal steps it, and the student follows.
	pres.click(`#room-poll button.reveal`)
	pres.waitPosition(4)
	stu.waitPosition(4)
	stu.wait(`document.querySelector('#room-poll').dataset.state === "revealed"`)
	// A thread poll has no right answer: the result names the thread
	// that moves and the split, and says nothing of right or wrong.
	if got := stu.text(`#room-poll .summary`); !strings.Contains(got, "D1 moves next") || strings.Contains(got, "right") || strings.Contains(got, "Not this time") {
		t.Errorf("student's result %q; want D1 moving next, and no verdict on the vote", got)
	}
	if got := stu.text(`#room-poll .option[data-option="1"] .count`); got != "1 · 100%" {
		t.Errorf("student's split for D1 = %q; want 1 · 100%%", got)
	}
	stu.shot("room-student-revealed")

	// A step of the student's own branches off; the presenter's next step
	// is not shown until the student snaps back.
	stu.click(`button.thread[data-thread="D1"]`)
	stu.waitPosition(5)
	stu.wait(`document.querySelector('#room').dataset.following === "false"`)
	pres.wait(`document.querySelector('#room-roster').dataset.following === "0"`)
	pres.click(`button.thread[data-thread="W1"]`)
	pres.waitPosition(5)
	// The stage is laid out for the room each page has, so the pages are
	// compared by what they show: the position, the step narrated and the
	// values in memory.
	shown := `[document.querySelector('#app').dataset.position, document.querySelector('#narration').textContent, [...document.querySelectorAll('#stage .cell')].map((c) => c.textContent).join()].join("|")`
	if got := stu.evalString(shown); got == pres.evalString(shown) {
		t.Errorf("the exploring student's page shows the presenter's step")
	}
	stu.click(`#room-toggle`)
	stu.wait(`document.querySelector('#room').dataset.following === "true"`)
	stu.wait(fmt.Sprintf(`%s === %q`, shown, pres.evalString(shown)))
	pres.wait(`document.querySelector('#room-roster').dataset.following === "1"`)

	b.checkErrors(t)
}

// openRoom opens a room on lesson at the server base, as the form does,
// and returns its code and presenter token.
func openRoom(t *testing.T, base, lesson string) (code, token string) {
	t.Helper()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.PostForm(base+"/room", url.Values{"lesson": {lesson}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	m := regexp.MustCompile(`^/room/([A-Z2-9]{8})/present`).FindStringSubmatch(resp.Header.Get("Location"))
	if m == nil {
		t.Fatalf("POST /room: %s to %q", resp.Status, resp.Header.Get("Location"))
	}
	for _, c := range resp.Cookies() {
		if strings.HasSuffix(c.Name, m[1]) {
			// The presenter page that shows the presenter link once is
			// this client's: the browser's pages come after it.
			req, _ := http.NewRequest(http.MethodGet, base+resp.Header.Get("Location"), nil)
			req.AddCookie(c)
			shown, err := client.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			shown.Body.Close()
			return m[1], c.Value
		}
	}
	t.Fatalf("POST /room set no presenter cookie")
	return "", ""
}

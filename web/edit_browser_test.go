package web_test

import (
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestEditInBrowser types schedules into the lesson page's box, as a
// teacher would: one that fails, whose error points at its token, then
// one that runs to its verdict; changes a parameter; and reopens both
// from the page's address.
func TestEditInBrowser(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	p := b.open(t, "/lesson/wg-lost-wakeup?lang=en")
	p.click(`#controls button[data-action="edit"]`)
	p.wait(`document.querySelector('[data-testid="schedule-text"]')`)

	// D1 has two steps: the third cannot be taken (step 4).
	p.typeSchedule("W1, D1*3")
	p.press(`[data-testid="edit"] button[data-action="run-schedule"]`)
	p.wait(`!document.querySelector('[data-testid="schedule-error"]').hidden`)
	if got := p.text(`[data-testid="bad-token"]`); got != "D1*3" {
		t.Errorf("the error marks %q; want D1*3", got)
	}
	if got := p.text(`[data-testid="schedule-error"]`); !strings.Contains(got, "Step 4 cannot be taken") || !strings.Contains(got, "D1 has finished") {
		t.Errorf("the error says %q; want step 4 and why", got)
	}
	if got := p.evalString(`(() => { const b = document.querySelector('[data-testid="schedule-text"]'); return b.value.slice(b.selectionStart, b.selectionEnd); })()`); got != "D1*3" {
		t.Errorf("the box selects %q; want D1*3", got)
	}
	p.shot("edit-0-error-1280")

	// A schedule that works runs to its verdict.
	p.typeSchedule("W1*5 D1*2 W1")
	p.press(`[data-testid="edit"] button[data-action="run-schedule"]`)
	p.waitPosition(8)
	p.wait(`document.querySelector('[data-testid="schedule-error"]').hidden`)
	if !p.eval(`new URLSearchParams(location.search).get("schedule").startsWith("W1@G1")`) {
		t.Errorf("the address %q does not keep the schedule", p.evalString(`location.search`))
	}

	// A parameter, within its bounds, reloads the lesson.
	p.eval(`(() => { document.querySelector('[data-testid="edit"] input[data-param="waiters"]').value = "2"; return true; })()`)
	p.press(`[data-testid="edit"] button[data-action="apply-params"]`)
	p.wait(`!!document.querySelector('button.thread[data-threads~="W2"]')`)
	q := p.evalString(`location.search`)
	if !strings.Contains(q, "waiters=2") || !strings.Contains(q, "edit=1") {
		t.Errorf("the address %q; want waiters=2 and edit=1", q)
	}
	if !p.eval(`document.querySelector('[data-testid="edit"] input[data-param="waiters"]').max === "64"`) {
		t.Error("the waiters field is not bounded by the server's limit")
	}
	p.shot("edit-1-params-1280")

	// The address reopens the parameters, the schedule and the editor.
	d := b.open(t, "/lesson/wg-lost-wakeup"+q)
	d.wait(`document.querySelector('[data-testid="edit"] input[data-param="waiters"]')`)
	if got := d.evalString(`document.querySelector('[data-testid="edit"] input[data-param="waiters"]').value`); got != "2" {
		t.Errorf("the deep link's waiters field says %q; want 2", got)
	}
	if got := d.evalString(`document.querySelector('[data-testid="schedule-text"]').value`); !strings.HasPrefix(got, "W1@G1") {
		t.Errorf("the deep link's box holds %q; want the schedule", got)
	}
	b.checkErrors(t)
}

// TestEditBadQueries checks that a lesson page's bad query values are
// refused with a clear error page, in the page's language, never a crash.
func TestEditBadQueries(t *testing.T) {
	t.Parallel()
	b := newBrowser(t)
	tests := []struct {
		query, want string
	}{
		{"waiters=abc&lang=en", "is not a whole number."},
		{"waiters=99&lang=en", "out of range 0..64"},
		{"waiters=abc&lang=zh", "不是整数"},
		{"bogus=1&lang=en", "has no parameter"},
		{"schedule=W1%20D%3F1&lang=en", "The schedule cannot be read"},
	}
	for _, tt := range tests {
		resp, err := http.Get(b.base + "/lesson/wg-lost-wakeup?" + tt.query)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), tt.want) {
			t.Errorf("?%s: %d, %q not in the page; want 400 saying it", tt.query, resp.StatusCode, tt.want)
		}
	}
}

// typeSchedule replaces the text of the schedule's box, as typing does.
func (p *page) typeSchedule(text string) {
	p.t.Helper()
	sel := `[data-testid="schedule-text"]`
	p.typeInto(sel, "", text)
}

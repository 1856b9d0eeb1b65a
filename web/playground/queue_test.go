package playground

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"lockstep/web/site"
)

// TestSearchQueueFair: one search per client, running or waiting; the
// line takes clients in turn; a client that asks again goes to the back;
// the waiting know how many are ahead.
func TestSearchQueueFair(t *testing.T) {
	q := newSearchQueue(1)
	enter := func(client string) *ticket {
		t.Helper()
		tk, err := q.enter(site.Client{Addr: client})
		if err != nil {
			t.Fatalf("enter(%s): %v", client, err)
		}
		return tk
	}
	a := enter("a")
	if _, err := q.enter(site.Client{Addr: "a"}); !errors.Is(err, errSearchQueued) {
		t.Errorf("a second search of client a: %v, want errSearchQueued", err)
	}
	b, c := enter("b"), enter("c")
	isOpen := func(tk *ticket) bool {
		select {
		case <-tk.go_:
			return true
		default:
			return false
		}
	}
	if !isOpen(a) || isOpen(b) || isOpen(c) {
		t.Fatal("with one slot, only the first search runs")
	}
	if a.ahead() != 0 || b.ahead() != 1 || c.ahead() != 2 {
		t.Errorf("ahead = %d %d %d, want 0 1 2", a.ahead(), b.ahead(), c.ahead())
	}
	a.leave()
	a2 := enter("a") // a asks again: behind c
	if !isOpen(b) || c.ahead() != 1 || a2.ahead() != 2 {
		t.Errorf("after a's search: b runs %v, c ahead %d, a's new one ahead %d; want true, 1, 2", isOpen(b), c.ahead(), a2.ahead())
	}
	select {
	case <-c.moved:
	default:
		t.Error("c was not told it moved up")
	}
	c.leave() // c gives up waiting
	if a2.ahead() != 1 {
		t.Errorf("after c left the line, a is %d ahead, want 1", a2.ahead())
	}
	b.leave()
	b.leave() // twice does nothing
	if !isOpen(a2) || q.waitingCount() != 0 {
		t.Error("a's second search does not run once the line is empty")
	}
	a2.leave()
	if _, err := q.enter(site.Client{Addr: "c"}); err != nil {
		t.Errorf("c after it left: %v", err)
	}
}

// TestSearchQueueBehindOneAddress: the browsers behind one address (a
// classroom's NAT) each have a search, and the browser without a cookie
// one more; but the line takes addresses in turn, so a search from
// another address waits behind one of theirs at most.
func TestSearchQueueBehindOneAddress(t *testing.T) {
	q := newSearchQueue(1)
	enter := func(c site.Client) *ticket {
		t.Helper()
		tk, err := q.enter(c)
		if err != nil {
			t.Fatalf("enter(%+v): %v", c, err)
		}
		return tk
	}
	var school []*ticket
	for i := range 5 {
		school = append(school, enter(site.Client{Addr: "school", Browser: fmt.Sprintf("student%02dxxxxxxxxxx", i)}))
	}
	script := enter(site.Client{Addr: "school"})
	if _, err := q.enter(site.Client{Addr: "school", Browser: "student03xxxxxxxxxx"}); !errors.Is(err, errSearchQueued) {
		t.Errorf("a second search of one browser: %v, want errSearchQueued", err)
	}
	if _, err := q.enter(site.Client{Addr: "school"}); !errors.Is(err, errSearchQueued) {
		t.Errorf("a second search of the address without a cookie: %v, want errSearchQueued", err)
	}
	home := enter(site.Client{Addr: "home"})
	if got := home.ahead(); got != 1 {
		t.Errorf("a search from another address waits behind %d, want 1 (the school's search that runs)", got)
	}
	if got := script.ahead(); got != 6 {
		t.Errorf("the school's sixth search waits behind %d, want 6", got)
	}
	school[0].leave()
	school[1].leave()
	if home.ahead() != 0 || q.waitingCount() != 4 {
		t.Errorf("after two of the school's searches, home is %d ahead, %d wait; want it running, 4 waiting", home.ahead(), q.waitingCount())
	}
	again := enter(site.Client{Addr: "school", Browser: "student00xxxxxxxxxx"})
	if got := again.ahead(); got != 4 {
		t.Errorf("a student who asks again waits behind %d, want 4: behind the school's others that came before", got)
	}
}

// TestSearchQueueSessions: a client's second search, from another tab, is
// refused with a message in the page's language; another client's waits,
// and its explore-progress says how many searches are ahead.
func TestSearchQueueSessions(t *testing.T) {
	p := testPlayground(t)
	p.queue = newSearchQueue(1)
	const big = `{"v":1,"type":"load","lesson":"test-wakeup","variant":"fixed","params":{"waiters":8,"workers":8}}`
	a1, a2, b := startExplorerOn(t, p, "a"), startExplorerOn(t, p, "a"), startExplorerOn(t, p, "b")
	for _, x := range []*explorer{a1, a2, b} {
		x.load(t, big)
	}
	a1.send(t, `{"v":1,"id":7,"type":"explore","strategy":"exhaustive"}`)
	if e := a1.until(t, "explore-progress"); e.Queued != 0 {
		t.Errorf("the first search waits behind %d, want 0", e.Queued)
	}
	a2.send(t, `{"v":1,"id":7,"type":"explore","strategy":"exhaustive"}`)
	if e := a2.next(t); e.Type != "error" || e.Command != "explore" || !strings.Contains(e.Message, "already have a search") {
		t.Errorf("a second search of client a: %+v, want an error saying one runs", e)
	}
	a2.send(t, `{"v":1,"id":8,"type":"lang","lang":"zh"}`)
	a2.until(t, "state", "loaded")
	a2.send(t, `{"v":1,"id":9,"type":"explore","strategy":"exhaustive"}`)
	if e := a2.until(t, "error", "loaded"); !strings.Contains(e.Message, "你已经有一个搜索") {
		t.Errorf("the refusal in Chinese: %q", e.Message)
	}
	b.send(t, `{"v":1,"id":7,"type":"explore","strategy":"exhaustive"}`)
	if e := b.until(t, "explore-progress"); e.Queued != 1 {
		t.Errorf("client b's search: queued %d, want 1 (a's runs)", e.Queued)
	}
	a1.send(t, `{"v":1,"id":10,"type":"cancel"}`)
	a1.until(t, "explore-result", "explore-progress")
	for {
		if e := b.until(t, "explore-progress"); e.Queued == 0 {
			break
		}
	}
	b.send(t, `{"v":1,"id":11,"type":"cancel"}`)
	b.until(t, "explore-result", "explore-progress")
}

package playground

import (
	"lockstep/web/playground/searchqueue"
	"strings"
	"testing"
)

// TestSearchQueueSessions: a client's second search, from another tab, is
// refused with a message in the page's language; another client's waits,
// and its explore-progress says how many searches are ahead.
func TestSearchQueueSessions(t *testing.T) {
	p := testPlayground(t)
	p.queue = searchqueue.New(1)
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

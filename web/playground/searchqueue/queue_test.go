package searchqueue

import (
	"errors"
	"fmt"
	"testing"

	"lockstep/web/site"
)

// TestSearchQueueFair: one search per client, running or waiting; the
// line takes clients in turn; a client that asks again goes to the back;
// the waiting know how many are ahead.
func TestSearchQueueFair(t *testing.T) {
	q := New(1)
	enter := func(client string) *Ticket {
		t.Helper()
		tk, err := q.Enter(site.Client{Addr: client})
		if err != nil {
			t.Fatalf("enter(%s): %v", client, err)
		}
		return tk
	}
	a := enter("a")
	if _, err := q.Enter(site.Client{Addr: "a"}); !errors.Is(err, ErrQueued) {
		t.Errorf("a second search of client a: %v, want ErrQueued", err)
	}
	b, c := enter("b"), enter("c")
	isOpen := func(tk *Ticket) bool {
		select {
		case <-tk.ready:
			return true
		default:
			return false
		}
	}
	if !isOpen(a) || isOpen(b) || isOpen(c) {
		t.Fatal("with one slot, only the first search runs")
	}
	if a.Ahead() != 0 || b.Ahead() != 1 || c.Ahead() != 2 {
		t.Errorf("ahead = %d %d %d, want 0 1 2", a.Ahead(), b.Ahead(), c.Ahead())
	}
	a.Leave()
	a2 := enter("a") // a asks again: behind c
	if !isOpen(b) || c.Ahead() != 1 || a2.Ahead() != 2 {
		t.Errorf("after a's search: b runs %v, c ahead %d, a's new one ahead %d; want true, 1, 2", isOpen(b), c.Ahead(), a2.Ahead())
	}
	select {
	case <-c.moved:
	default:
		t.Error("c was not told it moved up")
	}
	c.Leave() // c gives up waiting
	if a2.Ahead() != 1 {
		t.Errorf("after c left the line, a is %d ahead, want 1", a2.Ahead())
	}
	b.Leave()
	b.Leave() // twice does nothing
	if !isOpen(a2) || q.Waiting() != 0 {
		t.Error("a's second search does not run once the line is empty")
	}
	a2.Leave()
	if _, err := q.Enter(site.Client{Addr: "c"}); err != nil {
		t.Errorf("c after it left: %v", err)
	}
}

// TestSearchQueueBehindOneAddress: the browsers behind one address (a
// classroom's NAT) each have a search, and the browser without a cookie
// one more; but the line takes addresses in turn, so a search from
// another address waits behind one of theirs at most.
func TestSearchQueueBehindOneAddress(t *testing.T) {
	q := New(1)
	enter := func(c site.Client) *Ticket {
		t.Helper()
		tk, err := q.Enter(c)
		if err != nil {
			t.Fatalf("enter(%+v): %v", c, err)
		}
		return tk
	}
	var school []*Ticket
	for i := range 5 {
		school = append(school, enter(site.Client{Addr: "school", Browser: fmt.Sprintf("student%02dxxxxxxxxxx", i)}))
	}
	script := enter(site.Client{Addr: "school"})
	if _, err := q.Enter(site.Client{Addr: "school", Browser: "student03xxxxxxxxxx"}); !errors.Is(err, ErrQueued) {
		t.Errorf("a second search of one browser: %v, want ErrQueued", err)
	}
	if _, err := q.Enter(site.Client{Addr: "school"}); !errors.Is(err, ErrQueued) {
		t.Errorf("a second search of the address without a cookie: %v, want ErrQueued", err)
	}
	home := enter(site.Client{Addr: "home"})
	if got := home.Ahead(); got != 1 {
		t.Errorf("a search from another address waits behind %d, want 1 (the school's search that runs)", got)
	}
	if got := script.Ahead(); got != 6 {
		t.Errorf("the school's sixth search waits behind %d, want 6", got)
	}
	school[0].Leave()
	school[1].Leave()
	if home.Ahead() != 0 || q.Waiting() != 4 {
		t.Errorf("after two of the school's searches, home is %d ahead, %d wait; want it running, 4 waiting", home.Ahead(), q.Waiting())
	}
	again := enter(site.Client{Addr: "school", Browser: "student00xxxxxxxxxx"})
	if got := again.Ahead(); got != 4 {
		t.Errorf("a student who asks again waits behind %d, want 4: behind the school's others that came before", got)
	}
}

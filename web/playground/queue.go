package playground

import (
	"errors"
	"slices"
	"sync"

	"lockstep/web/site"
)

// A searchQueue runs the searches the pages ask for, a few at a time
// (slots), and is fair between clients and between addresses.
//
// A client (site.Client: a browser at an address, or an address alone
// for a request without the browser cookie) has at most one search
// running or waiting, so one that asks again after its result goes to
// the back. A classroom behind one NAT address is many clients, each with
// its search; so that they, or a script that makes up browsers, cannot
// push everyone else back, the line takes addresses in turn: a search's
// round is how many searches of its address are in the queue when it
// comes, and the line is ordered by round, then by arrival. A waiting
// search knows how many wait ahead of it, which its page shows.
type searchQueue struct {
	slots int
	// workers is how many goroutines each search may use (Config.SearchWorkers).
	workers int

	mu      sync.Mutex
	running int
	waiting []*ticket       // by round, then in the order they came
	clients map[string]bool // clients (Client.Key) with a search running or waiting
	addrs   map[string]int  // searches running or waiting, by address
}

// A ticket is one search's place in the queue.
type ticket struct {
	q      *searchQueue
	client site.Client
	round  int           // searches of its address in the queue when it came
	go_    chan struct{} // closed when the search may run
	moved  chan struct{} // holds a token when the search moved in the line
	state  ticketState   // guarded by q.mu
}

// ticketState is where a ticket is.
type ticketState int

const (
	waiting ticketState = iota
	running
	left
)

// errSearchQueued refuses a second search of a client that has one
// running or waiting.
var errSearchQueued = errors.New("you already have a search running or waiting, in this tab or another: wait for its result, or cancel it")

func newSearchQueue(slots int) *searchQueue {
	return &searchQueue{slots: slots, workers: searchWorkers(slots), clients: map[string]bool{}, addrs: map[string]int{}}
}

// enter queues a search of client, or refuses it with errSearchQueued.
// The zero client (a search with no page: the lab's, a session in tests)
// is not limited, and takes its turns as one address. The ticket's go_
// is closed when the search may run; the search then calls leave when it
// ends, or leave as soon as it gives up waiting.
func (q *searchQueue) enter(client site.Client) (*ticket, error) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if key := client.Key(); key != "" {
		if q.clients[key] {
			return nil, errSearchQueued
		}
		q.clients[key] = true
	}
	t := &ticket{q: q, client: client, round: q.addrs[client.Addr], go_: make(chan struct{}), moved: make(chan struct{}, 1)}
	q.addrs[client.Addr]++
	i := len(q.waiting)
	for i > 0 && q.waiting[i-1].round > t.round {
		i--
	}
	q.waiting = slices.Insert(q.waiting, i, t)
	q.nudge(i + 1) // those behind moved back
	q.admit()
	return t, nil
}

// ahead is how many searches wait ahead of t; 0 once t runs.
func (t *ticket) ahead() int {
	t.q.mu.Lock()
	defer t.q.mu.Unlock()
	for i, w := range t.q.waiting {
		if w == t {
			return i + 1
		}
	}
	return 0
}

// leave takes t out of the queue, running or waiting, and lets the next
// search run. Leaving twice does nothing.
func (t *ticket) leave() {
	q := t.q
	q.mu.Lock()
	defer q.mu.Unlock()
	switch t.state {
	case left:
		return
	case waiting:
		i := q.index(t)
		q.waiting = append(q.waiting[:i], q.waiting[i+1:]...)
		q.nudge(i)
	case running:
		q.running--
	}
	t.state = left
	if key := t.client.Key(); key != "" {
		delete(q.clients, key)
	}
	if q.addrs[t.client.Addr]--; q.addrs[t.client.Addr] <= 0 {
		delete(q.addrs, t.client.Addr)
	}
	q.admit()
}

// index is t's place among the waiting, or -1. q.mu is held.
func (q *searchQueue) index(t *ticket) int {
	for i, w := range q.waiting {
		if w == t {
			return i
		}
	}
	return -1
}

// admit runs the first waiting searches while slots are free. q.mu is
// held.
func (q *searchQueue) admit() {
	n := 0
	for n < len(q.waiting) && q.running < q.slots {
		t := q.waiting[n]
		t.state = running
		close(t.go_)
		q.running++
		n++
	}
	if n > 0 {
		q.waiting = q.waiting[n:]
		q.nudge(0)
	}
}

// nudge tells the waiting searches from place i on that they moved.
// q.mu is held.
func (q *searchQueue) nudge(from int) {
	for _, w := range q.waiting[from:] {
		select {
		case w.moved <- struct{}{}:
		default:
		}
	}
}

// waitingCount is the number of searches waiting, for tests.
func (q *searchQueue) waitingCount() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.waiting)
}

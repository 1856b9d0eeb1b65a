package lecture

import (
	"context"
	"sync"
)

// A Member is one connection to a room: the presenter's or a student's.
// Its events are read with Next by one goroutine (the adapter's writer);
// every other method may be called from any goroutine.
type Member struct {
	id   string
	role Role
	room *Room
	out  outbox

	voter string // whose vote the member casts (Room.JoinAs)
	addr  string // the address a student joined from (Room.JoinFrom), or ""
	seat  int    // a student's attendee number (attendees.go)

	// Guarded by room.mu.
	following bool
}

// ID is the member's id in its room: "p" for the presenter, "s1", "s2"...
// for students, never reused within a room.
func (m *Member) ID() string { return m.id }

// Seat is a student's attendee number in its room ("Student 3"); 0 for
// the presenter.
func (m *Member) Seat() int { return m.seat }

// Role says whether m presents or follows.
func (m *Member) Role() Role { return m.role }

// Room is the room m belongs to.
func (m *Member) Room() *Room { return m.room }

// Next returns m's next event, waiting for one. Once m has left the room
// (it left, was dropped, or the room closed) Next returns why, for ever:
// one of ErrLeft, ErrSlow, ErrReplaced, ErrClosed, ErrIdle; events still
// queued then are discarded. It returns ctx's error when ctx ends first.
func (m *Member) Next(ctx context.Context) (*Event, error) {
	for {
		ev, err := m.out.pop()
		if ev != nil || err != nil {
			return ev, err
		}
		select {
		case <-m.out.ready:
		case <-m.out.done:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// Done is closed when m has left the room; Err then says why.
func (m *Member) Done() <-chan struct{} { return m.out.done }

// Err is why m left the room, or nil while it is in it.
func (m *Member) Err() error {
	m.out.mu.Lock()
	defer m.out.mu.Unlock()
	return m.out.err
}

// Reply queues ev for m alone: the answer to one of its commands. It
// reports false, and drops m, when m's outbox is full.
func (m *Member) Reply(ev *Event) bool {
	r := m.room
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.send(m, ev)
}

// An outbox is a member's bounded queue of events. Pushing never blocks;
// an event of a coalescing type replaces one of its type still queued.
type outbox struct {
	mu    sync.Mutex
	queue []*Event
	head  int          // the number of events popped so far
	slot  map[Type]int // where a coalescing event sits: head + its index
	limit int
	err   error // why the member left; nil while it is in the room

	ready chan struct{} // holds a token while events may be queued
	done  chan struct{} // closed when err is set
}

func newOutbox(limit int) outbox {
	return outbox{limit: limit, slot: map[Type]int{}, ready: make(chan struct{}, 1), done: make(chan struct{})}
}

// push queues ev. It reports false when the outbox is full; the event is
// then not queued and the caller drops the member. Pushing to a closed
// outbox does nothing and reports true.
func (o *outbox) push(ev *Event) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return true
	}
	if ev.Type.coalesces() {
		if at, ok := o.slot[ev.Type]; ok && at >= o.head {
			o.queue[at-o.head] = ev
			return true
		}
	}
	if len(o.queue) >= o.limit {
		return false
	}
	if ev.Type.coalesces() {
		o.slot[ev.Type] = o.head + len(o.queue)
	}
	o.queue = append(o.queue, ev)
	select {
	case o.ready <- struct{}{}:
	default:
	}
	return true
}

// pop takes the oldest queued event; both results are nil when none is
// queued and the member is still in the room.
func (o *outbox) pop() (*Event, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return nil, o.err
	}
	if len(o.queue) == 0 {
		return nil, nil
	}
	ev := o.queue[0]
	o.queue[0] = nil
	o.queue = o.queue[1:]
	o.head++
	return ev, nil
}

// close records why the member left and drops what is queued. Only the
// first reason counts.
func (o *outbox) close(reason error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.err != nil {
		return
	}
	o.err = reason
	o.queue = nil
	close(o.done)
}

package cache

import (
	"math/rand/v2"
	"sync"
	"sync/atomic"
)

// Halted is the stop reason of a worker of a parallel search that the
// crew halted: another's stop, or the end of the search.
const Halted = "halted"

// OutOfMemory is the stop reason of a search whose state cache reached
// its memory budget.
const OutOfMemory = "memory"

// A Crew is what the workers of a parallel search share beside their
// cache (Store): whether they are to stop, why the first of them to stop
// did, and the first state's summary once one of them finished it.
type Crew struct {
	Store  *Shared
	halted atomic.Bool

	mu     sync.Mutex
	reason string  // the first stop reason other than Halted
	done   bool    // a worker finished the first state
	root   Summary // its summary, once done
}

// NewCrew returns a crew with an empty cache.
func NewCrew() *Crew { return &Crew{Store: NewShared()} }

// Halted reports whether the workers are to stop.
func (c *Crew) Halted() bool { return c.halted.Load() }

// Halt tells every worker to stop.
func (c *Crew) Halt() { c.halted.Store(true) }

// Finish records how a worker's search from the first state ended, and
// halts the others: stop "" with top, the first state's summary, which is
// the search's if no worker finished or stopped before; or another stop
// reason, which is the search's if it is the first one, or prefer says
// it takes the place of an earlier one, and no worker finished.
func (c *Crew) Finish(stop string, top *Summary, prefer bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case stop == "" && !c.done && c.reason == "":
		c.done = true
		c.root.Set(top)
		c.halted.Store(true)
	case stop != "" && stop != Halted && !c.done && (c.reason == "" || prefer):
		c.reason = stop
		c.halted.Store(true)
	}
}

// Result is, once every worker has returned, the first state's summary
// and true if a worker finished it, or the reason the search stopped.
func (c *Crew) Result() (root *Summary, done bool, reason string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return &c.root, c.done, c.reason
}

// Run runs work for workers 0 to n-1 at once, worker 0 on the caller's
// goroutine and each other on its own; it halts the crew when worker 0
// returns, and returns when every worker has.
func (c *Crew) Run(n int, work func(i int)) {
	var wg sync.WaitGroup
	for i := 1; i < n; i++ {
		wg.Go(func() { work(i) })
	}
	work(0)
	c.Halt()
	wg.Wait()
}

// Shuffler is the source of the order in which worker i takes the threads
// of a state: nil for worker 0, which takes them in the order of the
// search alone, and for the others a source seeded by i, so that they
// spread over the state graph.
func Shuffler(i int) *rand.Rand {
	if i == 0 {
		return nil
	}
	return rand.New(rand.NewPCG(uint64(i), 0x9e3779b97f4a7c15))
}

package explore

import (
	"sync"
	"sync/atomic"

	"lockstep/sim/statekey"
)

// sharedStore is the state cache of a parallel search (see parallel): the
// states split by key among shards, each a stateStore behind a lock of
// its own, so that workers on different states seldom wait for each
// other. A state is known by its ref, its shard and its number there.
//
// While a state is in progress, its record holds the set of workers
// searching it (one bit each, in stateInfo.ext, which only a finished
// state uses otherwise): the first to open it, and those that joined it.
// The first to finish it saves its summary; the others' are the same
// (see parallel) and are dropped.
type sharedStore struct {
	shards [numShards]storeShard
	n      atomic.Int64 // states inserted, in all shards
}

type storeShard struct {
	mu sync.Mutex
	st *stateStore
}

// numShards is the number of shards: enough that two workers seldom want
// one at once.
const numShards = 64

// maxWorkers bounds a parallel search's workers: one bit each in
// stateInfo.ext.
const maxWorkers = 32

// ref names a state of a sharedStore: its shard, then its number.
type ref uint64

func newSharedStore() *sharedStore {
	s := &sharedStore{}
	for i := range s.shards {
		s.shards[i].st = newStateStoreOf(1 << 8)
	}
	return s
}

// shardOf is key k's shard, from bits of the key a slot does not keep.
func shardOf(k statekey.Key) int { return int(k[0] & (numShards - 1)) }

// What open found.
type opening int

const (
	opened   opening = iota // a new state, now in progress by the worker
	joined                  // in progress by others; the worker joins them
	finished                // done: its summary was loaded
	busy                    // in progress by others, and the worker does not join
	onPath                  // in progress by the worker itself: a cycle
	full                    // a new state, but the store holds max states
)

// open looks up the state with key k for worker w. A new state is
// inserted, in progress by w, unless the store holds max states; a state
// others are searching is joined when join is set; a finished one's
// summary is loaded into sum.
func (s *sharedStore) open(k statekey.Key, w int, join bool, max int64, sum *summary) (ref, opening) {
	i := shardOf(k)
	sh := &s.shards[i]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	idx, ok := sh.st.find(k)
	r := ref(i)<<32 | ref(idx)
	if !ok {
		if s.n.Add(1) > max {
			s.n.Add(-1)
			return 0, full
		}
		idx = sh.st.insert(k)
		sh.st.info(idx).ext = 1 << w
		return ref(i)<<32 | ref(idx), opened
	}
	in := sh.st.info(idx)
	switch {
	case in.kinds&inProgress == 0:
		sh.st.load(idx, sum)
		return r, finished
	case in.ext&(1<<w) != 0:
		return r, onPath
	case !join:
		return r, busy
	}
	in.ext |= 1 << w
	return r, joined
}

// save records the summary of state r, unless another worker did first.
func (s *sharedStore) save(r ref, sum *summary) {
	sh := &s.shards[r>>32]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	idx := uint32(r)
	if in := sh.st.info(idx); in.kinds&inProgress != 0 {
		in.ext = 0
		sh.st.save(idx, sum)
	}
}

// minSteps is the fewest steps from the state with key k to an
// execution's end of kind k, and whether the state is known.
func (s *sharedStore) minSteps(key statekey.Key, k int) (uint32, bool) {
	sh := &s.shards[shardOf(key)]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	idx, ok := sh.st.find(key)
	if !ok {
		return noSteps, false
	}
	return sh.st.minSteps(idx, k), true
}

// bytes is the memory the store holds.
func (s *sharedStore) bytes() int64 {
	var n int64
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		n += sh.st.bytes()
		sh.mu.Unlock()
	}
	return n
}

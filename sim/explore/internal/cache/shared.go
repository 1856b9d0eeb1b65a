package cache

import (
	"sync"
	"sync/atomic"

	"lockstep/sim/statekey"
)

// Shared is the state cache of a parallel search (see the explore package's parallel search): the
// states split by key among shards, each a Store behind a lock of
// its own, so that workers on different states seldom wait for each
// other. A state is known by its ref, its shard and its number there.
//
// While a state is in progress, its record holds the set of workers
// searching it (one bit each, in stateInfo.ext, which only a finished
// state uses otherwise): the first to open it, and those that joined it.
// The first to finish it saves its summary; the others' are the same
// (see the explore package's parallel search) and are dropped.
type Shared struct {
	shards [numShards]storeShard
	n      atomic.Int64 // states inserted, in all shards
	bytes  atomic.Int64 // the memory the shards hold, kept by Open and Save
}

type storeShard struct {
	mu sync.Mutex
	st *Store
}

// numShards is the number of shards: enough that two workers seldom want
// one at once.
const numShards = 64

// MaxWorkers bounds a parallel search's workers: one bit each in
// stateInfo.ext.
const MaxWorkers = 32

// Ref names a state of a Shared store: its shard, then its number.
type Ref uint64

func NewShared() *Shared {
	s := &Shared{}
	for i := range s.shards {
		s.shards[i].st = newStoreOf(1 << 8)
		s.bytes.Add(s.shards[i].st.Bytes())
	}
	return s
}

// Len is the number of states cached.
func (s *Shared) Len() int64 { return s.n.Load() }

// shardOf is key k's shard, from bits of the key a slot does not keep.
func shardOf(k statekey.Key) int { return int(k[0] & (numShards - 1)) }

// What open found.
type Opening int

const (
	Opened     Opening = iota // a new state, now in progress by the worker
	Joined                    // in progress by others; the worker joins them
	Finished                  // done: its summary was loaded
	Busy                      // in progress by others, and the worker does not join
	OnPath                    // in progress by the worker itself: a cycle
	Full                      // a new state, but the store holds max states
	FullMemory                // a new state, but inserting it would take the store past its memory budget
)

// Bounds bound a Shared store: the states it may hold, and the memory
// in bytes (0: no bound).
type Bounds struct{ States, Bytes int64 }

// Open looks up the state with key k for worker w. A new state is
// inserted, in progress by w, unless the store holds max.States states or
// inserting it would take it past max.Bytes; a state others are searching
// is joined when join is set; a finished one's summary is loaded into sum.
func (s *Shared) Open(k statekey.Key, w int, join bool, max Bounds, sum *Summary) (Ref, Opening) {
	i := shardOf(k)
	sh := &s.shards[i]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	idx, ok := sh.st.Find(k)
	r := Ref(i)<<32 | Ref(idx)
	if !ok {
		grow := sh.st.InsertBytes()
		if max.Bytes > 0 && s.bytes.Load()+grow > max.Bytes {
			return 0, FullMemory
		}
		if s.n.Add(1) > max.States {
			s.n.Add(-1)
			return 0, Full
		}
		before := sh.st.Bytes()
		idx = sh.st.Insert(k)
		s.bytes.Add(sh.st.Bytes() - before)
		sh.st.info(idx).ext = 1 << w
		return Ref(i)<<32 | Ref(idx), Opened
	}
	in := sh.st.info(idx)
	switch {
	case in.kinds&inProgress == 0:
		sh.st.Load(idx, sum)
		return r, Finished
	case in.ext&(1<<w) != 0:
		return r, OnPath
	case !join:
		return r, Busy
	}
	in.ext |= 1 << w
	return r, Joined
}

// Save records the summary of state r, unless another worker did first.
func (s *Shared) Save(r Ref, sum *Summary) {
	sh := &s.shards[r>>32]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	idx := uint32(r)
	if in := sh.st.info(idx); in.kinds&inProgress != 0 {
		in.ext = 0
		before := sh.st.Bytes()
		sh.st.Save(idx, sum)
		s.bytes.Add(sh.st.Bytes() - before)
	}
}

// MinSteps is the fewest steps from the state with key k to an
// execution's end of kind k, and whether the state's summary is known. A
// state still in progress is not: a worker that the end of the search
// halted leaves the states it was searching unfinished, and their
// fewest steps are then to be found below them, as for a state not
// cached.
func (s *Shared) MinSteps(key statekey.Key, k int) (uint32, bool) {
	sh := &s.shards[shardOf(key)]
	sh.mu.Lock()
	defer sh.mu.Unlock()
	idx, ok := sh.st.Find(key)
	if !ok || sh.st.InProgress(idx) {
		return NoSteps, false
	}
	return sh.st.MinSteps(idx, k), true
}

// Bytes is the memory the store holds.
func (s *Shared) Bytes() int64 {
	var n int64
	for i := range s.shards {
		sh := &s.shards[i]
		sh.mu.Lock()
		n += sh.st.Bytes()
		sh.mu.Unlock()
	}
	return n
}

package site

import (
	"sync"
	"time"
)

// A Backoff makes each key (a client, say) wait longer after each of its
// failures past the first Free: Base after the next, twice as long after
// each one after that, up to Max. A key that has not failed for Forget is
// forgotten, as one that never failed. It keeps at most maxKeys keys. It
// is safe for concurrent use.
type Backoff struct {
	Free      int
	Base, Max time.Duration
	Forget    time.Duration

	mu      sync.Mutex
	strikes map[string]strikes
	now     func() time.Time // time.Now, but for tests
}

// strikes are a key's failures.
type strikes struct {
	n     int
	last  time.Time // of the last failure
	until time.Time // the key waits until then
}

// Wait is how long key must still wait before it may try again; 0 when
// it may now.
func (b *Backoff) Wait(key string) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.clock()
	s := b.strikes[key]
	return max(s.until.Sub(now), 0)
}

// Failures is how many failures of key are counted: those since it was
// last forgotten.
func (b *Backoff) Failures(key string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := b.strikes[key]
	if b.clock().Sub(s.last) > b.Forget {
		return 0
	}
	return s.n
}

// Fail counts a failure of key.
func (b *Backoff) Fail(key string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.clock()
	if b.strikes == nil {
		b.strikes = map[string]strikes{}
	}
	s, ok := b.strikes[key]
	if ok && now.Sub(s.last) > b.Forget {
		s = strikes{}
	}
	if !ok && len(b.strikes) >= maxKeys {
		for k, old := range b.strikes {
			if now.Sub(old.last) > b.Forget {
				delete(b.strikes, k)
			}
		}
	}
	s.n++
	s.last = now
	if over := s.n - b.Free; over > 0 {
		wait := b.Max
		if over <= 30 {
			wait = min(b.Base<<(over-1), b.Max)
		}
		s.until = now.Add(wait)
	}
	b.strikes[key] = s
}

func (b *Backoff) clock() time.Time {
	if b.now != nil {
		return b.now()
	}
	return time.Now()
}

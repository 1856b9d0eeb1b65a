package site

import (
	"sync"
	"time"
)

// A Limiter lets each key (an address, say) do something Burst times at
// once, and once more every Every after that: a token bucket per key. It
// keeps at most maxKeys keys, forgetting those whose bucket has filled
// again (they are as if new). The zero Limiter allows nothing; it is safe
// for concurrent use.
type Limiter struct {
	Burst int
	Every time.Duration

	mu      sync.Mutex
	buckets map[string]bucket
	now     func() time.Time // time.Now, but for tests
}

// maxKeys bounds the keys a Limiter keeps track of.
const maxKeys = 100_000

// A bucket is what a key has left at a time.
type bucket struct {
	tokens float64
	at     time.Time
}

// Allow takes one of key's turns, and reports whether it had one.
func (l *Limiter) Allow(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.clock()
	b, ok := l.buckets[key]
	if !ok {
		b = bucket{tokens: float64(l.Burst), at: now}
	}
	b = l.refill(b, now)
	if b.tokens < 1 {
		l.put(key, b)
		return false
	}
	b.tokens--
	l.put(key, b)
	return true
}

// refill adds to b the turns earned since it was last looked at.
func (l *Limiter) refill(b bucket, now time.Time) bucket {
	if l.Every > 0 {
		b.tokens += float64(now.Sub(b.at)) / float64(l.Every)
	}
	b.tokens = min(b.tokens, float64(l.Burst))
	b.at = now
	return b
}

// put keeps b as key's, first forgetting the full buckets when there are
// too many.
func (l *Limiter) put(key string, b bucket) {
	if l.buckets == nil {
		l.buckets = map[string]bucket{}
	}
	if _, ok := l.buckets[key]; !ok && len(l.buckets) >= maxKeys {
		now := l.clock()
		for k, old := range l.buckets {
			if l.refill(old, now).tokens >= float64(l.Burst) {
				delete(l.buckets, k)
			}
		}
		if len(l.buckets) >= maxKeys {
			return // every key is busy: this one is counted as new next time
		}
	}
	l.buckets[key] = b
}

func (l *Limiter) clock() time.Time {
	if l.now != nil {
		return l.now()
	}
	return time.Now()
}

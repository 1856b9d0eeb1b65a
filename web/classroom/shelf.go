package classroom

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"sync"
	"time"

	"lockstep/web/classroom/lecture"
)

// The rooms each browser presented ("Your rooms" on the form page), kept
// after they close and across restarts (Store.SavePresented): a browser
// is on a room's list once it opened the room or its presenter's socket
// connected from it, a takeover by the presenter link included.

// Bounds of the shelf: the rooms listed for one browser, the browsers
// remembered, and how long a record is kept.
const (
	shelfPerBrowser = 8
	shelfBrowsers   = 4096
	shelfKeep       = 30 * 24 * time.Hour
)

// browserDigest is what the shelf and the store know a browser by: a
// digest of its identity, which cannot be used as the identity.
func browserDigest(browser string) string {
	h := sha256.Sum256([]byte("lockstep rooms presented\x00" + browser))
	return hex.EncodeToString(h[:16])
}

// A shelf holds the rooms browsers presented, newest first, in memory.
// It is safe for concurrent use.
type shelf struct {
	mu        sync.Mutex
	byBrowser map[string][]lecture.Presented
}

func newShelf() *shelf { return &shelf{byBrowser: map[string][]lecture.Presented{}} }

// put records p, replacing the browser's earlier record of the room
// (whose lesson it keeps when p names none). It returns the record as
// kept, and whether that changed what the shelf holds: a record it
// already has, from less than a minute before, is left as it is.
func (s *shelf) put(p lecture.Presented) (lecture.Presented, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	list := s.byBrowser[p.Browser]
	i := slices.IndexFunc(list, func(q lecture.Presented) bool { return q.Code == p.Code && q.Opened.Equal(p.Opened) })
	if i >= 0 {
		if p.At.Sub(list[i].At) < time.Minute {
			return list[i], false
		}
		if p.Lesson == "" {
			p.Lesson = list[i].Lesson
		}
		list = slices.Delete(list, i, i+1)
	}
	if list == nil && len(s.byBrowser) >= shelfBrowsers {
		s.forgetOldest()
	}
	list = slices.Insert(list, 0, p)
	if len(list) > shelfPerBrowser {
		list = list[:shelfPerBrowser]
	}
	s.byBrowser[p.Browser] = list
	return p, true
}

// forgetOldest drops the browser whose newest record is the oldest.
// s.mu is held.
func (s *shelf) forgetOldest() {
	oldest := ""
	for b, list := range s.byBrowser {
		if oldest == "" || list[0].At.Before(s.byBrowser[oldest][0].At) {
			oldest = b
		}
	}
	delete(s.byBrowser, oldest)
}

// load puts back the records a store held, but those older than
// shelfKeep.
func (s *shelf) load(records []lecture.Presented, now time.Time) {
	records = slices.SortedFunc(slices.Values(records), func(a, b lecture.Presented) int { return a.At.Compare(b.At) })
	for _, p := range records {
		if now.Sub(p.At) <= shelfKeep {
			s.put(p)
		}
	}
}

// of is the rooms browser presented, newest first.
func (s *shelf) of(browser string) []lecture.Presented {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.byBrowser[browserDigest(browser)])
}

package web

import (
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"testing"
	"time"

	"lockstep/web/internal/webtest"
)

// Budgets of the soak, on loopback, with LOCKSTEP_SOAK=1.
const (
	soakStepP99      = 20 * time.Millisecond
	soakBroadcastP99 = 100 * time.Millisecond
	// soakHeapSlack is how far above its baseline the heap may stay once
	// every client has gone: the caches of lesson code and the rooms
	// left open.
	soakHeapSlack = 16 << 20
	// soakGoroutineSlack is how many goroutines above the baseline may
	// remain: none should, but the runtime's own may come and go.
	soakGoroutineSlack = 5
)

// TestSoak runs the whole server under a mixed load (mix) and checks that
// every client was answered throughout, and that once the clients have
// gone the goroutines and the heap are back to their baseline. By default
// it runs for 3 seconds at a tenth of the scale; with LOCKSTEP_SOAK=1 it
// runs for 10 minutes (LOCKSTEP_SOAK_DURATION changes that): 100
// playground sessions each stepping every 50 ms, one room of 200 students
// following a presenter who publishes every 500 ms, an exhaustive search
// every 5 s, and a client leaving and another joining every second; and
// it holds step and broadcast p99 to their budgets.
func TestSoak(t *testing.T) {
	if testing.Short() {
		t.Skip("soak")
	}
	m := mix{sessions: 10, rooms: 1, students: 20, duration: 3 * time.Second, stepPace: 50 * time.Millisecond,
		publishPace: 200 * time.Millisecond, searchEvery: 500 * time.Millisecond, churnEvery: 100 * time.Millisecond}
	full := os.Getenv("LOCKSTEP_SOAK") == "1"
	if full {
		m = mix{sessions: 100, rooms: 1, students: 200, duration: 10 * time.Minute, stepPace: 50 * time.Millisecond,
			publishPace: 500 * time.Millisecond, searchEvery: 5 * time.Second, churnEvery: time.Second}
		if d, err := time.ParseDuration(os.Getenv("LOCKSTEP_SOAK_DURATION")); err == nil {
			m.duration = d
		}
	}
	srv := newTestServer(t, Config{SocketsPerClient: 10_000})
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	goroutines, heap := baseline()
	t.Logf("baseline: %d goroutines, heap %.1f MB", goroutines, mb(heap))

	fig := m.run(t, ts)
	t.Logf("soak of %v: %v", m.duration, fig)
	if len(fig.steps) == 0 || len(fig.broadcasts) == 0 || (m.searchEvery > 0 && fig.searches == 0) {
		t.Errorf("the soak measured nothing: %v", fig)
	}
	if full && !webtest.RaceEnabled {
		if fig.stepP99 > soakStepP99 {
			t.Errorf("step p99 %v; the budget is %v", fig.stepP99, soakStepP99)
		}
		if fig.castP99 > soakBroadcastP99 {
			t.Errorf("broadcast p99 %v; the budget is %v", fig.castP99, soakBroadcastP99)
		}
	}

	http.DefaultTransport.(*http.Transport).CloseIdleConnections()
	deadline := time.Now().Add(30 * time.Second)
	for {
		g, h := baseline()
		if g <= goroutines+soakGoroutineSlack && h <= heap+soakHeapSlack {
			t.Logf("after: %d goroutines, heap %.1f MB", g, mb(h))
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("30 s after the clients left: %d goroutines (baseline %d), heap %.1f MB (baseline %.1f MB)", g, goroutines, mb(h), mb(heap))
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// baseline is the number of goroutines and the live heap, after a
// collection.
func baseline() (goroutines int, heap uint64) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return runtime.NumGoroutine(), ms.HeapAlloc
}

func mb(b uint64) float64 { return float64(b) / (1 << 20) }

package web

import (
	"net/http/httptest"
	"os"
	"testing"
	"time"

	"lockstep/web/classroom/lecture"
)

// TestCapacity measures, with LOCKSTEP_CAPACITY=1, how much one server
// holds on this machine within the budgets: playground sessions each
// stepping once a second (a person clicking) at step p99 under 20 ms, and
// rooms of 300 students following a presenter who steps once a second at
// broadcast p99 under 100 ms. Each size runs for 20 s; the sizes grow
// until a budget is broken, and the test logs each size's figures. The
// clients run in the same process as the server, so they share its two
// cores: the figures are a floor.
func TestCapacity(t *testing.T) {
	if os.Getenv("LOCKSTEP_CAPACITY") != "1" {
		t.Skip("set LOCKSTEP_CAPACITY=1 to measure the capacity")
	}
	const span = 20 * time.Second
	measure := func(m mix) *figures {
		srv := newTestServer(t, Config{SocketsPerClient: 100_000, RoomLimits: lecture.Limits{RoomsPerOwner: 100}})
		ts := httptest.NewServer(srv.Handler())
		defer ts.Close()
		return m.run(t, ts)
	}
	held := 0
	for _, n := range []int{100, 250, 500, 1000, 1500, 2000, 3000, 4000} {
		fig := measure(mix{sessions: n, duration: span, stepPace: time.Second, publishPace: time.Second})
		t.Logf("playground: %v", fig)
		if fig.stepP99 > soakStepP99 {
			break
		}
		held = n
	}
	t.Logf("playground sessions within step p99 %v: %d", soakStepP99, held)
	held = 0
	for _, rooms := range []int{1, 2, 3, 4, 6, 8, 10} {
		fig := measure(mix{rooms: rooms, students: 300, duration: span, stepPace: time.Second, publishPace: time.Second})
		t.Logf("rooms: %d × 300: %v", rooms, fig)
		if fig.castP99 > soakBroadcastP99 {
			break
		}
		held = rooms
	}
	t.Logf("rooms of 300 students within broadcast p99 %v: %d (%d students)", soakBroadcastP99, held, held*300)
}

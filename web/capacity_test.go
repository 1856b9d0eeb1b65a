package web

import (
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"lockstep/web/classroom/lecture"
)

// TestCapacity measures, with LOCKSTEP_CAPACITY=1, how much one server
// holds on this machine within the budgets: playground sessions each
// stepping once a second (a person clicking) at step p99 under 20 ms, and
// rooms of 300 students following a presenter who steps once a second at
// broadcast p99 under 100 ms. Each size runs for 20 s, and the test logs
// each size's figures and the largest size within its budget. The
// clients run in the same process as the server, so they share its two
// cores: the figures are a floor. LOCKSTEP_CAPACITY_SESSIONS and
// LOCKSTEP_CAPACITY_ROOMS ("100,200") choose other sizes, and
// LOCKSTEP_CAPACITY_STUDENTS the students of a room.
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
	for _, n := range sizes(t, "LOCKSTEP_CAPACITY_SESSIONS", 100, 500, 1000, 2000) {
		fig := measure(mix{sessions: n, duration: span, stepPace: time.Second, publishPace: time.Second})
		t.Logf("playground: %v", fig)
		if len(fig.steps) > 0 && fig.stepP99 <= soakStepP99 {
			held = n
		}
	}
	t.Logf("playground sessions within step p99 %v: %d", soakStepP99, held)
	held = 0
	students := sizes(t, "LOCKSTEP_CAPACITY_STUDENTS", 300)[0]
	for _, rooms := range sizes(t, "LOCKSTEP_CAPACITY_ROOMS", 1, 2, 4, 8) {
		fig := measure(mix{rooms: rooms, students: students, duration: span, stepPace: time.Second, publishPace: time.Second})
		t.Logf("rooms: %d × %d: %v", rooms, students, fig)
		if len(fig.broadcasts) > 0 && fig.castP99 <= soakBroadcastP99 {
			held = rooms
		}
	}
	t.Logf("rooms of %d students within broadcast p99 %v: %d (%d students)", students, soakBroadcastP99, held, held*students)
}

// sizes are the sizes the environment variable name lists ("100,200"),
// or def.
func sizes(t *testing.T, name string, def ...int) []int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	var out []int
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 {
			t.Fatalf("%s=%q: want sizes such as 100,200", name, v)
		}
		out = append(out, n)
	}
	return out
}

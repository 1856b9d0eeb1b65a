package classroom

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web/classroom/lecture"
	"lockstep/web/internal/webtest"
)

// The load of a lecture: one room, a full lecture hall following a
// presenter's steps over real WebSockets on the loopback interface.
const (
	loadStudents = 200
	loadSteps    = 50
	// raceStudents and raceSteps are the lecture under the race detector:
	// the same fan-out to many sockets at once, but a fifth of the students
	// and of the steps, since the full lecture took more than five minutes
	// for 7 of its 50 steps there at a load of 30 on two cores.
	raceStudents = 40
	raceSteps    = 10
	// loadP99 bounds the 99th percentile of the broadcast latency, from
	// the presenter's publish to a student's receipt, with LOCKSTEP_LOAD=1.
	// The race detector slows every goroutine several times over: under
	// it the latency is measured and logged, not bounded.
	loadP99 = 100 * time.Millisecond
	// loadAttempts is how many lectures may be measured before a p99 over
	// the bound fails the test.
	loadAttempts = 3
	// loadCPU bounds the processor time of one receipt, the presenter's
	// and the students' clients included: it does not depend on how busy
	// the machine is, so a room that spends more per broadcast fails it
	// anywhere. (42 to 43 us were measured on 2 December 2026, on 2 cores
	// at load average 20 to 21.)
	loadCPU = 100 * time.Microsecond
)

// receipt is one student's receipt of one step.
type receipt struct {
	student int
	seq     int
	at      time.Time
	err     error
}

// TestRoomLoad runs lectures, and with LOCKSTEP_LOAD=1 checks that the
// processor time of a receipt and the 99th percentile broadcast latency
// stay within budget. The processor time is a budget on any machine; the
// latency holds on a machine with the cores to spare, which the load
// average, read in the same run, says. go test ./... runs other packages
// beside this one (package web's browser tests among them), so by default
// the test checks only that every student receives every step, in order.
func TestRoomLoad(t *testing.T) {
	budget := os.Getenv("LOCKSTEP_LOAD") == "1" && !webtest.RaceEnabled
	ts := newRoomSite(t)
	for attempt := 1; ; attempt++ {
		before, _ := webtest.LoadAverage()
		students, steps := lectureSize()
		latencies, elapsed, cpu := runLecture(t, ts, students, steps)
		after, _ := webtest.LoadAverage()
		slices.Sort(latencies)
		p50, p99 := latencies[len(latencies)/2], latencies[len(latencies)*99/100]
		t.Logf("%d students × %d steps in %v: broadcast latency p50 %v, p99 %v, max %v; %v of processor time a receipt, clients included",
			students, steps, elapsed.Round(time.Millisecond), p50, p99, latencies[len(latencies)-1], cpu)
		if !budget {
			return
		}
		if cpu > loadCPU {
			t.Errorf("%v of processor time a receipt; the budget is %v", cpu, loadCPU)
		}
		if busy := max(before, after); busy > float64(runtime.NumCPU()) {
			t.Logf("the machine is busy with other work (load average %.1f on %d cores): the p99 budget is not judged", busy, runtime.NumCPU())
			return
		}
		if p99 <= loadP99 {
			return
		}
		// One stall of the machine (another process, a collection) delays
		// a whole step for every student: measure again before failing.
		if attempt == loadAttempts {
			t.Errorf("broadcast latency p99 = %v in each of %d lectures, want under %v", p99, loadAttempts, loadP99)
			return
		}
	}
}

// lectureSize is the students and the steps of TestRoomLoad's lecture:
// loadStudents and loadSteps, or raceStudents and raceSteps under the
// race detector.
func lectureSize() (students, steps int) {
	if webtest.RaceEnabled {
		return raceStudents, raceSteps
	}
	return loadStudents, loadSteps
}

// runLecture opens a room on the test site ts, connects students students and a
// presenter, and publishes steps positions, each once every student
// received the one before. Every student must receive every position, in
// order. It returns the latency of each receipt, the lecture's length, and
// the processor time the process spent a receipt (0 where it is not
// known).
func runLecture(t *testing.T, ts *roomSite, students, steps int) (latencies []time.Duration, elapsed, cpu time.Duration) {
	t.Helper()
	code, cookie := ts.open("wg-lost-wakeup")
	pres := dialRoom(t, roomSocketURL(ts.srv.URL, code, "presenter"), cookie)
	pres.until(lecture.TypeWelcome)

	ctx, cancel := context.WithTimeout(t.Context(), lectureTimeout())
	defer cancel()
	receipts := make(chan receipt, students)
	joined := make(chan int, students)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel()
	for i := range students {
		c, _, err := websocket.Dial(ctx, roomSocketURL(ts.srv.URL, code, "student"), nil)
		if err != nil {
			t.Fatalf("student %d: %v", i, err)
		}
		defer c.CloseNow()
		wg.Go(func() { follow(ctx, c, i, joined, receipts) })
	}
	// A dial returns when the socket opens; a student is a member of the
	// room once its welcome arrives. The lecture starts when all are in.
	for range students {
		select {
		case <-joined:
		case <-ctx.Done():
			t.Fatalf("not every student joined: %v", ctx.Err())
		}
	}

	start := time.Now()
	cpu0, known := webtest.ProcessCPU()
	latencies = make([]time.Duration, 0, students*steps)
	for seq := 1; seq <= steps; seq++ {
		// The room relays positions without replaying them: a history of
		// one step per publish is enough.
		sent := time.Now()
		pres.send(map[string]any{"type": "publish", "position": map[string]any{
			"lesson": "wg-lost-wakeup", "schedule": strings.Repeat("W1 ", seq), "position": seq}})
		for range students { // every student has this step before the next is published
			var r receipt
			select {
			case r = <-receipts:
			case <-ctx.Done():
				t.Fatalf("step %d: not every student received it: %v", seq, ctx.Err())
			}
			if r.err != nil {
				t.Fatalf("student %d: %v", r.student, r.err)
			}
			if r.seq != seq {
				t.Fatalf("student %d received step %d while step %d was the latest", r.student, r.seq, seq)
			}
			latencies = append(latencies, r.at.Sub(sent))
		}
	}
	if cpu1, _ := webtest.ProcessCPU(); known {
		cpu = (cpu1 - cpu0) / time.Duration(len(latencies))
	}
	return latencies, time.Since(start), cpu
}

// lectureTimeout bounds a lecture of runLecture: a minute, and five under
// the race detector, which took more than a minute for 27 of the full
// lecture's 50 steps on a loaded machine (the test checks delivery there,
// not time).
func lectureTimeout() time.Duration {
	if webtest.RaceEnabled {
		return 5 * time.Minute
	}
	return time.Minute
}

// follow reads a student's socket, says when its welcome arrives on
// joined, and reports each position as it arrives, checking they come in
// order, one seq after the other, until ctx ends.
func follow(ctx context.Context, c *websocket.Conn, student int, joined chan<- int, receipts chan<- receipt) {
	want := 1
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			if ctx.Err() == nil {
				receipts <- receipt{student: student, err: err}
			}
			return
		}
		at := time.Now()
		var ev struct {
			Type lecture.Type `json:"type"`
			Seq  int          `json:"seq"`
		}
		if err := json.Unmarshal(data, &ev); err != nil {
			receipts <- receipt{student: student, err: err}
			return
		}
		if ev.Type == lecture.TypeWelcome {
			joined <- student
		}
		if ev.Type != lecture.TypePosition {
			continue
		}
		if ev.Seq != want {
			receipts <- receipt{student: student, err: fmt.Errorf("received seq %d, want %d: a step was lost or reordered", ev.Seq, want)}
			return
		}
		want++
		receipts <- receipt{student: student, seq: ev.Seq, at: at}
	}
}

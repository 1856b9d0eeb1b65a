package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// A mix is a workload for the whole server on loopback: playground
// sessions stepping, rooms of students following their presenter, a
// search now and then, and clients that come and go.
type mix struct {
	sessions    int           // playground sockets, each stepping every stepPace
	rooms       int           // rooms, each with a presenter publishing every publishPace
	students    int           // students in each room
	duration    time.Duration // how long the mix runs
	stepPace    time.Duration
	publishPace time.Duration
	searchEvery time.Duration // a search from a socket of its own; 0 for none
	churnEvery  time.Duration // a client leaves and another joins; 0 for none
}

// figures is what a mix measured.
type figures struct {
	steps, broadcasts  []time.Duration // round trips of steps; publish to a student's receipt
	searches, churned  int64           // searches that ended with a result; clients that came and went
	stepP50, stepP99   time.Duration
	castP50, castP99   time.Duration
	stepMax, castMax   time.Duration
	sessions, students int
}

func (f *figures) String() string {
	return fmt.Sprintf("%d sessions: %d steps, p50 %v, p99 %v, max %v; %d students: %d receipts, p50 %v, p99 %v, max %v; %d searches; %d clients came and went",
		f.sessions, len(f.steps), f.stepP50, f.stepP99, f.stepMax, f.students, len(f.broadcasts), f.castP50, f.castP99, f.castMax, f.searches, f.churned)
}

// run runs the mix against the server behind ts until its duration is
// over, and fails the test on any error a client meets. Each client does
// its work at least once, and what it began before the end is answered
// before the mix stops: on a machine slow enough (the race detector at a
// load of 30) that a search outlasts the whole duration, that search still
// ends with its result and counts.
func (m mix) run(t *testing.T, ts *httptest.Server) *figures {
	ctx, cancel := context.WithTimeout(t.Context(), m.duration+2*time.Minute)
	defer cancel()
	ws := "ws" + strings.TrimPrefix(ts.URL, "http")
	var (
		wg      sync.WaitGroup // the clients that work: steppers, publishers, the searcher, the churn
		readers sync.WaitGroup // the clients that read until the mix stops: students, presenters' pages
		mu      sync.Mutex
		fig     = &figures{sessions: m.sessions, students: m.rooms * m.students}
		fail    = func(format string, args ...any) {
			if ctx.Err() == nil {
				t.Errorf(format, args...)
			}
			cancel()
		}
	)
	collect := func(into *[]time.Duration, d []time.Duration) {
		mu.Lock()
		*into = append(*into, d...)
		mu.Unlock()
	}

	// The rooms and their students first: every student receives every
	// position published after it joined.
	type room struct {
		code string
		pres *websocket.Conn
		sent []atomic.Int64 // when each seq was published, in ns
	}
	rooms := make([]*room, m.rooms)
	maxSeq := int(m.duration/m.publishPace) + 16
	var joined sync.WaitGroup
	for i := range rooms {
		code, cookie := openRoom(t, ts)
		r := &room{code: code, sent: make([]atomic.Int64, maxSeq+1)}
		r.pres = dialSoak(t, ctx, ws+"/room/ws?role=presenter&code="+code, "Cookie", cookie.String())
		rooms[i] = r
		for range m.students {
			c := dialSoak(t, ctx, ws+"/room/ws?role=student&code="+code)
			joined.Add(1)
			readers.Go(func() {
				d, err := follow(ctx, c, r.sent, joined.Done)
				collect(&fig.broadcasts, d)
				if err != nil {
					fail("room %s: a student: %v", code, err)
				}
			})
		}
	}
	joined.Wait()
	conns := make([]*websocket.Conn, m.sessions)
	for i := range conns {
		conns[i] = dialSoak(t, ctx, ws+"/ws")
	}
	// Every client is in: the mix runs from now on.
	end := time.Now().Add(m.duration)
	for _, r := range rooms {
		// The presenter's page reads its events (rosters, tallies), and so
		// answers the server's pings, as a browser does.
		var published atomic.Bool // the publisher is done and closes the socket
		readers.Go(func() {
			for {
				if _, _, err := r.pres.Read(ctx); err != nil {
					if ctx.Err() == nil && !published.Load() {
						fail("room %s: the presenter's socket: %v", r.code, err)
					}
					return
				}
			}
		})
		wg.Go(func() {
			defer r.pres.CloseNow()
			defer published.Store(true)
			for seq := 1; seq <= maxSeq && time.Now().Before(end) && ctx.Err() == nil; seq++ {
				r.sent[seq].Store(time.Now().UnixNano())
				pos := fmt.Sprintf(`{"v":1,"type":"publish","position":{"lesson":"test-wakeup","schedule":"W1","position":%d}}`, seq%2)
				if err := r.pres.Write(ctx, websocket.MessageText, []byte(pos)); err != nil {
					fail("room %s: publish %d: %v", r.code, seq, err)
					return
				}
				time.Sleep(m.publishPace)
			}
		})
	}

	for i, c := range conns {
		wg.Go(func() {
			defer c.CloseNow()
			time.Sleep(m.stepPace * time.Duration(i) / time.Duration(m.sessions))
			d, err := stepUntil(ctx, c, end, m.stepPace)
			collect(&fig.steps, d)
			if err != nil {
				fail("session %d: %v", i, err)
			}
		})
	}
	if m.searchEvery > 0 {
		wg.Go(func() {
			for time.Now().Before(end) && ctx.Err() == nil {
				if err := search(ctx, ws); err != nil {
					fail("search: %v", err)
					return
				}
				atomic.AddInt64(&fig.searches, 1)
				time.Sleep(m.searchEvery)
			}
		})
	}
	if m.churnEvery > 0 && len(rooms) > 0 {
		wg.Go(func() {
			for time.Now().Before(end) && ctx.Err() == nil {
				if err := churn(ctx, ws, rooms[0].code, m.stepPace); err != nil {
					fail("churn: %v", err)
					return
				}
				atomic.AddInt64(&fig.churned, 2)
				time.Sleep(m.churnEvery)
			}
		})
	}
	wg.Wait()
	cancel()
	readers.Wait()
	fig.stepP50, fig.stepP99, fig.stepMax = percentiles(fig.steps)
	fig.castP50, fig.castP99, fig.castMax = percentiles(fig.broadcasts)
	return fig
}

// dialSoak opens a WebSocket with the header pairs given.
func dialSoak(t *testing.T, ctx context.Context, u string, header ...string) *websocket.Conn {
	t.Helper()
	opts := &websocket.DialOptions{HTTPHeader: map[string][]string{}}
	for i := 0; i+1 < len(header); i += 2 {
		opts.HTTPHeader.Add(header[i], header[i+1])
	}
	c, _, err := websocket.Dial(ctx, u, opts)
	if err != nil {
		t.Fatalf("dial %s: %v", u, err)
	}
	c.SetReadLimit(1 << 20)
	return c
}

// follow reads a student's socket until ctx ends: it calls joined at the
// welcome, and returns how long each position took from its publishing.
func follow(ctx context.Context, c *websocket.Conn, sent []atomic.Int64, joined func()) ([]time.Duration, error) {
	defer c.CloseNow()
	var out []time.Duration
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return out, nil
			}
			return out, err
		}
		at := time.Now().UnixNano()
		var ev struct {
			Type    string `json:"type"`
			Seq     int    `json:"seq"`
			Message string `json:"message"`
		}
		if err := json.Unmarshal(data, &ev); err != nil {
			return out, err
		}
		switch ev.Type {
		case "welcome":
			joined()
		case "position":
			if ev.Seq < len(sent) && sent[ev.Seq].Load() > 0 {
				out = append(out, time.Duration(at-sent[ev.Seq].Load()))
			}
		case "error", "closed":
			return out, fmt.Errorf("%s: %s", ev.Type, ev.Message)
		}
	}
}

// stepUntil loads the test lesson and steps, back and forth, one command
// every pace until end, timing each round trip; it steps once at least,
// however late the load was answered.
func stepUntil(ctx context.Context, c *websocket.Conn, end time.Time, pace time.Duration) ([]time.Duration, error) {
	if _, err := roundTrip(ctx, c, `{"v":1,"type":"load","lesson":"test-wakeup","params":{"waiters":2}}`); err != nil {
		return nil, err
	}
	cmds := []string{`{"v":1,"type":"step","thread":"W1"}`, `{"v":1,"type":"step","thread":"W2"}`, `{"v":1,"type":"back"}`, `{"v":1,"type":"back"}`}
	var out []time.Duration
	next := time.Now()
	for i := 0; i == 0 || time.Now().Before(end); i++ {
		time.Sleep(time.Until(next))
		next = next.Add(pace)
		d, err := roundTrip(ctx, c, cmds[i%len(cmds)])
		if err != nil {
			if ctx.Err() != nil {
				return out, nil
			}
			return out, err
		}
		out = append(out, d)
	}
	return out, nil
}

// roundTrip sends cmd and reads up to the state that answers it.
func roundTrip(ctx context.Context, c *websocket.Conn, cmd string) (time.Duration, error) {
	t0 := time.Now()
	if err := c.Write(ctx, websocket.MessageText, []byte(cmd)); err != nil {
		return 0, err
	}
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return 0, err
		}
		head := string(data[:min(len(data), 48)])
		if strings.Contains(head, `"type":"state"`) {
			return time.Since(t0), nil
		}
		if strings.Contains(head, `"type":"error"`) {
			return 0, fmt.Errorf("%s: %s", cmd, data)
		}
	}
}

// search opens a socket, searches the fixed test lesson exhaustively and
// waits for the result.
func search(ctx context.Context, ws string) error {
	c, _, err := websocket.Dial(ctx, ws+"/ws", nil)
	if err != nil {
		return err
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 20)
	if _, err := roundTrip(ctx, c, `{"v":1,"type":"load","lesson":"test-wakeup","variant":"fixed","params":{"waiters":2,"workers":2}}`); err != nil {
		return err
	}
	if err := c.Write(ctx, websocket.MessageText, []byte(`{"v":1,"id":9,"type":"explore","strategy":"exhaustive"}`)); err != nil {
		return err
	}
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return err
		}
		head := string(data[:min(len(data), 48)])
		if strings.Contains(head, `"explore-result"`) {
			return c.Close(websocket.StatusNormalClosure, "")
		}
		if strings.Contains(head, `"type":"error"`) {
			return fmt.Errorf("explore: %s", data)
		}
	}
}

// churn has one playground client and one student come, do a little, and
// go: the student joins room code and leaves at its welcome.
func churn(ctx context.Context, ws, code string, pace time.Duration) error {
	c, _, err := websocket.Dial(ctx, ws+"/ws", nil)
	if err != nil {
		return err
	}
	if _, err := stepUntil(ctx, c, time.Now().Add(3*pace), pace); err != nil {
		c.CloseNow()
		return err
	}
	c.Close(websocket.StatusNormalClosure, "")
	s, _, err := websocket.Dial(ctx, ws+"/room/ws?role=student&code="+code, nil)
	if err != nil {
		return err
	}
	defer s.CloseNow()
	for {
		_, data, err := s.Read(ctx)
		if err != nil {
			return err
		}
		if strings.Contains(string(data[:min(len(data), 48)]), `"welcome"`) {
			return s.Close(websocket.StatusNormalClosure, "")
		}
	}
}

// percentiles are the median, the 99th percentile and the maximum of d.
func percentiles(d []time.Duration) (p50, p99, max time.Duration) {
	if len(d) == 0 {
		return 0, 0, 0
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[len(s)/2], s[len(s)*99/100], s[len(s)-1]
}

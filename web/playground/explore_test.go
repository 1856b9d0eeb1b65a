package playground

import (
	"context"
	"encoding/json"
	"math/big"
	"slices"
	"strings"
	"testing"
	"time"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
	"lockstep/sim/words"
	"lockstep/web/internal/webtest"
	"lockstep/web/site"
)

// searchWait bounds the wait for any one event of a search.
const searchWait = 30 * time.Second

// exploreEvent is an event of a session that explores: the explore
// events' fields besides event's.
type exploreEvent struct {
	event
	Strategy        string              `json:"strategy"`
	States          int64               `json:"states"`
	Executions      *big.Int            `json:"executions"`
	Bound           *int                `json:"bound"`
	ElapsedMS       *int64              `json:"elapsed_ms"`
	Found           []string            `json:"found"`
	Queued          int                 `json:"queued"`
	Complete        bool                `json:"complete"`
	Reduced         bool                `json:"reduced"`
	Stopped         string              `json:"stopped"`
	Params          map[string]int      `json:"params"`
	Outcomes        map[string]*big.Int `json:"outcomes"`
	Counterexamples []struct {
		Kind, Schedule, Message string
		Steps, Preemptions      int
	} `json:"counterexamples"`
	Loaded  string `json:"loaded"`
	Verdict string `json:"verdict"`
}

// explorer is a session running in its own goroutine, as on a socket.
type explorer struct {
	cmds   chan []byte
	out    chanSink
	done   chan error
	cancel context.CancelFunc
	ended  bool
}

// startExplorer runs a session on the test lessons and reads its hello.
// The session is ended, and its goroutines are checked gone, when the
// test ends.
func startExplorer(t *testing.T) *explorer {
	t.Helper()
	return startExplorerOn(t, testPlayground(t), "")
}

// startExplorerOn is startExplorer on p, for client.
func startExplorerOn(t *testing.T, p *Playground, client string) *explorer {
	t.Helper()
	leaks := webtest.NoLeaks(t)
	ctx, cancel := context.WithCancel(t.Context())
	x := &explorer{cmds: make(chan []byte), out: make(chanSink, 64), done: make(chan error, 1), cancel: cancel}
	s := newSession(p, p.log)
	s.client = site.Client{Addr: client}
	go func() { x.done <- s.run(ctx, x.cmds, x.out) }()
	t.Cleanup(func() {
		x.stop(t)
		leaks()
	})
	if e := x.next(t); e.Type != "hello" {
		t.Fatalf("first event %+v; want hello", e)
	}
	return x
}

// stop ends the session and waits for it, once.
func (x *explorer) stop(t *testing.T) {
	t.Helper()
	if x.ended {
		return
	}
	x.ended = true
	x.cancel()
	select {
	case <-x.done:
	case <-time.After(searchWait):
		t.Fatal("the session did not end when its context did")
	}
}

// send hands the session one command.
func (x *explorer) send(t *testing.T, frame string) {
	t.Helper()
	select {
	case x.cmds <- []byte(frame):
	case err := <-x.done:
		t.Fatalf("session ended: %v", err)
	case <-time.After(searchWait):
		t.Fatalf("the session does not take %s", frame)
	}
}

// next returns the next event.
func (x *explorer) next(t *testing.T) exploreEvent {
	t.Helper()
	select {
	case msg := <-x.out:
		var e exploreEvent
		if err := json.Unmarshal(msg, &e); err != nil {
			t.Fatalf("event %s: %v", msg, err)
		}
		return e
	case err := <-x.done:
		t.Fatalf("session ended: %v", err)
	case <-time.After(searchWait):
		t.Fatal("no event came")
	}
	return exploreEvent{}
}

// until returns the next event of type typ, failing on an error event and
// on events of types other than skip.
func (x *explorer) until(t *testing.T, typ string, skip ...string) exploreEvent {
	t.Helper()
	for {
		e := x.next(t)
		switch {
		case e.Type == typ:
			return e
		case e.Type == "error":
			t.Fatalf("error event %q (command %q) while waiting for %s", e.Message, e.Command, typ)
		case !slices.Contains(skip, e.Type):
			t.Fatalf("%s event while waiting for %s", e.Type, typ)
		}
	}
}

// hasID reports whether e answers the command with id.
func hasID(e event, id int64) bool { return e.ID != nil && *e.ID == id }

// load opens a lesson and returns its state.
func (x *explorer) load(t *testing.T, frame string) exploreEvent {
	t.Helper()
	x.send(t, frame)
	x.until(t, "loaded")
	return x.until(t, "state")
}

// TestExploreFindsTheBug searches the buggy variant as "Find the bug"
// does: the result names the minimal lost wakeup (one preemption), the
// history is that counterexample at step 0, and both the history and the
// schedule text replay to a lost wakeup.
func TestExploreFindsTheBug(t *testing.T) {
	x := startExplorer(t)
	x.load(t, `{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"tinycoro"}`)
	x.send(t, `{"v":1,"id":7,"type":"explore"}`)
	first := x.next(t)
	if first.Type != "explore-progress" || !hasID(first.event, 7) || first.Strategy != "preemption" || first.States != 0 {
		t.Fatalf("explore's first reply %+v; want explore-progress for id 7, preemption, 0 states", first)
	}
	res := x.until(t, "explore-result", "explore-progress")
	if !hasID(res.event, 7) {
		t.Errorf("result id %v; want 7", res.ID)
	}
	if res.Loaded != "lost-wakeup" || len(res.Counterexamples) == 0 {
		t.Fatalf("result %+v; want a lost-wakeup loaded", res)
	}
	ce := res.Counterexamples[0]
	for _, c := range res.Counterexamples {
		if c.Kind == "lost-wakeup" {
			ce = c
		}
	}
	if ce.Kind != "lost-wakeup" || ce.Preemptions != 1 || ce.Steps != 8 {
		t.Errorf("counterexample %+v; want the lost wakeup in 8 steps with 1 preemption", ce)
	}
	if want := "found lost-wakeup in 8 steps with 1 preemption"; !strings.HasPrefix(res.Verdict, want) {
		t.Errorf("verdict %q; want it to begin %q", res.Verdict, want)
	}
	if !strings.Contains(ce.Message, "the last step that could have woken it, D1's D2 at step 7, came before it parked") {
		t.Errorf("counterexample message %q; want the lost wakeup's", ce.Message)
	}
	if res.Bound == nil || res.ElapsedMS == nil || res.Outcomes["lost-wakeup"] == nil {
		t.Errorf("result %+v; want a bound, an elapsed time and lost wakeups counted", res)
	}

	st := x.until(t, "state")
	if !hasID(st.event, 7) || st.Position != 0 || st.Length != ce.Steps || st.Schedule != ce.Schedule {
		t.Fatalf("state after the result: id %v, position %d of %d, %q; want id 7 at 0 of %d, %q",
			st.ID, st.Position, st.Length, st.Schedule, ce.Steps, ce.Schedule)
	}
	x.send(t, `{"v":1,"id":8,"type":"goto","step":8}`)
	if end := x.until(t, "state"); end.Outcome == nil || end.Outcome.Kind != "lost-wakeup" {
		t.Errorf("the loaded counterexample ends with %+v; want lost-wakeup", end.Outcome)
	}
	sched, err := schedule.Parse(ce.Schedule)
	if err != nil {
		t.Fatal(err)
	}
	if _, out, err := sim.ReplaySchedule(buildTest(t, "tinycoro", nil), sched, sim.Options{}); err != nil || out.Kind != outcome.LostWakeup {
		t.Errorf("ReplaySchedule(%q) = %s, %v; want lost-wakeup", ce.Schedule, out.Kind, err)
	}
}

// TestExploreResults runs each strategy on each variant and holds the
// result to what explore.Explore computes with the same options.
func TestExploreResults(t *testing.T) {
	tests := []struct {
		name, variant, strategy, lang string
		params                        map[string]int
		complete                      bool
		loaded                        string
		verdict                       string // the verdict begins with it; {n} is the executions' count
	}{
		{name: "verify fixed", variant: "fixed", strategy: "exhaustive", params: map[string]int{"waiters": 2, "workers": 2},
			complete: true, verdict: "verified: every interleaving of this lesson (waiters=2, workers=2): "},
		{name: "verify fixed at 1", variant: "fixed", strategy: "exhaustive", params: map[string]int{"waiters": 1, "workers": 1},
			complete: true, verdict: "verified: every interleaving of this lesson (waiters=1, workers=1): "},
		{name: "preemption on fixed", variant: "fixed", strategy: "preemption", params: map[string]int{"waiters": 1, "workers": 1},
			verdict: "no bug in {n} executions with at most 2 preemptions (waiters=1, workers=1); executions with more preemptions were not searched"},
		{name: "exhaustive on the bug", variant: "tinycoro", strategy: "exhaustive", params: map[string]int{"waiters": 1, "workers": 1},
			complete: true, loaded: "lost-wakeup", verdict: "found lost-wakeup in 8 steps with 1 preemption"},
		{name: "auto on fixed", variant: "fixed", strategy: "auto", params: map[string]int{"waiters": 2, "workers": 2},
			complete: true, verdict: "verified: every interleaving of this lesson (waiters=2, workers=2): "},
		{name: "auto on the bug", variant: "tinycoro", strategy: "auto", params: map[string]int{"waiters": 1, "workers": 1},
			complete: true, loaded: "lost-wakeup", verdict: "found lost-wakeup in 8 steps with 1 preemption"},
		{name: "random on fixed", variant: "fixed", strategy: "random", params: map[string]int{"waiters": 1, "workers": 1},
			verdict: "no bug in {n} random executions (waiters=1, workers=1); a random search (seed 1) is never complete"},
		{name: "in Chinese", variant: "fixed", strategy: "exhaustive", lang: "zh", params: map[string]int{"waiters": 1, "workers": 1},
			complete: true, verdict: "已验证：本课（waiters=1, workers=1）的每一种交错都没有缺陷（"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := startExplorer(t)
			load, _ := json.Marshal(map[string]any{"v": 1, "type": "load", "lesson": "test-wakeup", "variant": tt.variant,
				"params": tt.params, "lang": tt.lang})
			before := x.load(t, string(load))
			x.send(t, `{"v":1,"id":2,"type":"explore","strategy":"`+tt.strategy+`"}`)
			res := x.until(t, "explore-result", "explore-progress")
			want, err := explore.Explore(t.Context(), buildTest(t, tt.variant, tt.params),
				explore.Options{Strategy: explore.Strategy(tt.strategy), MaxStates: searchMaxStates,
					MaxPreemptions: searchMaxPreemptions, Runs: searchRuns, Seed: searchSeed})
			if err != nil {
				t.Fatal(err)
			}
			if res.Complete != tt.complete || res.Complete != want.Complete || res.Executions.Cmp(want.Executions) != 0 ||
				res.Executions.Sign() <= 0 || res.Strategy != tt.strategy || len(res.Counterexamples) != len(want.Counterexamples) {
				t.Errorf("result %+v; want complete %v, strategy %s, as explore.Explore: %+v", res, tt.complete, tt.strategy, want)
			}
			if v := strings.ReplaceAll(tt.verdict, "{n}", groupDigits(want.Executions)); !strings.HasPrefix(res.Verdict, v) {
				t.Errorf("verdict %q; want it to begin %q", res.Verdict, v)
			}
			if tt.complete && len(want.Counterexamples) == 0 && !strings.Contains(res.Verdict, groupDigits(res.Executions)) {
				t.Errorf("verdict %q; want it to count the %v executions", res.Verdict, res.Executions)
			}
			if res.Loaded != tt.loaded {
				t.Errorf("loaded %q; want %q", res.Loaded, tt.loaded)
			}
			if tt.loaded == "" {
				// No counterexample: the history stays as it was, and the
				// next event answers the next command.
				x.send(t, `{"v":1,"id":3,"type":"step","thread":"W1"}`)
				if st := x.until(t, "state"); st.Position != before.Position+1 {
					t.Errorf("after the search, step gave position %d; want %d", st.Position, before.Position+1)
				}
			} else if st := x.until(t, "state"); st.Position != 0 || st.Length == 0 {
				t.Errorf("after the result, position %d of %d; want 0 of the counterexample", st.Position, st.Length)
			}
		})
	}
}

// groupDigits writes n as the verdict does.
func groupDigits(n *big.Int) string { return words.Count(n, "en") }

// TestExploreCancel cancels a long search: the cancel is answered by an
// incomplete result; the history is not touched.
func TestExploreCancel(t *testing.T) {
	x := startExplorer(t)
	x.load(t, `{"v":1,"type":"load","lesson":"test-wakeup","variant":"fixed","params":{"waiters":8,"workers":8}}`)
	x.send(t, `{"v":1,"id":4,"type":"explore","strategy":"exhaustive"}`)
	if e := x.next(t); e.Type != "explore-progress" {
		t.Fatalf("explore's reply is %s; want explore-progress", e.Type)
	}
	x.send(t, `{"v":1,"type":"cancel"}`)
	res := x.until(t, "explore-result", "explore-progress")
	if res.Complete || res.Stopped != "canceled" || !hasID(res.event, 4) || res.Loaded != "" {
		t.Errorf("result after cancel %+v; want incomplete, stopped canceled, id 4, nothing loaded", res)
	}
	if !strings.HasPrefix(res.Verdict, "canceled: no bug in ") {
		t.Errorf("verdict %q; want it to say the search was canceled", res.Verdict)
	}
	x.send(t, `{"v":1,"id":5,"type":"cancel"}`)
	if e := x.next(t); e.Type != "error" || e.Command != "cancel" || !strings.Contains(e.Message, "no search is running") {
		t.Errorf("a cancel with nothing running got %+v; want an error", e)
	}
}

// TestExploreOneAtATime refuses a second search while one runs, while the
// other commands keep working; a load ends the search, whose result is
// then not loaded.
func TestExploreOneAtATime(t *testing.T) {
	x := startExplorer(t)
	x.load(t, `{"v":1,"type":"load","lesson":"test-wakeup","variant":"fixed","params":{"waiters":8,"workers":8}}`)
	x.send(t, `{"v":1,"id":2,"type":"explore","strategy":"exhaustive"}`)
	x.until(t, "explore-progress")
	x.send(t, `{"v":1,"id":3,"type":"explore"}`)
	if e := x.until(t, "error", "explore-progress"); e.Command != "explore" || !strings.Contains(e.Message, "already running") || !hasID(e.event, 3) {
		t.Errorf("a second explore got %+v; want an error for id 3", e)
	}
	x.send(t, `{"v":1,"id":4,"type":"step","thread":"W1"}`)
	if st := x.until(t, "state", "explore-progress"); st.Position != 1 || !hasID(st.event, 4) {
		t.Errorf("step during a search: position %d, id %v; want 1, 4", st.Position, st.ID)
	}
	x.send(t, `{"v":1,"id":5,"type":"load","lesson":"test-wakeup","variant":"tinycoro"}`)
	x.until(t, "loaded", "explore-progress")
	x.until(t, "state", "explore-progress")
	res := x.until(t, "explore-result", "explore-progress")
	if res.Stopped != "canceled" || res.Loaded != "" || res.Variant != "fixed" {
		t.Errorf("the search of the old lesson ended with %+v; want canceled, not loaded", res)
	}
	x.send(t, `{"v":1,"id":6,"type":"explore"}`)
	if res := x.until(t, "explore-result", "explore-progress"); res.Loaded != "lost-wakeup" {
		t.Errorf("the next search loaded %q; want lost-wakeup", res.Loaded)
	}
}

// TestExploreSessionEnds ends a session in the middle of a search: the
// search's goroutine ends with it (startExplorer checks for leaks).
func TestExploreSessionEnds(t *testing.T) {
	x := startExplorer(t)
	x.load(t, `{"v":1,"type":"load","lesson":"test-wakeup","variant":"fixed","params":{"waiters":8,"workers":8}}`)
	x.send(t, `{"v":1,"type":"explore","strategy":"exhaustive"}`)
	x.until(t, "explore-progress")
	x.stop(t)
}

// TestExploreBeforeLoad refuses a search with no lesson loaded, and a
// strategy the engine does not have.
func TestExploreBeforeLoad(t *testing.T) {
	d := newDriver(t)
	d.fail(t, `{"v":1,"type":"explore"}`, "send load first")
	d.fail(t, `{"v":1,"type":"cancel"}`, "send load first")
	d.state(t, loadLesson)
	d.fail(t, `{"v":1,"type":"explore","strategy":"guess"}`, `unknown strategy "guess"`)
}

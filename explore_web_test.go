package main

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web"
)

// TestFindTheBugReplaysInRun asks the playground's server to find the bug
// of wg-lost-wakeup at 1 waiter and 1 worker, over its WebSocket as the
// page does, and replays the counterexample it reports with `run`: both
// say lost wakeup, after the same 8 steps with 1 preemption.
func TestFindTheBugReplaysInRun(t *testing.T) {
	srv, err := web.NewServer(web.Config{Catalog: catalog(t)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()

	type counterexample struct {
		Kind, Schedule     string
		Steps, Preemptions int
	}
	var ev struct {
		Type            string
		Message         string
		Loaded          string
		Verdict         string
		Counterexamples []counterexample
	}
	next := func(want string) {
		t.Helper()
		for {
			_, data, err := c.Read(ctx)
			if err != nil {
				t.Fatalf("waiting for %s: %v", want, err)
			}
			ev.Type, ev.Message = "", ""
			if err := json.Unmarshal(data, &ev); err != nil {
				t.Fatalf("event %s: %v", data, err)
			}
			if ev.Type == "error" {
				t.Fatalf("error event while waiting for %s: %s", want, ev.Message)
			}
			if ev.Type == want {
				return
			}
		}
	}
	send := func(cmd string) {
		t.Helper()
		if err := c.Write(ctx, websocket.MessageText, []byte(cmd)); err != nil {
			t.Fatal(err)
		}
	}
	next("hello")
	send(`{"v":1,"id":1,"type":"load","lesson":"wg-lost-wakeup","variant":"tinycoro","params":{"waiters":1,"workers":1}}`)
	next("state")
	send(`{"v":1,"id":2,"type":"explore"}`)
	next("explore-result")
	if ev.Loaded != "lost-wakeup" {
		t.Fatalf("the search loaded %q (%s); want lost-wakeup", ev.Loaded, ev.Verdict)
	}
	var found counterexample
	for _, ce := range ev.Counterexamples {
		if ce.Kind == ev.Loaded {
			found = ce
		}
	}
	if found.Steps != 8 || found.Preemptions != 1 {
		t.Errorf("the lost wakeup found: %+v; want 8 steps, 1 preemption", found)
	}

	out := mustCLI(t, "run", "wg-lost-wakeup", "--variant", "tinycoro", "--set", "waiters=1", "--set", "workers=1",
		"--schedule", found.Schedule, "--json")
	var run struct {
		Schedule string
		Outcome  struct{ Kind string }
		Steps    []json.RawMessage
	}
	if err := json.Unmarshal([]byte(out), &run); err != nil {
		t.Fatalf("run --json printed %q: %v", out, err)
	}
	if run.Outcome.Kind != "lost-wakeup" || len(run.Steps) != found.Steps || run.Schedule != found.Schedule {
		t.Errorf("run of %q: %s after %d steps, schedule %q; want lost-wakeup after %d, the same schedule",
			found.Schedule, run.Outcome.Kind, len(run.Steps), run.Schedule, found.Steps)
	}
}

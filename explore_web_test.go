package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"lockstep/web"
)

// counterexample is a counterexample as the page's search and the command
// line's --json report it.
type counterexample struct {
	Kind, Schedule     string
	Steps, Preemptions int
}

// findTheBug loads lesson id's variant at params (JSON, "{}" for the
// defaults) on a server of the catalog, over its WebSocket as the page
// does, presses Find the bug, and returns the kind the search loaded and
// its counterexample.
func findTheBug(t *testing.T, id, variant, params string) (string, counterexample) {
	t.Helper()
	srv, err := web.NewServer(web.Config{Catalog: catalog(t)})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(ts.URL, "http")+"/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	c.SetReadLimit(1 << 22) // a lesson's state is larger than the default 32 KB
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
	send(fmt.Sprintf(`{"v":1,"id":1,"type":"load","lesson":%q,"variant":%q,"params":%s}`, id, variant, params))
	next("state")
	send(`{"v":1,"id":2,"type":"explore"}`)
	next("explore-result")
	for _, ce := range ev.Counterexamples {
		if ce.Kind == ev.Loaded {
			return ev.Loaded, ce
		}
	}
	t.Fatalf("%s/%s: the search loaded %q (%s), which is none of its counterexamples", id, variant, ev.Loaded, ev.Verdict)
	return "", counterexample{}
}

// TestFindTheBugReplaysInRun asks the playground's server to find the bug
// of wg-lost-wakeup at 1 waiter and 1 worker and replays the
// counterexample it reports with `run`: both say lost wakeup, after the
// same 8 steps with 1 preemption.
func TestFindTheBugReplaysInRun(t *testing.T) {
	loaded, found := findTheBug(t, "wg-lost-wakeup", "tinycoro", `{"waiters":1,"workers":1}`)
	if loaded != "lost-wakeup" {
		t.Fatalf("the search loaded %q; want lost-wakeup", loaded)
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

// TestFindTheBugAgreesWithExplore presses Find the bug on lessons whose
// counterexamples are long or need preemptions, and runs `lockstep
// explore` on them with its defaults: both report the bug the page loads
// with the same preemptions and steps (the fewest preemptions, then the
// fewest steps).
func TestFindTheBugAgreesWithExplore(t *testing.T) {
	if testing.Short() {
		t.Skip("searches six lessons twice")
	}
	for _, l := range []struct{ id, variant string }{
		{"cv-lost-notify", "tinycoro"}, {"channel-close-race", "tinycoro"}, {"channel-basic", "tinycoro"},
		{"wg-premature-release", "tinycoro"}, {"mutex-lifo-guess", "lifo"}, {"when-all-cross-thread", "fixed-event"},
	} {
		kind, page := findTheBug(t, l.id, l.variant, "{}")
		var cli struct{ Counterexamples []counterexample }
		out := mustCLI(t, "explore", l.id, "--variant", l.variant, "--json")
		if err := json.Unmarshal([]byte(out), &cli); err != nil {
			t.Fatalf("explore --json printed %q: %v", out, err)
		}
		found := false
		for _, c := range cli.Counterexamples {
			if c.Kind == kind {
				found = true
				if c.Steps != page.Steps || c.Preemptions != page.Preemptions {
					t.Errorf("%s/%s %s: Find the bug shows %d steps, %d preemptions; lockstep explore %d, %d",
						l.id, l.variant, kind, page.Steps, page.Preemptions, c.Steps, c.Preemptions)
				}
			}
		}
		if !found {
			t.Errorf("%s/%s: lockstep explore finds no %s; Find the bug does", l.id, l.variant, kind)
		}
	}
}

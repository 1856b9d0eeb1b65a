package playground

import (
	"encoding/json"
	"testing"
)

// reachEvent is a reach-result's fields.
type reachEvent struct {
	event
	Kind      string `json:"kind"`
	Position  int    `json:"position"`
	Schedule  string `json:"schedule"`
	Reachable string `json:"reachable"`
	Complete  bool   `json:"complete"`
}

// reach sends a reach command and returns its result, checking that
// nothing else (no state: the history is left alone) came before it.
func (x *explorer) reach(t *testing.T, frame string) reachEvent {
	t.Helper()
	x.send(t, frame)
	for {
		msg := <-x.out
		var e reachEvent
		if err := json.Unmarshal(msg, &e); err != nil {
			t.Fatal(err)
		}
		switch e.Type {
		case "explore-progress":
			continue
		case "reach-result":
			return e
		default:
			t.Fatalf("%s while waiting for reach-result: %s", e.Type, msg)
		}
	}
}

// TestReachSaysWhetherTheGoalIsStillThere asks from the start, where the
// lost wakeup is one interleaving away, and after the waiter has pushed
// itself, where no execution loses it; the history stays as it was.
func TestReachSaysWhetherTheGoalIsStillThere(t *testing.T) {
	x := startExplorer(t)
	x.load(t, `{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"tinycoro"}`)
	r := x.reach(t, `{"v":1,"id":2,"type":"reach","kind":"lost-wakeup"}`)
	if r.Reachable != "yes" || r.Position != 0 || r.Kind != "lost-wakeup" || !hasID(r.event, 2) {
		t.Errorf("from the start: %+v; want reachable yes at 0 for id 2", r)
	}
	x.send(t, `{"v":1,"id":3,"type":"run","schedule":"W1*6","step":6}`)
	st := x.until(t, "state")
	if st.Position != 6 {
		t.Fatalf("position %d; want 6", st.Position)
	}
	r = x.reach(t, `{"v":1,"id":4,"type":"reach","kind":"lost-wakeup"}`)
	if r.Reachable != "no" || !r.Complete || r.Position != 6 || r.Schedule == "" {
		t.Errorf("after W1*6: %+v; want reachable no, complete, at 6 with its schedule", r)
	}
	x.send(t, `{"v":1,"id":5,"type":"back"}`)
	if st := x.until(t, "state"); st.Position != 5 {
		t.Errorf("the reach moved the history: back gives %d; want 5", st.Position)
	}
}

// TestReachRefusesWhatIsNotABug checks the errors: ok and an unknown kind.
func TestReachRefusesWhatIsNotABug(t *testing.T) {
	x := startExplorer(t)
	x.load(t, `{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"tinycoro"}`)
	for _, kind := range []string{"ok", "bogus", ""} {
		x.send(t, `{"v":1,"id":2,"type":"reach","kind":"`+kind+`"}`)
		if e := x.next(t); e.Type != "error" || e.Command != "reach" {
			t.Errorf("reach %q: %+v; want an error", kind, e)
		}
	}
}

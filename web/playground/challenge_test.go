package playground

import (
	"encoding/json"
	"lockstep/web/playground/protocol"
	"strings"
	"testing"
)

// TestLoadedCarriesTheChallenge checks that a bug lesson's loaded event
// carries its challenge in the session's language, whatever the variant
// loaded (a lesson expecting no bug has none: scenarios' tests).
func TestLoadedCarriesTheChallenge(t *testing.T) {
	x := startExplorer(t)
	var loaded struct {
		Lesson struct {
			Challenge *protocol.Challenge `json:"challenge"`
		} `json:"lesson"`
	}
	read := func(frame string) *protocol.Challenge {
		t.Helper()
		x.send(t, frame)
		msg := <-x.out
		if err := json.Unmarshal(msg, &loaded); err != nil {
			t.Fatal(err)
		}
		x.until(t, "state")
		return loaded.Lesson.Challenge
	}
	c := read(`{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"fixed","lang":"zh"}`)
	if c == nil || c.Kind != "lost-wakeup" || c.Variant != "tinycoro" || c.Fix != "fixed" || len(c.Hints) != 3 {
		t.Fatalf("challenge %+v; want the lost wakeup on tinycoro, fixed by fixed, with 3 hints", c)
	}
	if !strings.Contains(c.Goal, "W1") || !strings.Contains(c.Goal, "永远") {
		t.Errorf("goal %q; want it in Chinese, naming W1", c.Goal)
	}
}

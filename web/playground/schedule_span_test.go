package playground

import (
	"encoding/json"
	"testing"
)

// TestScheduleErrorsPointAtTheToken runs schedule texts that fail and
// checks that the error event's at covers the failing token, counted in
// UTF-16 code units as the page's strings are.
func TestScheduleErrorsPointAtTheToken(t *testing.T) {
	tests := []struct {
		name, text string
		step       int
		want       string
	}{
		{"a step that cannot move", "W1, D1*2 # done\n D1", 4, "D1"},
		{"a token that does not parse", "W1 D?1 W1", 0, "D?1"},
		{"after Chinese text", "# 注释：两步\nW1 Q9", 2, "Q9"},
		{"inside a repeat", "W1*3 D1*5", 6, "D1*5"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := startExplorer(t)
			x.load(t, `{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"tinycoro"}`)
			cmd, _ := json.Marshal(map[string]any{"v": 1, "id": 2, "type": "run", "schedule": tt.text})
			x.send(t, string(cmd))
			var e struct {
				Type string `json:"type"`
				At   *struct{ Step, Start, End int }
			}
			if err := json.Unmarshal(<-x.out, &e); err != nil {
				t.Fatal(err)
			}
			if e.Type != "error" || e.At == nil {
				t.Fatalf("%+v; want an error with at", e)
			}
			units := []rune(tt.text) // every rune of these texts is one UTF-16 unit
			if got := string(units[e.At.Start:e.At.End]); got != tt.want || e.At.Step != tt.step {
				t.Errorf("at %+v covers %q; want %q, step %d", *e.At, got, tt.want, tt.step)
			}
		})
	}
}

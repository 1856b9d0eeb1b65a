package playground

import (
	"lockstep/web/playground/protocol"
	"strings"
	"testing"
)

// TestBadCommands sends what a session must refuse, and checks that each
// is answered with an error event and changes nothing: the session then
// answers a pause with the state it had before.
func TestBadCommands(t *testing.T) {
	huge := `{"v":1,"type":"run","schedule":"` + strings.Repeat("W1 ", protocol.MaxScheduleText/3+1) + `"}`
	tests := []struct {
		name    string
		setup   []string
		cmd     string
		command string // the command the error names
		want    string // in the message
	}{
		{name: "not JSON", cmd: `step W1`, want: "not JSON"},
		{name: "not an object", cmd: `[1,2]`, want: "a command is a JSON object, not an array"},
		{name: "binary junk", cmd: "\x00\xff", want: "not JSON"},
		{name: "unknown type before load", cmd: `{"v":1,"type":"fly"}`, command: "fly", want: `unknown command type "fly"`},
		{name: "unknown type", setup: []string{loadLesson}, cmd: `{"v":1,"type":"fly"}`, command: "fly", want: `unknown command type "fly"`},
		{name: "no type", cmd: `{"v":1}`, want: `no "type"`},
		{name: "wrong version", setup: []string{loadLesson}, cmd: `{"v":2,"type":"step","thread":"W1"}`, command: "step", want: "version 2"},
		{name: "no version", setup: []string{loadLesson}, cmd: `{"type":"step","thread":"W1"}`, command: "step", want: "version 0"},
		{name: "id not a number", setup: []string{loadLesson}, cmd: `{"v":1,"id":"x","type":"back"}`, command: "back", want: `field "id" cannot be a string`},
		{name: "wrong field type", setup: []string{loadLesson}, cmd: `{"v":1,"type":"goto","step":"3"}`, command: "goto", want: `"step"`},
		{name: "step before load", cmd: step("W1"), command: "step", want: "load first"},
		{name: "step of a finished thread", setup: []string{loadLost}, cmd: step("D1"), command: "step", want: "D1 cannot move: D1 has finished"},
		{name: "step of a parked thread", setup: []string{loadLost}, cmd: step("W1"), command: "step", want: "W1 cannot move: W1 is parked in wait"},
		{name: "step of no thread", setup: []string{loadLesson}, cmd: step("Z9"), command: "step", want: `no thread "Z9" (threads: W1, D1)`},
		{name: "step naming no thread", setup: []string{loadLesson}, cmd: `{"v":1,"type":"step"}`, command: "step", want: "say which thread"},
		{name: "goto past the end", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto","step":9}`, command: "goto", want: "out of range 0..8"},
		{name: "goto before the start", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto","step":-1}`, command: "goto", want: "out of range"},
		{name: "goto nowhere", setup: []string{loadLost}, cmd: `{"v":1,"type":"goto"}`, command: "goto", want: "say which step"},
		{name: "back at the start", setup: []string{loadLesson}, cmd: `{"v":1,"type":"back"}`, command: "back", want: "this is the start"},
		{name: "forward at the end", setup: []string{loadLost}, cmd: `{"v":1,"type":"forward"}`, command: "forward", want: "end of the history"},
		{name: "unknown lesson", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"nope"}`, command: "load", want: "no such lesson"},
		{name: "load naming no lesson", cmd: `{"v":1,"type":"load"}`, command: "load", want: "name a lesson"},
		{name: "unknown variant", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"test-wakeup","variant":"nope"}`, command: "load", want: `no variant "nope"`},
		{name: "switch to an unknown variant", setup: []string{loadLesson}, cmd: `{"v":1,"type":"variant","variant":"nope"}`, command: "variant", want: `no variant "nope"`},
		{name: "unknown param", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"test-wakeup","params":{"cats":2}}`, command: "load", want: `no parameter "cats"`},
		{name: "param out of range", setup: []string{loadLesson}, cmd: `{"v":1,"type":"load","lesson":"test-wakeup","params":{"waiters":1000}}`, command: "load", want: "out of range"},
		{name: "load at a step of nothing", cmd: `{"v":1,"type":"load","lesson":"test-wakeup","step":3}`, command: "load", want: "out of range"},
		{name: "load past the schedule", cmd: `{"v":1,"type":"load","lesson":"test-wakeup","schedule":"lost","step":99}`, command: "load", want: "out of range 0..8"},
		{name: "unknown language", setup: []string{loadLesson}, cmd: `{"v":1,"type":"lang","lang":"fr"}`, command: "lang", want: `unknown language "fr"`},
		{name: "schedule garbage", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"W1 ?? D1"}`, command: "run", want: "bad schedule: line 1, column 4"},
		{name: "schedule of no thread", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"W1 X1"}`, command: "run", want: `no thread "X1"`},
		{name: "schedule that cannot be followed", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"D1 D1 D1 D1"}`, command: "run", want: "cannot move"},
		{name: "schedule too long", setup: []string{loadLesson}, cmd: huge, command: "run", want: "the limit is"},
		{name: "schedule with a bad label", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"W1@G4"}`, command: "run", want: "W1 is at G1, not G4"},
		{name: "run of a schedule name", setup: []string{loadLesson}, cmd: `{"v":1,"type":"run","schedule":"lost","step":3}`, command: "run", want: `"lost"`},
		{name: "replay of no schedule", setup: []string{loadLesson}, cmd: `{"v":1,"type":"replay","schedule":"nope"}`, command: "replay", want: `no schedule "nope" (it has lost)`},
		{name: "play too fast", setup: []string{loadLesson}, cmd: `{"v":1,"type":"play","speed":100}`, command: "play", want: "out of range"},
		{name: "play too slow", setup: []string{loadLesson}, cmd: `{"v":1,"type":"play","speed":-1}`, command: "play", want: "out of range"},
		{name: "play when over", setup: []string{loadLost}, cmd: `{"v":1,"type":"play"}`, command: "play", want: "the run is over"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDriver(t)
			var before event
			for _, f := range tt.setup {
				before = d.state(t, f)
			}
			e := d.fail(t, tt.cmd, tt.want)
			if e.Command != tt.command {
				t.Errorf("error names command %q, want %q", e.Command, tt.command)
			}
			if len(tt.setup) == 0 {
				// Still usable: it loads a lesson.
				d.state(t, loadLesson)
				return
			}
			after := d.state(t, `{"v":1,"type":"pause"}`)
			if after.Position != before.Position || after.Length != before.Length || after.Schedule != before.Schedule || after.Variant != before.Variant {
				t.Errorf("after the error: position %d of %d %q (%s); want %d of %d %q (%s) as before",
					after.Position, after.Length, after.Schedule, after.Variant, before.Position, before.Length, before.Schedule, before.Variant)
			}
		})
	}
}

func TestErrorEchoesID(t *testing.T) {
	d := newDriver(t)
	e := d.fail(t, `{"v":1,"id":42,"type":"step","thread":"W1"}`, "load first")
	if e.ID == nil || *e.ID != 42 {
		t.Errorf("id = %v, want 42", e.ID)
	}
	e = d.fail(t, `{"v":7,"id":43,"type":"step"}`, "version 7")
	if e.ID == nil || *e.ID != 43 {
		t.Errorf("id = %v, want 43 even for a refused version", e.ID)
	}
}

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
		zh         string // the message in Chinese
	}{
		{"a step that cannot move", "W1, D1*2 # done\n D1", 4, "D1", "调度有误：第 4 步：D1 不能前进：D1 已经结束"},
		{"a token that does not parse", "W1 D?1 W1", 0, "D?1", `调度有误：第 1 行第 4 列："D?1"：线程名只能由字母、数字、'_'、'.' 或 '-' 组成`},
		{"after Chinese text", "# 注释：两步\nW1 Q9", 2, "Q9", `调度有误：第 2 步：没有线程 "Q9"（线程有：W1、D1）`},
		{"inside a repeat", "W1*3 D1*5", 6, "D1*5", "调度有误：第 6 步：D1 不能前进：D1 已经结束"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x := startExplorer(t)
			x.load(t, `{"v":1,"id":1,"type":"load","lesson":"test-wakeup","variant":"tinycoro"}`)
			cmd, _ := json.Marshal(map[string]any{"v": 1, "id": 2, "type": "run", "schedule": tt.text})
			x.send(t, string(cmd))
			var e struct {
				Type      string `json:"type"`
				MessageZH string `json:"message_zh"`
				At        *struct{ Step, Start, End int }
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
			if e.MessageZH != tt.zh {
				t.Errorf("message_zh %q; want %q", e.MessageZH, tt.zh)
			}
		})
	}
}

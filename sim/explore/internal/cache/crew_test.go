package cache

import (
	"runtime"
	"testing"
)

// TestCrewFinish checks what a crew keeps of its workers' ends: the first
// worker to finish the first state gives the search's summary, unless one
// stopped before; the first stop reason stands, unless a later one is
// preferred; a halted worker's stop never counts; and every end halts
// the crew.
func TestCrewFinish(t *testing.T) {
	var top Summary
	top.Reset()
	top.Terminal(0)
	type end struct {
		stop   string
		prefer bool
	}
	for _, tc := range []struct {
		name   string
		ends   []end
		done   bool
		reason string
	}{
		{"one finishes", []end{{"", false}}, true, ""},
		{"one finishes, then one stops", []end{{"", false}, {"max-states", false}}, true, ""},
		{"one stops, then one finishes", []end{{"max-states", false}, {"", false}}, false, "max-states"},
		{"a halted one, then one finishes", []end{{Halted, false}, {"", false}}, true, ""},
		{"the first reason stands", []end{{"max-states", false}, {"canceled", false}}, false, "max-states"},
		{"a preferred reason takes its place", []end{{"max-states", false}, {"relearn", true}}, false, "relearn"},
		{"but not once one finished", []end{{"", false}, {"relearn", true}}, true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCrew()
			for _, e := range tc.ends {
				c.Finish(e.stop, &top, e.prefer)
			}
			root, done, reason := c.Result()
			if done != tc.done || reason != tc.reason {
				t.Errorf("done %v, reason %q; want %v, %q", done, reason, tc.done, tc.reason)
			}
			if done && root.Executions().Int64() != 1 {
				t.Errorf("root summary %v executions, want the finisher's 1", root.Executions())
			}
			if halted := c.Halted(); halted != (tc.done || tc.reason != "") {
				t.Errorf("halted %v after %v", halted, tc.ends)
			}
		})
	}
}

// TestCrewRun checks that Run runs every worker, worker 0 on the caller's
// goroutine, and halts the crew once worker 0 returns: a worker waiting
// for the halt ends.
func TestCrewRun(t *testing.T) {
	c := NewCrew()
	ran := make([]bool, 4)
	c.Run(len(ran), func(i int) {
		if i > 0 {
			for !c.Halted() {
				runtime.Gosched()
			}
		}
		ran[i] = true
	})
	for i, r := range ran {
		if !r {
			t.Errorf("worker %d did not run", i)
		}
	}
	if s := Shuffler(0); s != nil {
		t.Errorf("worker 0 shuffles")
	}
	if a, b := Shuffler(1).Uint64(), Shuffler(1).Uint64(); a != b {
		t.Errorf("worker 1's order is not the same from search to search")
	}
}

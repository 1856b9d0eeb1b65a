package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRunPlaceC11 replays 2+2W's weak outcome under c11, each second
// store placed before the other thread's first: the trace says where
// each store with a choice went and where else it could have gone, in
// both languages and in JSON, and the schedule it prints replays it.
func TestRunPlaceC11(t *testing.T) {
	sched := "P Q P^2 Q^1"
	out := mustCLI(t, "run", "litmus-2plus2w", "--memory", "c11", "--schedule", sched)
	for _, want := range []string{
		"003  P  STY  store  mem.y  relaxed  <- 2 (mo place: before step 2's write 1; places: before step 2, the end)",
		"004  Q  STX  store  mem.x  relaxed  <- 2 (mo place: before step 1's write 1; places: before step 1, the end)",
		"| x=1 y=1 ",
		"schedule: P@STX Q@STY P@STY^2 Q@STX^1\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("run printed:\n%s\nwant it to contain %q", out, want)
		}
	}
	if strings.Contains(strings.SplitN(out, "003", 2)[0], "mo place") {
		t.Errorf("a store with one place has a place note:\n%s", out)
	}
	out = mustCLI(t, "run", "litmus-2plus2w", "--memory", "c11", "--schedule", "P Q P Q^1", "--lang", "zh")
	for _, want := range []string{"（修改顺序位置：末尾；可选：第 2 步之前、末尾）", "（修改顺序位置：第 1 步的写入 1 之前；可选：第 1 步之前、末尾）"} {
		if !strings.Contains(out, want) {
			t.Errorf("run --lang zh printed:\n%s\nwant it to contain %q", out, want)
		}
	}
	out = mustCLI(t, "run", "litmus-2plus2w", "--memory", "c11", "--schedule", sched, "--json")
	var rep struct {
		Schedule string
		Steps    []struct {
			Place *struct {
				Cell   string
				Chosen int
				Places []struct {
					Source, Value, Thread string
					Step                  int
					Latest                bool
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Steps) != 4 || rep.Steps[0].Place != nil || rep.Steps[1].Place != nil {
		t.Fatalf("run --json: %d steps, the first two with places %+v %+v; want four, the first two without", len(rep.Steps), rep.Steps[0].Place, rep.Steps[1].Place)
	}
	pl := rep.Steps[2].Place
	if pl == nil || pl.Cell != "mem.y" || len(pl.Places) != 2 || pl.Chosen != 0 ||
		pl.Places[0].Source != "2" || pl.Places[0].Value != "1" || pl.Places[0].Thread != "Q" || pl.Places[0].Step != 1 ||
		pl.Places[1].Source != "" || !pl.Places[1].Latest || pl.Places[1].Value != "" {
		t.Errorf("step 3's place: %+v; want mem.y, before step 2's write 1 (taken) or the end", pl)
	}
	if rep.Schedule != "P@STX Q@STY P@STY^2 Q@STX^1" {
		t.Errorf("schedule %q", rep.Schedule)
	}
}

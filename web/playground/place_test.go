package playground

import (
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"lockstep/web/playground/protocol"
)

// placeState is what the tests of a store's place read of a state event.
type placeState struct {
	Memory, Schedule string
	Litmus           string
	Position         int
	Finished         bool
	Pending          []struct {
		Thread string
		Places *protocol.Place
		Reads  *protocol.Read
	}
	Step *struct {
		Text  string
		Place *protocol.Place
	}
	Orders   []protocol.ModOrder
	Snapshot struct {
		Cells []struct{ Name, Value string }
	}
}

// placeFrame handles frame and decodes its last event, which must be a
// state.
func (d *driver) placeFrame(t *testing.T, frame string) placeState {
	t.Helper()
	var st placeState
	d.lastState(t, frame, &st)
	return st
}

// load2plus2W is the load of 2+2W (relaxed) with these fields added.
func load2plus2W(t *testing.T, fields map[string]any) string {
	t.Helper()
	src, err := os.ReadFile("../../scenarios/lessons/litmus-2plus2w.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	f := map[string]any{"v": 1, "type": "load", "source": string(src), "variant": "relaxed"}
	for k, v := range fields {
		f[k] = v
	}
	b, _ := json.Marshal(f)
	return string(b)
}

// values are the state's cells x and y: "x=1 y=1".
func (st placeState) values() string {
	var x, y string
	for _, c := range st.Snapshot.Cells {
		switch c.Name {
		case "mem.x":
			x = c.Value
		case "mem.y":
			y = c.Value
		}
	}
	return "x=" + x + " y=" + y
}

// TestC11Places drives 2+2W to its weak outcome under c11: a thread whose
// next store may take more than one place offers them, the step takes
// the place chosen, the schedule and the modification orders show it,
// going back and forward keeps it, a reload of the schedule replays it,
// and a place the store cannot take is an error; under sc there is no
// choice.
func TestC11Places(t *testing.T) {
	d := newDriver(t)
	st := d.placeFrame(t, load2plus2W(t, map[string]any{"memory": "c11", "schedule": "P Q", "step": 2}))
	if st.Position != 2 || len(st.Pending) != 2 || st.Orders != nil {
		t.Fatalf("state = %+v; want two threads at step 2 and no cell with two writes", st)
	}
	want := &protocol.Place{Cell: "mem.y", Chosen: 1, Places: []protocol.Candidate{
		{From: "2", Value: "1", Thread: "Q", Label: "STY", Step: 1},
		{Step: -1, Latest: true},
	}}
	if got := st.Pending[0].Places; !reflect.DeepEqual(got, want) || st.Pending[0].Reads != nil {
		t.Fatalf("P's next store offers %+v; want %+v", got, want)
	}
	if got := st.Pending[1].Places; got == nil || got.Cell != "mem.x" || got.Places[0].From != "1" {
		t.Fatalf("Q's next store offers %+v; want x before step 1 or the end", got)
	}

	st = d.placeFrame(t, `{"v":1,"type":"step","thread":"P","before":"2"}`)
	if st.Step == nil || st.Step.Place == nil || st.Step.Place.Chosen != 0 || !strings.Contains(st.Step.Text, "mo place: before step 2's write 1") {
		t.Fatalf("step = %+v; want P's store placed before step 2's write", st.Step)
	}
	if !strings.HasSuffix(st.Schedule, "P@STY^2") {
		t.Errorf("schedule = %q; want the place kept", st.Schedule)
	}
	wantY := []protocol.ModOrder{{Cell: "mem.y", Writes: []protocol.Candidate{
		{From: "init", Value: "0", Step: -1},
		{From: "3", Value: "2", Thread: "P", Label: "STY", Step: 2},
		{From: "2", Value: "1", Thread: "Q", Label: "STY", Step: 1, Latest: true},
	}}}
	if !reflect.DeepEqual(st.Orders, wantY) {
		t.Errorf("orders = %+v; want y's: init, P's 2, Q's 1 the latest", st.Orders)
	}
	st = d.placeFrame(t, `{"v":1,"type":"step","thread":"Q","before":"1"}`)
	if !st.Finished || st.values() != "x=1 y=1" || !strings.HasSuffix(st.Schedule, "P@STY^2 Q@STX^1") || len(st.Orders) != 2 {
		t.Fatalf("after Q's store: finished %v, %s, schedule %q, %d orders; want the weak outcome x=1 y=1", st.Finished, st.values(), st.Schedule, len(st.Orders))
	}
	if want := "This run ends with x=1 y=1, each location keeps its first store: relaxed and acq_rel allow it; seq_cst forbids it."; st.Litmus != want {
		t.Errorf("the verdict's litmus note = %q, want %q", st.Litmus, want)
	}

	d.placeFrame(t, `{"v":1,"type":"back"}`)
	st = d.placeFrame(t, `{"v":1,"type":"forward"}`)
	if st.Step == nil || st.Step.Place == nil || st.Step.Place.Chosen != 0 || st.values() != "x=1 y=1" {
		t.Errorf("forward after back: %+v, %s; want Q's store placed again", st.Step, st.values())
	}

	// A link holds the schedule: its reload replays the places.
	reload := d.placeFrame(t, load2plus2W(t, map[string]any{"memory": "c11", "schedule": st.Schedule, "step": 4}))
	if reload.Schedule != st.Schedule || reload.values() != "x=1 y=1" || !reflect.DeepEqual(reload.Orders, st.Orders) {
		t.Errorf("reload = schedule %q, %s, orders %+v; want %q, x=1 y=1, %+v", reload.Schedule, reload.values(), reload.Orders, st.Schedule, st.Orders)
	}

	d.placeFrame(t, load2plus2W(t, map[string]any{"memory": "c11", "schedule": "P Q", "step": 2}))
	for before, msg := range map[string]string{
		"1":    "cannot go before the write 1 (it may go before: 2, the end)",
		"init": "a store's place is the number of the step",
		"x":    "a store's place is the number of the step",
	} {
		d.fail(t, `{"v":1,"type":"step","thread":"P","before":"`+before+`"}`, msg)
	}

	st = d.placeFrame(t, load2plus2W(t, map[string]any{"schedule": "P Q", "step": 2}))
	if st.Memory != "sc" || st.Pending[0].Places != nil || st.Orders != nil {
		t.Errorf("sc state = %+v; want no choice and no orders", st)
	}
	d.fail(t, `{"v":1,"type":"step","thread":"P","before":"2"}`, "only under the c11 memory model")
}

// TestC11OrdersShown lists the latest writes of a long modification
// order, counting the older ones: P stores into x nine times.
func TestC11OrdersShown(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/lessons/litmus-2plus2w.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(src), `"script": "store_x 1; store_y 2"`, `"script": "store_x 1; store_x 2; store_x 3; store_x 4; store_x 5; store_x 6; store_x 7; store_x 8; store_x 9"`, 1)
	b, _ := json.Marshal(map[string]any{"v": 1, "type": "load", "source": text, "variant": "relaxed", "memory": "c11", "schedule": "P*9", "step": 9})
	st := newDriver(t).placeFrame(t, string(b))
	if len(st.Orders) != 1 {
		t.Fatalf("orders = %+v; want x's", st.Orders)
	}
	o := st.Orders[0]
	if o.Cell != "mem.x" || o.Older != 10-orderShown || len(o.Writes) != orderShown || o.Writes[0].Value != "2" || !o.Writes[orderShown-1].Latest || o.Writes[orderShown-1].Value != "9" {
		t.Errorf("x's order = %+v; want the last %d writes, 2 to 9, and %d older", o, orderShown, 10-orderShown)
	}
}

package playground

import (
	"encoding/json"
	"lockstep/web/playground/protocol"
	"os"
	"strings"
	"testing"
)

// c11State is what the c11 tests read of a state event.
type c11State struct {
	Type     string
	Message  string
	Memory   string
	Schedule string
	Pending  []struct {
		Thread string
		Reads  *protocol.Read
	}
	Step *struct {
		Text string
		Read *protocol.Read
	}
}

func (d *driver) c11(t *testing.T, frame string) c11State {
	t.Helper()
	var st c11State
	d.lastState(t, frame, &st)
	return st
}

// lastState handles frame and decodes its last event, which must be a
// state, into st.
func (d *driver) lastState(t *testing.T, frame string, st any) {
	t.Helper()
	if err := d.s.handle([]byte(frame), d.out); err != nil {
		t.Fatalf("handle %s: %v", frame, err)
	}
	last := d.out.msgs[len(d.out.msgs)-1]
	d.out.msgs = nil
	var head struct{ Type, Message string }
	if err := json.Unmarshal(last, &head); err != nil {
		t.Fatal(err)
	}
	if head.Type != "state" {
		t.Fatalf("%s: %s %s, want a state", frame, head.Type, head.Message)
	}
	if err := json.Unmarshal(last, st); err != nil {
		t.Fatal(err)
	}
}

// TestC11Session: a lesson loaded with memory c11 offers the writes a
// read may return, steps with the one chosen, marks it stale, keeps the
// choice in the schedule, and replays it; under sc there is no choice.
func TestC11Session(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/lessons/litmus-mp.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	load, _ := json.Marshal(map[string]any{"v": 1, "type": "load", "source": string(src), "variant": "relaxed",
		"memory": "c11", "schedule": "P P Q Q", "step": 4})
	d := newDriver(t)
	st := d.c11(t, string(load))
	if st.Memory != "c11" || len(st.Pending) != 2 {
		t.Fatalf("state = %+v, want c11", st)
	}
	r := st.Pending[1].Reads
	if r == nil || r.Cell != "mem.x" || len(r.Candidates) != 2 || r.Candidates[0].From != "init" || !r.Candidates[1].Latest {
		t.Fatalf("Q's next read offers %+v, want x from init or step 0", r)
	}
	st = d.c11(t, `{"v":1,"type":"step","thread":"Q","from":"init"}`)
	if st.Step == nil || st.Step.Read == nil || !st.Step.Read.Stale || !strings.Contains(st.Step.Text, "STALE") {
		t.Fatalf("step = %+v, want a stale read", st.Step)
	}
	if !strings.HasSuffix(st.Schedule, "Q@LDX<init") {
		t.Errorf("schedule = %q, want the choice kept", st.Schedule)
	}
	st = d.c11(t, `{"v":1,"type":"back"}`)
	st = d.c11(t, `{"v":1,"type":"forward"}`)
	if st.Step == nil || st.Step.Read == nil || !st.Step.Read.Stale {
		t.Errorf("forward after back: %+v, want the stale read again", st.Step)
	}
	d.out.msgs = nil
	if err := d.s.handle([]byte(`{"v":1,"type":"step","thread":"Q","from":"7"}`), d.out); err != nil {
		t.Fatal(err)
	}
	if m := string(d.out.msgs[0]); !strings.Contains(m, `"error"`) {
		t.Errorf("a source that is no candidate: %s, want an error", m)
	}
	load, _ = json.Marshal(map[string]any{"v": 1, "type": "load", "source": string(src), "variant": "relaxed", "schedule": "P P Q Q", "step": 4})
	d.out.msgs = nil
	if st = d.c11(t, string(load)); st.Memory != "sc" || st.Pending[1].Reads != nil {
		t.Errorf("sc state = %+v, want no choice", st)
	}
}

// TestC11ExactReload: a page that reconnects to exactly what it showed
// (load with exact) gets its c11 run back, stale read included.
func TestC11ExactReload(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/lessons/litmus-mp.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	load, _ := json.Marshal(map[string]any{"v": 1, "type": "load", "source": string(src), "variant": "relaxed",
		"memory": "c11", "schedule": "P P Q Q Q@LDX<init", "step": 5, "exact": true})
	st := newDriver(t).c11(t, string(load))
	if st.Memory != "c11" || !strings.HasSuffix(st.Schedule, "Q@LDX<init") {
		t.Errorf("exact reload = memory %s, schedule %q; want c11 and the stale read", st.Memory, st.Schedule)
	}
}

// TestC11ScheduleByName: a lesson's c11 schedule, loaded or replayed by
// name, switches the session to c11.
func TestC11ScheduleByName(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/lessons/litmus-mp.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	for _, first := range []bool{true, false} {
		d := newDriver(t)
		fields := map[string]any{"v": 1, "type": "load", "source": string(src), "variant": "relaxed"}
		if first {
			fields["schedule"] = "stale-data"
		}
		load, _ := json.Marshal(fields)
		st := d.c11(t, string(load))
		if !first {
			st = d.c11(t, `{"v":1,"type":"replay","schedule":"stale-data","step":6}`)
		}
		if st.Memory != "c11" || !strings.Contains(st.Schedule, "Q@LDX<init") {
			t.Errorf("loaded first=%v: memory %s, schedule %q; want c11 and the stale read", first, st.Memory, st.Schedule)
		}
	}
}

// TestC11SearchUsesTheSessionsModel: the explorer of a c11 session
// searches under c11.
func TestC11SearchUsesTheSessionsModel(t *testing.T) {
	src, err := os.ReadFile("../../scenarios/lessons/litmus-mp.jsonc")
	if err != nil {
		t.Fatal(err)
	}
	load, _ := json.Marshal(map[string]any{"v": 1, "type": "load", "source": string(src), "variant": "relaxed", "memory": "c11"})
	d := newDriver(t)
	d.c11(t, string(load))
	if err := d.s.handle([]byte(`{"v":1,"id":2,"type":"explore","strategy":"exhaustive"}`), d.out); err != nil {
		t.Fatal(err)
	}
	sr := d.s.search
	if sr == nil {
		t.Fatal("no search started")
	}
	defer sr.cancel(nil)
	if o := sr.options(); o.Memory.String() != "c11" {
		t.Errorf("search options %+v, want c11", o)
	}
}

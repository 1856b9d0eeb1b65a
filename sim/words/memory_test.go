package words

import (
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
)

// fenceRun runs a program built by hand whose thread A runs a fence of
// order o and then stores into a shared word, with the program declaring
// fences or not, under c11, and returns the program and its records.
func fenceRun(t *testing.T, o program.Order, declared bool) (*program.Program, []record.Step, outcome.Outcome) {
	t.Helper()
	h := &hand{Fixture: fixture.New()}
	h.word = h.Data(program.Field{Name: "word", Kind: program.Int64, Atomic: true})
	h.Thread("A", h.op("publish", "F", program.Plain, false,
		func(x program.Exec) { x.Fence(o); fixture.Next(x) },
		func(x program.Exec) { x.Store(h.word, 1, program.Relaxed); x.Return() }))
	p := h.Program(t)
	p.Facts.Fences = declared
	sched, err := schedule.Parse("A A")
	if err != nil {
		t.Fatal(err)
	}
	m, out, _ := sim.ReplaySchedule(p, sched, sim.Options{Record: true, Memory: sim.C11})
	return p, m.Records(), out
}

// TestFenceWords says a fence step in every form the words have, in both
// languages: as C++ writes it, with its order, and with no cell.
func TestFenceWords(t *testing.T) {
	for _, o := range []program.Order{program.Relaxed, program.Acquire, program.Release, program.AcqRel, program.SeqCst} {
		p, recs, out := fenceRun(t, o, true)
		if out.Kind != outcome.OK || len(recs) != 2 || recs[0].Op != program.OpFence {
			t.Fatalf("%s: outcome %s with %d steps (first %v); want ok after a fence and a store", program.OrderName(o), out.Kind, len(recs), recs[0].Op)
		}
		r := recs[0]
		code := "atomic_thread_fence(" + program.OrderName(o) + ")"
		if got := OpTextIn(p, r, false, English); got != code {
			t.Errorf("OpTextIn = %q; want %q", got, code)
		}
		if got := OpTextIn(p, r, true, Chinese); got != code {
			t.Errorf("OpTextIn in Chinese = %q; want %q (code reads the same)", got, code)
		}
		if v := ValuesOf(p, r); v.Cell != "" || v.Order != program.OrderName(o) || v.Value != "" || v.Result != "" {
			t.Errorf("ValuesOf = %+v; want only the order", v)
		}
		cell, order, operands := Access(p, r, English)
		if cell != "" || order != program.OrderName(o) || operands != "" {
			t.Errorf("Access = %q, %q, %q; want no cell, the order and no operands", cell, order, operands)
		}
		want := map[string]string{English: "A runs " + code, Chinese: "A 执行 " + code}
		for lang, w := range want {
			text := Narrate(p, recs, 0, nil, lang)
			if !strings.Contains(text, w) || strings.Contains(text, "0x") || strings.Contains(text, "%!") {
				t.Errorf("%s: narration %q; want it to say %q and name no cell", lang, text, w)
			}
		}
		checkChinese(t, Narrate(p, recs, 0, nil, Chinese))
	}
}

// TestFenceUndeclared narrates the fence that ends a run because the
// program does not declare fences: what the step tried, with no cell.
func TestFenceUndeclared(t *testing.T) {
	p, recs, out := fenceRun(t, program.Release, false)
	if out.Kind != outcome.Panic || len(recs) != 1 {
		t.Fatalf("outcome %s after %d steps; want a panic at the fence", out.Kind, len(recs))
	}
	for lang, w := range map[string]string{English: "A tries to run atomic_thread_fence(release)", Chinese: "A 试图执行 atomic_thread_fence(release)"} {
		if text := Narrate(p, recs, 0, nil, lang); !strings.Contains(text, w) || strings.Contains(text, "0x") {
			t.Errorf("%s: narration %q; want it to say %q", lang, text, w)
		}
	}
}

// TestPlaceNote says where the stores of 2+2W went in their cells'
// modification orders, under c11: nothing for a store with one place,
// the place taken and the places offered for one with a choice.
func TestPlaceNote(t *testing.T) {
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	l, err := cat.Lookup("litmus-2plus2w")
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Build("relaxed", nil)
	if err != nil {
		t.Fatal(err)
	}
	// P's y = 2 goes at the end, Q's x = 2 before P's x = 1 (step 1).
	sched, err := schedule.Parse("P Q P Q^1")
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(p, sched, sim.Options{Record: true, Memory: sim.C11})
	if err != nil {
		t.Fatal(err)
	}
	recs := m.Records()
	want := []map[string]string{
		{English: "", Chinese: ""},
		{English: "", Chinese: ""},
		{English: " (mo place: the end; places: before step 2, the end)", Chinese: "（修改顺序位置：末尾；可选：第 2 步之前、末尾）"},
		{English: " (mo place: before step 1's write 1; places: before step 1, the end)", Chinese: "（修改顺序位置：第 1 步的写入 1 之前；可选：第 1 步之前、末尾）"},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d steps; want %d", len(recs), len(want))
	}
	for i, r := range recs {
		for lang, w := range want[i] {
			if got := PlaceNote(p, r, lang); got != w {
				t.Errorf("step %d (%s): %q; want %q", i+1, lang, got, w)
			}
		}
	}
	if got := m.Schedule().String(); got != "P@STX Q@STY P@STY Q@STX^1" {
		t.Errorf("schedule %q; want Q's place in it", got)
	}
}

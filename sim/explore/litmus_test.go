package explore_test

import (
	"slices"
	"testing"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/schedule"
)

// TestLitmusOutcomes explores every litmus lesson under c11 in every
// variant and checks each outcome of the table: allowed means some
// execution ends with it, forbidden that none does. The expectations are
// RC11's (Lahav et al., PLDI 2017), which are herd7's C11 model's but
// for LB's r1=1 r2=1 (note column): herd7's C11 model allows it with
// relaxed orders, RC11 forbids it. Each lesson is explored completely in
// under a second of CPU time (wall time is the machine's load: 1.5 s at a
// load of 25 under the race detector, for 76 ms of CPU time).
func TestLitmusOutcomes(t *testing.T) {
	type row struct {
		lesson, outcome string
		// allowed by the model, for relaxed, acq_rel and seq_cst
		relaxed, acqRel, seqCst bool
		note                    string // "" when RC11 and herd7's C11 agree
	}
	table := []row{
		{"litmus-mp", "r1=1 r2=0", true, false, false, ""},
		{"litmus-mp", "r1=1 r2=1", true, true, true, ""},
		{"litmus-mp", "r1=0 r2=0", true, true, true, ""},
		{"litmus-sb", "r1=0 r2=0", true, true, false, ""},
		{"litmus-sb", "r1=1 r2=1", true, true, true, ""},
		{"litmus-lb", "r1=1 r2=1", false, false, false, "herd7's C11 allows it with relaxed; RC11 forbids it"},
		{"litmus-lb", "r1=0 r2=1", true, true, true, ""},
		{"litmus-iriw", "r1=1 r2=0 r3=1 r4=0", true, true, false, ""},
		{"litmus-iriw", "r1=1 r2=1 r3=1 r4=1", true, true, true, ""},
		{"litmus-corr", "r1=1 r2=0", false, false, false, ""},
		{"litmus-corr", "r1=0 r2=1", true, true, true, ""},
		{"litmus-2plus2w", "x=1 y=1", true, true, false, ""},
		{"litmus-2plus2w", "x=2 y=1", true, true, true, ""},
	}
	results := map[string][]string{}
	for _, id := range []string{"litmus-mp", "litmus-sb", "litmus-lb", "litmus-iriw", "litmus-corr", "litmus-2plus2w"} {
		for _, v := range []string{"relaxed", "acq_rel", "seq_cst"} {
			p := build(t, id, v, nil)
			start, cpu := time.Now(), startCPU()
			r := search(t, p, explore.Options{Memory: sim.C11, Observe: scenarios.Observer(p)})
			if used, ok := cpu.used(); ok && used > time.Second {
				t.Errorf("%s/%s: explored in %v of CPU time (%v wall), more than a second", id, v, used, time.Since(start))
			}
			if !r.Complete || len(r.Counterexamples) > 0 || len(r.Observations) == 0 {
				t.Errorf("%s/%s: complete=%v, found %v, observed %v", id, v, r.Complete, kinds(r), r.Observations)
			}
			results[id+"/"+v] = r.Observations
		}
	}
	for _, c := range table {
		for i, v := range []string{"relaxed", "acq_rel", "seq_cst"} {
			want := []bool{c.relaxed, c.acqRel, c.seqCst}[i]
			if got := slices.Contains(results[c.lesson+"/"+v], c.outcome); got != want {
				t.Errorf("%s/%s: %q allowed=%v, want %v %s (observed %v)", c.lesson, v, c.outcome, got, want, c.note, results[c.lesson+"/"+v])
			}
		}
	}
}

// TestLitmusUnderSC: without the c11 model every litmus lesson shows only
// sequentially consistent outcomes: MP's r1=1 r2=0 never, whatever the
// orders.
func TestLitmusUnderSC(t *testing.T) {
	p := build(t, "litmus-mp", "relaxed", nil)
	r := search(t, p, explore.Options{})
	if !r.Complete || len(r.Counterexamples) > 0 || r.Observations != nil {
		t.Errorf("sc: complete=%v, found %v, observations %v (sc searches observe nothing)", r.Complete, kinds(r), r.Observations)
	}
	ob := scenarios.Observer(p)
	for _, s := range []string{"P P Q*4", "Q*2 P P Q*2", "P Q Q P Q Q"} {
		sched, _ := schedule.Parse(s)
		m, _, err := sim.ReplaySchedule(p, sched, sim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := ob(m); got == "r1=1 r2=0" {
			t.Errorf("sc run %s observed %s", s, got)
		}
	}
}

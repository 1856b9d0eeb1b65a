package weak

import (
	"context"
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// registers is T0: r0 = x; if r0 == 1 { r1 = x }, T1: x = 1, T2: x = 2,
// relaxed: each value a load returns is kept in a local for a step, then
// written to a register, so that states differ in their locals only
// between the load and the write, and the second load depends on what
// the first returned.
func registers(t *testing.T) (*program.Program, int) {
	f := fixture.New()
	base := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true},
		program.Field{Name: "r0", Kind: program.Int64}, program.Field{Name: "r1", Kind: program.Int64})
	x, r0, r1 := base, base+1, base+2
	f.Thread("T0", f.Op("read", "R",
		func(e program.Exec) { e.SetLocal(0, e.Load(x, program.Relaxed)); fixture.Next(e) },
		func(e program.Exec) {
			e.Write(r0, e.Local(0))
			if e.Local(0) != 1 {
				e.Return()
				return
			}
			fixture.Next(e)
		},
		func(e program.Exec) { e.SetLocal(0, e.Load(x, program.Relaxed)); fixture.Next(e) },
		func(e program.Exec) { e.Write(r1, e.Local(0)); e.Return() }))
	f.Thread("T1", f.Op("one", "A", func(e program.Exec) { e.Store(x, 1, program.Relaxed); e.Return() }))
	f.Thread("T2", f.Op("two", "B", func(e program.Exec) { e.Store(x, 2, program.Relaxed); e.Return() }))
	p := f.Program(t)
	return p, f.Label(t, "R2")
}

// TestSearchRelearnsLocals starts searches with models that know no
// local, which would key states apart only by their cells: a step that
// reads a local shows them wrong, and the search starts again with what
// it learned, alone and on workers. The models must have learned that
// R2 reads the local the load at R1 wrote, and the counts must be those
// of a search keyed with the models learned before it.
func TestSearchRelearnsLocals(t *testing.T) {
	p, r2 := registers(t)
	ctx := context.Background()
	for _, o := range []Options{{MaxStates: 1 << 20}, {MaxStates: 1 << 20, NoSymmetry: true}} {
		want := exhaustive(ctx, p, &o, statekey.LearnLocals(p, sim.C11), false, 0)
		if !want.Complete || want.Executions.Sign() == 0 {
			t.Fatalf("the search with learned models: %+v", want)
		}
		ms := statekey.NewLocals(p)
		alone := exhaustive(ctx, p, &o, ms, false, 0)
		if !alone.Complete || alone.Executions.Cmp(want.Executions) != 0 {
			t.Errorf("alone from models that know nothing: %v executions, want %v", alone.Executions, want.Executions)
		}
		if ms.LiveLocals(0, r2)&1 == 0 {
			t.Errorf("alone: the models did not learn that R2 reads its local")
		}
		ms = statekey.NewLocals(p)
		par, ok := exhaustiveParallel(ctx, p, &o, ms, 2)
		if !ok || !par.Complete || par.Executions.Cmp(want.Executions) != 0 {
			t.Errorf("on two workers from models that know nothing: %v executions (gave up: %v), want %v", par.Executions, !ok, want.Executions)
		}
		if ms.LiveLocals(0, r2)&1 == 0 {
			t.Errorf("on two workers: the models did not learn that R2 reads its local")
		}
	}
}

// TestParallelGivesUp checks the cases a parallel search leaves to the
// search alone, and one it does not: a bug (two threads write a plain
// cell, a data race), for the smallest counterexamples; a stop at the
// bound of states, with what it reached.
func TestParallelGivesUp(t *testing.T) {
	ctx := context.Background()
	f := fixture.New()
	x := f.Data(program.Field{Name: "x", Kind: program.Int64})
	for _, name := range []string{"T0", "T1"} {
		f.Thread(name, f.Op("write"+name, name+".", func(e program.Exec) { e.Write(x, 1); e.Return() }))
	}
	racy := f.Program(t)
	o := Options{MaxStates: 1 << 20}
	if _, ok := exhaustiveParallel(ctx, racy, &o, statekey.LearnLocals(racy, sim.C11), 2); ok {
		t.Errorf("a parallel search of a racy program did not give up")
	}
	if res := Exhaustive(ctx, racy, Options{MaxStates: 1 << 20, Workers: 2}); !res.Complete || len(res.Counterexamples) != 1 {
		t.Errorf("Exhaustive on two workers, racy: complete %v, counterexamples %v; want the search alone's", res.Complete, res.Counterexamples)
	}
	p, _ := registers(t)
	o = Options{MaxStates: 3}
	res, ok := exhaustiveParallel(ctx, p, &o, statekey.LearnLocals(p, sim.C11), 2)
	if !ok || res.Complete || res.Stopped != "max-states" || res.States > 3 {
		t.Errorf("stopped at 3 states: gave up %v, complete %v, stopped %q, %d states", !ok, res.Complete, res.Stopped, res.States)
	}
}

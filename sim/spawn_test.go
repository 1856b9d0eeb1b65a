package sim_test

import (
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// spawnProgram is A: x = 1 (W1), spawn B (N1), then x = 2 when late;
// B (spawned): x = 3 (W1).
func spawnProgram(t *testing.T, late bool) *program.Program {
	f := fixture.New()
	d := f.Shared()
	write := f.Op("write", "W", func(x program.Exec) { x.Write(d.X, x.Arg()); x.Return() })
	spawn := f.Op("spawn", "N", func(x program.Exec) { x.Spawn(1, 1); x.Return() })
	f.Thread("A", write, spawn)
	f.Thread("B", write)
	p := f.Program(t)
	p.Coroutines[0].Script[0].Arg = 1
	if late {
		p.Coroutines[0].Script = append(p.Coroutines[0].Script, program.Instr{Kind: program.Call, Op: write, Arg: 2})
	}
	p.Coroutines[1].Script[0].Arg = 3
	p.Coroutines[1].Spawned = true
	return p
}

// A spawned coroutine does not exist until another one spawns it; the
// spawn hands it the spawner's clock, so what the spawner did before it
// happens before the child's steps, and what it does after does not.
func TestSpawn(t *testing.T) {
	p := spawnProgram(t, false)
	m := sim.New(p, sim.Options{})
	if st := m.Coroutine(1).Status(); st != outcome.Unstarted || m.CanMove(1) {
		t.Fatalf("before the spawn B is %s (can move %v); want unstarted and stuck", st, m.CanMove(1))
	}
	_, out := fixture.Replay(t, p, "A A B B")
	checkOutcome(t, out, outcome.OK, -1)

	_, out = fixture.Replay(t, spawnProgram(t, true), "A A B B A")
	checkOutcome(t, out, outcome.DataRace, 4, "A writes it at step 5 (W1) and B wrote it at step 4 (W1)")

	m = sim.New(p, sim.Options{})
	if got, want := m.Blocked(1).String(), "B has not been spawned"; got != want {
		t.Errorf("Blocked(B) = %q; want %q", got, want)
	}
}

// A spawn with no coroutine left to start is a panic.
func TestSpawnTwice(t *testing.T) {
	f := fixture.New()
	f.Shared()
	spawn := f.Op("spawn", "N", func(x program.Exec) { x.Spawn(1, 1); x.Return() })
	f.Thread("A", spawn, spawn)
	f.Thread("B", spawn)
	p := f.Program(t)
	p.Coroutines[1].Spawned = true
	p.Coroutines[1].Script = nil
	_, out := fixture.Replay(t, p, "A A")
	checkOutcome(t, out, outcome.Panic, 1, "every one of the 1 coroutines it may start has started already")
}

// Destroy frees another coroutine's frame: its own next access to it is
// a use after free, and so is a second destroy. A frame its coroutine
// does not own outlives the coroutine until then.
func TestDestroy(t *testing.T) {
	build := func(owned bool, times int) *program.Program {
		f := fixture.New()
		f.Shared()
		var frame program.Word // B's, once laid out
		var destroy []int
		for range times {
			destroy = append(destroy, f.Op("destroy", "X", func(x program.Exec) { x.Destroy(frame); x.Return() }))
		}
		touch := f.Op("touch", "T", func(x program.Exec) { x.Read(x.Handle()); x.Return() })
		f.Thread("A", destroy...)
		f.Thread("B", touch, touch)
		p := f.Program(t)
		p.Coroutines[1].OwnedFrame = owned
		frame = p.Coroutines[1].Frame
		return p
	}
	_, out := fixture.Replay(t, build(true, 1), "B A B")
	checkOutcome(t, out, outcome.UseAfterFree, 2, "B reads B.frame.resume at step 3 (T1), but B's frame was destroyed at step 2, before B finished with it")
	if out.Detail.Reason != outcome.FrameFreed {
		t.Errorf("reason %s; want %s", out.Detail.Reason, outcome.FrameFreed)
	}
	// B's frame outlives B, but B's last read and A's destroy are not
	// ordered: a race, not a use after free.
	_, out = fixture.Replay(t, build(true, 1), "B B A")
	checkOutcome(t, out, outcome.DataRace, 2, "data race on B.frame.resume: A writes it at step 3 (X1) and B read it at step 2 (T1)")
	_, out = fixture.Replay(t, build(false, 1), "B B A")
	checkOutcome(t, out, outcome.UseAfterFree, 2, "A destroys B.frame.resume at step 3 (X1), but B finished at step 2 and its frame was destroyed")
	_, out = fixture.Replay(t, build(true, 2), "B B A A")
	checkOutcome(t, out, outcome.UseAfterFree, 3, "A destroys B.frame.resume at step 4")
}

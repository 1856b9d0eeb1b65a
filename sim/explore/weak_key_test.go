package explore_test

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/explore"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// weakBruteForce runs every execution of p under the c11 memory model one
// by one, without caching: every enabled thread, and for a step that reads,
// every write the read may return. It counts them by outcome kind.
// With observe, it also collects what the final states show.
func weakBruteForce(t *testing.T, p *program.Program, limit int64, observe func(*sim.Machine) string) (map[outcome.Kind]int64, []string, bool) {
	t.Helper()
	counts := map[outcome.Kind]int64{}
	seen := map[string]bool{}
	var total int64
	var walk func(m *sim.Machine) bool
	walk = func(m *sim.Machine) bool {
		if m.Finished() {
			counts[m.Outcome().Kind]++
			if observe != nil {
				seen[observe(m)] = true
			}
			total++
			return total <= limit
		}
		return eachWeakChild(t, m, walk)
	}
	ok := walk(sim.New(p, sim.Options{Memory: sim.C11}))
	obs := slices.Sorted(maps.Keys(seen))
	return counts, obs, ok
}

// eachWeakChild calls f with every machine one step of m can lead to
// under c11: each thread that can move, with each write its read may
// return. It stops, reporting false, when f does.
func eachWeakChild(t testing.TB, m *sim.Machine, f func(child *sim.Machine) bool) bool {
	t.Helper()
	for _, th := range m.Enabled(nil) {
		probe := m.Clone()
		probe.QuietStep(th)
		srcs := probe.LastSources(nil)
		if len(srcs) < 2 {
			srcs = []c11.Source{c11.Latest}
		}
		for _, src := range srcs {
			child := m.Clone()
			if _, err := child.StepFrom(th, src); err != nil {
				t.Fatal(err)
			}
			if !f(child) {
				return false
			}
		}
	}
	return true
}

// registerProgram builds a small litmus-like program: two or three
// threads, each running two or three accesses to the atomic cells x and y
// with random orders (stores, loads, fetch_adds, exchanges and CASes),
// each value read kept in a register of its own (a plain cell written by
// the access's second step). observe names the final registers and x and
// y: what reads returned, which a key that merged states with different
// futures would lose or invent.
func registerProgram(t *testing.T, rng *rand.Rand) (*program.Program, string, func(*sim.Machine) string) {
	t.Helper()
	f := fixture.New()
	fields := []program.Field{{Name: "x", Kind: program.Int64, Atomic: true}, {Name: "y", Kind: program.Int64, Atomic: true}}
	for i := range 9 {
		fields = append(fields, program.Field{Name: fmt.Sprintf("r%d", i), Kind: program.Int64})
	}
	base := f.Data(fields...)
	orders := []program.Order{program.Relaxed, program.Acquire, program.Release, program.AcqRel, program.SeqCst}
	threads := 2 + rng.IntN(2)
	var desc string
	for i := range threads {
		var steps []func(x program.Exec)
		n := 2 + rng.IntN(2)
		desc += fmt.Sprintf("T%d:", i)
		for j := range n {
			a := base + program.Word(rng.IntN(2))
			reg := base + 2 + program.Word(3*i+j)
			o := orders[rng.IntN(len(orders))]
			v := program.Word(1 + rng.IntN(2))
			var access func(x program.Exec) program.Word
			switch rng.IntN(5) {
			case 0:
				desc += fmt.Sprintf(" store %d=%d/%d", a-base, v, o)
				steps = append(steps, func(x program.Exec) { x.Store(a, v, o); fixture.Next(x) })
				continue
			case 1, 2:
				desc += fmt.Sprintf(" load %d/%d", a-base, o)
				access = func(x program.Exec) program.Word { return x.Load(a, o) }
			case 3:
				desc += fmt.Sprintf(" add %d/%d", a-base, o)
				access = func(x program.Exec) program.Word { return x.FetchAdd(a, 1, o) }
			default:
				desc += fmt.Sprintf(" cas %d 0->%d/%d", a-base, v, o)
				access = func(x program.Exec) program.Word {
					got, _ := x.CompareAndSwap(a, 0, v, o, program.Relaxed)
					return got
				}
			}
			steps = append(steps,
				func(x program.Exec) { x.SetLocal(0, access(x)); fixture.Next(x) },
				func(x program.Exec) { x.Write(reg, x.Local(0)); fixture.Next(x) })
		}
		last := steps[len(steps)-1]
		steps[len(steps)-1] = func(x program.Exec) {
			last(x)
			x.Return()
		}
		desc += ";"
		f.Thread(fmt.Sprintf("T%d", i), f.Op(fmt.Sprintf("op%d", i), fmt.Sprintf("L%d.", i), steps...))
	}
	p := f.Program(t)
	observe := func(m *sim.Machine) string {
		var b strings.Builder
		for i := range len(fields) {
			fmt.Fprintf(&b, "%d ", m.Memory()[base+program.Word(i)])
		}
		return b.String()
	}
	return p, desc, observe
}

// A weakProgram is a program the c11 tests search, with what its final
// state shows of the values its reads returned (nil: nothing).
type weakProgram struct {
	name    string
	p       *program.Program
	observe func(*sim.Machine) string
}

// TestWeakKeyAgainstEveryExecution compares the counts the c11 search
// computes through its cache (keyed in canonical form: writes no thread
// can read again left out, clocks as the floors they give, members
// renamed) with running
// every execution, on small random programs over plain and atomic cells
// with every memory order, some with two threads of one script, on small
// random programs that keep what each read returned, and on the litmus
// lessons; and, where the final state shows what reads returned, what it
// observes. A key that merged states with different futures would
// miscount, or lose or invent an observation. With the partial-order
// reduction, the kinds and the observations are the same.
func TestWeakKeyAgainstEveryExecution(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(12, 4))
	var progs []weakProgram
	for i := range 40 {
		p, desc := randomProgram(t, rng, i%3 == 0)
		progs = append(progs, weakProgram{name: desc, p: p})
	}
	// Under the race detector, every fourth of them, and every twentieth
	// of the programs keeping registers: each is run every way on one
	// thread, where the detector finds nothing; the lessons below, and
	// the two-worker searches of each, stay.
	registerStride := 5
	if raceShrink() {
		progs = sample(progs, 4)
		registerStride = 20
	}
	// The programs keeping registers take most of the time: without
	// LOCKSTEP_LONG, every fifth of them is checked (all are drawn, so
	// the others stay the same).
	var registers []weakProgram
	for range 40 {
		p, desc, observe := registerProgram(t, rng)
		registers = append(registers, weakProgram{desc, p, observe})
	}
	progs = append(progs, sample(registers, registerStride)...)
	for _, id := range []string{"litmus-mp", "litmus-sb", "litmus-iriw", "litmus-corr"} {
		for _, v := range []string{"relaxed", "acq_rel"} {
			p := build(t, id, v, nil)
			progs = append(progs, weakProgram{id + "/" + v, p, scenarios.Observer(p)})
		}
	}
	progs = append(progs, weakProgram{name: "event-missing-release/1", p: build(t, "event-missing-release", "tinycoro", map[string]int{"waiters": 1})},
		// Threads that finish while others are parked or not yet
		// started: the key forgets the writes only they could read.
		weakProgram{name: "wg-basic/tinycoro/1/2", p: build(t, "wg-basic", "tinycoro", map[string]int{"waiters": 1, "workers": 2})},
		weakProgram{name: "latch-basic/1", p: build(t, "latch-basic", "tinycoro", map[string]int{"waiters": 1})},
		// The engine runs coroutines inline on the waker's thread, which
		// registers them on its own context.
		weakProgram{name: "engine-queue-full", p: build(t, "engine-queue-full", "tinycoro", nil)},
		weakProgram{name: "event-dropped-task/engine-fixed", p: build(t, "event-dropped-task", "engine-fixed", nil)})
	checked := 0
	for _, pr := range progs {
		want, obs, ok := weakBruteForce(t, pr.p, 20_000, pr.observe)
		if !ok {
			continue
		}
		checked++
		var total int64
		for _, n := range want {
			total += n
		}
		for _, o := range []explore.Options{
			{Memory: sim.C11, NoReduction: true},
			{Memory: sim.C11, NoReduction: true, Workers: 2},
			{Memory: sim.C11, NoReduction: true, NoSymmetry: true},
			{Memory: sim.C11, Strategy: explore.PreemptionBounded, MaxPreemptions: -1},
		} {
			r, err := explore.Explore(context.Background(), pr.p, o)
			if err != nil {
				t.Fatalf("%s: %v", pr.name, err)
			}
			if !r.Complete || small(r.Executions) != total || !maps.Equal(smallCounts(r.Outcomes), want) {
				t.Errorf("%s, %+v: %d executions %v, want %d %v", pr.name, o, r.Executions, r.Outcomes, total, want)
			}
			if pr.observe == nil || o.NoSymmetry || o.Strategy != "" || o.Workers > 1 {
				continue
			}
			o.Observe = pr.observe
			if r, _ := explore.Explore(context.Background(), pr.p, o); !slices.Equal(r.Observations, obs) {
				t.Errorf("%s: observed %q, want %q", pr.name, r.Observations, obs)
			}
		}
		// With the partial-order reduction: fewer executions, the same
		// kinds and the same observations, alone and on two workers.
		for _, workers := range []int{1, 2} {
			o := explore.Options{Memory: sim.C11, Observe: pr.observe, Workers: workers}
			r, err := explore.Explore(context.Background(), pr.p, o)
			if err != nil {
				t.Fatalf("%s: %v", pr.name, err)
			}
			if !r.Complete || !sameKeys(r.Outcomes, want) || small(r.Executions) > total || pr.observe != nil && !slices.Equal(r.Observations, obs) {
				t.Errorf("%s, reduced, %d workers: %d executions %v, observed %q; want the kinds of %v in at most %d, observed %q",
					pr.name, workers, r.Executions, r.Outcomes, r.Observations, want, total, obs)
			}
		}
	}
	least := 57
	switch {
	case raceShrink():
		least = 22 // of 25
	case !longChecks():
		least = 50
	}
	t.Logf("%d of %d programs were small enough to run every execution", checked, len(progs))
	if checked < least {
		t.Errorf("only %d programs were small enough to run every execution; want %d", checked, least)
	}
}

// TestMemoryKeyBuffer checks that keying with one buffer, kept from state
// to state and from program to program (other numbers of threads and
// cells), writes the same words as keying each state with a new buffer.
func TestMemoryKeyBuffer(t *testing.T) {
	progs := []*program.Program{
		build(t, "wg-lost-wakeup", "fixed", map[string]int{"waiters": 2, "workers": 2}),
		build(t, "event-missing-release", "tinycoro", nil),
		build(t, "litmus-iriw", "acq_rel", nil),
	}
	var buf sim.MemoryKeyBuffer
	var kept, fresh []uint64
	for round := range 2 { // the second round finds the buffer grown by all
		for i, p := range progs {
			states := 0
			var walk func(m *sim.Machine) bool
			walk = func(m *sim.Machine) bool {
				if states++; states > 400 {
					return false
				}
				kept = m.MemoryKey(nil, &buf, kept[:0])
				fresh = m.MemoryKey(nil, nil, fresh[:0])
				if !slices.Equal(kept, fresh) {
					t.Fatalf("round %d, program %d: keyed with a kept buffer %v, with a new one %v", round, i, kept, fresh)
				}
				return m.Finished() || eachWeakChild(t, m, walk)
			}
			walk(sim.New(p, sim.Options{Memory: sim.C11}))
		}
	}
}

// TestWeakIncrementalKeys runs c11 searches with every state key the
// search computes from the keyer's cache of the state before (see
// statekey.Keyer.Advance) checked against the key computed from scratch:
// a difference panics. A read that returns an older write changes what
// the step took, not what the keyer reads of it: the cell the step
// accessed, its thread's clock, the locals it wrote.
func TestWeakIncrementalKeys(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(3, 5))
	var progs []weakProgram
	// Under the race detector, the first quarter of the random programs:
	// the lessons below, searched on two workers too, stay.
	for i := range underRace(20, 4) {
		p, desc := randomProgram(t, rng, i%2 == 0)
		progs = append(progs, weakProgram{name: desc, p: p})
		p, desc, _ = registerProgram(t, rng)
		progs = append(progs, weakProgram{name: desc, p: p})
	}
	for _, l := range []struct {
		id, variant string
		params      map[string]int
	}{
		{"wg-lost-wakeup", "fixed", map[string]int{"waiters": 2, "workers": 2}},
		{"wg-lost-wakeup", "tinycoro", map[string]int{"waiters": 2, "workers": 2}},
		{"event-missing-release", "tinycoro", nil},
		{"event-missing-release", "fixed", nil},
		{"latch-basic", "tinycoro", nil},
		{"mutex-handoff", "tinycoro", nil},
		{"litmus-iriw", "relaxed", nil},
	} {
		progs = append(progs, weakProgram{name: fmt.Sprintf("%s/%s", l.id, l.variant), p: build(t, l.id, l.variant, l.params)})
	}
	for _, pr := range progs {
		for _, o := range []explore.Options{
			{Memory: sim.C11, Strategy: explore.Exhaustive, NoReduction: true, MaxStates: 20_000},
			{Memory: sim.C11, Strategy: explore.Exhaustive, MaxStates: 20_000, Workers: 2},
			{Memory: sim.C11, Strategy: explore.PreemptionBounded, MaxPreemptions: 1, MaxStates: 20_000},
		} {
			if _, err := explore.CheckingKeys(context.Background(), pr.p, o); err != nil {
				t.Fatalf("%s: %v", pr.name, err)
			}
		}
	}
}

package explore_test

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"testing"

	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/internal/fixture"
)

// pairOf packs a count and a head into a PairCountHead value.
func pairOf(count int32, head sim.Word) sim.Word {
	return sim.Word(uint32(count))<<32 | head&0xffffffff
}

// randomCASProgram builds a program of three alike threads, in one group,
// that load a (count, head) word into a local
// and compare and swap it against the local, retrying, as lock-free code
// does: stale snapshots abound. What a failed swap does next, and how a
// swap changes the count (down mostly, up now and then), vary, so that
// each rule of the doomed model (statekey's doomedModel) is tripped by
// some programs: a count that rises, a failure that looks at the stale
// value, one that keeps it live, one that writes it. Every loop ends: a
// swap fails only after another thread changed the word.
func randomCASProgram(t *testing.T, rng *rand.Rand) (*sim.Program, string) {
	t.Helper()
	f := fixture.New()
	start := int32(1 + rng.IntN(3))
	base := f.Data(
		sim.Field{Name: "s", Kind: sim.PairCountHead, Atomic: true, Init: pairOf(start, 0)},
		sim.Field{Name: "g", Kind: sim.Int64, Atomic: true},
		sim.Field{Name: "x", Kind: sim.Int64})
	s, g, x := base, base+1, base+2
	orders := []sim.Order{sim.Relaxed, sim.Acquire, sim.Release, sim.AcqRel, sim.SeqCst}
	loads := []sim.Order{sim.Relaxed, sim.Acquire, sim.SeqCst}
	desc := fmt.Sprintf("s=(%d,0)", start)
	op := func(name, prefix string) int {
		lo, co, cf := loads[rng.IntN(len(loads))], orders[rng.IntN(len(orders))], loads[rng.IntN(len(loads))]
		exitOnZero := rng.IntN(2) == 0
		delta := int32(-1)
		if rng.IntN(6) == 0 {
			delta = 1
		}
		head := rng.IntN(3) // 0, the old head, or s's address
		middle := rng.IntN(6)
		failure := rng.IntN(5)
		desc += fmt.Sprintf(" %s: load/%d zero-exit=%v middle=%d cas/%d/%d delta=%d head=%d failure=%d;",
			name, lo, exitOnZero, middle, co, cf, delta, head, failure)
		newValue := func(old sim.Word) sim.Word {
			h := [...]sim.Word{0, old & 0xffffffff, s}[head]
			return pairOf(int32(old>>32)+delta, h)
		}
		return f.Op(name, prefix,
			func(e *sim.Exec) { // 1: load
				old := e.Load(s, lo)
				if exitOnZero && int32(old>>32) <= 0 {
					e.Return()
					return
				}
				e.SetLocal(0, old)
				if middle > 1 {
					e.Goto(e.PC() + 2) // straight to the swap
					return
				}
				fixture.Next(e)
			},
			func(e *sim.Exec) { // 2: something in between
				old := e.Local(0)
				if middle == 0 {
					e.Store(g, old>>32, sim.Release)
				} else {
					e.Write(x, old&0xffffffff)
				}
				fixture.Next(e)
			},
			func(e *sim.Exec) { // 3: the compare and swap
				old := e.Local(0)
				cur, ok := e.CompareAndSwap(s, old, newValue(old), co, cf)
				switch {
				case ok:
					e.Return()
				case failure == 0 || failure == 1:
					e.Goto(e.PC() - 2) // load again
				case failure == 2:
					e.SetLocal(0, cur) // take the value seen, as compare_exchange does
					e.Goto(e.PC() - 1)
				case failure == 3:
					if int32(old>>32)%2 == 0 { // looks at the stale value
						e.Goto(e.PC() - 2)
						return
					}
					e.Return()
				default:
					e.Goto(e.PC() + 1) // the stale value stays live
				}
			},
			func(e *sim.Exec) { // 4: compare again while the word holds the snapshot
				if e.Load(s, sim.Acquire) == e.Local(0) {
					e.Goto(e.PC() - 1)
					return
				}
				e.Return()
			})
	}
	shared := op("op0", "A")
	for i := range 3 {
		f.Thread(fmt.Sprintf("T%d", i), shared)
	}
	p := f.Program(t)
	for i := range 3 {
		p.Coroutines[i].Group = "alike"
	}
	return p, desc
}

// TestExploreRandomCASPrograms compares, on forty random programs of
// compare-and-swap loops (randomCASProgram), the counts of the exhaustive
// search, which keys stale snapshots as doomed, with those of running every
// execution, keyed incrementally, from scratch and as large programs are,
// and bounded by preemptions; and checks that keying stale snapshots as
// they are gives the same counts in more states. Programs of more than
// 5,000 executions are drawn again, to keep the test short.
func TestExploreRandomCASPrograms(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(19, 23))
	merged := 0
	for i := 0; i < 40; {
		p, desc := randomCASProgram(t, rng)
		want := bruteForce(t, p)
		var total int64
		for _, n := range want {
			total += n
		}
		if total > 5000 {
			continue
		}
		i++
		var states [2]int64
		for j, run := range []func(context.Context, *sim.Program, explore.Options) (explore.Result, error){
			explore.CheckingKeys, explore.KeepingStale, explore.WideKeys,
		} {
			for _, o := range []explore.Options{{NoReduction: true}, {Strategy: explore.PreemptionBounded, MaxPreemptions: -1}} {
				r, err := run(context.Background(), p, o)
				if err != nil {
					t.Fatalf("program %d (%s): %v", i, desc, err)
				}
				if !r.Complete || small(r.Executions) != total || !maps.Equal(smallCounts(r.Outcomes), want) {
					t.Errorf("program %d (%s), run %d, %+v: %d executions %v, want %d %v",
						i, desc, j, o, r.Executions, r.Outcomes, total, want)
				}
				if j < 2 && o.Strategy != explore.PreemptionBounded {
					states[j] = r.States
				}
			}
		}
		if states[0] < states[1] {
			merged++
		}
		r, err := explore.CheckingKeys(context.Background(), p, explore.Options{})
		if err != nil {
			t.Fatalf("program %d (%s): %v", i, desc, err)
		}
		if !r.Complete || !sameKeys(r.Outcomes, want) || r.Executions.Cmp(big.NewInt(total)) > 0 {
			t.Errorf("program %d (%s), reduced: %d executions %v, want the kinds of %v in at most %d",
				i, desc, r.Executions, r.Outcomes, want, total)
		}
	}
	t.Logf("doomed snapshots merged states in %d of 40 programs", merged)
	if merged < 8 {
		t.Errorf("doomed snapshots merged states in only %d of 40 programs: the generator does not test what it should", merged)
	}
}

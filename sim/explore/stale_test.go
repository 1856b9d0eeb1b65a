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
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// pairOf packs a count and a head into a PairCountHead value.
func pairOf(count int32, head program.Word) program.Word {
	return program.Word(uint32(count))<<32 | head&0xffffffff
}

// randomCASProgram builds a program of three alike threads, in one group,
// that load a (count, head) word into a local
// and compare and swap it against the local, retrying, as lock-free code
// does: stale snapshots abound. What a failed swap does next, how a swap
// changes the count (down mostly, up now and then, or not at all) and
// what head it writes (nullptr, the old one, a constant, or the thread's
// own awaiter, linked to the old head) vary, so that each rule of the
// doomed model (statekey's doomedModel, and the claims of the gone package
// it rests on) is tripped by some programs: a count that rises, a failure
// that looks at the stale value, one that keeps it live, one that writes
// it. Half the programs' operation is a wait whose condition is a low
// enough count: it must see the condition hold at one of its steps, or
// its return is a premature release; a rising count makes the condition
// stop holding. TestExploreGoneStacks has programs built by hand for the claim about
// stacks, one where a head comes back (ABA) among them. Every loop ends: a
// swap fails only after another thread changed the word.
func randomCASProgram(t *testing.T, rng *rand.Rand) (*program.Program, string) {
	t.Helper()
	f := fixture.New()
	start := int32(2 + rng.IntN(3))
	s := f.Primitive(program.Field{Name: "s", Kind: program.PairCountHead, Atomic: true, Init: pairOf(start, 0)})
	base := f.Data(
		program.Field{Name: "g", Kind: program.Int64, Atomic: true},
		program.Field{Name: "x", Kind: program.Int64})
	g, x := base, base+1
	orders := []program.Order{program.Relaxed, program.Acquire, program.Release, program.AcqRel, program.SeqCst}
	loads := []program.Order{program.Relaxed, program.Acquire, program.SeqCst}
	desc := fmt.Sprintf("s=(%d,0)", start)
	var open func(program.Peek) bool // the wait condition, if the operation waits
	op := func(name, prefix string) int {
		lo, co, cf := loads[rng.IntN(len(loads))], orders[rng.IntN(len(orders))], loads[rng.IntN(len(loads))]
		exitOnZero := rng.IntN(2) == 0
		delta := int32(-1)
		switch rng.IntN(6) {
		case 0:
			delta = 1
		case 1:
			delta = 0
		}
		head := rng.IntN(4) // 0, the old head, s's address, or its own awaiter
		middle := rng.IntN(7)
		failure := rng.IntN(5)
		waiting, openAt := rng.IntN(2) == 0, int32(rng.IntN(2))
		desc += fmt.Sprintf(" %s: load/%d zero-exit=%v middle=%d cas/%d/%d delta=%d head=%d failure=%d waiting=%v open-at=%d;",
			name, lo, exitOnZero, middle, co, cf, delta, head, failure, waiting, openAt)
		if waiting {
			open = func(peek program.Peek) bool { return int32(peek(s)>>32) <= openAt }
		}
		newValue := func(e program.Exec, old program.Word) program.Word {
			h := [...]program.Word{0, old & 0xffffffff, s, e.Awaiter()}[head]
			return pairOf(int32(old>>32)+delta, h)
		}
		op := f.Op(name, prefix,
			func(e program.Exec) { // 1: load
				old := e.Load(s, lo)
				if exitOnZero && int32(old>>32) <= 0 {
					e.Return()
					return
				}
				e.SetLocal(0, old)
				if middle > 2 {
					e.Goto(e.PC() + 2) // straight to the swap
					return
				}
				fixture.Next(e)
			},
			func(e program.Exec) { // 2: something in between
				old := e.Local(0)
				switch middle {
				case 0:
					e.Store(g, old>>32, program.Release)
				case 1:
					e.Write(x, old&0xffffffff)
				default: // link its awaiter to the old head
					e.Write(e.Awaiter()+program.FieldNext, old&0xffffffff)
				}
				fixture.Next(e)
			},
			func(e program.Exec) { // 3: the compare and swap
				old := e.Local(0)
				cur, ok := e.CompareAndSwap(s, old, newValue(e, old), co, cf)
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
			func(e program.Exec) { // 4: compare again while the word holds the snapshot
				if e.Load(s, program.Acquire) == e.Local(0) {
					e.Goto(e.PC() - 1)
					return
				}
				e.Return()
			})
		f.Ops[op].Awaits = true
		if waiting {
			f.Ops[op].Role = program.Waiting
		}
		return op
	}
	shared := op("op0", "A")
	for i := range 3 {
		f.Thread(fmt.Sprintf("T%d", i), shared)
	}
	p := f.Program(t)
	if open != nil {
		p.Facts = program.Facts{Open: open, Condition: "s.count <= limit"}
	}
	for i := range 3 {
		p.Coroutines[i].Group = "alike"
	}
	return p, desc
}

// TestExploreRandomCASPrograms compares, on eighty random programs (forty
// under the race detector) of compare-and-swap loops (randomCASProgram),
// the counts of the exhaustive
// search, which keys stale snapshots as doomed, with those of running every
// execution, keyed incrementally, from scratch and as large programs are,
// and bounded by preemptions; and checks that keying stale snapshots as
// they are gives the same counts in more states. The reduced search must
// find the same kinds, with its compare-and-swaps that can only fail taken
// alone (see dfs.failsAlike) and without. Programs of more than
// 5,000 executions are drawn again, to keep the test short.
func TestExploreRandomCASPrograms(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(19, 23))
	programs, least := 80, 10
	if raceShrink() {
		// Under the race detector, the first half of the programs:
		// they are searched on one thread, where the detector finds
		// nothing. Six of them merge states, four save some by taking
		// failures alone.
		programs, least = 40, 3
	}
	merged, failedAlone := 0, 0
	for i := 0; i < programs; {
		p, desc := randomCASProgram(t, rng)
		want, ok := bruteForceUpTo(t, p, 5000)
		if !ok {
			continue
		}
		var total int64
		for _, n := range want {
			total += n
		}
		i++
		var states [2]int64
		for j, run := range []func(context.Context, *program.Program, explore.Options) (explore.Result, error){
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
		var reduced [2]int64
		for j, run := range []func(context.Context, *program.Program, explore.Options) (explore.Result, error){
			explore.CheckingKeys, explore.FailingTogether,
		} {
			r, err := run(context.Background(), p, explore.Options{})
			if err != nil {
				t.Fatalf("program %d (%s): %v", i, desc, err)
			}
			if !r.Complete || !sameKeys(r.Outcomes, want) || r.Executions.Cmp(big.NewInt(total)) > 0 {
				t.Errorf("program %d (%s), reduced (run %d): %d executions %v, want the kinds of %v in at most %d",
					i, desc, j, r.Executions, r.Outcomes, want, total)
			}
			reduced[j] = r.States
		}
		if reduced[0] < reduced[1] {
			failedAlone++
		}
	}
	t.Logf("doomed snapshots merged states in %d of %d programs; failures taken alone saved states in %d", merged, programs, failedAlone)
	if merged < least || failedAlone < least {
		t.Errorf("doomed snapshots merged states in %d of %d programs, failures taken alone saved states in %d: the generator does not test what it should",
			merged, programs, failedAlone)
	}
}

// bruteForceUpTo is bruteForce for programs of at most limit executions:
// false when p has more.
func bruteForceUpTo(t *testing.T, p *program.Program, limit int64) (map[outcome.Kind]int64, bool) {
	t.Helper()
	counts := map[outcome.Kind]int64{}
	var n int64
	var walk func(m *sim.Machine) bool
	walk = func(m *sim.Machine) bool {
		if m.Finished() {
			counts[m.Outcome().Kind]++
			n++
			return n <= limit
		}
		for _, th := range m.Enabled(nil) {
			c := m.Clone()
			if _, err := c.Step(th); err != nil {
				t.Fatal(err)
			}
			if !walk(c) {
				return false
			}
		}
		return true
	}
	return counts, walk(sim.New(p, sim.Options{}))
}

// TestExploreGoneStacks compares with running every execution the counts
// of programs built for the claim that a stack only grows while its count
// stays (statekey's gone values). B loads the word, then swaps it for a
// push of its own, again until it succeeds; A pushes itself on the empty stack; C links itself to
// A and pushes itself on top. Each leaves, and its awaiter ends, with a
// step that takes one off the count. Whether B loaded the word before A's
// push or after, its snapshot is on the chain below C, so the key merges
// the two. Then, in the second program, C swaps the word back to the
// empty stack: the word holds again what B may have loaded first (ABA),
// so B's swap may succeed after all, and merging its snapshots would
// miscount. The step that swaps back shows the claim wrong, and the
// search must drop it.
func TestExploreGoneStacks(t *testing.T) {
	for _, c := range []struct {
		name  string
		back  bool
		merge bool // the key must merge states (where the head comes back, it may by the count)
	}{{"the stack grows", false, true}, {"the head comes back", true, false}} {
		t.Run(c.name, func(t *testing.T) {
			p := goneStacks(t, c.back)
			want := bruteForce(t, p)
			var total int64
			for _, n := range want {
				total += n
			}
			var states [2]int64
			for j, run := range []func(context.Context, *program.Program, explore.Options) (explore.Result, error){
				explore.CheckingKeys, explore.KeepingStale, explore.WideKeys,
			} {
				for _, o := range []explore.Options{{NoReduction: true}, {Strategy: explore.PreemptionBounded, MaxPreemptions: -1}} {
					r, err := run(context.Background(), p, o)
					if err != nil {
						t.Fatal(err)
					}
					if !r.Complete || small(r.Executions) != total || !maps.Equal(smallCounts(r.Outcomes), want) {
						t.Errorf("run %d, %+v: %d executions %v, want %d %v", j, o, r.Executions, r.Outcomes, total, want)
					}
					if j < 2 && o.Strategy != explore.PreemptionBounded {
						states[j] = r.States
					}
				}
			}
			if merged := states[0] < states[1]; c.merge && !merged {
				t.Errorf("%d states keyed with doomed snapshots, %d without: merged %v, want %v", states[0], states[1], merged, c.merge)
			}
		})
	}
}

// goneStacks builds TestExploreGoneStacks's programs, with C swapping the
// word back to the empty stack when back is set. The word's count starts
// at 2, and every access is relaxed.
func goneStacks(t *testing.T, back bool) *program.Program {
	f := fixture.New()
	s := f.Data(program.Field{Name: "s", Kind: program.PairCountHead, Atomic: true, Init: pairOf(2, 0)})
	var p *program.Program
	awaiter := func(name string) program.Word {
		for _, co := range p.Coroutines {
			if co.Name == name {
				return co.Awaiter
			}
		}
		t.Fatalf("no coroutine %s", name)
		return 0
	}
	leave := func(e program.Exec) { e.FetchAdd(s, pairOf(-1, 0), program.Relaxed); e.Return() }
	b := f.Op("b", "B",
		func(e program.Exec) { e.SetLocal(0, e.Load(s, program.Relaxed)); fixture.Next(e) },
		func(e program.Exec) {
			old := e.Local(0)
			if _, ok := e.CompareAndSwap(s, old, pairOf(int32(old>>32)-1, e.Awaiter()), program.Relaxed, program.Relaxed); !ok {
				e.Goto(e.PC() - 1)
				return
			}
			e.Return()
		})
	a := f.Op("a", "A",
		func(e program.Exec) {
			e.CompareAndSwap(s, pairOf(2, 0), pairOf(2, e.Awaiter()), program.Relaxed, program.Relaxed)
			fixture.Next(e)
		},
		leave)
	cSteps := []func(e program.Exec){
		func(e program.Exec) { e.Write(e.Awaiter()+program.FieldNext, awaiter("A")); fixture.Next(e) },
		func(e program.Exec) {
			if _, ok := e.CompareAndSwap(s, pairOf(2, awaiter("A")), pairOf(2, e.Awaiter()), program.Relaxed, program.Relaxed); !ok || !back {
				e.Goto(e.PC() + 2)
				return
			}
			fixture.Next(e)
		},
		func(e program.Exec) {
			e.CompareAndSwap(s, pairOf(2, e.Awaiter()), pairOf(2, 0), program.Relaxed, program.Relaxed)
			fixture.Next(e)
		},
		leave,
	}
	cOp := f.Op("c", "C", cSteps...)
	for _, op := range []int{a, b, cOp} {
		f.Ops[op].Awaits = true
	}
	f.Thread("A", a)
	f.Thread("B", b)
	f.Thread("C", cOp)
	p = f.Program(t)
	return p
}

// TestExploreDoomedFailureLooks compares with running every execution the
// counts of programs whose failed swap looks at the stale value, which
// must keep it from being a doomed site (the search runs a failed swap
// again with other values to see). A and C each take one off the count
// (C then loads the word once more); B loads the word and swaps it for
// one less, and when the swap fails, it loads again or gives up as the
// stale value says. Holding (4, 0) or (3, 0) when the word is at 2, B's
// snapshot is stale for good either way, but what its failure does is
// not the same.
func TestExploreDoomedFailureLooks(t *testing.T) {
	for _, c := range []struct {
		name  string
		retry func(old program.Word) bool
	}{
		{"the count's parity", func(old program.Word) bool { return int32(old>>32)%2 != 0 }},
		{"the count's sign", func(old program.Word) bool { return int32(old>>32) < 4 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := fixture.New()
			s := f.Data(program.Field{Name: "s", Kind: program.PairCountHead, Atomic: true, Init: pairOf(4, 0)})
			b := f.Op("b", "B",
				func(e program.Exec) { e.SetLocal(0, e.Load(s, program.Relaxed)); fixture.Next(e) },
				func(e program.Exec) {
					old := e.Local(0)
					if _, ok := e.CompareAndSwap(s, old, pairOf(int32(old>>32)-1, 0), program.Relaxed, program.Relaxed); !ok && c.retry(old) {
						e.Goto(e.PC() - 1)
						return
					}
					e.Return()
				})
			a := f.Op("a", "A", func(e program.Exec) { e.FetchAdd(s, pairOf(-1, 0), program.Relaxed); e.Return() })
			cOp := f.Op("c", "C",
				func(e program.Exec) { e.FetchAdd(s, pairOf(-1, 0), program.Relaxed); fixture.Next(e) },
				func(e program.Exec) { e.Load(s, program.Relaxed); e.Return() })
			f.Thread("A", a)
			f.Thread("B", b)
			f.Thread("C", cOp)
			p := f.Program(t)
			want := bruteForce(t, p)
			var total int64
			for _, n := range want {
				total += n
			}
			if want[outcome.OK] != total {
				t.Fatalf("running every execution: %v, want only ok", want)
			}
			for _, run := range []func(context.Context, *program.Program, explore.Options) (explore.Result, error){
				explore.CheckingKeys, explore.WideKeys,
			} {
				r, err := run(context.Background(), p, explore.Options{NoReduction: true})
				if err != nil {
					t.Fatal(err)
				}
				if !r.Complete || small(r.Executions) != total || !maps.Equal(smallCounts(r.Outcomes), want) {
					t.Errorf("%d executions %v, want %d %v", r.Executions, r.Outcomes, total, want)
				}
			}
		})
	}
}

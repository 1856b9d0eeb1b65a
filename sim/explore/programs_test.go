package explore_test

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"testing"

	"lockstep/sim/explore"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// randomProgram builds a small program of two or three threads, each
// running one operation of two or three steps over two plain and two atomic
// cells, with random accesses and memory orders, and a branch now and then
// on a loaded value. With twins, two threads run one script as a group, so
// that symmetry applies.
func randomProgram(t *testing.T, rng *rand.Rand, twins bool) (*program.Program, string) {
	group := 0
	if twins {
		group = 2
	}
	return randomGroupProgram(t, rng, 2+rng.IntN(2), group)
}

// randomGroupProgram is randomProgram with threads threads, the first
// group of which run one script as a group (none for a group below 2).
func randomGroupProgram(t *testing.T, rng *rand.Rand, threads, group int) (*program.Program, string) {
	t.Helper()
	f := fixture.New()
	base := f.Data(
		program.Field{Name: "x", Kind: program.Int64},
		program.Field{Name: "y", Kind: program.Int64},
		program.Field{Name: "f", Kind: program.Int64, Atomic: true},
		program.Field{Name: "g", Kind: program.Int64, Atomic: true})
	plain := []program.Word{base, base + 1}
	atomic := []program.Word{base + 2, base + 3}
	orders := []program.Order{program.Relaxed, program.Acquire, program.Release, program.AcqRel, program.SeqCst}
	loads := []program.Order{program.Relaxed, program.Acquire, program.SeqCst}
	stores := []program.Order{program.Relaxed, program.Release, program.SeqCst}
	var desc string
	var ops []int
	for i := range threads {
		if group >= 2 && i > 0 && i < group {
			ops = append(ops, ops[0])
			continue
		}
		n := 2 + rng.IntN(2)
		steps := make([]func(x program.Exec), n)
		desc += fmt.Sprintf("T%d:", i)
		for s := range n {
			last := s == n-1
			end := func(x program.Exec) {
				if last {
					x.Return()
					return
				}
				fixture.Next(x)
			}
			p, a := plain[rng.IntN(2)], atomic[rng.IntN(2)]
			v := program.Word(rng.IntN(3))
			switch k := rng.IntN(7); k {
			case 0:
				desc += fmt.Sprintf(" read %d", p)
				steps[s] = func(x program.Exec) { x.SetLocal(0, x.Read(p)); end(x) }
			case 1:
				desc += fmt.Sprintf(" write %d=%d", p, v)
				steps[s] = func(x program.Exec) { x.Write(p, v); end(x) }
			case 2:
				o := loads[rng.IntN(len(loads))]
				skip := !last && s+2 < n && rng.IntN(2) == 0
				desc += fmt.Sprintf(" load %d/%d skip=%v", a, o, skip)
				steps[s] = func(x program.Exec) {
					if x.Load(a, o) == 0 && skip {
						x.Goto(x.PC() + 2)
						return
					}
					end(x)
				}
			case 3:
				o := stores[rng.IntN(len(stores))]
				desc += fmt.Sprintf(" store %d=%d/%d", a, v, o)
				steps[s] = func(x program.Exec) { x.Store(a, v, o); end(x) }
			case 4:
				o := orders[rng.IntN(len(orders))]
				desc += fmt.Sprintf(" add %d/%d", a, o)
				steps[s] = func(x program.Exec) { x.FetchAdd(a, 1, o); end(x) }
			case 5:
				o := orders[rng.IntN(len(orders))]
				desc += fmt.Sprintf(" xchg %d=%d/%d", a, v, o)
				steps[s] = func(x program.Exec) { x.Exchange(a, v, o); end(x) }
			default:
				o, fo := orders[rng.IntN(len(orders))], loads[rng.IntN(len(loads))]
				desc += fmt.Sprintf(" cas %d %d->%d/%d/%d", a, v, v+1, o, fo)
				steps[s] = func(x program.Exec) { x.CompareAndSwap(a, v, v+1, o, fo); end(x) }
			}
		}
		desc += ";"
		ops = append(ops, f.Op(fmt.Sprintf("op%d", i), fmt.Sprintf("L%d.", i), steps...))
	}
	for i, op := range ops {
		f.Thread(fmt.Sprintf("T%d", i), op)
	}
	p := f.Program(t)
	for i := range min(group, threads) {
		if group >= 2 {
			p.Coroutines[i].Group = "twins"
		}
	}
	return p, desc
}

// TestExploreRandomPrograms compares, on two hundred small random
// programs, the counts of the exhaustive search with those of running
// every execution: exactly without the reduction, with symmetry and
// without; the same kinds with it. The programs mix plain and atomic
// accesses with every memory order, so that races come and go with the
// order of steps: a state key that merged states with different
// happens-before futures (see the statekey/acquire package) would
// miscount them. Every key is also checked against the key computed from
// scratch, and the programs are searched once more keyed as large
// programs are (see keyer.clocksWide).
func TestExploreRandomPrograms(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 11))
	races := 0
	// Under the race detector, the first quarter of the programs: they
	// are searched on one thread, where the detector finds nothing.
	programs := underRace(200, 4)
	for i := range programs {
		p, desc := randomProgram(t, rng, i%3 == 0)
		want := bruteForce(t, p)
		var total int64
		for _, n := range want {
			total += n
		}
		if want[outcome.DataRace] > 0 {
			races++
		}
		for j, o := range []explore.Options{
			{NoReduction: true},
			{NoReduction: true, NoSymmetry: true},
			{Strategy: explore.PreemptionBounded, MaxPreemptions: -1},
			{NoReduction: true}, // keyed as a large program
		} {
			run := explore.CheckingKeys
			if j == 3 {
				run = explore.WideKeys
			}
			r, err := run(context.Background(), p, o)
			if err != nil {
				t.Fatalf("program %d (%s): %v", i, desc, err)
			}
			if !r.Complete || small(r.Executions) != total || !maps.Equal(smallCounts(r.Outcomes), want) {
				t.Errorf("program %d (%s), %+v (wide %v): %d executions %v, want %d %v",
					i, desc, o, j == 3, r.Executions, r.Outcomes, total, want)
			}
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
	if races < programs/5 {
		t.Errorf("only %d of %d programs have a race: the generator does not test what it should", races, programs)
	}
}

// TestExploreRandomSymmetricPrograms is TestExploreRandomPrograms on
// programs whose threads are all alike: three threads run one script as a
// group, so that the states the search merges by
// symmetry are many, and a canonical order that merged states that are
// not renamings of each other would miscount.
func TestExploreRandomSymmetricPrograms(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(13, 17))
	merged := 0
	// Under the race detector, the first quarter of the programs: they
	// are searched on one thread, where the detector finds nothing.
	programs := underRace(100, 4)
	for i := range programs {
		p, desc := randomGroupProgram(t, rng, 3, 3)
		want := bruteForce(t, p)
		var total int64
		for _, n := range want {
			total += n
		}
		var states [2]int64
		for j, o := range []explore.Options{{NoReduction: true}, {NoReduction: true, NoSymmetry: true}} {
			r, err := explore.CheckingKeys(context.Background(), p, o)
			if err != nil {
				t.Fatalf("program %d (%s): %v", i, desc, err)
			}
			if !r.Complete || small(r.Executions) != total || !maps.Equal(smallCounts(r.Outcomes), want) {
				t.Errorf("program %d (%s), %+v: %d executions %v, want %d %v", i, desc, o, r.Executions, r.Outcomes, total, want)
			}
			states[j] = r.States
		}
		if states[0] < states[1] {
			merged++
		}
	}
	if merged < programs/2 {
		t.Errorf("symmetry merged states in only %d of %d programs: the generator does not test what it should", merged, programs)
	}
}

// TestExploreSyncModel checks, against running every execution, programs
// built to trip each rule of the state key's model of synchronization (see
// the statekey/acquire package). V loads f, with acquire, then reads x; W
// writes x and releases it into f. A thread about to acquire covers what
// the cell's release clock covers, but a relaxed load acquires nothing,
// and a store takes back what the clock covered. A cell that two threads
// release into is not private: which one released last decides whether x
// is covered.
func TestExploreSyncModel(t *testing.T) {
	cases := []struct {
		name   string
		second program.Order // V loads f again, so, after its acquire
		other  func(e program.Exec, f program.Word)
	}{
		{"relaxed load", program.Relaxed, nil},
		{"acquire load", program.Acquire, nil},
		{"store clears", program.Acquire, func(e program.Exec, f program.Word) { e.Store(f, 0, program.Relaxed) }},
		{"two releasers", program.Acquire, func(e program.Exec, f program.Word) { e.Store(f, 1, program.Release) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := fixture.New()
			base := f.Data(program.Field{Name: "x", Kind: program.Int64}, program.Field{Name: "f", Kind: program.Int64, Atomic: true})
			x, fl := base, base+1
			v := f.Op("v", "V",
				func(e program.Exec) { e.Load(fl, program.Acquire); fixture.Next(e) },
				func(e program.Exec) { e.Load(fl, c.second); fixture.Next(e) },
				func(e program.Exec) { e.Read(x); e.Return() })
			w := f.Op("w", "W",
				func(e program.Exec) { e.Write(x, 1); fixture.Next(e) },
				func(e program.Exec) { e.Exchange(fl, 1, program.Release); e.Return() })
			f.Thread("V", v)
			f.Thread("W", w)
			if c.other != nil {
				f.Thread("U", f.Op("u", "U", func(e program.Exec) { c.other(e, fl); e.Return() }))
			}
			p := f.Program(t)
			want := bruteForce(t, p)
			if want[outcome.DataRace] == 0 || want[outcome.OK] == 0 {
				t.Fatalf("running every execution: %v, want races and runs without", want)
			}
			for _, run := range []func(context.Context, *program.Program, explore.Options) (explore.Result, error){
				explore.CheckingKeys, explore.WideKeys,
			} {
				for _, o := range []explore.Options{{NoReduction: true}, {Strategy: explore.PreemptionBounded, MaxPreemptions: -1}} {
					r, err := run(context.Background(), p, o)
					if err != nil {
						t.Fatal(err)
					}
					if !maps.Equal(smallCounts(r.Outcomes), want) {
						t.Errorf("%s: %v, want %v", o.Strategy, r.Outcomes, want)
					}
				}
			}
		})
	}
}

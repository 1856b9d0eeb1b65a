package explore_test

import (
	"context"
	"testing"

	"lockstep/sim/explore"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/statekey"
)

// TestExploreFailureSeesTheCondition is a wait whose compare and swap can
// only fail once the count has dropped, and whose failure is where it may
// see its condition (the count at 0) hold. The wait W loads the word; seen
// below 2, it marks a flag of its own (early) and returns. Otherwise it
// swaps the word for itself and returns: at once when the swap succeeds (a
// premature release: the count is not 0), after one more step when it
// fails. Then W, unless early, reads a flag and panics if D has not set it
// yet. C and D each take one off the count; D then sets the flag. So W
// panics only when its swap fails after both C and D took theirs, and
// before D set the flag.
//
// The failure may not be taken alone when the count is at 1 and W's next
// step does not access the word: the panic comes only from the failure
// after D's step. When W's next step loads the word, W notes the
// condition there, and the failure may be taken alone.
func TestExploreFailureSeesTheCondition(t *testing.T) {
	for _, c := range []struct {
		name string
		// after is W's step after a failed swap (see conditionProgram).
		after func(s, early program.Word) func(e program.Exec)
		// alone: the failure may be taken alone at count 1, saving states
		// in a search to stop at the panic.
		alone bool
	}{
		{"then a private step", afterPrivate, false},
		{"then a load of the word", afterLoad, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := conditionProgram(t, c.after, false)
			want := bruteForce(t, p)
			for _, k := range []outcome.Kind{outcome.OK, outcome.PrematureRelease, outcome.Panic} {
				if want[k] == 0 {
					t.Fatalf("running every execution: %v, want ok, premature-release and panic", want)
				}
			}
			// A reduced search that finds a bug is done again without the
			// reduction, unless it is to stop at a kind: then the reduced
			// search alone must find it.
			var states [2]int64
			for i, run := range []func(context.Context, *program.Program, explore.Options) (explore.Result, error){
				explore.CheckingKeys, explore.FailingTogether,
			} {
				r, err := run(context.Background(), p, explore.Options{Strategy: explore.Exhaustive})
				if err != nil {
					t.Fatal(err)
				}
				if !r.Complete || !sameKeys(r.Outcomes, want) {
					t.Errorf("run %d: %v, want the kinds of %v", i, r.Outcomes, want)
				}
				r, err = run(context.Background(), p, explore.Options{Strategy: explore.Exhaustive, Want: outcome.Panic})
				if err != nil {
					t.Fatal(err)
				}
				if r.Outcomes[outcome.Panic] == nil {
					t.Errorf("run %d, to stop at a panic: %v, no panic", i, r.Outcomes)
				}
				states[i] = r.States
			}
			if c.alone && states[0] >= states[1] {
				t.Errorf("%d states with failures taken alone, %d without; want fewer", states[0], states[1])
			}
		})
	}
}

// conditionProgram builds TestExploreFailureSeesTheCondition's program,
// with after as W's step after a failed swap; when rises, a thread E adds
// one to the count, so that the condition may stop holding.
func conditionProgram(t *testing.T, after func(s, early program.Word) func(e program.Exec), rises bool) *program.Program {
	t.Helper()
	f := fixture.New()
	s := f.Primitive(program.Field{Name: "s", Kind: program.PairCountHead, Atomic: true, Init: pairOf(2, 0)})
	base := f.Data(program.Field{Name: "flag", Kind: program.Int64, Atomic: true}, program.Field{Name: "early", Kind: program.Int64})
	flag, early := base, base+1
	wait := f.Op("wait", "W",
		func(e program.Exec) {
			old := e.Load(s, program.Relaxed)
			if int32(old>>32) != 2 {
				e.Goto(e.PC() + 3)
				return
			}
			e.SetLocal(0, old)
			fixture.Next(e)
		},
		func(e program.Exec) {
			if _, ok := e.CompareAndSwap(s, e.Local(0), e.Local(0), program.Release, program.Relaxed); ok {
				e.Return()
				return
			}
			fixture.Next(e)
		},
		after(s, early),
		func(e program.Exec) { e.Write(early, 1); e.Return() })
	f.Ops[wait].Awaits = true
	f.Ops[wait].Role = program.Waiting
	check := f.Op("check", "K",
		func(e program.Exec) {
			if e.Read(early) == 1 {
				e.Return()
				return
			}
			fixture.Next(e)
		},
		func(e program.Exec) {
			if e.Load(flag, program.Relaxed) == 0 {
				panic("the wait returned before D set the flag")
			}
			e.Return()
		})
	take := f.Op("take", "C", func(e program.Exec) { e.FetchAdd(s, pairOf(-1, 0), program.Relaxed); e.Return() })
	takeAndSet := f.Op("take-and-set", "D",
		func(e program.Exec) { e.FetchAdd(s, pairOf(-1, 0), program.Relaxed); fixture.Next(e) },
		func(e program.Exec) { e.Store(flag, 1, program.Relaxed); e.Return() })
	f.Thread("W", wait, check)
	f.Thread("C", take)
	f.Thread("D", takeAndSet)
	if rises {
		give := f.Op("give", "E", func(e program.Exec) { e.FetchAdd(s, pairOf(1, 0), program.Relaxed); e.Return() })
		f.Thread("E", give)
	}
	p := f.Program(t)
	p.Facts = program.Facts{Open: func(peek program.Peek) bool { return int32(peek(s)>>32) == 0 }, Condition: "s.count == 0"}
	return p
}

// afterPrivate and afterLoad are W's step after a failed swap in
// conditionProgram: a write to its own awaiter, or a load of the word.
func afterPrivate(_, _ program.Word) func(e program.Exec) {
	return func(e program.Exec) { e.Write(e.Awaiter()+program.FieldNext, 1); e.Return() }
}

func afterLoad(s, _ program.Word) func(e program.Exec) {
	return func(e program.Exec) { e.Load(s, program.Relaxed); e.Return() }
}

// TestOpeningModel checks what the search learns of the wait condition and
// of the labels that access the primitive (statekey's openingModel), on
// conditionProgram: the condition stays once it holds unless E raises the
// count, and W's step after a failed swap accesses the primitive only when
// it loads the word.
func TestOpeningModel(t *testing.T) {
	for _, c := range []struct {
		name                string
		after               func(s, early program.Word) func(e program.Exec)
		rises, stays, touch bool
	}{
		{"private", afterPrivate, false, true, false},
		{"load", afterLoad, false, true, true},
		{"load, the count rises", afterLoad, true, false, true},
	} {
		p := conditionProgram(t, c.after, c.rises)
		ms := statekey.Learn(p)
		ms.Freeze()
		k := statekey.New(p, statekey.Options{Models: ms})
		if got := k.OpenStays(); got != c.stays {
			t.Errorf("%s: OpenStays() = %v, want %v", c.name, got, c.stays)
		}
		if got := k.TouchesPrimitive(0, 3); got != c.touch {
			t.Errorf("%s: TouchesPrimitive(wait, W3) = %v, want %v", c.name, got, c.touch)
		}
	}
}

package scenarios_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"lockstep/scenarios"
	"lockstep/scenarios/litmus"
	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/explore"
	"lockstep/sim/program"
	"lockstep/sim/rc11"
	"lockstep/sim/schedule"
)

// maxCandidates bounds the candidate executions of a random program
// (rc11.Candidates), which the oracle enumerates one by one: a program
// past it is drawn again.
const maxCandidates = 200_000

// randomTest is a random litmus program: up to threads threads of up to
// four instructions each, at most total in all, over up to three
// locations, with every op (loads, stores, exchange, fetch_add,
// compare_exchange_strong, fences) and every order C++ allows for it.
// Each read fills a register of its own.
func randomTest(rng *rand.Rand, threads, total int) *litmus.Test {
	t := &litmus.Test{Name: "Random", Title: litmus.Text{EN: "a random program", ZH: "随机程序"},
		About: litmus.Text{EN: "any outcome", ZH: "任一结果"}}
	locs := []string{"x", "y", "z"}[:1+rng.IntN(3)]
	n := 1 + rng.IntN(threads)
	budget := total
	value := int64(0)
	reg := 0
	pick := func(os ...string) string { return os[rng.IntN(len(os))] }
	for i := range n {
		th := litmus.Thread{Name: string(rune('P' + i))}
		k := 1 + rng.IntN(min(litmus.MaxInstrs, budget-(n-1-i)))
		budget -= k
		for range k {
			in := litmus.Instr{Loc: locs[rng.IntN(len(locs))]}
			switch rng.IntN(10) {
			case 0, 1, 2:
				in.Op, in.Order = rc11.Load, pick("relaxed", "acquire", "seq_cst")
			case 3, 4, 5:
				value++
				in.Op, in.Order, in.Value = rc11.Store, pick("relaxed", "release", "seq_cst"), value
			case 6:
				value++
				in.Op, in.Value = rc11.Exchange, value
			case 7:
				in.Op, in.Value = rc11.FetchAdd, 1+int64(rng.IntN(2))
			case 8:
				value++
				in.Op, in.Value, in.Expected = rc11.CompareExchange, value, int64(rng.IntN(int(value)))
				in.FailOrder = pick("relaxed", "acquire", "seq_cst")
			default:
				in.Op, in.Loc, in.Order = rc11.Fence, "", pick("relaxed", "acquire", "release", "acq_rel", "seq_cst")
			}
			if in.Op == rc11.Exchange || in.Op == rc11.FetchAdd || in.Op == rc11.CompareExchange {
				in.Order = pick("relaxed", "acquire", "release", "acq_rel", "seq_cst")
			}
			if in.Op != rc11.Store && in.Op != rc11.Fence {
				reg++
				in.Reg = fmt.Sprintf("r%d", reg)
			}
			th.Instrs = append(th.Instrs, in)
		}
		t.Threads = append(t.Threads, th)
	}
	if len(t.Locs()) == 0 { // fences alone: make the first a store
		value++
		t.Threads[0].Instrs[0] = litmus.Instr{Op: rc11.Store, Loc: "x", Value: value, Order: "relaxed"}
	}
	if len(t.Regs()) > 0 {
		t.Outcome = []litmus.Binding{{Name: t.Regs()[0]}}
	} else {
		t.Outcome = []litmus.Binding{{Name: t.Locs()[0]}}
	}
	t.Forms = []litmus.Form{{Name: "random", Orders: map[string]string{}, Herd: true}}
	return t
}

// TestRandomAgainstOracle compares, for random programs, the rc11
// oracle's outcomes (C++20's model) with the outcomes the explorer finds
// under c11, exhaustively: 300 programs of at most 8 instructions by
// default (75 under the race detector), 10,000 of up to
// four threads of four instructions with LOCKSTEP_RC11=1 (or as many as
// it says, LOCKSTEP_RC11=500), of at most maxCandidates candidate
// executions each. A mismatch
// prints the program, both outcome sets and, for an outcome the oracle
// does not allow, a schedule that reaches it.
func TestRandomAgainstOracle(t *testing.T) {
	runs, threads, total := 300, 4, 8
	if raceEnabled {
		// The oracle and the search run on one thread, where the race
		// detector finds nothing and which it slows 5 to 10 times: the
		// first quarter of the programs.
		runs = 75
	}
	if os.Getenv("LOCKSTEP_RC11") != "" {
		runs, threads, total = 10_000, 4, 16
		if n, err := strconv.Atoi(os.Getenv("LOCKSTEP_RC11")); err == nil && n > 1 {
			runs = n
		}
	}
	rng := rand.New(rand.NewPCG(27, 2017))
	var agree, differ, unbuilt, redrawn int
	var oracleTime, exploreTime time.Duration
	reported := 0
	for i := range runs {
		if i > 0 && i%1000 == 0 {
			t.Logf("%d programs: %d agree, %d differ, %d do not build", i, agree, differ, unbuilt)
		}
		test := randomTest(rng, threads, total)
		f := &test.Forms[0]
		for rc11.Candidates(test.Program(f)) > maxCandidates {
			test = randomTest(rng, threads, total)
			f = &test.Forms[0]
			redrawn++
		}
		start := time.Now()
		want := oracleOutcomes(t, test, f)
		oracleTime += time.Since(start)
		s, err := scenarios.LitmusLesson(test)
		var p *program.Program
		if err == nil {
			p, err = s.Build(f.Name, nil)
		}
		if err != nil {
			unbuilt++
			if reported < 3 {
				reported++
				t.Errorf("program %d does not build as a lesson: %v\n%s", i, err, test.Program(f))
			}
			continue
		}
		start = time.Now()
		ob := scenarios.Observer(p)
		r, err := explore.Explore(context.Background(), p, explore.Options{Memory: sim.C11, Observe: ob})
		exploreTime += time.Since(start)
		if err != nil {
			t.Fatalf("program %d: %v\n%s", i, err, test.Program(f))
		}
		if r.Complete && slices.Equal(r.Observations, want) {
			agree++
			continue
		}
		differ++
		if reported < 8 {
			reported++
			var extra []string
			for _, o := range r.Observations {
				if !slices.Contains(want, o) {
					extra = append(extra, o)
				}
			}
			msg := fmt.Sprintf("program %d: the explorer (complete=%v) and the oracle differ\n%s  oracle:   %s\n  explorer: %s",
				i, r.Complete, test.Program(f), strings.Join(want, " | "), strings.Join(r.Observations, " | "))
			if len(extra) > 0 {
				msg += fmt.Sprintf("\n  %s, which the oracle forbids, is reached by %s", extra[0], scheduleTo(p, ob, extra[0], rng))
			}
			t.Error(msg)
		}
	}
	t.Logf("%d programs (%d more drawn had over %d candidate executions): %d agree, %d differ, %d do not build; oracle %v, explorer %v",
		runs, redrawn, maxCandidates, agree, differ, unbuilt, oracleTime.Round(time.Millisecond), exploreTime.Round(time.Millisecond))
}

// scheduleTo looks for a run of p under c11 that ends with the
// observation want, by random runs with random read choices, and returns
// its schedule.
func scheduleTo(p *program.Program, ob func(*sim.Machine) string, want string, rng *rand.Rand) string {
	const tries = 20_000
	for range tries {
		m := sim.New(p, sim.Options{Memory: sim.C11})
		for !m.Finished() && !m.Over() {
			en := m.Enabled(nil)
			th := en[rng.IntN(len(en))]
			c := m.Clone()
			c.QuietStep(th)
			from := c11.Latest
			if srcs := c.LastSources(nil); len(srcs) > 0 {
				from = srcs[rng.IntN(len(srcs))]
			}
			if _, err := m.StepFrom(th, from); err != nil {
				return fmt.Sprintf("no schedule: a step failed: %v", err)
			}
		}
		if ob(m) == want {
			return m.Schedule().String()
		}
	}
	return fmt.Sprintf("no schedule found in %d random runs", tries)
}

// TestScheduleTo: the schedule the cross-check prints for an outcome
// replays to it.
func TestScheduleTo(t *testing.T) {
	tests, err := litmus.Load()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, test := range tests[:3] {
		s, err := scenarios.LitmusLesson(test)
		if err != nil {
			t.Fatal(err)
		}
		f := &test.Forms[0]
		p, err := s.Build(f.Name, nil)
		if err != nil {
			t.Fatal(err)
		}
		ob := scenarios.Observer(p)
		for _, want := range oracleOutcomes(t, test, f) {
			text := scheduleTo(p, ob, want, rng)
			sched, err := schedule.Parse(text)
			if err != nil {
				t.Fatalf("%s/%s: %s: %q: %v", test.Name, f.Name, want, text, err)
			}
			m, _, err := sim.ReplaySchedule(p, sched, sim.Options{Memory: sim.C11})
			if err != nil {
				t.Fatalf("%s/%s: %s: %s: %v", test.Name, f.Name, want, text, err)
			}
			if got := ob(m); got != want {
				t.Errorf("%s/%s: %s replays to %s, want %s", test.Name, f.Name, text, got, want)
			}
		}
	}
}

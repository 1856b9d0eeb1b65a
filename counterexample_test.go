package main

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
)

// lengthsFile holds the length of every catalog bug's counterexample as
// last recorded: "lesson variant kind preemptions steps" a line. go test
// . -run TestCounterexampleLengths -update rewrites it.
const lengthsFile = "scenarios/testdata/counterexample-lengths.txt"

// teachable is the most steps a counterexample a class follows should take.
const teachable = 30

// findTheBugOptions are the options of the page's Find the bug: the
// preemption-bounded search up to 2 preemptions, with no kind to stop at.
var findTheBugOptions = explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: 2, MaxStates: 2_000_000}

// TestCounterexampleLengths asks the explorer, as Find the bug does
// (findTheBugOptions), for a counterexample of every bug a catalog lesson's
// schedules expect, on the variant that has it, and of every other kind
// the search finds, at the lesson's default parameters, under sc. Each must replay to its kind with
// the steps and preemptions it claims; it must be minimal in preemptions
// (a search bounded one lower finds none of its kind) and then in steps
// (the exhaustive search, fewest steps first, finds none shorter with as
// few preemptions; one longer than teachable is logged with the shortest
// there is, which needs more preemptions). No counterexample may be longer, or need more preemptions,
// than lengthsFile records. The test's log gives each one's steps,
// preemptions and folded timeline (foldedLength), and the shortest of its
// kind at any preemption count when that is shorter; and how many a class
// can follow in teachable steps or fewer.
func TestCounterexampleLengths(t *testing.T) {
	if testing.Short() {
		t.Skip("searches every bug of the catalog")
	}
	cat, err := scenarios.Load()
	if err != nil {
		t.Fatal(err)
	}
	before, err := readLengths(lengthsFile)
	if err != nil && !*update {
		t.Fatal(err)
	}
	var lines, record []string
	short, all := 0, 0
	for _, l := range cat.All() {
		for _, v := range l.Variants {
			var kinds []outcome.Kind
			for _, s := range l.Schedules {
				// The c11 lessons' bugs are the c11 search's, not this one's.
				if k, ok := s.Expect[v]; ok && s.Memory == "" && k != outcome.OK && !slices.Contains(kinds, k) {
					kinds = append(kinds, k)
				}
			}
			prog, err := l.Build(v, nil)
			if err != nil {
				t.Fatalf("%s/%s: %v", l.ID, v, err)
			}
			r, err := explore.Explore(t.Context(), prog, findTheBugOptions)
			if err != nil {
				t.Fatalf("%s/%s: %v", l.ID, v, err)
			}
			// And every other bug Find the bug shows on the lesson.
			for _, c := range r.Counterexamples {
				if !slices.Contains(kinds, c.Kind) {
					kinds = append(kinds, c.Kind)
				}
			}
			if len(kinds) == 0 {
				continue
			}
			full, err := explore.Explore(t.Context(), prog, explore.Options{Strategy: explore.Exhaustive})
			if err != nil {
				t.Fatalf("%s/%s: %v", l.ID, v, err)
			}
			for _, k := range kinds {
				c, ok := kindOf(r, k)
				if !ok {
					t.Errorf("%s/%s: the search finds no %s (stopped: %s)", l.ID, v, k, r.Stopped)
					continue
				}
				all++
				if c.Steps <= teachable {
					short++
				}
				name := fmt.Sprintf("%s %s %s", l.ID, v, k)
				record = append(record, fmt.Sprintf("%s %d %d", name, c.Preemptions, c.Steps))
				m, out, err := sim.ReplaySchedule(prog, c.Schedule, sim.Options{Record: true})
				if err != nil || out.Kind != k {
					t.Errorf("%s: the counterexample replays to %s (%v)", name, out.Kind, err)
				}
				folded := foldedLength(m)
				if folded < 1 || folded > c.Steps {
					t.Errorf("%s: the timeline of its %d steps folds to %d entries", name, c.Steps, folded)
				}
				line := fmt.Sprintf("%-24s %-13s %-18s %4d steps, %d preemptions, %3d folded", l.ID, v, k, c.Steps, c.Preemptions, folded)
				if n, err := explore.Preemptions(prog, c.Schedule); err != nil || n != c.Preemptions || len(c.Schedule) != c.Steps {
					t.Errorf("%s: the counterexample has %d steps, %d preemptions (%v); it claims %d, %d", name, len(c.Schedule), n, err, c.Steps, c.Preemptions)
				}
				if c.Preemptions > 0 {
					lower, err := explore.Explore(t.Context(), prog, explore.Options{Strategy: explore.PreemptionBounded, MaxPreemptions: c.Preemptions - 1})
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if lc, ok := kindOf(lower, k); ok {
						t.Errorf("%s: one with %d preemptions exists; the counterexample has %d", name, lc.Preemptions, c.Preemptions)
					}
				}
				if fc, ok := kindOf(full, k); !ok || !full.Complete {
					t.Errorf("%s: the exhaustive search finds none (complete %v)", name, full.Complete)
				} else if fc.Preemptions <= c.Preemptions && fc.Steps < c.Steps {
					t.Errorf("%s: one of %d steps with %d preemptions exists; the counterexample has %d steps, %d preemptions",
						name, fc.Steps, fc.Preemptions, c.Steps, c.Preemptions)
				} else if fc.Steps < c.Steps {
					// Fewer steps only with more preemptions: the fewest
					// preemptions come first.
					line += fmt.Sprintf("; shortest %d steps, with %d preemptions", fc.Steps, fc.Preemptions)
				} else {
					line += "; none shorter"
				}
				lines = append(lines, line)
				if was, ok := before[name]; ok && (c.Preemptions > was[0] || c.Steps > was[1]) {
					t.Errorf("%s: %d preemptions, %d steps; it was %d, %d", name, c.Preemptions, c.Steps, was[0], was[1])
				}
			}
		}
	}
	t.Logf("counterexamples of the catalog's bugs, %d of %d in at most %d steps:\n%s", short, all, teachable, strings.Join(lines, "\n"))
	if *update {
		if err := os.WriteFile(lengthsFile, []byte(strings.Join(record, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// foldedLength is the number of entries the timeline shows for the run m
// replayed with its records, every fold closed: a thread's run of two or more own steps
// (record.Step.Own) is one entry, unless a finding or the verdict points
// at a step of it, which the timeline marks and never folds.
func foldedLength(m *sim.Machine) int {
	bad := map[int]bool{}
	for _, f := range append(m.Findings(), m.Outcome()) {
		bad[f.Step] = true
		if f.Kind == outcome.DataRace {
			bad[f.Detail.OtherStep] = true
			if f.Detail.Missing != nil {
				bad[f.Detail.Missing.Step] = true
			}
		}
	}
	p, recs := m.Program(), m.Records()
	own := func(i int) bool { return recs[i].Own(p) && !bad[i] }
	n := 0
	for i := 0; i < len(recs); {
		j := i
		for j < len(recs) && own(j) && recs[j].Thread == recs[i].Thread {
			j++
		}
		if j-i < 2 {
			j = i + 1
		}
		n++
		i = j
	}
	return n
}

// kindOf is r's counterexample of kind k.
func kindOf(r explore.Result, k outcome.Kind) (explore.Counterexample, bool) {
	for _, c := range r.Counterexamples {
		if c.Kind == k {
			return c, true
		}
	}
	return explore.Counterexample{}, false
}

// readLengths reads lengthsFile: preemptions and steps by "lesson variant
// kind".
func readLengths(name string) (map[string][2]int, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string][2]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) != 5 {
			return nil, fmt.Errorf("%s: %q is not \"lesson variant kind preemptions steps\"", name, sc.Text())
		}
		p, err1 := strconv.Atoi(fs[3])
		s, err2 := strconv.Atoi(fs[4])
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%s: %q: the counts are not numbers", name, sc.Text())
		}
		out[strings.Join(fs[:3], " ")] = [2]int{p, s}
	}
	return out, sc.Err()
}

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"runtime"
	"strings"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/outcome"
	"lockstep/sim/words"
)

const exploreUsage = "explore SCENARIO [--variant V] [--primitive FILE] [--set name=value]... [--strategy auto|exhaustive|preemption|random]\n" +
	"        [--max-preemptions K] [--runs N] [--seed S] [--depth D] [--stop-at KIND] [--max-states N] [--search-memory MB]\n" +
	"        [--no-symmetry] [--no-reduction] [--workers N] [--memory sc|c11] [--json]"

// exploreCmd searches a lesson's executions for bugs, or verifies that
// there are none.
func exploreCmd(ctx context.Context, e *env, args []string) error {
	return runExplore(ctx, args, e.stdout, e.stderr)
}

// runExplore is the explore subcommand: parse the flags, build the program,
// search it, print a report. Bad input is a usageError.
func runExplore(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr}
	fs := newFlagSet(e, "explore", exploreUsage)
	variant := fs.String("variant", "", "the primitive's variant (default: the lesson's first)")
	primFile := fs.String("primitive", "", "explore a primitive written in Lockstep's language (a .lsp file) in place of the lesson's")
	overrides := params{}
	fs.Var(overrides, "set", "set a lesson parameter, as `name=value` (repeatable)")
	strategy := fs.String("strategy", "auto", "auto (preemption, then exhaustive), exhaustive, preemption or random")
	maxPre := fs.Int("max-preemptions", 2, "preemption, auto: the highest bound searched (-1: until complete)")
	runs := fs.Int64("runs", 1000, "random: the number of runs")
	seed := fs.Uint64("seed", 1, "random: the seed")
	depth := fs.Int("depth", 0, "random: PCT bug depth (0: uniform random choices)")
	stopAt := fs.String("stop-at", "", "stop at the first execution of this outcome kind (\"any\": of any kind but ok)")
	maxStates := fs.Int64("max-states", explore.DefaultMaxStates, "stop (incomplete) after caching this many states")
	searchMemory := fs.Int64("search-memory", explore.DefaultMaxMemory>>20, "stop (incomplete (memory)) before the states cached take more than this many MB (MiB)")
	noSym := fs.Bool("no-symmetry", false, "exhaustive, preemption: do not merge symmetric states")
	noRed := fs.Bool("no-reduction", false, "exhaustive: count every interleaving (no partial-order reduction)")
	workers := fs.Int("workers", runtime.NumCPU(), "run an exhaustive search on this many cores (the counts and counterexamples are the same)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	memory := fs.String("memory", "sc", "the memory model: sc, or c11 (the search also chooses the write each read returns)")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	mm, err := sim.ParseMemoryModel(*memory)
	if err != nil {
		return usageErrorf("--memory: %v", err)
	}
	if len(rest) != 1 {
		return usageErrorf("usage: lockstep %s", exploreUsage)
	}
	strat, err := explore.ParseStrategy(*strategy)
	if err != nil {
		return badInput(err)
	}
	o := explore.Options{Strategy: strat, MaxPreemptions: *maxPre, Runs: *runs, Seed: *seed,
		Depth: *depth, MaxStates: *maxStates, MaxMemory: *searchMemory << 20, NoSymmetry: *noSym, NoReduction: *noRed, Memory: mm, Workers: *workers}
	switch k := outcome.Kind(*stopAt); {
	case k == "":
	case k == "any":
		o.StopAtFirst = true
	case outcome.ValidKind(k) && k != outcome.OK:
		o.Want = k
	default:
		return usageErrorf("--stop-at: unknown outcome kind %q", *stopAt)
	}
	if mm == sim.C11 && *depth > 0 {
		return usageErrorf("--depth: PCT is not available under --memory c11")
	}
	if *runs < 1 || *depth < 0 || *maxStates < 1 || *workers < 1 {
		return usageErrorf("--runs, --max-states and --workers must be at least 1, --depth at least 0")
	}
	if *searchMemory < 1 || *searchMemory > maxSearchMemoryMB {
		return usageErrorf("--search-memory must be from 1 to %d (MB)", maxSearchMemoryMB)
	}
	s, err := loadLesson(rest[0])
	if err != nil {
		return err
	}
	warnMismatches(stderr, rest[0], s)
	def, err := loadPrimitive(*primFile)
	if err != nil {
		return err
	}
	if *variant == "" {
		*variant = s.Variants[0]
	}
	resolved, err := s.Resolve(overrides)
	if err != nil {
		return badInput(fmt.Errorf("--set: %w", err))
	}
	p, err := buildLesson(s, def, *variant, overrides)
	if err != nil {
		return badInput(err)
	}
	if mm == sim.C11 {
		o.Observe = scenarios.Observer(p)
	}
	start := time.Now()
	last := start
	o.Progress = func(pr explore.Progress) {
		if now := time.Now(); now.Sub(last) >= time.Second {
			last = now
			done := counted(pr.States, "state")
			if pr.States == 0 {
				done = counted(pr.Executions, "run")
			}
			fmt.Fprintf(stderr, "explore: %s, %s\n", now.Sub(start).Round(time.Second), done)
		}
	}
	res, err := explore.Explore(ctx, p, o)
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	written := ""
	if def != nil {
		written = def.File()
	}
	if *asJSON {
		return writeExploreJSON(stdout, s.ID, *variant, written, resolved, res, elapsed)
	}
	return writeExploreText(stdout, s.ID, *variant, written, resolved, res, elapsed, o.Want)
}

// exploreReport is the JSON form of a search's result.
type exploreReport struct {
	Scenario        string                    `json:"scenario"`
	Variant         string                    `json:"variant"`
	Primitive       string                    `json:"primitive,omitempty"` // the written primitive's file
	Params          map[string]int            `json:"params"`
	Strategy        explore.Strategy          `json:"strategy"`
	Complete        bool                      `json:"complete"`
	Reduced         bool                      `json:"reduced"`
	Stopped         string                    `json:"stopped,omitempty"`
	Executions      *big.Int                  `json:"executions"` // exact, however large
	States          int64                     `json:"states"`
	Bound           *int                      `json:"bound,omitempty"`
	ElapsedMS       int64                     `json:"elapsed_ms"`
	Outcomes        map[outcome.Kind]*big.Int `json:"outcomes"`
	Counterexamples []counterexampleOut       `json:"counterexamples"`
	Phases          []phaseOut                `json:"phases,omitempty"`
	Memory          string                    `json:"memory,omitempty"`       // "c11"; absent under sc
	Observations    []string                  `json:"observations,omitempty"` // a litmus test's final registers, under c11
}

// phaseOut is one phase of the auto strategy.
type phaseOut struct {
	Strategy   explore.Strategy `json:"strategy"`
	Complete   bool             `json:"complete"`
	Reduced    bool             `json:"reduced"`
	Stopped    string           `json:"stopped,omitempty"`
	Executions *big.Int         `json:"executions"`
	States     int64            `json:"states"`
	Bound      *int             `json:"bound,omitempty"`
	Found      []outcome.Kind   `json:"found"`
}

type counterexampleOut struct {
	Kind        outcome.Kind `json:"kind"`
	Schedule    string       `json:"schedule"`
	Steps       int          `json:"steps"`
	Preemptions int          `json:"preemptions"`
	Message     string       `json:"message"`
}

func writeExploreJSON(w io.Writer, scenario, variant, written string, params map[string]int, r explore.Result, elapsed time.Duration) error {
	rep := exploreReport{Scenario: scenario, Variant: variant, Primitive: written, Params: params, Strategy: r.Strategy,
		Complete: r.Complete, Reduced: r.Reduced, Stopped: r.Stopped, Executions: r.Executions, States: r.States,
		ElapsedMS: elapsed.Milliseconds(), Outcomes: r.Outcomes, Counterexamples: []counterexampleOut{},
		Observations: r.Observations}
	if len(r.Observations) > 0 || r.Memory == sim.C11 {
		rep.Memory = sim.C11.String()
	}
	rep.Bound = boundOf(r)
	for _, c := range r.Counterexamples {
		rep.Counterexamples = append(rep.Counterexamples, counterexampleOut{Kind: c.Kind,
			Schedule: c.Schedule.String(), Steps: c.Steps, Preemptions: c.Preemptions, Message: c.Outcome.Message})
	}
	for _, ph := range r.Phases {
		rep.Phases = append(rep.Phases, phaseOut{Strategy: ph.Strategy, Complete: ph.Complete, Reduced: ph.Reduced,
			Stopped: ph.Stopped, Executions: ph.Executions, States: ph.States, Bound: boundOf(ph), Found: found(ph)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// boundOf is the preemption bound r searched up to, or nil when it did
// not bound preemptions.
func boundOf(r explore.Result) *int {
	if r.Strategy != explore.PreemptionBounded && r.Strategy != explore.FindThenProve {
		return nil
	}
	b := r.Bound
	return &b
}

// found is the kinds r has a counterexample of.
func found(r explore.Result) []outcome.Kind {
	ks := []outcome.Kind{}
	for _, c := range r.Counterexamples {
		ks = append(ks, c.Kind)
	}
	return ks
}

// writeExploreText writes r as text. A search that was to stop at kind
// only (not "") reports that kind alone: its counterexample, and of the
// outcome counts, the total and that kind's.
func writeExploreText(w io.Writer, scenario, variant, written string, params map[string]int, r explore.Result, elapsed time.Duration, only outcome.Kind) error {
	var b strings.Builder
	fmt.Fprintf(&b, "lesson %s, variant %s", scenario, variant)
	if written != "" {
		fmt.Fprintf(&b, ", primitive %s", written)
	}
	if len(params) > 0 {
		fmt.Fprintf(&b, ", %s", (params2text(params)))
	}
	if r.Memory == sim.C11 {
		b.WriteString(", memory c11")
	}
	fmt.Fprintf(&b, "\nstrategy %s%s: %s in %s\n", r.Strategy, upTo(r), completeness(r), duration(elapsed))
	for i, ph := range r.Phases {
		fmt.Fprintf(&b, "  phase %d, %s%s: %s, %s", i+1, ph.Strategy, upTo(ph), completeness(ph), executions(ph))
		if ks := found(ph); len(ks) > 0 {
			fmt.Fprintf(&b, ", found %s", joinKinds(ks))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "  %s\n", executions(r))
	for _, k := range outcome.Kinds {
		if n, ok := r.Outcomes[k]; ok && (only == "" || k == only) {
			fmt.Fprintf(&b, "  %-18s %s\n", k, count(n))
		}
	}
	for _, ob := range r.Observations {
		fmt.Fprintf(&b, "  observed %s\n", ob)
	}
	if len(r.Counterexamples) == 0 {
		if r.Complete {
			b.WriteString("no bug: every execution is ok\n")
		} else {
			b.WriteString("no bug found\n")
		}
	}
	for _, c := range r.Counterexamples {
		fmt.Fprintf(&b, "\n%s in %d %s, %d %s:\n  %s\n  %s\n", c.Kind, c.Steps, plural(c.Steps, "step"),
			c.Preemptions, plural(c.Preemptions, "preemption"), c.Schedule, c.Outcome.Message)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// upTo is " (up to 2 preemptions)" for a preemption-bounded search.
func upTo(r explore.Result) string {
	if r.Strategy != explore.PreemptionBounded {
		return ""
	}
	return fmt.Sprintf(" (up to %d %s)", r.Bound, plural(r.Bound, "preemption"))
}

// executions is "30 executions (partial-order reduced), 45 states".
func executions(r explore.Result) string {
	n := 2 // any number but one, for the plural
	if r.Executions.IsInt64() {
		n = int(min(r.Executions.Int64(), 2))
	}
	s := count(r.Executions) + " " + plural(n, "execution")
	if r.Reduced {
		s += " (partial-order reduced)"
	}
	if r.States > 0 {
		s += ", " + counted(r.States, "state")
	}
	return s
}

func joinKinds(ks []outcome.Kind) string {
	s := make([]string, len(ks))
	for i, k := range ks {
		s[i] = string(k)
	}
	return strings.Join(s, ", ")
}

// duration writes a search's time: in microseconds under a millisecond,
// then in milliseconds, then in seconds to the tenth; never "0s".
func duration(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return fmt.Sprintf("%dµs", max(1, d.Microseconds()))
	case d < 10*time.Second:
		return d.Round(time.Millisecond).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

func completeness(r explore.Result) string {
	if r.Complete {
		return "complete"
	}
	return "incomplete (" + r.Stopped + ")"
}

func params2text(p map[string]int) string {
	return params(p).String()
}

// count shows n as the verdicts do: exactly, or shortened when long.
func count(n *big.Int) string { return words.Count(n, "en") }

// counted is "1 state", "1,583 states": n things, digits grouped.
func counted(n int64, thing string) string {
	return count(big.NewInt(n)) + " " + plural(int(min(n, 2)), thing)
}

// plural is noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

// maxSearchMemoryMB bounds --search-memory (of explore and of the
// server), in MB: a budget in bytes that fits an int64 with room to spare.
const maxSearchMemoryMB = 1 << 30

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/big"
	"runtime"
	"slices"
	"strings"
	"sync"
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
	lesson, err := fs.oneLesson(rest)
	if err != nil {
		return err
	}
	strat, err := explore.ParseStrategy(*strategy)
	if err != nil {
		return usageErrorf("--strategy %q: want auto, exhaustive, preemption or random%s", *strategy,
			didYouMean(*strategy, []string{"auto", "exhaustive", "preemption", "random"}, ""))
	}
	if err := strategyFlags(fs, strat); err != nil {
		return err
	}
	if *maxPre < -1 {
		return usageErrorf("--max-preemptions %d: want -1 (no bound) or at least 0", *maxPre)
	}
	for _, err := range []error{
		fs.inRange("runs", *runs, 1, math.MaxInt64),
		fs.inRange("depth", int64(*depth), 0, math.MaxInt32),
		fs.inRange("max-states", *maxStates, 1, math.MaxInt64),
		fs.inRange("workers", int64(*workers), 1, maxWorkers),
	} {
		if err != nil {
			return err
		}
	}
	o := explore.Options{Strategy: strat, MaxPreemptions: *maxPre, Runs: *runs, Seed: *seed,
		Depth: *depth, MaxStates: *maxStates, MaxMemory: *searchMemory << 20, NoSymmetry: *noSym, NoReduction: *noRed, Memory: mm, Workers: min(*workers, maxWorkers)}
	switch k := outcome.Kind(*stopAt); {
	case k == "":
	case k == "any":
		o.StopAtFirst = true
	case outcome.ValidKind(k) && k != outcome.OK:
		o.Want = k
	default:
		kinds := []string{"any"}
		for _, k := range outcome.Kinds {
			if k != outcome.OK {
				kinds = append(kinds, string(k))
			}
		}
		return usageErrorf("--stop-at %q: want an outcome kind other than ok (%s), or any%s", *stopAt,
			strings.Join(kinds[1:], ", "), didYouMean(*stopAt, kinds, ""))
	}
	if mm == sim.C11 && *depth > 0 {
		return usageErrorf("--depth: PCT is not available under --memory c11")
	}
	if err := fs.inRange("search-memory", int64(*searchMemory), 1, maxSearchMemoryMB); err != nil {
		return err
	}
	s, err := loadLesson(lesson)
	if err != nil {
		return err
	}
	if err := checkVariant(s, *variant); err != nil {
		return err
	}
	warnMismatches(stderr, lesson, s)
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
	last, hinted := start, &onceFlag{}
	o.ProgressEvery = 1 << 12
	o.Progress = func(pr explore.Progress) {
		if now := time.Now(); now.Sub(last) >= time.Second {
			last = now
			done := counted(pr.States, "state")
			if pr.States == 0 {
				done = counted(pr.Executions, "run")
			}
			hint := ""
			if hinted.first() {
				hint = " (Ctrl-C stops the search and prints what it found)"
			}
			fmt.Fprintf(stderr, "explore: %s, %s%s\n", now.Sub(start).Round(time.Second), done, hint)
		}
	}
	var early *earlyFinds
	if mm == sim.SC {
		early = newEarlyFinds(stderr, start, hinted)
		o.OnFound = early.found
	}
	res, err := explore.Explore(ctx, p, o)
	early.end()
	if err != nil {
		return err
	}
	elapsed := time.Since(start)
	in := interruption(ctx)
	if in != nil {
		markInterrupted(&res)
	}
	written := ""
	if def != nil {
		written = def.File()
	}
	if *asJSON {
		err = writeExploreJSON(stdout, s.ID, *variant, written, resolved, res, elapsed, s.Litmus)
	} else if err = writeExploreText(stdout, s.ID, *variant, written, resolved, res, elapsed, o.Want); err == nil {
		err = writeLitmusOutcome(stdout, s.Litmus, *variant, res)
	}
	if err == nil && in != nil {
		return in
	}
	return err
}

// markInterrupted says of a search a signal cancelled, and of each of
// its phases it cut short, that it was interrupted.
func markInterrupted(r *explore.Result) {
	if !r.Complete && r.Stopped == "canceled" {
		r.Stopped = "interrupted"
	}
	for i := range r.Phases {
		markInterrupted(&r.Phases[i])
	}
}

// earlyFinds prints each kind of bug a search runs into the moment it is
// found, on stderr, with a line saying the search goes on and how to stop
// it, so that a long search answers at once. What a search finds in its
// first holdBack is held until then, and dropped if the search has ended:
// a short search's report says it all.
type earlyFinds struct {
	mu     sync.Mutex
	w      io.Writer
	start  time.Time
	hinted *onceFlag // the hint how to stop, printed once (with the progress lines)
	held   []string
	timer  *time.Timer
	open   bool // printing at once: holdBack has passed
	ended  bool
}

// A onceFlag says yes to the first who asks, from any goroutine.
type onceFlag struct{ once sync.Once }

// first reports whether this is the first call.
func (f *onceFlag) first() (yes bool) {
	f.once.Do(func() { yes = true })
	return yes
}

// holdBack is how long early finds wait for a search that may end sooner.
const holdBack = 50 * time.Millisecond

func newEarlyFinds(w io.Writer, start time.Time, hinted *onceFlag) *earlyFinds {
	f := &earlyFinds{w: w, start: start, hinted: hinted}
	f.timer = time.AfterFunc(holdBack, f.flush)
	return f
}

// found is explore.Options.OnFound.
func (f *earlyFinds) found(c explore.Counterexample) {
	line := fmt.Sprintf("explore: found %s in %s (%d %s, %d %s): %s\n", c.Kind, duration(time.Since(f.start)),
		c.Steps, plural(c.Steps, "step"), c.Preemptions, plural(c.Preemptions, "preemption"), c.Schedule)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.held = append(f.held, line)
	if f.open {
		f.print()
	}
}

// flush prints what was held once holdBack has passed, unless the search
// has ended.
func (f *earlyFinds) flush() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.ended {
		f.open = true
		f.print()
	}
}

// print writes the held lines, with the hint after the first.
func (f *earlyFinds) print() {
	for _, l := range f.held {
		io.WriteString(f.w, l)
		if f.hinted.first() {
			fmt.Fprintln(f.w, "explore: the search goes on, for every kind of bug, its smallest counterexample and the counts;"+
				" Ctrl-C stops it and prints what it found")
		}
	}
	f.held = nil
}

// end says the search is over: nothing more is printed.
func (f *earlyFinds) end() {
	if f == nil {
		return
	}
	f.timer.Stop()
	f.mu.Lock()
	defer f.mu.Unlock()
	f.ended = true
}

// maxWorkers is the most goroutines a search uses (explore.Options.Workers).
const maxWorkers = 32

// strategyFlags checks that every flag given applies to strategy st: a
// flag the search would not read is an error, not silently ignored.
func strategyFlags(fs *flagSet, st explore.Strategy) error {
	const (
		auto, ex, pre, rnd = explore.FindThenProve, explore.Exhaustive, explore.PreemptionBounded, explore.Randomized
	)
	applies := []struct {
		flag       string
		strategies []explore.Strategy
	}{
		{"max-preemptions", []explore.Strategy{auto, pre}},
		{"runs", []explore.Strategy{rnd}},
		{"seed", []explore.Strategy{rnd}},
		{"depth", []explore.Strategy{rnd}},
		{"max-states", []explore.Strategy{auto, ex, pre}},
		{"no-symmetry", []explore.Strategy{auto, ex, pre}},
		{"no-reduction", []explore.Strategy{auto, ex}},
		{"workers", []explore.Strategy{auto, ex}},
	}
	given := fs.given()
	for _, a := range applies {
		if given[a.flag] && !slices.Contains(a.strategies, st) {
			names := make([]string, len(a.strategies))
			for i, s := range a.strategies {
				names[i] = string(s)
			}
			return usageErrorf("--%s does not apply to --strategy %s (it applies to %s)", a.flag, st, strings.Join(names, ", "))
		}
	}
	return nil
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
	Litmus          *litmusOut                `json:"litmus,omitempty"`       // the outcome a corpus lesson is about
}

// litmusOut is the outcome a litmus lesson is about, and whether the
// search observed it.
type litmusOut struct {
	Outcome  string `json:"outcome"`
	Words    string `json:"words"`
	Allowed  bool   `json:"allowed"` // by the variant's model (C++20)
	Observed bool   `json:"observed"`
}

// litmusReport says what a litmus lesson's outcome is, and whether r
// observed it; nil for other lessons and for searches that observe
// nothing (sc).
func litmusReport(l *scenarios.LitmusOutcome, variant string, r explore.Result) *litmusOut {
	if l == nil || r.Memory != sim.C11 {
		return nil
	}
	return &litmusOut{Outcome: l.Outcome, Words: l.Words.EN, Allowed: slices.Contains(l.Allowed, variant),
		Observed: slices.ContainsFunc(r.Observations, l.Matches)}
}

// writeLitmusOutcome writes what a litmus lesson's outcome is and
// whether r observed it: "the lesson is about r1=1 r2=0, the flag
// without the data: ...; observed".
func writeLitmusOutcome(w io.Writer, l *scenarios.LitmusOutcome, variant string, r explore.Result) error {
	rep := litmusReport(l, variant, r)
	if rep == nil {
		return nil
	}
	seen := "not observed"
	if rep.Observed {
		seen = "observed"
	}
	_, err := fmt.Fprintf(w, "the lesson is about %s\n  %s: %s\n", rep.Words, variant, seen)
	return err
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

func writeExploreJSON(w io.Writer, scenario, variant, written string, params map[string]int, r explore.Result, elapsed time.Duration, l *scenarios.LitmusOutcome) error {
	rep := exploreReport{Scenario: scenario, Variant: variant, Primitive: written, Params: params, Strategy: r.Strategy,
		Complete: r.Complete, Reduced: r.Reduced, Stopped: r.Stopped, Executions: r.Executions, States: r.States,
		ElapsedMS: elapsed.Milliseconds(), Outcomes: r.Outcomes, Counterexamples: []counterexampleOut{},
		Observations: r.Observations, Litmus: litmusReport(l, variant, r)}
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

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/trace"
	"lockstep/sim/words"
)

// The lesson commands: run replays one execution of a lesson, check
// replays every named schedule of lessons against their expectations.

const (
	runUsage   = "run SCENARIO [--variant V] [--primitive FILE] [--schedule S] [--set name=value]... [--memory sc|c11] [--lang en|zh] [--json]"
	checkUsage = "check [FILE|ID]..."
)

// runCmd replays one execution of a lesson and prints it step by step.
func runCmd(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "run", runUsage)
	variant := fs.String("variant", "", "the primitive's variant (default: the lesson's first)")
	primFile := fs.String("primitive", "", "run a primitive written in Lockstep's language (a .lsp file) in place of the lesson's;\n--variant then picks the lesson's schedules and expected outcomes")
	sched := fs.String("schedule", "", "a schedule text, or the name of one of the lesson's schedules\n(default: the lesson's first schedule)")
	overrides := params{}
	fs.Var(overrides, "set", "set a lesson parameter, as `name=value` (repeatable)")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	langFlag := fs.String("lang", "en", "the language of the trace's words: en or zh (code reads the same in both)")
	memory := fs.String("memory", "", "the memory model: sc (every read sees the latest write) or c11\n(default: the named schedule's, else sc)")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	mm := sim.SC
	if *memory != "" {
		if mm, err = sim.ParseMemoryModel(*memory); err != nil {
			return usageErrorf("--memory: %v", err)
		}
	}
	lesson, err := fs.oneLesson(rest)
	if err != nil {
		return err
	}
	lang, err := parseLang(*langFlag)
	if err != nil {
		return err
	}
	s, err := loadLesson(lesson)
	if err != nil {
		return err
	}
	if err := checkVariant(s, *variant); err != nil {
		return err
	}
	def, err := loadPrimitive(*primFile)
	if err != nil {
		return err
	}
	warnMismatches(e.stderr, lesson, s)
	job, err := plan(s, def, *variant, *sched, overrides)
	if err != nil {
		return inLang(err, lang)
	}
	if *memory == "" && job.named != nil {
		mm = job.named.MemoryModel()
	}
	t, err := trace.ExecuteMemory(job.prog, job.schedule, mm)
	if errors.Is(err, schedule.ErrInvalid) && def != nil {
		// A written primitive of its own labels cannot follow a schedule
		// that names the variant's: it follows the same threads, as the
		// lab's replays do.
		if t, err = trace.ExecuteMemory(job.prog, job.schedule.Threads(), mm); err == nil {
			job.labelsIgnored = true
		} else if errors.Is(err, schedule.ErrInvalid) {
			return inLang(badInput(fmt.Errorf("%w; the schedule is variant %s's, and %s cannot follow it even by its threads: "+
				"--variant picks the variant whose schedules the primitive follows, --schedule gives one", err, job.variant, def.File())), lang)
		}
	}
	if errors.Is(err, schedule.ErrInvalid) {
		return inLang(badInput(err), lang)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		return trace.WriteJSON(e.stdout, t, trace.Header{Scenario: s.ID, Variant: job.variant, Params: job.params, Memory: mm}, lang)
	}
	job.memory = mm
	if err := writeHeader(e.stdout, s, job, lang); err != nil {
		return err
	}
	return trace.WriteText(e.stdout, t, lang)
}

// A runPlan is what `run` will execute, every choice resolved.
type runPlan struct {
	variant  string
	written  *lang.Def // the written primitive run, or nil
	params   map[string]int
	prog     *program.Program
	schedule schedule.Schedule
	named    *scenarios.Schedule // the lesson's schedule, if one was named
	memory   sim.MemoryModel
	// labelsIgnored: the written primitive's labels are not the ones the
	// schedule names, so its threads were followed alone.
	labelsIgnored bool
}

// plan resolves the variant, the parameters and the schedule of a run.
// Every failure is bad input.
func plan(s *scenarios.Scenario, def *lang.Def, variant, sched string, overrides params) (*runPlan, error) {
	if variant == "" {
		variant = s.Variants[0]
	}
	pl := &runPlan{variant: variant, written: def}
	var err error
	if pl.params, err = s.Resolve(overrides); err != nil {
		return nil, badInput(fmt.Errorf("--set: %w", err))
	}
	if pl.prog, err = buildLesson(s, def, variant, overrides); err != nil {
		return nil, badInput(err)
	}
	text := sched
	switch i := scheduleIndex(s, sched); {
	case sched == "":
		pl.named = &s.Schedules[0]
		text = pl.named.For(variant)
	case i >= 0:
		pl.named = &s.Schedules[i]
		text = pl.named.For(variant)
	}
	if pl.schedule, err = schedule.Parse(text); err != nil {
		return nil, badInput(err)
	}
	if pl.named != nil && len(overrides) > 0 {
		if err := threadsMade(pl, overrides); err != nil {
			return nil, badInput(err)
		}
	}
	return pl, nil
}

// threadsMade checks that the lesson's schedule a run replays moves only
// threads the parameters set with --set make: with fewer waiters, say, a
// schedule written for the default may name a thread that is not there.
func threadsMade(pl *runPlan, overrides params) error {
	for _, c := range pl.schedule {
		if pl.prog.Thread(c.Thread) >= 0 {
			continue
		}
		var names []string
		for _, t := range pl.prog.Threads {
			names = append(names, t.Name)
		}
		return fmt.Errorf("--set %s: the lesson's schedule %q moves %s, a thread these parameters do not make (they make %s): set values that make it, or give a schedule with --schedule",
			overrides, pl.named.Name, c.Thread, strings.Join(names, ", "))
	}
	return nil
}

// scheduleIndex is the index of the lesson's schedule named name, or -1.
func scheduleIndex(s *scenarios.Scenario, name string) int {
	for i, sc := range s.Schedules {
		if sc.Name == name {
			return i
		}
	}
	return -1
}

// writeHeader prints what is run: the lesson, the variant, the
// parameters, and the named schedule with its expected outcome.
func writeHeader(w io.Writer, s *scenarios.Scenario, pl *runPlan, lang string) error {
	ph := headerEnglish
	if lang == words.Chinese {
		ph = headerChinese
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s (%s)"+ph.variant, words.Heading("lesson", lang), s.ID, s.Title.In(lang), pl.variant)
	if pl.written != nil {
		fmt.Fprintf(&b, ph.primitive, pl.written.File())
	}
	if len(pl.params) > 0 {
		keys := make([]string, 0, len(pl.params))
		for k := range pl.params {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for i, k := range keys {
			keys[i] = k + "=" + strconv.Itoa(pl.params[k])
		}
		fmt.Fprintf(&b, ph.comma+"%s", strings.Join(keys, " "))
	}
	if pl.memory != sim.SC {
		fmt.Fprintf(&b, ph.memory, pl.memory)
	}
	b.WriteString("\n")
	if sc := pl.named; sc != nil {
		fmt.Fprintf(&b, "%s%s (%s)"+ph.expect+"\n", words.Heading("replay", lang), sc.Name, sc.Title.In(lang), sc.Expect[pl.variant])
	} else {
		fmt.Fprintf(&b, "%s%s\n", words.Heading("replay", lang), pl.schedule)
	}
	if pl.labelsIgnored {
		note := "(the schedule names labels %s does not have: its threads are followed alone)\n"
		if lang == words.Chinese {
			note = "（调度里的标签 %s 没有：只按调度的线程执行）\n"
		}
		fmt.Fprintf(&b, note, pl.written.File())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// headerPhrases are the words of run's header, in one language; the
// names (lessons, variants, parameters, outcome kinds) stay as they are.
type headerPhrases struct{ variant, primitive, comma, memory, expect string }

var (
	headerEnglish = headerPhrases{variant: ", variant %s", primitive: ", primitive %s", comma: ", ", memory: ", memory %s", expect: ", expect %s"}
	headerChinese = headerPhrases{variant: "，变体 %s", primitive: "，原语 %s", comma: "，", memory: "，内存模型 %s", expect: "，预期 %s"}
)

// inLang is err with the schedule's error it ends in said in language
// lang (words.Error); it wraps err, so its exit status stays.
func inLang(err error, lang string) error {
	if err == nil || lang != words.Chinese {
		return err
	}
	return &langError{err: err, msg: words.Error(err, lang)}
}

// A langError is an error said in another language.
type langError struct {
	err error
	msg string
}

func (e *langError) Error() string { return e.msg }
func (e *langError) Unwrap() error { return e.err }

// parseLang reads --lang: "en" or "zh".
func parseLang(s string) (string, error) {
	switch s {
	case words.English, words.Chinese:
		return s, nil
	}
	return "", usageErrorf("--lang %q: want en or zh", s)
}

// A mismatchError says that lessons have schedules that do not reach the
// outcome they expect: the binary exits with status 3.
type mismatchError struct{ lessons, checked int }

func (e *mismatchError) Error() string {
	return fmt.Sprintf("%d of %d lessons checked have schedules that do not reach their expected outcome", e.lessons, e.checked)
}

// checkCmd replays every named schedule of every variant of the lessons
// named (the whole catalog when none is) and compares each outcome with
// the schedule's expectation. Each mismatch is a line "schedule S, variant
// V: expected X, got Y"; any mismatch makes the command fail with a
// mismatchError.
func checkCmd(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "check", checkUsage)
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	var lessons []*scenarios.Scenario
	var names []string
	if len(rest) == 0 {
		cat, err := scenarios.Load()
		if err != nil {
			return fmt.Errorf("the embedded catalog: %w", err)
		}
		lessons = cat.All()
		for _, s := range lessons {
			names = append(names, s.ID)
		}
	}
	for _, arg := range rest {
		s, err := loadLesson(arg)
		if err != nil {
			return err
		}
		lessons, names = append(lessons, s), append(names, arg)
	}
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	failed, runs := 0, 0
	for i, s := range lessons {
		v := s.Verify()
		runs += v.Runs
		if len(v.Mismatches) == 0 {
			fmt.Fprintf(tw, "ok\t%s\t%d %s × %d %s\n", names[i],
				len(s.Schedules), plural(len(s.Schedules), "schedule"), len(s.Variants), plural(len(s.Variants), "variant"))
			continue
		}
		failed++
		fmt.Fprintf(tw, "FAIL\t%s\t%d of %d runs\n", names[i], len(v.Mismatches), v.Runs)
		for _, mm := range v.Mismatches {
			fmt.Fprintf(tw, "\t  %v\n", mm)
		}
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(&b, "%d %s, %d runs\n", len(lessons), plural(len(lessons), "lesson"), runs)
	if _, err := io.WriteString(e.stdout, b.String()); err != nil {
		return err
	}
	if failed > 0 {
		return &mismatchError{lessons: failed, checked: len(lessons)}
	}
	return nil
}

// warnMismatches checks a lesson read from a file, as check does, and
// warns on stderr of each schedule that does not reach its expected
// outcome. Lessons of the catalog are checked by CI and not again.
func warnMismatches(w io.Writer, arg string, s *scenarios.Scenario) {
	if !isPath(arg) {
		return
	}
	for _, mm := range s.Verify().Mismatches {
		fmt.Fprintf(w, "lockstep: warning: %s: %v\n", arg, mm)
	}
}

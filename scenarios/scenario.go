package scenarios

import (
	"fmt"
	"slices"
	"strings"

	"lockstep/primitives/lang"
	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/schedule"
)

// Scenario is one lesson, as written in its file.
type Scenario struct {
	ID        string   `json:"id"`
	Primitive string   `json:"primitive"`
	Variants  []string `json:"variants"`
	Title     Text     `json:"title"`
	Summary   Text     `json:"summary"`
	Narrative Paras    `json:"narrative"`
	// Bugs names the digest's bugs the lesson shows ("B5").
	Bugs []string `json:"bugs,omitempty"`
	// Params are the defaults of the parameters the lesson scales with.
	// Two belong to the runtime: queue_cap, the capacity of every
	// context's run queue (kQueCap), and depth_cap, the inline depth past
	// which submit_task drops a handle (kMaxRecursiveDepth; default
	// DefaultDepthCap). Without queue_cap the queues never fill.
	Params map[string]int `json:"params,omitempty"`
	// Init sets the primitive's initial state: "count" (wait_group, latch),
	// "set" (event: 1 to start set).
	Init map[string]string `json:"init,omitempty"`
	// Value makes an event an event<int>: set stores a value (S0) and the
	// waiters read it when they resume.
	Value bool `json:"value,omitempty"`
	// FIFO expects a lock to be granted in the order waiters queued.
	FIFO bool `json:"fifo,omitempty"`
	// StepLimit bounds a run (default sim.DefaultStepLimit).
	StepLimit  int         `json:"step_limit,omitempty"`
	Coroutines []Coroutine `json:"coroutines"`
	Schedules  []Schedule  `json:"schedules"`
	// Source is a primitive written in Lockstep's language that the
	// lesson runs in place of its built-in one, and Example names one of
	// the examples to run instead (primitives/examples). With either, the
	// lesson's variants only name sets of schedules and expected
	// outcomes, and its primitive need not be a built-in one.
	Source  string `json:"source,omitempty"`
	Example string `json:"example,omitempty"`
	// Sources is a written primitive per variant, in place of Source:
	// each variant runs its own (a litmus test's forms, which differ in
	// their memory orders).
	Sources map[string]string `json:"sources,omitempty"`
	// Assignment asks the reader to fix the primitive.
	Assignment *Assignment `json:"assignment,omitempty"`
	// Litmus is the outcome a litmus lesson is about, for its verdict and
	// the explorer's report to name.
	Litmus *LitmusOutcome `json:"litmus,omitempty"`
	// ChallengeWords are the lesson's own goal and hints for its
	// challenge (challenge.go), where the general rule's would not read
	// well.
	ChallengeWords *ChallengeWords `json:"challenge,omitempty"`

	file      string               // where it was read from, for errors
	written   *lang.Def            // Source or Example, compiled
	writtenBy map[string]*lang.Def // Sources, compiled
}

// Text is a string in English and Chinese.
type Text struct {
	EN string `json:"en"`
	ZH string `json:"zh"`
}

// In returns the text in language lang ("en" or "zh"), falling back to
// English.
func (t Text) In(lang string) string {
	if lang == "zh" && t.ZH != "" {
		return t.ZH
	}
	return t.EN
}

// Paras are paragraphs in English and Chinese.
type Paras struct {
	EN []string `json:"en"`
	ZH []string `json:"zh"`
}

// In returns the paragraphs in language lang, falling back to English.
func (p Paras) In(lang string) []string {
	if lang == "zh" && len(p.ZH) > 0 {
		return p.ZH
	}
	return p.EN
}

// Coroutine declares one coroutine, or a group of identical ones.
type Coroutine struct {
	// Name is the coroutine's name; with Count, the group's prefix: "W"
	// and a count of 3 make W1, W2, W3.
	Name string `json:"name"`
	// Count is an expression ("3", "waiters", "workers+1"); empty for one.
	Count string `json:"count,omitempty"`
	// Thread names the context the coroutine runs on. By default each
	// coroutine has a context of its own, named like it.
	Thread string `json:"thread,omitempty"`
	// Script is what the coroutine does (see ParseScript).
	Script string `json:"script"`
	// Spawned says the coroutine does not exist at the start: another
	// coroutine's script starts it with "spawn NAME" (tinyCoro's
	// submit_to_context of a new task, Go's go f()). A group is spawned
	// one coroutine per spawn.
	Spawned bool `json:"spawned,omitempty"`
}

// Schedule is a named interleaving and what it leads to.
//
// Variants of a primitive take different numbers of steps (the fixed
// wait_group parks in five, Go's in three), so one interleaving, "done()
// lands between the waiter's check and its push", is written per variant
// when labels make it clearer: Steps is the default and ByVariant
// overrides it for the variants it names.
type Schedule struct {
	Name      string            `json:"name"`
	Title     Text              `json:"title"`
	Steps     string            `json:"steps"`
	ByVariant map[string]string `json:"by_variant,omitempty"`
	// Expect is the outcome per variant.
	Expect map[string]outcome.Kind `json:"expect"`
	// Captions explain chosen steps.
	Captions []Caption `json:"captions,omitempty"`
	// Memory is "c11" for a schedule that runs under the c11 memory
	// model (its steps may choose the writes reads return); "" is sc.
	Memory string `json:"memory,omitempty"`
}

// MemoryModel is the memory model the schedule runs under.
func (sc *Schedule) MemoryModel() sim.MemoryModel {
	if sc.Memory == "c11" {
		return sim.C11
	}
	return sim.SC
}

// For returns the schedule's steps for variant v.
func (sc *Schedule) For(v string) string {
	if steps, ok := sc.ByVariant[v]; ok {
		return steps
	}
	return sc.Steps
}

// Caption explains one step of a schedule. Step is the 0-based index of
// the step in the run, as in record.Step.Index.
type Caption struct {
	Step int `json:"step"`
	Text
}

// String returns the lesson's id.
func (s *Scenario) String() string { return s.ID }

// Bounds on a lesson's schedules. A lesson's schedules tell a story a
// reader follows, so they are short; the bounds keep a hostile lesson (one
// opened from a link) from costing more than a moment to check.
const (
	MaxSchedules   = 32
	MaxLessonSteps = 20_000 // steps of all the lesson's schedules together
	// MaxVariants bounds a lesson's variants: each is built, and each
	// schedule run on each, when a lesson is checked.
	MaxVariants = 8
)

// validate checks what the JSON decoder cannot.
func (s *Scenario) validate(known map[string][]string) error {
	var errs []string
	add := func(format string, a ...any) { errs = append(errs, fmt.Sprintf(format, a...)) }
	if !validID(s.ID) {
		add("id %q: use lowercase letters, digits and '-'", s.ID)
	}
	if err := s.compileWritten(); err != nil {
		add("%v", err)
	}
	if len(s.Variants) > MaxVariants {
		add("variants: %d is more than %d", len(s.Variants), MaxVariants)
		s.Variants = s.Variants[:MaxVariants]
	}
	variants, ok := known[s.Primitive]
	switch {
	case s.Source != "" || s.Example != "" || len(s.Sources) > 0:
		// The written primitive is the lesson's, whatever it is called,
		// and the variants are the lesson's own names.
		ok = false
		if !validID(strings.ReplaceAll(s.Primitive, "_", "-")) {
			add("primitive %q: use lowercase letters, digits, '_' and '-'", s.Primitive)
		}
		for _, v := range s.Variants {
			if !validID(v) {
				add("variant %q: use lowercase letters, digits and '-'", v)
			}
		}
	case !ok:
		add("primitive %q is not one of %s", s.Primitive, strings.Join(sortedKeys(known), ", "))
	}
	if len(s.Variants) == 0 {
		add("variants: name at least one")
	}
	for _, v := range NamedTwice(s.Variants) {
		add("variant %q is named more than once", v)
	}
	for _, v := range s.Variants {
		if ok && v != EngineFixed && !slices.Contains(variants, v) {
			add("variant %q of %s is not one of %s", v, s.Primitive, strings.Join(variants, ", "))
		}
	}
	if s.written != nil && len(errs) == 0 {
		if _, err := s.buildWritten(s.written, false, nil); err != nil {
			add("%v", err)
		}
	}
	for _, v := range s.Variants {
		if len(s.Sources) > 0 && s.writtenBy[v] == nil && len(errs) == 0 {
			add("sources: variant %q has no source", v)
		}
	}
	for _, v := range sortedKeys(s.writtenBy) {
		if !slices.Contains(s.Variants, v) {
			add("sources: %q is not one of the lesson's variants", v)
		} else if len(errs) == 0 {
			if _, err := s.buildWritten(s.writtenBy[v], false, nil); err != nil {
				add("sources: %s: %v", v, err)
			}
		}
	}
	if s.Assignment != nil {
		for _, err := range s.Assignment.validate(s) {
			add("assignment: %v", err)
		}
	}
	if s.Title.EN == "" || s.Title.ZH == "" {
		add("title: both en and zh are required")
	}
	if s.Summary.EN == "" || s.Summary.ZH == "" {
		add("summary: both en and zh are required")
	}
	if len(s.Narrative.EN) == 0 || len(s.Narrative.ZH) == 0 {
		add("narrative: both en and zh are required")
	}
	if w := s.ChallengeWords; w != nil {
		if (w.Goal.EN != "" || w.Goal.ZH != "") && (w.Goal.EN == "" || w.Goal.ZH == "") {
			add("challenge: goal: both en and zh are required")
		}
		if len(w.Hints) > MaxHints {
			add("challenge: at most %d hints", MaxHints)
		}
		for i, h := range w.Hints {
			if h.EN == "" || h.ZH == "" {
				add("challenge: hint %d: both en and zh are required", i+1)
			}
		}
	}
	if _, ok := s.Params[ParamDepthCap]; ok {
		if _, ok := s.Params[ParamQueueCap]; !ok {
			add("params: %s needs %s (the depth only counts inline resumes, which a full queue causes)", ParamDepthCap, ParamQueueCap)
		}
	}
	if slices.Contains(s.Variants, EngineFixed) {
		if _, ok := s.Params[ParamQueueCap]; !ok {
			add("variant %s fixes the engine's full-queue path: the lesson needs a %s", EngineFixed, ParamQueueCap)
		}
	}
	if len(s.Coroutines) == 0 {
		add("coroutines: declare at least one")
	}
	if len(s.Schedules) == 0 {
		add("schedules: name at least one")
	}
	if len(s.Schedules) > MaxSchedules {
		add("schedules: %d is more than %d", len(s.Schedules), MaxSchedules)
		s.Schedules = s.Schedules[:MaxSchedules]
	}
	budget := MaxLessonSteps // shared by all the lesson's schedules
	parse := func(text string) error {
		sched, err := schedule.ParseMax(text, budget)
		budget -= len(sched)
		return err
	}
	for i, sc := range s.Schedules {
		if sc.Name == "" {
			add("schedules[%d]: name is required", i)
		}
		if err := parse(sc.Steps); err != nil {
			add("schedule %q: %v", sc.Name, err)
		}
		if sc.Memory != "" && sc.Memory != "c11" {
			add("schedule %q: memory %q: want c11, or nothing for sc", sc.Name, sc.Memory)
		}
		for _, v := range sortedKeys(sc.ByVariant) {
			if !slices.Contains(s.Variants, v) {
				add("schedule %q: by_variant names variant %q, which the lesson does not have", sc.Name, v)
			} else if err := parse(sc.ByVariant[v]); err != nil {
				add("schedule %q for %s: %v", sc.Name, v, err)
			}
		}
		for _, v := range s.Variants {
			k, ok := sc.Expect[v]
			if !ok {
				add("schedule %q: expect has no outcome for variant %q", sc.Name, v)
			} else if !outcome.ValidKind(k) {
				add("schedule %q: expect %q for %q is not an outcome kind", sc.Name, k, v)
			}
		}
		for v := range sc.Expect {
			if !slices.Contains(s.Variants, v) {
				add("schedule %q: expect names variant %q, which the lesson does not have", sc.Name, v)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}

func validID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for _, r := range id {
		if !(r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// NamedTwice returns the names that names lists more than once, each
// once, in the order of their second place.
func NamedTwice(names []string) []string {
	var out []string
	for i, v := range names {
		if first := slices.Index(names, v); first < i && !slices.Contains(names[first+1:i], v) {
			out = append(out, v)
		}
	}
	return out
}

package playground

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/web/playground/lessonview"
	"lockstep/web/playground/protocol"
)

// load opens a lesson: the reply is loaded, then state.
func (s *session) load(c protocol.Command) ([]any, error) {
	if c.Lesson == "" && c.Source == "" {
		return nil, fmt.Errorf("load: name a lesson")
	}
	lesson, err := s.lookup(c)
	if err != nil {
		return nil, err
	}
	variant := c.Variant
	if variant == "" {
		variant = lesson.Variants[0]
	}
	if !slices.Contains(lesson.Variants, variant) {
		return nil, fmt.Errorf("%s has no variant %q (it has %s)", lesson.ID, variant, strings.Join(lesson.Variants, ", "))
	}
	lang := s.lang
	if c.Lang != "" {
		if lang, err = parseLang(c.Lang); err != nil {
			return nil, err
		}
	}
	params, err := lesson.Resolve(c.Params)
	if err != nil {
		return nil, err
	}
	prog, err := lesson.Build(variant, params)
	if err != nil {
		return nil, err
	}
	mm, err := LessonMemory(lesson, c.Memory, c.Schedule)
	if err != nil {
		return nil, err
	}
	tl := newTimeline(prog, mm)
	if c.Schedule != "" {
		sched, err := LessonSchedule(lesson, variant, c.Schedule)
		if err != nil {
			return nil, err
		}
		step := len(sched)
		if c.Step != nil {
			step = *c.Step
		}
		replace := tl.replace
		if c.Exact {
			replace = tl.replaceExact
		}
		if err := replace(sched, step); err != nil {
			return nil, err
		}
	} else if c.Step != nil && *c.Step != 0 {
		return nil, fmt.Errorf("step %d is out of range: the history is empty", *c.Step)
	}
	code, err := s.lessons.describe(lesson, variant)
	if err != nil {
		return nil, err
	}
	s.pause()
	s.lesson, s.variant, s.params, s.lang, s.tl, s.memory, s.code = lesson, variant, params, lang, tl, mm, code
	return []any{s.loaded(c.ID, code), s.state(c.ID)}, nil
}

// LessonMemory is the memory model a run of lesson takes: memory ("sc" or
// "c11") when it is said, else the model of the lesson's schedule named
// schedule (a c11 schedule by name opens under c11), else sc.
func LessonMemory(lesson *scenarios.Scenario, memory, text string) (sim.MemoryModel, error) {
	if memory != "" {
		return sim.ParseMemoryModel(memory)
	}
	if sc := namedSchedule(lesson, text); sc != nil {
		return sc.MemoryModel(), nil
	}
	return sim.SC, nil
}

// LessonSchedule reads a schedule given by the name of one of the lesson's
// schedules (its steps for variant) or as text.
func LessonSchedule(lesson *scenarios.Scenario, variant, text string) (schedule.Schedule, error) {
	for _, sc := range lesson.Schedules {
		if sc.Name == text {
			return schedule.Parse(sc.For(variant))
		}
	}
	return parseScheduleText(text)
}

// parseScheduleText parses a schedule the client wrote, bounding its size.
func parseScheduleText(text string) (schedule.Schedule, error) {
	if len(text) > protocol.MaxScheduleText {
		return nil, fmt.Errorf("the schedule is %d bytes long; the limit is %d", len(text), protocol.MaxScheduleText)
	}
	return schedule.Parse(text)
}

// parseLang checks a language code of the protocol.
func parseLang(lang string) (string, error) {
	switch lang {
	case "en", "zh":
		return lang, nil
	}
	return "", fmt.Errorf("unknown language %q (want en or zh)", lang)
}

// gotoStep moves to step c.Step of the history.
func (s *session) gotoStep(c protocol.Command) error {
	if c.Step == nil {
		return fmt.Errorf("goto: say which step")
	}
	return s.tl.seek(*c.Step)
}

// replay replaces the history with a named schedule run to its end.
func (s *session) replay(c protocol.Command) error {
	var steps string
	var names []string
	c11 := false
	for _, sc := range s.lesson.Schedules {
		names = append(names, sc.Name)
		if sc.Name == c.Schedule {
			steps, c11 = sc.For(s.variant), sc.MemoryModel() == sim.C11
		}
	}
	if steps == "" {
		return fmt.Errorf("%s has no schedule %q (it has %s)", s.lesson.ID, c.Schedule, strings.Join(names, ", "))
	}
	sched, err := schedule.Parse(steps)
	if err != nil {
		return err
	}
	if c11 && s.memory != sim.C11 {
		// A c11 schedule switches the session to c11 (an sc one runs
		// alike under both: its reads return the latest writes).
		tl := newTimeline(s.tl.prog, sim.C11)
		if err := tl.replace(sched, stepOr(c.Step, 0)); err != nil {
			return err
		}
		s.tl, s.memory = tl, sim.C11
		return nil
	}
	return s.tl.replace(sched, stepOr(c.Step, 0))
}

// runText replaces the history with the client's schedule run to its end.
func (s *session) runText(c protocol.Command) error {
	sched, err := parseScheduleText(c.Schedule)
	if err != nil {
		return err
	}
	return s.tl.replace(sched, stepOr(c.Step, 0))
}

func stepOr(step *int, def int) int {
	if step == nil {
		return def
	}
	return *step
}

// switchVariant rebuilds the lesson as another variant and follows the
// history's threads as far as they go. The reply is loaded, then state.
func (s *session) switchVariant(c protocol.Command) ([]any, error) {
	if !slices.Contains(s.lesson.Variants, c.Variant) {
		return nil, fmt.Errorf("%s has no variant %q (it has %s)", s.lesson.ID, c.Variant, strings.Join(s.lesson.Variants, ", "))
	}
	prog, err := s.lesson.Build(c.Variant, s.params)
	if err != nil {
		return nil, err
	}
	code, err := s.lessons.describe(s.lesson, c.Variant)
	if err != nil {
		return nil, err
	}
	tl := newTimeline(prog, s.memory)
	if !s.sameStory(tl, c.Variant) {
		tl.follow(s.tl.history.Threads(), s.tl.pos)
	}
	s.variant, s.tl, s.code = c.Variant, tl, code
	return []any{s.loaded(c.ID, code), s.state(c.ID)}, nil
}

// sameStory moves a history that runs one of the lesson's named schedules
// to the same schedule as written for variant v: variants take different
// numbers of steps, so the same interleaving is spelled differently on
// each. The position keeps its place relative to the schedule's end. It
// reports false when the history runs no named schedule.
func (s *session) sameStory(tl *timeline, v string) bool {
	for _, sc := range s.lesson.Schedules {
		old, err := schedule.Parse(sc.For(s.variant))
		if err != nil || len(old) == 0 || len(s.tl.history) < len(old) || !followsSchedule(s.tl.history, old) {
			continue
		}
		next, err := schedule.Parse(sc.For(v))
		if err != nil {
			continue
		}
		pos := min(s.tl.pos, len(next))
		if s.tl.pos >= len(old) {
			pos = len(next) + s.tl.pos - len(old)
		}
		if err := tl.replace(next, 0); err != nil {
			continue
		}
		return tl.seek(min(pos, len(tl.history))) == nil
	}
	return false
}

// followsSchedule reports whether history begins with the steps of sched,
// labels included where sched names them.
func followsSchedule(history, sched schedule.Schedule) bool {
	for i, c := range sched {
		h := history[i]
		if h.Thread != c.Thread || c.Label != "" && h.Label != c.Label {
			return false
		}
	}
	return true
}

// switchLang changes the language of the texts. The reply is loaded (the
// lesson's texts), then state (the narration).
func (s *session) switchLang(c protocol.Command) ([]any, error) {
	lang, err := parseLang(c.Lang)
	if err != nil {
		return nil, err
	}
	s.lang = lang
	return []any{s.loaded(c.ID, s.code), s.state(c.ID)}, nil
}

// play starts autoplay, or changes its speed.
func (s *session) play(c protocol.Command) error {
	speed := c.Speed
	if speed == 0 {
		speed = defaultSpeed
	}
	if speed < protocol.MinSpeed || speed > protocol.MaxSpeed {
		return fmt.Errorf("speed %g is out of range %g to %g steps per second", speed, protocol.MinSpeed, protocol.MaxSpeed)
	}
	if s.tl.over() {
		return fmt.Errorf("the run is over: go back or reset to play again")
	}
	s.stopTicker()
	s.playing, s.speed = true, speed
	s.ticker = time.NewTicker(time.Duration(float64(time.Second) / speed))
	return nil
}

// pause stops autoplay.
func (s *session) pause() {
	s.playing = false
	s.stopTicker()
}

func (s *session) stopTicker() {
	if s.ticker != nil {
		s.ticker.Stop()
		s.ticker = nil
	}
}

// tick is one autoplay step: along the history, then onwards with the
// threads taking turns. Autoplay stops when the run is over.
func (s *session) tick(out Sink) error {
	if !s.playing {
		return nil
	}
	if err := s.tl.play(); err != nil {
		s.pause()
		s.log.Warn("autoplay stopped", "lesson", s.lesson.ID, "err", err)
	}
	if s.tl.over() {
		s.pause()
	}
	return s.emit(out, s.state(nil))
}

// loaded is the loaded event for the current lesson, variant and language;
// code is the variant's.
func (s *session) loaded(id *int64, code *lessonview.Code) protocol.Loaded {
	l, lang := s.lesson, s.lang
	info := protocol.Lesson{
		ID: l.ID, Title: l.Title.In(lang), Summary: l.Summary.In(lang), Narrative: l.Narrative.In(lang),
		Primitive: l.Primitive, Variant: s.variant, Variants: l.Variants, Params: s.params,
		Bugs: l.Bugs, Source: code.Source, Labels: lessonview.LocalLabels(code.Labels, lang), Lang: lang,
		Condition: s.tl.prog.Facts.Condition, Fingerprint: l.Fingerprint(),
		Limits: map[string]int64{"max_param": scenarios.MaxParam, "max_schedule_text": protocol.MaxScheduleText, "step_limit": int64(stepLimit(s.tl.prog))},
	}
	if info.Bugs == nil {
		info.Bugs = []string{}
	}
	p := s.tl.prog
	for _, t := range p.Threads {
		info.Threads = append(info.Threads, t.Name)
	}
	for _, co := range p.Coroutines {
		info.Coroutines = append(info.Coroutines, protocol.Coroutine{Name: co.Name, Thread: p.Threads[co.Thread].Name, Script: lessonview.ScriptOf(l, co), Group: co.Group})
	}
	info.Algorithms = lessonview.Algorithms(l, s.params, lang)
	info.Glossary = lessonview.Glossary(l.Bugs, s.lessons.bugPages(), lang)
	info.Challenge = s.challenge()
	for _, sc := range l.Schedules {
		si := protocol.Schedule{Name: sc.Name, Title: sc.Title.In(lang), Steps: sc.For(s.variant), Expect: map[string]string{}}
		for _, v := range slices.Sorted(maps.Keys(sc.Expect)) {
			si.Expect[v] = string(sc.Expect[v])
		}
		// Captions are written for the schedule's default steps: a variant
		// with steps of its own takes other turns at other indexes.
		if _, own := sc.ByVariant[s.variant]; !own {
			for _, cap := range sc.Captions {
				si.Captions = append(si.Captions, protocol.Caption{Step: cap.Step, Text: cap.In(lang)})
			}
		}
		info.Schedules = append(info.Schedules, si)
	}
	return protocol.Loaded{Envelope: protocol.Reply(id, "loaded"), Lesson: info}
}

// stepLimit is the number of steps a run of p may take.
func stepLimit(p *program.Program) int {
	if p.StepLimit > 0 {
		return p.StepLimit
	}
	return program.DefaultStepLimit
}

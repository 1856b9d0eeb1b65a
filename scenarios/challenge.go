package scenarios

import (
	"fmt"
	"strings"

	"lockstep/sim"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// A Challenge is a bug lesson played as a game, as The Deadlock Empire
// plays its levels: the reader is the scheduler and must lead the variant
// to the lesson's bug, which the engine, not a script, says was reached.
// Every lesson with a schedule that expects a bug of some variant has one
// (Scenario.Challenge).
type Challenge struct {
	// Variant is the variant played, and Kind the outcome to reach.
	Variant string
	Kind    outcome.Kind
	// Schedule is the lesson's schedule that reaches Kind on Variant (the
	// one the hints are made from), Thread who the outcome names.
	Schedule string
	Thread   string
	// Fix is a variant on which the same schedule ends well, on which the
	// reader can try to break the fix, then verify it; "" when the lesson
	// has none.
	Fix string
	// Goal says what to do, in plain words; Hints are one to three,
	// revealed one at a time, the last nearly the answer.
	Goal  Text
	Hints []Text
}

// ChallengeWords are a lesson's own words for its challenge, where the
// general rule (challenge_words.go) would not read well: a goal, and hints
// that replace the rule's in their places (the first replaces the first).
// NoFix says that the variant which ends the challenge's schedule well does
// not hold against every interleaving, so there is no fix to prove.
type ChallengeWords struct {
	Goal  Text   `json:"goal,omitzero"`
	Hints []Text `json:"hints,omitempty"`
	NoFix bool   `json:"no_fix,omitempty"`
}

// MaxHints is how many hints a challenge gives.
const MaxHints = 3

// Challenge returns the lesson's challenge, or nil when no schedule of the
// lesson expects a bug. The first such schedule, on the first variant it
// expects a bug of, is the one played.
func (s *Scenario) Challenge() (*Challenge, error) {
	sc, variant := s.bugSchedule()
	if sc == nil {
		return nil, nil
	}
	c := &Challenge{Variant: variant, Kind: sc.Expect[variant], Schedule: sc.For(variant)}
	for _, v := range s.Variants {
		if k, ok := sc.Expect[v]; ok && k == outcome.OK && (s.ChallengeWords == nil || !s.ChallengeWords.NoFix) {
			c.Fix = v
			break
		}
	}
	p, err := s.Build(variant, nil)
	if err != nil {
		return nil, err
	}
	sched, err := schedule.Parse(c.Schedule)
	if err != nil {
		return nil, fmt.Errorf("%s: challenge: %w", s.ID, err)
	}
	m, out, err := sim.ReplaySchedule(p, sched, sim.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s: challenge: %w", s.ID, err)
	}
	c.Thread = out.Coroutine
	if c.Thread == "" {
		c.Thread = out.Thread
	}
	c.Goal = goalText(c.Kind, c.Thread)
	c.Hints = []Text{hintText(c.Kind), turnHint(p, sched), orderHint(m.Schedule())}
	if w := s.ChallengeWords; w != nil {
		if w.Goal.EN != "" {
			c.Goal = w.Goal
		}
		for i, h := range w.Hints {
			if i < len(c.Hints) {
				c.Hints[i] = h
			}
		}
	}
	return c, nil
}

// bugSchedule is the lesson's first schedule that expects a bug, and the
// first variant (in the lesson's order) it expects one of.
func (s *Scenario) bugSchedule() (*Schedule, string) {
	for i := range s.Schedules {
		sc := &s.Schedules[i]
		for _, v := range s.Variants {
			if k, ok := sc.Expect[v]; ok && k != outcome.OK {
				return sc, v
			}
		}
	}
	return nil, ""
}

// turnHint names the schedule's first preemption: the thread that stops
// while it could go on, where, and who moves then.
func turnHint(p *program.Program, sched schedule.Schedule) Text {
	m := sim.New(p, sim.Options{})
	last, label, steps := -1, "", 0
	for _, c := range sched {
		t := p.Thread(c.Thread)
		if last >= 0 && t != last && m.CanMove(last) {
			a, b := p.Threads[last].Name, c.Thread
			return Text{
				EN: fmt.Sprintf("Let %s take %s, up to %s; then switch to %s while %s could still go on.", a, stepsEN(steps), label, b, a),
				ZH: fmt.Sprintf("先让 %s 走 %d 步，走到 %s；然后在 %s 还能继续的时候切换到 %s。", a, steps, label, a, b),
			}
		}
		if t != last {
			steps = 0
		}
		label = m.NextLabel(t)
		if _, err := m.Step(t); err != nil {
			break
		}
		last, steps = t, steps+1
	}
	first := ""
	if len(sched) > 0 {
		first = sched[0].Thread
	}
	return Text{
		EN: fmt.Sprintf("No thread has to be stopped in the middle of what it does: what matters is the order the threads go in. Start with %s.", first),
		ZH: fmt.Sprintf("不必在任何线程做事的中途打断它：要紧的是线程的先后顺序。从 %s 开始。", first),
	}
}

// stepsEN is "1 step" or "n steps".
func stepsEN(n int) string {
	if n == 1 {
		return "1 step"
	}
	return fmt.Sprintf("%d steps", n)
}

// orderHint is the threads' order, repeats counted: nearly the answer.
func orderHint(s schedule.Schedule) Text {
	var parts []string
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j].Thread == s[i].Thread {
			j++
		}
		if j-i > 1 {
			parts = append(parts, fmt.Sprintf("%s×%d", s[i].Thread, j-i))
		} else {
			parts = append(parts, s[i].Thread)
		}
		i = j
	}
	order := strings.Join(parts, " → ")
	return Text{
		EN: "One order that works, thread by thread: " + order + ".",
		ZH: "一种可行的顺序（按线程）：" + order + "。",
	}
}

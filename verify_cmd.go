package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"strings"
	"time"

	"lockstep/scenarios"
	"lockstep/sim/outcome"
)

const verifyUsage = "verify SCENARIO (--primitive FILE | --start) [--json]"

// verifyCmd grades a written primitive against a lesson's assignment: the
// explorer must verify it at each of the assignment's parameter sets (the
// lesson's own parameters when it has no assignment). --start prints the
// source the assignment starts from.
func verifyCmd(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "verify", verifyUsage)
	primFile := fs.String("primitive", "", "the written primitive to grade (a .lsp file)")
	start := fs.Bool("start", false, "print the source the lesson's assignment starts from, to edit")
	asJSON := fs.Bool("json", false, "print one JSON object instead of text")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	lesson, err := fs.oneLesson(rest)
	if err != nil {
		return err
	}
	switch given := fs.given(); {
	case *start && given["primitive"]:
		return usageErrorf("--start and --primitive: give one (--start prints the source to begin from, --primitive grades one)")
	case *start && given["json"]:
		return usageErrorf("--json does not apply to --start, which prints the source to begin from")
	case !*start && *primFile == "":
		return usageErrorf("verify needs --primitive FILE (the primitive to grade), or --start\nusage: lockstep %s", verifyUsage)
	}
	s, err := loadLesson(lesson)
	if err != nil {
		return err
	}
	if *start {
		if s.Assignment == nil {
			return usageErrorf("lesson %s has no assignment", s.ID)
		}
		_, err := io.WriteString(e.stdout, s.Assignment.StartSource())
		return err
	}
	def, err := loadPrimitive(*primFile)
	if err != nil {
		return err
	}
	began := time.Now()
	g, err := s.Grade(ctx, def, nil)
	if err != nil {
		return badInput(err)
	}
	if *asJSON {
		return writeGradeJSON(e.stdout, s, def.File(), g)
	}
	return writeGradeText(e.stdout, s, def.File(), g, time.Since(began))
}

func writeGradeText(w io.Writer, s *scenarios.Scenario, file string, g scenarios.Grade, elapsed time.Duration) error {
	var b strings.Builder
	fmt.Fprintf(&b, "lesson %s, primitive %s\n", s.ID, file)
	if a := s.Assignment; a != nil {
		fmt.Fprintf(&b, "task: %s\n", a.Task.EN)
	}
	for _, c := range g.Checks {
		r := c.Result
		fmt.Fprintf(&b, "%s: ", params2text(c.Params))
		switch {
		case c.Passed():
			fmt.Fprintf(&b, "verified, %s executions, every one ok\n", count(r.Executions))
		case len(r.Counterexamples) > 0:
			ce := r.Counterexamples[0]
			fmt.Fprintf(&b, "%s in %d steps, %d %s:\n  %s\n  %s\n", ce.Kind, ce.Steps, ce.Preemptions,
				plural(ce.Preemptions, "preemption"), ce.Schedule, ce.Outcome.Message)
		default:
			fmt.Fprintf(&b, "no bug found, but the search is incomplete (%s)\n", r.Stopped)
		}
	}
	if g.Passed {
		fmt.Fprintf(&b, "passed: the explorer verified every execution (%s)\n", elapsed.Round(time.Millisecond))
	} else {
		b.WriteString("not passed\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// gradeReport is the JSON form of a grade.
type gradeReport struct {
	Scenario  string        `json:"scenario"`
	Primitive string        `json:"primitive"`
	Passed    bool          `json:"passed"`
	Checks    []checkReport `json:"checks"`
}

type checkReport struct {
	Params          map[string]int            `json:"params"`
	Complete        bool                      `json:"complete"`
	Executions      *big.Int                  `json:"executions"` // exact, however large
	Outcomes        map[outcome.Kind]*big.Int `json:"outcomes"`
	Counterexamples []counterexampleOut       `json:"counterexamples"`
}

func writeGradeJSON(w io.Writer, s *scenarios.Scenario, file string, g scenarios.Grade) error {
	rep := gradeReport{Scenario: s.ID, Primitive: file, Passed: g.Passed, Checks: []checkReport{}}
	for _, c := range g.Checks {
		cr := checkReport{Params: c.Params, Complete: c.Result.Complete, Executions: c.Result.Executions,
			Outcomes: c.Result.Outcomes, Counterexamples: []counterexampleOut{}}
		for _, ce := range c.Result.Counterexamples {
			cr.Counterexamples = append(cr.Counterexamples, counterexampleOut{Kind: ce.Kind, Schedule: ce.Schedule.String(),
				Steps: ce.Steps, Preemptions: ce.Preemptions, Message: ce.Outcome.Message})
		}
		rep.Checks = append(rep.Checks, cr)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

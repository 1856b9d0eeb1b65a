package docs

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
)

// A directive is a fenced code block whose info string names one of the
// docs' live parts:
//
//	```stepper            a live stepper: key: value lines only
//	```steps              an interleaving: key: value lines, then one
//	                      "thread | label | text" line per step
//
// Keys are lowercase; a value is the rest of its line. A line with a '|'
// is a step; every other line that is not blank is a key.

// directiveLine is one line of a directive, with its line in the file.
type directiveLine struct {
	text string
	line int
}

// directiveKeys reads the key: value lines of a directive, up to its
// first step. allowed are the keys the directive has; any other is an
// error, as is a key given twice or a key after a step.
func directiveKeys(kind string, lines []directiveLine, allowed ...string) (keys map[string]string, rows []directiveLine, err error) {
	keys = map[string]string{}
	for _, l := range lines {
		switch {
		case strings.TrimSpace(l.text) == "":
			continue
		case strings.Contains(l.text, "|"):
			rows = append(rows, l)
			continue
		}
		k, v, ok := cutKey(l.text)
		switch {
		case !ok:
			return nil, nil, fmt.Errorf("%d: %s: %q is neither a key: value line nor a step", l.line, kind, l.text)
		case len(rows) > 0:
			return nil, nil, fmt.Errorf("%d: %s: key %q after the steps; keys come first", l.line, kind, k)
		case !slices.Contains(allowed, k):
			return nil, nil, fmt.Errorf("%d: %s: unknown key %q (the keys are %s)", l.line, kind, k, strings.Join(allowed, ", "))
		}
		if _, dup := keys[k]; dup {
			return nil, nil, fmt.Errorf("%d: %s: %q is given twice", l.line, kind, k)
		}
		keys[k] = v
	}
	return keys, rows, nil
}

// parseStepper reads a ```stepper block that starts at line.
func parseStepper(md goldmark.Markdown, lines []directiveLine, line int) (*Stepper, prose, error) {
	keys, rows, err := directiveKeys("stepper", lines,
		"lesson", "variant", "schedule", "step", "thread", "label", "height", "title", "caption")
	if err != nil {
		return nil, prose{}, err
	}
	if len(rows) > 0 {
		return nil, prose{}, fmt.Errorf("%d: stepper: %q: a stepper has no steps (a caption is a key: caption: …)", rows[0].line, rows[0].text)
	}
	for _, k := range []string{"lesson", "schedule", "step", "thread", "label", "title", "caption"} {
		if keys[k] == "" {
			return nil, prose{}, fmt.Errorf("%d: stepper: no %q", line, k)
		}
	}
	s := &Stepper{Lesson: keys["lesson"], Variant: keys["variant"], Schedule: keys["schedule"],
		Thread: keys["thread"], Label: keys["label"], Title: keys["title"], Height: DefaultHeight}
	if s.Step, err = strconv.Atoi(keys["step"]); err != nil || s.Step < 1 {
		return nil, prose{}, fmt.Errorf("%d: stepper: step %q: want a step number from 1", line, keys["step"])
	}
	if h, ok := keys["height"]; ok {
		if s.Height, err = strconv.Atoi(h); err != nil || s.Height < 100 {
			return nil, prose{}, fmt.Errorf("%d: stepper: height %q: want CSS pixels, 100 or more", line, h)
		}
	}
	caption, err := parseProse(md, keys["caption"], line)
	if err != nil {
		return nil, prose{}, err
	}
	s.Caption, s.CaptionHTML = caption.Source, caption.HTML
	return s, caption, nil
}

// parseSteps reads a ```steps block that starts at line. The keys lesson
// and schedule (with variant and outcome) make it a whole run.
func parseSteps(md goldmark.Markdown, lines []directiveLine, line int) (*Steps, []string, error) {
	keys, rows, err := directiveKeys("steps", lines, "lesson", "variant", "schedule", "outcome")
	if err != nil {
		return nil, nil, err
	}
	st := &Steps{}
	if len(keys) > 0 {
		if keys["lesson"] == "" || keys["schedule"] == "" {
			return nil, nil, fmt.Errorf("%d: steps: a run names its lesson and schedule", line)
		}
		st.Run = &Run{Lesson: keys["lesson"], Variant: keys["variant"], Schedule: keys["schedule"], Outcome: keys["outcome"]}
	}
	if len(rows) == 0 {
		return nil, nil, fmt.Errorf("%d: steps: no steps (write one \"thread | label | text\" line per step)", line)
	}
	var links []string
	for _, r := range rows {
		thread, rest, _ := strings.Cut(r.text, "|")
		label, txt, ok := strings.Cut(rest, "|")
		thread, label, txt = strings.TrimSpace(thread), strings.TrimSpace(label), strings.TrimSpace(txt)
		if !ok || thread == "" || txt == "" {
			return nil, nil, fmt.Errorf("%d: steps: %q: want \"thread | label | text\" (the label may be empty)", r.line, r.text)
		}
		p, err := parseProse(md, txt, r.line)
		if err != nil {
			return nil, nil, err
		}
		st.Rows = append(st.Rows, Step{Thread: thread, Label: label, Text: p.Source, TextHTML: p.HTML})
		links = append(links, p.Links...)
	}
	return st, links, nil
}

// stepperShape is what a stepper has in common with its translation:
// every key but the title and the caption.
func stepperShape(s *Stepper) string {
	return fmt.Sprintf("stepper lesson=%s variant=%s schedule=%s step=%d thread=%s label=%s height=%d",
		s.Lesson, s.Variant, s.Schedule, s.Step, s.Thread, s.Label, s.Height)
}

// stepsShape is what an interleaving has in common with its translation:
// its run and who moves at which label, step by step.
func stepsShape(st *Steps) string {
	var b strings.Builder
	b.WriteString("steps")
	if r := st.Run; r != nil {
		fmt.Fprintf(&b, " lesson=%s variant=%s schedule=%s outcome=%s", r.Lesson, r.Variant, r.Schedule, r.Outcome)
	}
	for i, r := range st.Rows {
		fmt.Fprintf(&b, "\n  step %d: %s | %s", i+1, r.Thread, r.Label)
	}
	return b.String()
}

package sim

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// A Schedule is the sequence of threads that move, one per step. Its text
// form is human-readable and round-trips exactly:
//
//	W1 W1 D1 D1 W1        # threads by name
//	W1@G4 D1@D2 W1        # each step may name the label it must perform
//	W1*3 D1               # a step repeated
//	S@S3<5 S@S4<init      # under c11, the write a step's read returns:
//	                      # the one made at step 4, the initial value
//
// Tokens are separated by spaces, tabs, newlines or commas; '#' starts a
// comment that runs to the end of the line.
type Schedule []Choice

// Choice is one step of a schedule: the thread that moves and, optionally,
// the label of the step it must perform and, under the c11 memory model,
// the write its read returns.
type Choice struct {
	Thread string
	Label  string // "" when any step will do
	From   Source // Latest unless the read returns an older write
}

// MaxScheduleSteps bounds the length of a parsed schedule.
const MaxScheduleSteps = 100_000

// ErrSchedule is wrapped by every schedule parse error.
var ErrSchedule = errors.New("bad schedule")

// ParseSchedule reads a schedule's text form. Errors say where, by line and
// column.
func ParseSchedule(text string) (Schedule, error) {
	return ParseScheduleMax(text, MaxScheduleSteps)
}

// ParseScheduleMax is ParseSchedule for a schedule of at most max steps; it
// stops at the token that would pass the bound, before expanding it, so a
// caller with many schedules to check can share one budget.
func ParseScheduleMax(text string, max int) (Schedule, error) {
	max = min(max, MaxScheduleSteps)
	var s Schedule
	line, col := 1, 1
	i := 0
	for i < len(text) {
		ch := text[i]
		switch {
		case ch == '\n':
			line, col = line+1, 1
			i++
			continue
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == ',':
			i++
			col++
			continue
		case ch == '#':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		}
		j := i
		for j < len(text) && !strings.ContainsRune(" \t\r\n,#", rune(text[j])) {
			j++
		}
		tok := text[i:j]
		c, n, err := parseToken(tok)
		if err != nil {
			return nil, fmt.Errorf("%w: line %d, column %d: %q: %v", ErrSchedule, line, col, tok, err)
		}
		if len(s)+n > max {
			return nil, fmt.Errorf("%w: line %d, column %d: longer than %d steps", ErrSchedule, line, col, max)
		}
		for range n {
			s = append(s, c)
		}
		col += j - i
		i = j
	}
	return s, nil
}

// parseToken reads NAME[@LABEL][<SOURCE][*COUNT].
func parseToken(tok string) (Choice, int, error) {
	n := 1
	if k := strings.IndexByte(tok, '*'); k >= 0 {
		v, err := strconv.Atoi(tok[k+1:])
		if err != nil || v < 1 || v > MaxScheduleSteps {
			return Choice{}, 0, fmt.Errorf("repeat count must be a number from 1 to %d", MaxScheduleSteps)
		}
		n, tok = v, tok[:k]
	}
	var c Choice
	if k := strings.IndexByte(tok, '<'); k >= 0 {
		from, err := ParseSource(tok[k+1:])
		if err != nil {
			return Choice{}, 0, err
		}
		c.From, tok = from, tok[:k]
	}
	c.Thread = tok
	if k := strings.IndexByte(tok, '@'); k >= 0 {
		c.Thread, c.Label = tok[:k], tok[k+1:]
		if !validName(c.Label) {
			return Choice{}, 0, errors.New("a label is letters, digits, '_', '.', '\\'' or '-'")
		}
	}
	if !validName(c.Thread) {
		return Choice{}, 0, errors.New("a thread name is letters, digits, '_', '.' or '-'")
	}
	return c, n, nil
}

func validName(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		ok := r == '_' || r == '.' || r == '-' || r == '\'' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
		if !ok {
			return false
		}
	}
	return true
}

// String is the text form: one token per step, runs of an unlabelled
// thread of three or more folded into NAME*K.
func (s Schedule) String() string {
	var b strings.Builder
	for i := 0; i < len(s); {
		j := i + 1
		for j < len(s) && s[j] == s[i] {
			j++
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i].Thread)
		if s[i].Label != "" {
			b.WriteString("@" + s[i].Label)
		}
		if s[i].From != Latest {
			b.WriteString("<" + s[i].From.String())
		}
		if s[i].Label == "" && s[i].From == Latest && j-i >= 3 {
			b.WriteString("*" + strconv.Itoa(j-i))
			i = j
			continue
		}
		i++
	}
	return b.String()
}

// Threads returns the schedule's thread names without labels or sources.
func (s Schedule) Threads() Schedule {
	out := make(Schedule, len(s))
	for i, c := range s {
		out[i] = Choice{Thread: c.Thread}
	}
	return out
}

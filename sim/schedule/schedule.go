package schedule

import (
	"errors"
	"lockstep/sim/c11"
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
//	                      # the one made at step 5, the initial value
//	P@STX^2               # under c11, the write a step's store goes just
//	                      # before in its cell's modification order: the
//	                      # one made at step 2 (without ^, at the end)
//
// Tokens are separated by spaces, tabs, newlines or commas; '#' starts a
// comment that runs to the end of the line.
type Schedule []Choice

// Choice is one step of a schedule: the thread that moves and, optionally,
// the label of the step it must perform and, under the c11 memory model,
// the write its read returns or the write its store goes just before in
// modification order.
type Choice struct {
	Thread string
	Label  string     // "" when any step will do
	From   c11.Source // Latest unless the read returns an older write
	Before c11.Source // Latest unless the store goes before a write (never Init)
}

// MaxSteps bounds the length of a parsed schedule.
const MaxSteps = 100_000

// ErrInvalid is wrapped by every schedule parse error.
var ErrInvalid = errors.New("bad schedule")

// Parse reads a schedule's text form. Errors say where, by line and
// column.
func Parse(text string) (Schedule, error) {
	return ParseMax(text, MaxSteps)
}

// ParseMax is Parse for a schedule of at most max steps; it
// stops at the token that would pass the bound, before expanding it, so a
// caller with many schedules to check can share one budget.
func ParseMax(text string, max int) (Schedule, error) {
	max = min(max, MaxSteps)
	var s Schedule
	var err error
	scanSchedule(text, func(tok string, start, line, col int) bool {
		c, n, kind := parseToken(tok)
		if kind != "" {
			err = &Error{Kind: kind, Offset: start, Len: len(tok), Line: line, Col: col, Token: tok, Max: MaxSteps}
			return false
		}
		if len(s)+n > max {
			err = &Error{Kind: TooLong, Offset: start, Len: len(tok), Line: line, Col: col, Token: tok, Max: max}
			return false
		}
		for range n {
			s = append(s, c)
		}
		return true
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// A Token is one token of a schedule's text: where it is, in bytes, and
// how many steps it stands for (0 for one that does not parse).
type Token struct {
	Start, End int
	Steps      int
}

// Tokens returns the tokens of a schedule's text, as
// Parse reads them, so that the token behind step n can be found.
func Tokens(text string) []Token {
	var out []Token
	scanSchedule(text, func(tok string, start, _, _ int) bool {
		_, n, kind := parseToken(tok)
		if kind != "" {
			n = 0
		}
		out = append(out, Token{Start: start, End: start + len(tok), Steps: n})
		return true
	})
	return out
}

// TokenOfStep returns the token of text that stands for step n (from 1),
// and false when the text has fewer steps.
func TokenOfStep(text string, n int) (Token, bool) {
	seen := 0
	for _, tk := range Tokens(text) {
		if seen += tk.Steps; seen >= n && tk.Steps > 0 {
			return tk, true
		}
	}
	return Token{}, false
}

// scanSchedule calls f with each token of a schedule's text, where it
// starts in bytes, and its line and column (from 1), until f returns false.
// Tokens are separated by spaces, tabs, newlines or commas; '#' starts a
// comment that runs to the end of the line.
func scanSchedule(text string, f func(tok string, start, line, col int) bool) {
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
		if !f(text[i:j], i, line, col) {
			return
		}
		col += j - i
		i = j
	}
}

// parseToken reads NAME[@LABEL][<SOURCE][^PLACE][*COUNT]; the kind of
// error is "" when it does.
func parseToken(tok string) (Choice, int, ErrorKind) {
	n := 1
	if k := strings.IndexByte(tok, '*'); k >= 0 {
		v, err := strconv.Atoi(tok[k+1:])
		if err != nil || v < 1 || v > MaxSteps {
			return Choice{}, 0, BadRepeat
		}
		n, tok = v, tok[:k]
	}
	var c Choice
	if k := strings.IndexByte(tok, '^'); k >= 0 {
		before, err := c11.ParseSource(tok[k+1:], MaxSteps)
		if err != nil || before == c11.Init {
			return Choice{}, 0, BadPlace
		}
		c.Before, tok = before, tok[:k]
	}
	if k := strings.IndexByte(tok, '<'); k >= 0 {
		from, err := c11.ParseSource(tok[k+1:], MaxSteps)
		if err != nil {
			return Choice{}, 0, BadSource
		}
		c.From, tok = from, tok[:k]
	}
	c.Thread = tok
	if k := strings.IndexByte(tok, '@'); k >= 0 {
		c.Thread, c.Label = tok[:k], tok[k+1:]
		if !validName(c.Label) {
			return Choice{}, 0, BadLabel
		}
	}
	if !validName(c.Thread) {
		return Choice{}, 0, BadThreadName
	}
	return c, n, ""
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
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s[i].Thread)
		if s[i].Label != "" {
			b.WriteString("@" + s[i].Label)
		}
		if s[i].From != c11.Latest {
			b.WriteString("<" + s[i].From.String())
		}
		if s[i].Before != c11.Latest {
			b.WriteString("^" + s[i].Before.String())
		}
		if s[i].Label == "" && s[i].From == c11.Latest && s[i].Before == c11.Latest {
			// Only these runs are measured, so the text is linear in
			// the schedule's length.
			j := i + 1
			for j < len(s) && s[j] == s[i] {
				j++
			}
			if j-i >= 3 {
				b.WriteString("*" + strconv.Itoa(j-i))
				i = j
				continue
			}
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

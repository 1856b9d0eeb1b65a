package schedule

import (
	"fmt"
	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"strings"
)

// An Error is a schedule that does not parse or cannot be
// followed. It wraps ErrInvalid (ErrSource for a read's source), and it
// is data: what went wrong (Kind), where, and the values the sentence
// about it names, so that each language can say it (package sim/words
// says it in Chinese; Error is the English).
//
// Step is the step (from 1) that could not be performed, 0 for a text
// that does not parse; Offset and Len are then the place of the token
// that does not, in bytes, and Line and Col its line and column (from 1).
type Error struct {
	Kind        ErrorKind
	Step        int
	Offset, Len int
	Line, Col   int
	// Token is the token that does not parse (or passes Max steps).
	Token string
	// Max is the bound a repeat count or a read's source passed
	// (BadRepeat, BadSource), or the bound on steps (TooLong).
	Max int
	// Thread is the thread the step names; Threads the program's threads
	// (NoThread).
	Thread  string
	Threads []string
	// Label is the label the step asks for, and At the one the thread is
	// at, "" when its next step is a resume from its run queue
	// (WrongLabel).
	Label, At string
	// Blocked says why the thread cannot move (CannotMove).
	Blocked outcome.Blocked
	// Source is the write the step's read asks for, Cell the cell it
	// reads and Sources the writes it may return (the Source kinds).
	Source  c11.Source
	Cell    string
	Sources []c11.Source
}

// ErrorKind names what is wrong with a schedule.
type ErrorKind string

// The kinds of Error. The first five are of a text that does not
// parse; the others of a step that cannot be performed.
const (
	BadRepeat     ErrorKind = "repeat"      // NAME*K with K not in 1..Max
	BadSource     ErrorKind = "source"      // NAME<S with S not init or 1..Max
	BadPlace      ErrorKind = "place"       // NAME^S with S not 1..Max
	BadLabel      ErrorKind = "label"       // NAME@LABEL with a LABEL of other characters
	BadThreadName ErrorKind = "thread-name" // a NAME of other characters
	TooLong       ErrorKind = "too-long"    // more than Max steps

	NoThread           ErrorKind = "no-thread"            // the program has no such thread
	CannotMove         ErrorKind = "cannot-move"          // the thread cannot move (Blocked)
	WrongLabel         ErrorKind = "wrong-label"          // the thread is At another label
	RunOver            ErrorKind = "over"                 // the run ended before the step
	SourceNotC11       ErrorKind = "source-sc"            // a read's source under sc
	SourceNoRead       ErrorKind = "source-no-read"       // a source for a step that reads nothing
	SourceNotCandidate ErrorKind = "source-not-candidate" // a write the read cannot return
	PlaceNotC11        ErrorKind = "place-sc"             // a store's place under sc
	PlaceNoStore       ErrorKind = "place-no-store"       // a place for a step that stores nothing
	PlaceNotCandidate  ErrorKind = "place-not-candidate"  // a place the store cannot take
)

// ErrorKinds lists every kind, for a table of their wordings.
var ErrorKinds = []ErrorKind{BadRepeat, BadSource, BadPlace, BadLabel, BadThreadName, TooLong,
	NoThread, CannotMove, WrongLabel, RunOver, SourceNotC11, SourceNoRead, SourceNotCandidate,
	PlaceNotC11, PlaceNoStore, PlaceNotCandidate}

// IsSource reports whether k is about a read's source.
func (k ErrorKind) IsSource() bool {
	return k == SourceNotC11 || k == SourceNoRead || k == SourceNotCandidate
}

// IsPlace reports whether k is about a store's place.
func (k ErrorKind) IsPlace() bool {
	return k == PlaceNotC11 || k == PlaceNoStore || k == PlaceNotCandidate
}

// Error says what went wrong and where, in English: "bad schedule: step
// 3: ...", "bad schedule: line 1, column 4: ...".
func (e *Error) Error() string {
	if e.Step > 0 {
		return fmt.Sprintf("%v: step %d: %s", e.Unwrap(), e.Step, e.Reason())
	}
	return fmt.Sprintf("%v: %s", ErrInvalid, e.Reason())
}

// Reason is the English of what went wrong, without "bad schedule" and
// the step: "W1 is at G3, not G4". A text that does not parse says its
// line and column.
func (e *Error) Reason() string {
	at := fmt.Sprintf("line %d, column %d: ", e.Line, e.Col)
	switch e.Kind {
	case BadRepeat:
		return at + fmt.Sprintf("%q: repeat count must be a number from 1 to %d", e.Token, e.Max)
	case BadSource:
		return at + fmt.Sprintf("%q: a read's source is init or the number of the step that wrote (1 to %d)", e.Token, e.Max)
	case BadPlace:
		return at + fmt.Sprintf("%q: a store's place is the number of the step whose write it goes before (1 to %d)", e.Token, e.Max)
	case BadLabel:
		return at + fmt.Sprintf("%q: a label is letters, digits, '_', '.', '\\'' or '-'", e.Token)
	case BadThreadName:
		return at + fmt.Sprintf("%q: a thread name is letters, digits, '_', '.' or '-'", e.Token)
	case TooLong:
		return at + fmt.Sprintf("longer than %d steps", e.Max)
	case NoThread:
		return fmt.Sprintf("no thread %q (threads: %s)", e.Thread, strings.Join(e.Threads, ", "))
	case CannotMove:
		return fmt.Sprintf("%s cannot move: %s", e.Thread, e.Blocked)
	case WrongLabel:
		at := e.At
		if at == "" {
			at = "a resume from its run queue"
		}
		return fmt.Sprintf("%s is at %s, not %s", e.Thread, at, e.Label)
	case RunOver:
		return "the run is already over"
	case SourceNotC11:
		return fmt.Sprintf("%s<%s: a read chooses its write only under the c11 memory model", e.Thread, e.Source)
	case SourceNoRead:
		return fmt.Sprintf("%s's next step makes no read", e.Thread)
	case SourceNotCandidate:
		return fmt.Sprintf("%s's read of %s cannot return the write %s (it may read: %s)", e.Thread, e.Cell, e.Source, SourceList(e.Sources))
	case PlaceNotC11:
		return fmt.Sprintf("%s^%s: a store chooses its place in modification order only under the c11 memory model", e.Thread, e.Source)
	case PlaceNoStore:
		return fmt.Sprintf("%s's next step makes no store with a choice of place", e.Thread)
	case PlaceNotCandidate:
		return fmt.Sprintf("%s's store to %s cannot go before the write %s (it may go before: %s)", e.Thread, e.Cell, e.Source, PlaceList(e.Sources))
	}
	return string(e.Kind)
}

// Unwrap returns ErrSource for an error of a read's source, ErrPlace for
// one of a store's place, else ErrInvalid.
func (e *Error) Unwrap() error {
	switch {
	case e.Kind.IsSource():
		return ErrSource
	case e.Kind.IsPlace():
		return ErrPlace
	}
	return ErrInvalid
}

// SourceList writes sources as a schedule names them: "init, 3, 5".
func SourceList(sources []c11.Source) string {
	s := make([]string, len(sources))
	for i, src := range sources {
		s[i] = src.String()
	}
	return strings.Join(s, ", ")
}

// PlaceList writes the places a store may take as a schedule names them:
// "3, 5, the end".
func PlaceList(places []c11.Source) string {
	s := make([]string, len(places))
	for i, src := range places {
		s[i] = src.String()
		if src == c11.Latest {
			s[i] = "the end"
		}
	}
	return strings.Join(s, ", ")
}

// ErrSource is wrapped by the errors of a read's source that names no
// candidate of the step's read.
var ErrSource = fmt.Errorf("%w: bad read source", ErrInvalid)

// ErrPlace is wrapped by the errors of a store's place that names no
// place the step's store may take.
var ErrPlace = fmt.Errorf("%w: bad store place", ErrInvalid)

package syntax

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Pos is a place in a primitive's source: a 1-based line and a 1-based
// column counted in characters (runes), as an editor shows them.
type Pos struct {
	Line, Col int
}

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// An Error is one problem with a primitive's source, at a place in it.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// ErrorList is every problem found, in source order. Compile returns one
// when the source does not compile; it is never empty.
type ErrorList []*Error

func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// maxErrors bounds the errors one compilation reports.
const maxErrors = 10

// Errs collects errors; past maxErrors it stops the compilation.
type Errs struct {
	List ErrorList
}

// Bail stops a compilation that has found enough errors; Compile recovers
// it.
type Bail struct{}

// Add reports an error at p, unless one is already reported there; the
// maxErrors'th error stops the compilation with Bail.
func (e *Errs) Add(p Pos, format string, a ...any) {
	for _, old := range e.List {
		if old.Pos == p {
			return // one error per place: the first says what is wrong
		}
	}
	e.List = append(e.List, &Error{Pos: p, Msg: fmt.Sprintf(format, a...)})
	if len(e.List) >= maxErrors {
		panic(Bail{})
	}
}

// Err is the errors found, in source order, or nil.
func (e *Errs) Err() error {
	if len(e.List) == 0 {
		return nil
	}
	slices.SortStableFunc(e.List, func(a, b *Error) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	return e.List
}

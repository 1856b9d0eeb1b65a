package lang

import "lockstep/primitives/lang/syntax"

// A source's errors are package syntax's, whichever part of the compiler
// finds them: each at a line and column.
type (
	// Pos is a place in a source: a 1-based line and column.
	Pos = syntax.Pos
	// An Error is one problem with a source, at a place in it.
	Error = syntax.Error
	// ErrorList is every problem found, in source order: what Compile
	// returns when a source does not compile.
	ErrorList = syntax.ErrorList
)

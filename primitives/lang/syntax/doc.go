// Package syntax reads the source of a primitive written in Lockstep's
// language (see package lang for the language): the lexer (lex.go), the
// parser (parse*.go) and the syntax tree it builds (ast.go), the type
// names a source may write (types.go), and the errors of a source, each
// at its line and column, that every part of the compiler reports
// (errors.go).
//
// Parse never panics on its input and bounds what it reads: nesting is
// limited, and a compilation stops after a few errors (Errs.Add panics
// with Bail, which package lang's Compile recovers). What a tree means,
// its types, steps and labels, is package lang's.
//
// It imports the standard library only; package lang and its packages
// graph and word import it.
package syntax

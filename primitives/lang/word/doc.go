// Package word is what the values of a written primitive are: machine
// words of the language's types (see package lang for the language). A
// Value is a lowered expression: how to compute its word during a step,
// its type, how many shared-memory accesses computing it makes, and its
// word when it is a constant. Norm wraps a word to its type, Common is
// the type of arithmetic on two, Kind is the kind of cell a field of a
// type is, and Pair, Count and Head make and split a count-and-head word.
//
// The operators (Convert, Cast, Cond, Not, Unary, Logic, Compare, Arith
// and Choose) check their operands' types, report what is wrong at its
// place in the source, and fold what is made of constants into a
// constant. A division by zero that only a running step finds panics
// with a RuntimeError, which ends the run with a panic. Which names a
// source declares, where a value is read from and what a step is are
// package lang's.
//
// It imports the standard library, package primitives (the Mem a value
// is computed on, the kinds of fields) and package syntax (the types, and
// the errors at their places in the source); package lang alone imports
// it.
package word

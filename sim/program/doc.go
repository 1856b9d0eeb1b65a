// Package program declares what a run of the step machine is made of: a
// Program (the memory layout of objects and cells, the threads, the
// coroutines with their scripts, the operations their scripts call), and
// the words, memory orders and cell kinds it is written in.
//
// A Program never changes once built (Layout builds its memory), and any
// number of machines may run it at once. An operation's steps are Go code,
// Op.Code, written against Exec: the machine as one coroutine sees it
// during one step. The machine (lockstep/sim) implements Exec; the
// primitives declare the same methods as their own interface, so that
// neither imports the other.
//
// # Imports
//
// The standard library only. Everything under lockstep/sim builds on it;
// it knows nothing of machines, runs or searches.
package program

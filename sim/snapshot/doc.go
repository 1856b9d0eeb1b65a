// Package snapshot shows a machine's state between two steps in symbolic
// form: every cell with its value as the program names it ("&W1.awaiter",
// "nolocked(1)"), the intrusive waiter lists, each thread's stack and run
// queue, and each coroutine's status, operation and label. The views, the
// command line's traces and the tests read it.
//
// It reads a machine only through the machine's read-only views
// (lockstep/sim's view.go: Memory, ObjectLive, Stack, Queue, Coroutine
// and PeekFunc) and never performs a step.
//
// # Imports
//
// The standard library, lockstep/sim and the packages below it only.
package snapshot

// Package hb is the race detector of a machine: happens-before between
// the steps of its threads, computed with vector clocks from the memory
// orders the steps actually use, and the data races and missing releases
// it reveals.
//
// The rules:
//
//   - every step ticks the stepping thread's own clock component (Tick);
//   - an acquire access to an atomic cell joins the clock the cell's
//     release sequence carries into the thread's clock (Acquire);
//   - a release store replaces that clock with the thread's; a release
//     read-modify-write joins into it (it continues the release sequence
//     and heads its own); a relaxed store ends the sequence; a relaxed
//     read-modify-write leaves it as it is (Write);
//   - a wakeup through a run queue or a semaphore hands the waker's clock
//     to the thread that resumes the coroutine (HandWake, AcquireWake).
//
// A plain read races with the last write to its cell unless the write
// happens before it; a plain write races with the last write and with
// every read since, unless they happen before it (PlainRead, PlainWrite).
// Race explains a race as an outcome, naming the write that lacked a
// release when there is one.
//
// A State is one machine's: not safe for concurrent use. CopyFrom lets
// searches copy it cheaply (the last accesses, its largest part, are
// shared until written). Its views (Clocks, LastWrites, LastReads) alias
// it and hold until it next changes.
//
// # Imports
//
// The standard library and the program's and outcomes' vocabularies
// (lockstep/sim/program, lockstep/sim/outcome); the machine imports hb,
// never the reverse.
package hb

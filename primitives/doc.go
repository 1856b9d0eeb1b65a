// Package primitives holds Go ports of tinyCoro's synchronization primitives
// (event, latch, wait_group, mutex, when_all), each as written and, where
// it has a bug, fixed, and of Go's sync.WaitGroup and the litmus tests of
// weak memory, written to run one step at a time on a simulated machine.
// The condition_variable and the channel, built on the mutex, are in
// lockstep/primitives/composed; this package exports the mutex's steps
// they reuse (LockMutexThen, UnlockMutex...) and holds the one table of
// labels of every algorithm.
//
// # How a primitive is written
//
// An operation of a primitive (wait, done, set, lock...) is a step function:
// each call performs exactly one step of the operation, the one named by
// [Mem.PC], and says where to go next ([Mem.Goto], [Mem.Suspend],
// [Mem.Return]). A step is one labelled action of the algorithm (the labels
// of the digest: E1..E9, S0..S4, G1..G7, A1, D1..D4, M1..M5, U1..U6) and makes
// exactly one access to shared memory: an atomic operation with its memory
// order(s), one plain read or write of a shared field, or one call into the
// runtime (submit_task, a semaphore). Decisions taken on local values belong
// to the step whose access produced them, so no step is empty.
//
// All state lives in the machine: shared cells are addressed by [Word]
// addresses, and the operation's locals live in the coroutine's frame
// ([Mem.Local], [Mem.SetLocal]). Step functions keep nothing in Go variables
// between calls, which is what lets the machine clone, hash and replay them.
//
// This package depends on the standard library only. It declares the memory
// it runs on as the [Mem] interface, written with builtin types only, so the
// simulator satisfies it without either package importing the other.
//
// It imports the standard library only: not sim, scenarios or anything of
// the site (deps_test.go at the module root checks it).
package primitives

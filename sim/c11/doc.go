// Package c11 keeps the state of the c11 memory model for one run of the
// step machine: per cell, its modification order (every write, oldest
// first) and who saw which write at what clock. From those it says which
// writes a read may return and the places a store may take, records the
// step's choice and the stale reads, keeps the execution graph that
// RC11's SC axiom is checked on, and writes the state in the canonical
// form a search keys (Key).
//
// # The model
//
// Under sc (the default) every read sees the latest write. Under c11 the
// model is RC11 (Lahav, Vafeiadis, Kang, Hur and Dreyer, "Repairing
// Sequential Consistency in C/C++11", PLDI 2017) with C++20's release
// sequences (a release write and the read-modify-writes that read from
// it, transitively; no longer the same thread's later writes). A run
// builds its execution graph one step at a time, in an order of po ∪ rf,
// and every choice RC11 leaves open is the step's to make:
//
//   - a read (a load, a plain read, a failed compare-and-swap) returns any
//     write coherence allows: none older in its cell's modification order
//     than one its thread has seen, or than one seen by an access that
//     happens before it (write-read and read-read coherence);
//   - a store takes any place in its cell's modification order after the
//     writes its thread has seen (write-write and read-write coherence)
//     that does not split a read-modify-write from the write it read;
//   - a read-modify-write reads any write coherence allows that no other
//     one has read (atomicity), and its write goes just after it;
//   - seq_cst accesses and fences are ordered by RC11's psc, checked on
//     the graph (sc.go), not by the order the steps are performed;
//   - release and acquire fences synchronize through the writes and
//     reads around them, as C++ says.
//
// RC11 forbids po ∪ rf cycles, so a read that returns only writes already
// made loses nothing (no load buffering, no out-of-thin-air values); it
// is prefix-closed and extensible, so checking each step against the
// graph so far keeps exactly its consistent executions. Every behaviour
// a race-free program has under RC11 is some run's, and no run has one it
// forbids. Outside the model: consume (no primitive uses it), mixed-size
// and non-atomic accesses to atomics, spurious failures of a weak CAS
// (modelled as strong: a spurious failure only adds a retry), and what
// follows a data race, which C++ leaves undefined: the race is reported,
// a plain write goes at the end of its cell's order, and of the reads of
// one step (submit_task reads the handle, then the context) only the
// first may return an older write.
//
// A spinning coroutine (Spin) waits, as GenMC's and loom's await do: its
// re-read returns only a write newer than the one it read, so a loop that
// would read the same write again is one blocked step, and one that waits
// for a write no one will make is a deadlock.
//
// Happens-before is the machine's vector clocks: an acquire that reads a
// write joins the release clock that write carried (its release
// sequence), an acquire fence joins the release clocks of the writes its
// thread's earlier reads returned, and a write after a release fence
// carries that fence's clock.
//
// This package holds the model's state and its rules; the machine
// (lockstep/sim) owns the vector clocks (lockstep/sim/hb) and hands each
// call the clocks it needs, so the two meet only through plain values: a
// thread's clock is its row of the machine's vector clocks, a release
// clock a vector over threads.
//
// A Source names a write, as schedules write it: the one a read returns
// ("S@S3<5", "<init"), the one a store goes just before ("P@STX^2").
//
// # Imports
//
// The standard library and lockstep/sim/program only.
package c11

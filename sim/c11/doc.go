// Package c11 keeps the state of the c11 memory model for one run of the
// step machine: per cell, its modification order (every write, oldest
// first) and who saw which write at what clock. From those it says which
// writes a read may return (coherence and happens-before: a thread may
// not read a write older than one it has seen, or than one seen by a
// thread whose clock its own covers), records the read's choice and the
// stale reads, and writes the state in the canonical form a search keys
// (Key).
//
// # The model
//
// Under sc (the default) every read sees the latest write. Under c11 a
// read may return any write to its cell that coherence and happens-before
// allow, as in RC11 (Lahav et al., PLDI 2017), with these choices, which
// make the model stronger than RC11:
//
//   - writes join a cell's modification order at its end, in the order
//     the steps perform them (so 2+2W's cyclic outcome cannot happen);
//   - a read returns a write that already exists (so load buffering, and
//     out-of-thin-air values, cannot happen);
//   - a read-modify-write and a seq_cst load read the latest write
//     (seq_cst accesses are thus ordered as the steps are performed);
//   - of the reads of one step (submit_task reads the handle, then the
//     context), only the first can be stale.
//
// Happens-before is the machine's vector clocks: an acquire that reads a
// write joins the release clock that write carried (its release
// sequence), not the cell's latest. A thread may not read a write older
// (in modification order) than one it has seen: a write or a read of the
// cell that happens before the read (coherence, write-read and
// read-read).
//
// This package holds the model's state and its rules; the machine
// (lockstep/sim) owns the vector clocks (lockstep/sim/hb) and hands each
// call the clocks it needs, so the two meet only through plain values: a
// thread's clock is its row of the machine's vector clocks, a release
// clock a vector over threads.
//
// A Source names the write a read returns, as schedules write it
// ("S@S3<5", "<init").
//
// # Imports
//
// The standard library and lockstep/sim/program only.
package c11

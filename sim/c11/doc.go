// Package c11 keeps the state of the c11 memory model for one run of the
// step machine: per cell, its modification order (every write, oldest
// first) and who saw which write at what clock. From those it says which
// writes a read may return (coherence and happens-before: a thread may
// not read a write older than one it has seen, or than one seen by a
// thread whose clock its own covers), records the read's choice and the
// stale reads, and writes the state in the canonical form a search keys
// (Key).
//
// The model itself, what it allows and how it is stronger than RC11, is
// described with sim.C11. This package holds its state and its rules; the
// machine (lockstep/sim) owns the vector clocks and hands each call the
// clocks it needs, so the two meet only through plain values: a thread's
// clock is its row of the machine's vector clocks, a release clock a
// vector over threads.
//
// A Source names the write a read returns, as schedules write it
// ("S@S3<5", "<init").
//
// # Imports
//
// The standard library and lockstep/sim/program only.
package c11

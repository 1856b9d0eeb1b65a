// Package rc11 is an axiomatic oracle for small programs under RC11
// (Lahav, Vafeiadis, Kang, Hur, Dreyer, "Repairing Sequential Consistency
// in C/C++11", PLDI 2017): it enumerates every candidate execution graph
// of a straight-line program (every reads-from choice, every modification
// order of every location), keeps those the model calls consistent and
// returns the set of final outcomes, the registers and each location's
// final value.
//
// It is written straight from the paper's definitions, for clarity and
// not speed, so that it can judge an operational engine from outside: it
// imports nothing of Lockstep, and an execution is a set of events with
// relations over them (package-private bitsets), each relation of the
// model one expression over those.
//
// # Programs
//
// A Program is a few threads of straight-line instructions over a few
// atomic locations whose initial values are 0: loads, stores, exchange,
// fetch_add, compare_exchange_strong (whose failure is a plain read with
// its failure order) and fences, each with its memory order, and
// registers, one per read at most, that keep the value the read returned.
// A read-modify-write is two events, its read and its write, related by
// rmw and adjacent in program order, as in the paper; a failed
// compare-exchange is its read alone. A read's mode is its order less the
// release part (acq_rel reads as acquire, release as relaxed), a write's
// its order less the acquire part.
//
// # The model
//
// With po the program order, rf reads-from, mo the modification order of
// each location (the initial write first), fr = rf⁻¹;mo and
// eco = (rf ∪ mo ∪ fr)⁺:
//
//	rs   = [W]; (po|loc)?; [W]; (rf; rmw)*        RC11's release sequence
//	rs   = [W]; (rf; rmw)*                        C++20's (the default)
//	sw   = [E⊒rel]; ([F]; po)?; rs; rf; [R]; (po; [F])?; [E⊒acq]
//	hb   = (po ∪ sw)⁺
//	scb  = po ∪ po|≠loc; hb; po|≠loc ∪ hb|loc ∪ mo ∪ fr
//	psc_base = ([E^sc] ∪ [F^sc]; hb?); scb; ([E^sc] ∪ hb?; [F^sc])
//	psc_F    = [F^sc]; (hb ∪ hb; eco; hb); [F^sc]
//
// and an execution is consistent when hb; eco? is irreflexive
// (coherence), rmw ∩ (fr; mo) is empty (atomicity), psc_base ∪ psc_F is
// acyclic (SC) and po ∪ rf is acyclic (no out-of-thin-air values). Every
// access is atomic, so no execution has a data race. The initial writes
// belong to no thread and are first in their location's mo.
package rc11

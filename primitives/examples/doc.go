// Package examples holds Lockstep's built-in primitives written in its own
// language (package lang), one file per primitive and variant, named
// PRIMITIVE_VARIANT.lsp: wait_group_tinycoro.lsp is tinyCoro's wait_group
// as written, event_fixed.lsp the fixed event. Each means exactly what its
// Go port in package primitives does: a test replays every lesson's
// schedules on both and requires the same traces, and explores both and
// requires the same counts. The spinlocks (spinlock_acq_rel.lsp and the
// relaxed guess, spinlock_relaxed.lsp) are written only here: tinyCoro's
// spinlock, with its spin-wait. They are also where a student starts: the
// lab opens a copy of any of them.
//
// It imports embed only.
package examples

// Package composed holds tinyCoro's primitives that are built from the
// mutex: the condition_variable (cv_awaiter, notify_one, notify_all) and
// the channel (send, recv, close over two condition variables), each as
// written and fixed.
//
// They are written like the primitives of lockstep/primitives, one step
// per call, and reuse its mutex as tinyCoro does: they lock through
// primitives.LockMutexThen, unlock through primitives.UnlockMutex with a
// resume of their own (a cv_awaiter re-checks its predicate), and keep
// their locals in the same frame slots (primitives.LocalHead...). Their
// labels (C1a.., NO1.., SN1.., RC1.., CL1..) belong to the one label table
// of lockstep/primitives, which also holds their texts, so that a step's
// doc is found from its label alone.
//
// It imports the standard library and lockstep/primitives only
// (deps_test.go at the module root checks it).
package composed

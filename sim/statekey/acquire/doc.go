// Package acquire is a search's model of how a program synchronizes,
// which lets a state key leave out parts of the happens-before state that
// make no difference to the rest of a run (lockstep/sim/statekey's Key).
//
// # What it owns
//
// The Model, and the two kinds of fact it answers for: which atomic cells
// are private to one thread (Private), and which cell the steps from a
// label acquire first (Claim). How the key uses them, and the key itself,
// are the statekey package's.
//
// Private atomic cells. An atomic cell that only one thread accesses
// releases only that thread's clocks (its release clock is a join of them,
// or one of them), and only that thread acquires from it, gaining nothing
// its own clock does not already cover. So its release clock never changes
// a clock that matters, and the key does not count it among the clocks
// that may still flow (a context's num_wait counter, for instance).
//
// Acquiring labels. Suppose thread v's next step begins with an acquire of
// atomic cell x (a load, or a read-modify-write that acquires whether it
// succeeds or fails), and no step ever stores to x (a release store would
// replace x's release clock, a relaxed one clear it: without stores it only
// grows). Until that step nobody reads v's clock (only v's own steps do),
// and the step joins x's release clock into it before anything else uses
// it. So whatever x's release clock covers now, v's clock will cover when
// it next matters, and the key counts v as covering it: whether a thread
// learned something by an earlier load of the word it is about to CAS
// makes no difference. A step in between that neither reads nor publishes
// v's clock changes none of this: a compare-and-swap that fails and
// acquires nothing (it reads the latest value, whatever v's clock), or an
// access to a private atomic cell. So a label whose steps either acquire x
// first or make such an access and go on to a label claimed for x is
// claimed for x too (a lock's failed swap, retried by a load of the
// word).
//
// # Learned and checked
//
// Like liveness (the locals package), the model is learned and checked
// (Check): a step from a label the model says acquires x must acquire x
// first, no step may store to a cell a claim uses, and a cell the model
// says is private must not be accessed by a second thread. A step that
// shows the model wrong corrects it, and the search starts again. The
// claims a search uses are those known when it starts (Freeze): one
// learned during a search waits for the next, so that every state of a
// search is keyed alike.
//
// The model must not tell symmetric members apart, or keys would rename
// members into facts that hold of others. So the cells of a group's
// members are private by class (the same cell of every member's frame,
// awaiter or context): private while every access to one of them is by
// its own member's thread. And only cells no member owns are claimed.
//
// # Imports
//
// The standard library, lockstep/sim (the step's access, sim.StepAccess)
// and lockstep/sim/program only; the statekey package imports it, never
// the reverse.
package acquire

// Package statekey identifies a machine state up to what can make a
// difference to the rest of the run, and up to the symmetry of
// interchangeable coroutines: it is how a search knows it has been in a
// state before. Two states with one Key have the same futures: the same
// outcome kinds, after the same numbers of steps, by executions that map
// one to one.
//
// # What it owns
//
// The Key and the Keyer that computes it, from scratch (Keyer.Key) or
// incrementally along a search's path (Keyer.Start, Advance, KeyAt); and
// the Models the key rests on, which a search learns and checks at every
// step it performs (Learn, Models.Step): which locals may still be read
// (liveness, kept by the subpackage locals), how the program synchronizes
// (kept by the subpackage acquire), and which compare and swaps can only
// fail (doomedModel, resting on the subpackage gone's claims about
// count-and-head words); and, for the explore package's partial-order
// reduction only, whether the wait condition ever stops holding and which
// labels' steps access the primitive (openingModel). The search itself, its state cache and what it
// counts are the explore package's.
//
// # Imports
//
// The standard library, lockstep/sim and its own subpackages (locals,
// acquire and gone, which import only the standard library and
// lockstep/sim's packages, never statekey). It reads machines through
// sim's read-only views (Machine.Coroutine, Stack, Queue, Memory, Clocks,
// LastWrites, LastReads, LastAccess...) and never changes one, except to
// step the copies Models.Step is given. It is a package of its own, apart
// from the search, so that each stays within one package's size and the
// key's contract can be read on its own (the explore package's tests
// check it, against keys computed from scratch and against running every
// execution).
//
// # What the key covers
//
//   - every live cell's value (a dead cell cannot be read without a
//     use-after-free, and a reconstructed awaiter is rewritten first), and
//     which objects are alive;
//   - each thread's stack and run queue;
//   - each coroutine's control state: status, operation, label, script
//     position, loop counters, argument, the locals that may still be read
//     (see the locals package), and the detector flags (dropped, registered, the
//     condition held since, lock holder), with the semaphore and lock
//     queues as ranks; a finished coroutine is just "done". A local that
//     holds a stale snapshot of a word, which the coroutine's next step
//     compares and swaps and which can no longer hold it, is written as
//     doomed, not as its value (see doomedModel);
//   - whether a data race has been seen;
//   - happens-before in canonical form. Clock values grow forever, so they
//     are not hashed. A future race check on a plain cell asks whether a
//     thread's clock covers the cell's last write or last reads; every
//     future clock is a join of clocks that exist now (the clocks of the
//     threads that may still move, the atomic cells' release sequences, the
//     wakeups pending in run queues) and of ticks that cover only later
//     accesses. So for each such access the key holds the set of those
//     clocks that cover it, and nothing else of the clocks; an access they
//     all cover can never race and counts as none. Of those clocks, the key
//     leaves out the release clocks of atomic cells private to one thread,
//     and counts a thread that will acquire from a cell before its clock is
//     next read or published as covering what that cell's release clock
//     covers (see the acquire package).
//
// What it leaves out: the step count, the step at which a wait registered
// and anything else kept only for messages, and the step limit (a search
// reports a run that can go on forever as step-limit). The sim package's
// tests list every field of a machine and what the key does with it.
//
// # Symmetry
//
// The coroutines of a group (sim.CoroutineSpec.Group) run one script from
// one start, each on a thread of its own. Renaming members, with their
// threads, frames, awaiters and contexts, maps runs to runs. The key is the
// encoding of the state after one such renaming, chosen by sorting the
// members on a signature of their own state (the hash of their block, see
// memberBlock, then their place in the primitive's waiter lists), so
// symmetric states usually get one key. Soundness does not rest on the
// sort: the key encodes the whole renamed state, so two states with one key
// are each a renaming of the same state.
//
// Renaming must rewrite every stored address of a renamed object. Cells say
// what they hold: Pointer, Handle and Context cells hold addresses, the low
// half of a PairCountHead cell does. A local is typed by the cell its step
// accessed before setting it (sim.Exec.SetLocal), which holds for the
// primitives as written: a step that loads a pointer keeps a pointer. A
// local set before any access is untyped, and a member whose address it
// might hold (either 32-bit half equals one of its cells' addresses) is
// pinned: the state is keyed with that member left where it is. A number
// that happens to look like an address only pins a member needlessly.
//
// # Encoding
//
// The encoding writes what no member owns as it is, renamed; each member,
// in canonical order, as the 128-bit hash of its block and the members the
// block names, renamed (see memberBlock); and the happens-before state (see
// encodeAccesses). The key is a 128-bit hash of that encoding (a search's
// cache may keep fewer bits of it). Two different states share a key only
// through a hash collision, with a probability of about 2^-128 per pair of
// states.
//
// A search computes keys incrementally along its path (see keyCache): a
// step changes the blocks of a few members and the coverage of a few
// accesses, and the rest carries over from the state before it. The key is
// the same as computed from scratch, which the explore package's tests
// check after every step of whole searches.
package statekey

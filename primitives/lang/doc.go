// Package lang compiles primitives written in Lockstep's own small,
// C++-flavoured language into the step functions the built-in primitives
// are: a written primitive implements [primitives.Primitive] (and
// [primitives.Labeled]), so it runs wherever a Go port runs.
//
// The package lives under primitives because what it makes is a
// primitive: it depends on package primitives (the Mem a step runs on, the
// Primitive it implements), on its own three packages and on the
// standard library only, and knows nothing of lessons, the machine or
// HTTP. Package syntax reads a source into a syntax tree and holds the
// errors, each at its line and column; this package checks the tree and
// lowers each operation into a graph of nodes, package graph's, which
// also runs a step over one. The values an expression lowers to, machine
// words of the declared types, and the operators on them (their types
// checked, constants folded) are package word's. Package scenarios puts a
// written primitive into a lesson, as it does a Go port.
//
// # A primitive
//
//	primitive wait_group(int32 count = 0) {
//	    atomic<int32> m_count = count;
//	    atomic<void*> m_state = nullptr;
//
//	    open: m_count == 0;
//	    list m_state;
//
//	    [[awaiter, waiting]] void wait() {
//	    G1: awaiter->m_await_coro = handle;      // await_suspend: m_await_coro = h
//	    G2: register_wait();
//	        while (true) {
//	    G3:     if (m_count.load(acquire) == 0) break;
//	    G4:     auto head = m_state.load(acquire);
//	    G5:     awaiter->m_next = head;
//	    G6:     if (m_state.compare_exchange_weak(head, awaiter, acq_rel, relaxed)) {
//	                suspend;
//	                break;
//	            }
//	        }
//	    G7: unregister_wait();
//	    }
//	    ...
//	}
//
// The parameters (int32, int64, uint32, uint64, bool or memory_order, with
// defaults) are what a lesson's init sets ("count", "set") and its value
// flag ("value").
// Fields are atomic<T> or plain T, T one of int32, int64, uint32, void*
// (awaiter* is the same), pair (a count and a head in one word) and
// go_state (Go's WaitGroup word); an initial value is a constant or the
// field's own address (this, for the first field); [[show(VALUE,
// "name")]] names a value on the stage; `if (PARAM)` before a field or an
// operation makes it exist only when the condition holds. `const T NAME =
// VALUE;` names a constant. The facts tell the detectors and the stage
// what the state means: `open: COND;` is a wait's condition (a lock's is
// `free: COND;`), with `as "text"` for the words; `list NAME [: HEAD];` is
// a waiter list to draw.
//
// An operation is `[[attributes]] void NAME([T ARG]) { ... }`, T an
// integer type or memory_order. Its attributes: awaiter (co_await
// constructs an awaiter node in the caller's frame; the operation reads
// it as `awaiter`), and one role for the detectors, waiting, lock or
// unlock. `private` operations are only called by others; a call is
// inlined.
//
// Statements are C++'s: locals (`auto x = ...;`, `void* p;`), =, +=, -=,
// if/else, while, do/while, for (;;), break, continue, return; and
// `suspend;` (await_suspend returned true: park until resumed), `panic("...")`,
// `registered();` (Go's Wait linearized before it parks),
// `sem_acquire(f);` (park on a semaphore until a permit comes), and
// `atomic_thread_fence(ORDER);` (std::atomic_thread_fence, any of the
// five orders): a step of its own that touches no cell, labelled like any
// other (`F1: atomic_thread_fence(release);`). An instance that has a
// fence says so in its facts (Facts.Fences), which the machine needs to
// keep each thread's fence clocks.
//
// Expressions are C++'s, on machine words of the declared types, with
// pair(count, head), p.count and p.head, and the conversions int32(x) and
// (int32)x. What touches shared memory: an atomic field's load, store,
// exchange, fetch_add, fetch_sub, compare_exchange_weak and
// compare_exchange_strong, with memory orders (seq_cst when left out; a
// CAS with one order fails with that order less its release part, and a
// failed CAS writes what it saw into expected when that is a local); a
// plain field read by name or written with =; an awaiter's m_next,
// m_await_coro and m_ctx through a pointer (p->m_next); p->resume()
// (submit_task); register_wait(), unregister_wait(), sem_release(f).
//
// # Spin-waits
//
// A spin-wait is a loop whose whole body is `spin;`:
//
//	L2: while (m_lock.load(relaxed) != 0) spin;          // wait until the lock looks free
//	L3: while (!m_lock.compare_exchange_weak(0, 1, acquire, relaxed)) spin;
//
// It only re-reads one atomic cell until another thread writes it, and is
// one step, the condition's access: when the condition holds, the step
// tells the machine it spins on the value it read (Mem.Spin) and is
// performed again, which the machine lets happen only once the cell has a
// newer write; else the operation goes on after the loop. So a thread
// that waits for a write nobody makes is stuck, not running forever, and
// a search of a spinlock ends. The condition makes exactly one access: a
// load, or a compare_exchange the loop repeats while it fails (written
// `!x.compare_exchange_...(...)`, with an expected value that is not a
// local, since a failed one would overwrite it); besides, it reads only
// locals, parameters and constants, which the loop cannot change.
//
// # Memory orders as values
//
// A memory order is a value of type memory_order (std::memory_order), with
// the five constants. A parameter of the primitive or an operation's
// argument may be one, and goes wherever an order does:
//
//	primitive mp(memory_order rel = release) {
//	    ...
//	    void store_y(memory_order o) { STY: y.store(1, o); }
//	    void publish() { PX: x.store(1, relaxed); F: atomic_thread_fence(rel); PY: y.store(1, relaxed); }
//	}
//
// so an operation whose order a lesson chooses is one step, not a branch
// to two accesses. A lesson's script passes the argument in words
// (`store_y release`), and its init sets a parameter in words ("rel":
// "release"); a memory_order parameter without a default is seq_cst.
// Orders are compared with == and != only, and are no integers: an int
// is not an order, nor an order a value to store. The orders an
// operation may take are checked where they are known: a parameter's when
// the lesson instantiates the primitive (a load cannot be release, a
// CAS's failure order cannot be release or acq_rel), the argument's when
// the script is compiled (the operation's ArgNames are the orders every
// use of it allows), an order chosen by an expression when the step runs,
// as a runtime error. A CAS given one order that is a value fails with
// that order less its release part, as with a constant.
//
// # Steps
//
// Every statement that touches shared memory is exactly one step, as in
// the Go ports, and has a label: the one written before it (`G3:`), or
// OPERATION.N, numbered in source order. Its doc is the comment on its
// line. A step runs its access, then the local statements after it (the
// decisions taken on what it read), up to the next access, a suspend or
// the end of the operation. Local statements before an operation's first
// access, or after a suspend, run with that access; there they may not
// branch to different accesses, since a step's label is known before it
// runs. So a statement touches shared memory at most once, and never in a
// part that may not run (the right of && or ||, a side of ?:). A step that
// runs MaxLocalSteps statements without reaching its next access ends the
// run with a panic that names the loop.
//
// Locals live in the coroutine's frame, 4 slots, as the Go ports' do: at
// most MaxLocals are in scope at once. Nothing is kept in Go variables
// between steps, so the machine can clone, hash and replay a written
// primitive as it does a Go port.
//
// # Errors and bounds
//
// Compile reports every error with its line and column (an ErrorList).
// Sources, fields, operations, labels and the graph after inlining are
// bounded (see the Max constants); nothing a source holds makes Compile
// or a step panic or run long.
package lang

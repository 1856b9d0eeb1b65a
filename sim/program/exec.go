package program

// Exec is the machine as the running coroutine sees it during one step:
// what an Op's Code may do. The machine (lockstep/sim) implements it.
//
// Each method of the first three groups is the step's single access to
// shared memory or to the runtime: calling two of them in one step is a
// bug in the operation, which the machine reports. The other methods touch
// only the coroutine's frame or its control flow and cost no step.
type Exec interface {
	// Atomic accesses, with their C++ memory orders.
	Load(addr Word, o Order) Word
	Store(addr Word, v Word, o Order)
	Exchange(addr Word, v Word, o Order) (old Word) // returns the old value
	// CompareAndSwap is compare_exchange_strong: it returns the value it
	// observed and whether it stored v.
	CompareAndSwap(addr Word, old, v Word, success, failure Order) (observed Word, ok bool)
	FetchAdd(addr Word, delta Word, o Order) (old Word) // adds delta, returns the old value

	// Fence is atomic_thread_fence(o): a step that touches no cell. A
	// release fence makes the thread's later atomic writes carry what it
	// has seen until then; an acquire fence joins what the atomic writes
	// its earlier reads returned carried; a seq_cst fence is also ordered
	// with the other seq_cst fences and accesses (see package c11). A
	// program that runs one declares it (Program.Fences).
	Fence(o Order)

	// Plain (non-atomic) accesses to shared fields, checked for use after
	// free and for data races.
	Read(addr Word) Word
	Write(addr Word, v Word)

	// The runtime. Submit is a context's submit_task of the coroutine
	// whose awaiter is at node; Spawn starts the first coroutine not yet
	// started of the n from index first (submit_to_context, go f());
	// Destroy frees the frame of handle h (coroutine_handle::destroy());
	// SemAcquire takes a permit of the semaphore at addr or queues the
	// coroutine on it (and returns true); SemRelease hands a permit to the
	// oldest coroutine queued on it, or banks it.
	Submit(node Word)
	Spawn(first, n int)
	Destroy(h Word)
	SemAcquire(addr Word) bool
	SemRelease(addr Word)

	// Control flow. PC is the label of the step being performed; Goto
	// continues at pc in a later step; Suspend parks the coroutine, which
	// continues at pc when resumed; Return ends the operation; Result
	// sets what it returns to the script (for an "if" that tests it).
	PC() int
	Goto(pc int)
	Suspend(pc int)
	Return()
	Result(ok bool)

	// The awaiter and the wait. BeginAwait constructs the coroutine's
	// awaiter for a co_await inside the operation (m_next = nullptr,
	// m_await_coro = null, m_ctx = local_context(), the next fields from
	// init), EndAwait ends its lifetime. Suspending says await_suspend has
	// made the awaiter reachable while it goes on: a waker may resume the
	// coroutine from this step on. Registered marks the step at which the
	// wait linearized, when that is before it parks. Spin says the next
	// step only re-reads the cell at addr, which it has just seen hold
	// seen: the thread cannot move until another one changes the cell.
	BeginAwait(init ...Word)
	EndAwait()
	Suspending()
	Registered()
	Spin(addr, seen Word)

	// Findings. Assert ends the run with a failed assertion of the
	// primitive's own (msg says what failed); Panic with a Go panic.
	Assert(msg string)
	Panic(msg string)

	// The frame. Local and SetLocal read and write the operation's local
	// slot i (below NumLocals); Arg is the operation's argument; Awaiter
	// the address of the coroutine's awaiter node, Handle its handle, and
	// Context the context its awaiter captured (m_ctx), or without a live
	// awaiter the context it runs on now.
	Local(i int) Word
	SetLocal(i int, v Word)
	Arg() Word
	Awaiter() Word
	Handle() Word
	Context() Word
}

package primitives

// Word is the content of one memory cell: an integer, a pointer (an address),
// a coroutine handle or a packed pair, as the cell's declaration says.
type Word = uint64

// Order is a C++ memory order (std::memory_order).
type Order = uint8

// The memory orders, with the values the simulator uses.
const (
	Relaxed Order = iota
	Acquire
	Release
	AcqRel
	SeqCst
)

// Null is nullptr.
const Null Word = 0

// Awaiter field offsets. Every awaiter node, whatever the primitive, is laid
// out like tinyCoro's awaiters: the intrusive link, the coroutine handle to
// resume and the context the awaiter captured when it was constructed.
const (
	Next      Word = 0 // m_next: the next awaiter in the intrusive stack
	AwaitCoro Word = 1 // m_await_coro: the handle of the suspended coroutine
	Ctx       Word = 2 // m_ctx: the context to resume on (set at construction)

	AwaiterSize = 3
)

// NumWait is the offset of a context's num_wait counter (m_num_wait_task),
// the atomic that register_wait and unregister_wait change.
const NumWait Word = 0

// Mem is the machine as one coroutine sees it during one step.
//
// Each method in the first two groups is the single shared-memory access of a
// step: calling two of them in one step, or none, is a programming error that
// the simulator reports. The other methods touch only the coroutine's own
// frame or control flow and cost no step.
type Mem interface {
	// Atomic operations. Addresses name atomic cells.
	Load(addr Word, o Order) Word
	Store(addr Word, v Word, o Order)
	Exchange(addr Word, v Word, o Order) (old Word)
	// CompareAndSwap is compare_exchange_strong: it returns the value it
	// observed and whether it stored v. Weak CAS is modelled as strong: a
	// spurious failure only adds a retry.
	CompareAndSwap(addr Word, old, v Word, success, failure Order) (observed Word, ok bool)
	// FetchAdd adds delta (two's complement) and returns the old value,
	// wrapped to the cell's width.
	FetchAdd(addr Word, delta Word, o Order) (old Word)

	// Fence is std::atomic_thread_fence(o), a step of its own that touches
	// no cell. A primitive whose steps may fence says so (Facts.Fences).
	Fence(o Order)

	// Plain (non-atomic) accesses to shared fields. They are checked for
	// use-after-free and for data races.
	Read(addr Word) Word
	Write(addr Word, v Word)

	// Submit is node->m_ctx.submit_task(node->m_await_coro): it reads the
	// awaiter's context and handle and hands the coroutine back to that
	// context (queued, run inline, or dropped, as the scenario says). The
	// node must not be read after this step unless its owner is known to be
	// still suspended.
	Submit(node Word)
	// Spawn starts a new coroutine, as submit_to_context(task) does with a
	// task just created, or Go's go f(): the first of the n coroutines from
	// index first (declared spawned) that has not started. Its frame is
	// created and it is queued on its context, with everything the caller
	// did before the spawn visible to it.
	Spawn(first, n int)
	// Destroy is coroutine_handle::destroy() on handle h: the frame of
	// h's coroutine is freed, whether or not that coroutine has finished
	// with it.
	Destroy(h Word)
	// SemAcquire is Go's runtime_Semacquire on a counting semaphore: it takes
	// a permit if there is one and returns false, or queues the goroutine on
	// the semaphore and returns true, in which case the step must Suspend.
	SemAcquire(addr Word) (park bool)
	// SemRelease is runtime_Semrelease: it hands a permit to the oldest
	// goroutine queued on the semaphore, or banks it.
	SemRelease(addr Word)

	// PC is the label of the step to perform.
	PC() int
	// Goto continues the operation at label pc in a later step.
	Goto(pc int)
	// Suspend parks the coroutine (await_suspend returned true). When it is
	// resumed, the operation continues at label pc.
	Suspend(pc int)
	// Return ends the operation; the coroutine's script goes on.
	Return()
	// Panic ends the run with Go's panic message msg.
	Panic(msg string)
	// Assert ends the run with a failed assertion of the primitive's own
	// (tinyCoro's assert()); msg says what failed.
	Assert(msg string)
	// Registered marks the step at which a wait linearized, when that is
	// before the step that parks (Go's Wait: its CAS, then the
	// semaphore). A release is premature unless the wait condition held
	// after it. Without it, the park is the registration.
	Registered()

	// Result sets what the operation returns to the script (try_lock,
	// a channel's send and recv), which "if op { ... }" tests.
	Result(ok bool)
	// BeginAwait constructs the awaiter for a co_await inside an operation
	// that does not construct one on entry (a channel's send awaits the
	// lock, then a condition variable): m_next = nullptr, m_await_coro =
	// null, m_ctx = local_context(), then the fields after them from init.
	// EndAwait ends its lifetime, at the end of await_resume.
	BeginAwait(init ...Word)
	EndAwait()
	// Suspending says that await_suspend has made the awaiter reachable
	// and goes on before it returns true (Suspend): a waker may resume the
	// coroutine from this step on, which queues it while it still runs.
	Suspending()

	// Spin says the next step is a spin loop that only re-reads the cell
	// at addr, which the step has just seen hold seen (a spinlock held by
	// another thread): the thread waits until another thread changes it.
	Spin(addr, seen Word)

	// Local and SetLocal access the operation's locals (slots 0..5).
	Local(i int) Word
	SetLocal(i int, v Word)
	// Arg is the operation's argument (add n, set v).
	Arg() Word
	// Awaiter is the address of the awaiter node in the coroutine's frame.
	Awaiter() Word
	// Handle is the coroutine's own handle (std::coroutine_handle).
	Handle() Word
	// Context is the address of the context the coroutine belongs to
	// (local_context(), captured as the awaiter's m_ctx).
	Context() Word
}

package primitives

// A Primitive is one variant of a synchronization primitive: an object in
// simulated memory and the operations coroutines call on it.
type Primitive interface {
	// Fields are the object's members, in memory order.
	Fields() []Field
	// Bind tells the primitive the address of its first field. It is
	// called once, before any operation runs.
	Bind(base Word)
	// Ops are the operations a scenario's scripts may call.
	Ops() []Operation
	// Facts describe the primitive's state to detectors and views.
	Facts() Facts
}

// FieldKind says how a field's word is read and shown.
type FieldKind uint8

// The field kinds.
const (
	Int32 FieldKind = iota
	Int64
	Uint32
	Pointer
	PairCountHead // count int32 in the high half, head address in the low half
	GoState       // Go's WaitGroup state: counter high, waiter count low
)

// A Field is one member of a primitive's object.
type Field struct {
	// Object names the object the field belongs to when a primitive is
	// several objects in a row (a condition variable, its mutex and the
	// data they guard): consecutive fields with the same Object make one.
	// "" is the primitive's own object.
	Object string
	Name   string
	Kind   FieldKind
	Atomic bool
	Init   Word
	// Names shows these values by name ("nolocked(1)").
	Names map[Word]string
	// Self is the name shown when the field holds its own address: the
	// address of an event's m_state is the event_base's `this`, its "set"
	// sentinel ("set(this)"); "" for none.
	Self string
	// InitSelf starts the field holding its own address (Init is ignored):
	// an event constructed already set, a latch constructed with count 0.
	InitSelf bool
}

// Role tells the detectors what an operation means.
type Role uint8

// The roles.
const (
	Plain   Role = iota
	Lock         // when it returns, the caller holds the lock
	Unlock       // when it starts, the caller gives the lock up
	Waiting      // a wait: a release must come after the condition held
	TryLock      // when it returns true (Mem.Result), the caller holds the lock
	Relock       // it gives the lock up when it starts and holds it again when it returns
)

// An Operation is a step function a script can call by Name.
type Operation struct {
	Name string
	// Entry is the label of the first step.
	Entry int
	// Awaits says the operation constructs an awaiter in the caller's frame
	// (co_await prim.wait()); it lives until the operation returns.
	Awaits bool
	// AwaiterInit are the values the awaiter's constructor gives the
	// fields a primitive adds after the three every awaiter has (see
	// AwaiterFielder).
	AwaiterInit []Word
	Role        Role
	// HasArg says the script passes an argument (add 2, set 42).
	HasArg bool
	// ArgNames, when set, are the words a script writes for the argument
	// in place of a number, by value: ArgNames[v] passes v, and "" is no
	// word (a memory order's: store release passes 2).
	ArgNames []string
	// Returns says the operation returns whether it succeeded
	// (Mem.Result), which a script tests with "if try_lock { ... }".
	Returns bool
	Step    func(m Mem)
	// Lines are the operation's algorithm, one line per label its steps
	// can have, in reading order.
	Lines []Line
	// Pointers are the locals that hold pointers into a waiter list, for
	// the views to draw as arrows while they live.
	Pointers []ListPointer
}

// A ListPointer is a local of an operation that points into a waiter list:
// done()'s head walking the stack it took, unlock's next.
type ListPointer struct {
	Slot   int    // its Mem.Local slot
	Name   string // its name in the code
	Labels []int  // the labels at which its value is still to be used
}

// An AwaiterFielder is a primitive whose awaiters have fields of their
// own after m_next, m_await_coro and m_ctx (a condition variable's
// awaiter derives from the mutex's and adds a predicate).
type AwaiterFielder interface {
	AwaiterFields() []Field
}

// A Parent is a primitive whose operations start child coroutines and may
// own their frames (when_all): the coroutines a lesson declares spawned
// are its children.
type Parent interface {
	// BindChildren gives the children's handles, in declaration order,
	// before any operation runs.
	BindChildren(handles []Word)
	// OwnsChildFrames says a child's frame outlives the child, suspended
	// at its final suspend point, until the parent destroys it.
	OwnsChildFrames() bool
}

// A Guard is an RAII guard a script writes as a block, "lock_guard { cs
// }": Enter is the operation that opens it ("" for none) and Exit the one
// its destructor calls at the end of the block.
type Guard struct {
	Name, Enter, Exit string
}

// A Guarder is a primitive with guards.
type Guarder interface {
	Guards() []Guard
}

// Peek reads a cell without performing a step.
type Peek = func(addr Word) Word

// Facts describe a primitive's state.
type Facts struct {
	// Open reports whether the wait condition holds; nil for a lock.
	Open func(Peek) bool
	// Free reports whether a lock is free; nil for the others.
	Free func(Peek) bool
	// Condition says in words what Open or Free checks, or, with Waits,
	// what the waiters wait for.
	Condition string
	// Waits, for a primitive whose waiters wait for different things (a
	// channel's senders for room, its receivers for an item, both for the
	// lock), says what the waiter whose awaiter node begins at awaiter
	// waits for, in words, and whether it holds; nil when Open or Free
	// speak for every waiter.
	Waits func(p Peek, awaiter Word) (cond string, holds bool)
	// Lists are the intrusive waiter lists.
	Lists []List
	// Fences says the primitive's steps may run atomic_thread_fence
	// (Mem.Fence): the machine then keeps each thread's fence clocks.
	Fences bool
	// SeqCst says the primitive's steps may be seq_cst (an access or a
	// fence): under c11 the machine then keeps the execution graph that
	// RC11's SC axiom is checked on.
	SeqCst bool
}

// A List is an intrusive awaiter list, linked by m_next.
type List struct {
	Name string
	Head func(Peek) Word
}

// neg is -n as a word, for FetchAdd.
func neg(n int64) Word { return Word(-n) }

package program

import "fmt"

// A Program is a compiled scenario: memory layout, threads, coroutines and
// the operations their scripts call. It is immutable once built and may be
// shared by any number of machines.
type Program struct {
	// Cells is the memory, indexed by address. Addresses below FirstAddress
	// are reserved (nullptr, the mutex's nolocked(1)...) and have no object.
	Cells   []Cell
	Objects []Object

	Threads    []ThreadSpec
	Coroutines []CoroutineSpec
	Ops        []Op

	// Engine bounds the contexts' run queues as engine::submit_task does
	// (spec §1.2); nil: a submit always finds room in the queue.
	Engine *Engine
	// Facts describes the primitive to the detectors and the views.
	Facts Facts
	// FIFO asks the detectors to check that a lock is granted to parked
	// waiters in the order they queued.
	FIFO bool
	// StepLimit bounds a run; 0 means DefaultStepLimit.
	StepLimit int
	// LabelName names a step label (the digest's E1, G4...).
	LabelName func(pc int) string
	// LabelDoc says what the step at a label does.
	LabelDoc func(pc int) string
	// LabelLoc says where the step at a label is written, for steps that
	// are not Go code (a primitive written in Lockstep's language). When
	// it is nil or says false, the machine finds the location in the
	// running Go code.
	LabelLoc func(pc int) (Location, bool)

	atomics int // number of atomic cells (each has a Slot)
	plains  int // number of plain cells (each has a Slot)
}

// Bounds of a coroutine's control state.
const (
	MaxLoops  = 2 // loop nesting a script may use
	NumLocals = 6 // locals an operation may use
)

// Location is a place in the source of a primitive.
type Location struct {
	File     string // base name, "waitgroup_tinycoro.go"
	Line     int
	Function string
}

// FirstAddress is the lowest address an object may have.
const FirstAddress Word = 16

// DefaultStepLimit bounds runs whose program sets no limit.
const DefaultStepLimit = 5000

// A Cell is one word of memory.
type Cell struct {
	Name   string // "wg.m_state", "W1.awaiter.m_next"
	Kind   CellKind
	Atomic bool
	// Names are sentinel values shown by name: "set(this)", "nolocked(1)".
	Names  map[Word]string
	Init   Word
	Object int // index into Program.Objects; -1 for reserved addresses
	Slot   int // index among the atomic or among the plain cells
}

// ObjectKind says what an object is.
type ObjectKind uint8

// The object kinds.
const (
	PrimitiveObject ObjectKind = iota // the event, wait_group, mutex...
	ContextObject                     // a context: its num_wait counter
	FrameObject                       // a coroutine frame (its handle points here)
	AwaiterObject                     // the awaiter node inside a frame
	DataObject                        // shared data a script touches
)

// An Object is a named range of cells with a lifetime.
type Object struct {
	Name string
	Kind ObjectKind
	Base Word
	Size Word
	// Coroutine owns a frame or awaiter object; -1 for the others.
	Coroutine int
	// Owner is the name of the owning coroutine or thread.
	Owner string
}

// ThreadSpec is one context and its worker thread.
type ThreadSpec struct {
	Name    string
	Context Word // address of the context object
}

// CoroutineSpec is one coroutine: where it runs and what it does.
type CoroutineSpec struct {
	Name    string
	Thread  int
	Frame   Word // the handle: address of the frame object
	Awaiter Word // address of the awaiter object inside the frame
	Script  []Instr
	// Group names the coroutines that run the same script from the same
	// start; members of one group are interchangeable.
	Group string
	// Spawned says the coroutine does not exist at the start: another
	// one starts it (Exec.Spawn), as go f() or submit_to_context does.
	Spawned bool
	// OwnedFrame says another coroutine owns the frame: it outlives the
	// coroutine's end (suspended at its final suspend point) until the
	// owner destroys it (Exec.Destroy), as when_all's children's frames.
	OwnedFrame bool
}

// InstrKind says what a script instruction does.
type InstrKind uint8

// The instruction kinds.
const (
	Call      InstrKind = iota // run Ops[Op] with Arg
	Repeat                     // start a loop of Arg iterations, counted in loop slot Op
	EndLoop                    // go back to instruction Arg while loop slot Op has iterations left
	JumpIfNot                  // go to instruction Arg if the call just returned false (see Exec.Result)
	Jump                       // go to instruction Arg
)

// Instr is one instruction of a coroutine's script.
type Instr struct {
	Kind InstrKind
	Op   int
	Arg  Word
}

// OpRole tells the detectors what an operation means.
type OpRole uint8

// The roles.
const (
	Plain   OpRole = iota
	Lock           // on return, the coroutine holds the lock
	Unlock         // on entry, the coroutine gives the lock up
	Waiting        // a wait whose release is checked against Facts.Open
	TryLock        // on return, the coroutine holds the lock if the operation's result is true
	Relock         // on entry it gives the lock up, on return it holds it again (a condition variable's wait)
)

// An Op is one operation a script may call: a step function and its entry
// label.
type Op struct {
	Name  string
	Entry int
	// Awaits says the operation constructs an awaiter in the coroutine's
	// frame on entry (m_next = nullptr, m_await_coro = null, m_ctx =
	// local_context()); it lives until the operation returns.
	Awaits bool
	// AwaiterInit are the values the constructor gives the awaiter's
	// fields after the first three (a virtual awaiter's kind, a
	// predicate); the rest start at zero.
	AwaiterInit []Word
	Role        OpRole
	// Code performs the step at x.PC().
	Code func(x Exec)
	// Lines are the operation's algorithm as the views show it, one line
	// per label, in reading order.
	Lines []Line
	// Pointers are the locals that point into a waiter list; a snapshot
	// shows them, and the list they lead to, while they live.
	Pointers []ListPointer
}

// A ListPointer is a local of an operation that points into a waiter list:
// its slot, its name in the code, and the labels at which it is live.
type ListPointer struct {
	Slot   int
	Name   string
	Labels []int
}

// A Line is one line of an operation's algorithm: a step label and the
// step written as code.
type Line struct {
	Label int
	Code  string
}

// Engine is what engine::submit_task does with a woken coroutine (spec
// §1.2): it pushes it on the target context's run queue while the queue
// has room. When the queue is full it runs the coroutine inline on the
// waker's thread, counting the nesting in the target context's depth
// counter (m_max_recursive_depth, a plain field at ContextDepth, which
// the waker reads and writes from its own thread), and drops the handle
// once that counter has reached DepthCap. The counter is decremented when
// the inlined coroutine leaves the waker's stack (exec_task returns).
type Engine struct {
	QueueCap int // kQueCap: the capacity of every context's run queue
	DepthCap int // kMaxRecursiveDepth
	// Fixed is the digest's fix (§4.1): a handle is never dropped (past
	// the cap it goes to an overflow list: the run queue, beyond its
	// capacity), and the depth counter is the waker's own (thread-local:
	// the waker's context's counter), not the target's.
	Fixed bool
}

// ContextDepth is the offset of the depth counter in a context object,
// after num_wait; contexts have one when the program has an Engine.
const ContextDepth Word = 1

// Peek reads a cell without performing a step.
type Peek func(addr Word) Word

// Facts describes a primitive's state to the detectors and the views.
type Facts struct {
	// Open reports whether the wait condition holds (the event is set, the
	// count is zero). Nil for primitives that hand off, like a mutex.
	Open func(Peek) bool
	// Free reports whether a lock is free. Nil for non-locks.
	Free func(Peek) bool
	// Lists are the intrusive waiter lists to draw, linked by m_next.
	Lists []List
	// Condition says in words what Open or Free checks ("m_count == 0").
	Condition string
	// Fences says the program's steps may run fences (Exec.Fence): the
	// machine then keeps, per thread, the clock its release fences hand
	// its later writes and the clocks its acquire fences would join. A
	// fence in a program that does not say so ends the run with a panic.
	Fences bool
	// SeqCst says the program's steps may be seq_cst (an access or a
	// fence): under c11 the machine then keeps the execution graph that
	// RC11's SC axiom is checked on (see package c11). A seq_cst step
	// under c11 in a program that does not say so ends the run with a
	// panic.
	SeqCst bool
	// Waits, for a primitive whose waiters wait for different things (a
	// channel), says what the waiter whose awaiter node begins at awaiter
	// waits for, in words, and whether it holds; nil when Open or Free
	// speak for every waiter.
	Waits func(p Peek, awaiter Word) (cond string, holds bool)
}

// A List is an intrusive list of awaiters.
type List struct {
	Name string
	Head func(Peek) Word
}

// Slots returns the number of atomic cells and of plain cells: Cell.Slot
// numbers the cells of each sort from 0.
func (p *Program) Slots() (atomics, plains int) { return p.atomics, p.plains }

// ObjectAt returns the object containing address w, or nil (a reserved
// address, or none).
func (p *Program) ObjectAt(w Word) *Object {
	if w >= Word(len(p.Cells)) {
		return nil
	}
	oi := p.Cells[w].Object
	if oi < 0 {
		return nil
	}
	return &p.Objects[oi]
}

// CoroutineOfHandle returns the coroutine whose handle (frame address) is
// h, or -1.
func (p *Program) CoroutineOfHandle(h Word) int {
	o := p.ObjectAt(h)
	if o == nil || o.Kind != FrameObject || o.Base != h {
		return -1
	}
	return o.Coroutine
}

// ThreadOfContext returns the thread whose context is at c, or -1.
func (p *Program) ThreadOfContext(c Word) int {
	for i, t := range p.Threads {
		if t.Context == c {
			return i
		}
	}
	return -1
}

// Thread returns the index of the thread named name, or -1.
func (p *Program) Thread(name string) int {
	for i, t := range p.Threads {
		if t.Name == name {
			return i
		}
	}
	return -1
}

// Label names step label pc.
func (p *Program) Label(pc int) string {
	if p.LabelName == nil {
		return fmt.Sprint(pc)
	}
	return p.LabelName(pc)
}

// Doc says what the step at label pc does ("" if unknown).
func (p *Program) Doc(pc int) string {
	if p.LabelDoc == nil || pc < 0 {
		return ""
	}
	return p.LabelDoc(pc)
}

// CellName names address a: the cell's name, or a raw address.
func (p *Program) CellName(a Word) string {
	if a < Word(len(p.Cells)) && p.Cells[a].Object >= 0 {
		return p.Cells[a].Name
	}
	return fmt.Sprintf("0x%x", a)
}

// FormatCell shows w as the value of the cell at address a.
func (p *Program) FormatCell(a Word, w Word) string {
	if a < Word(len(p.Cells)) {
		c := &p.Cells[a]
		return p.Format(c.Kind, c.Names, w)
	}
	return fmt.Sprint(w)
}

// Validate checks the program's wiring. Builders call it once; a failure is
// a bug in the builder, not in user input.
func (p *Program) Validate() error {
	if len(p.Threads) == 0 {
		return fmt.Errorf("program has no threads")
	}
	names := map[string]bool{}
	for _, t := range p.Threads {
		if names[t.Name] {
			return fmt.Errorf("thread %q declared twice", t.Name)
		}
		names[t.Name] = true
		if o := p.ObjectAt(t.Context); o == nil || o.Kind != ContextObject {
			return fmt.Errorf("thread %q: no context at %d", t.Name, t.Context)
		} else if p.Engine != nil && (o.Size <= ContextDepth || p.Cells[t.Context+ContextDepth].Atomic) {
			return fmt.Errorf("thread %q: its context has no plain depth counter after num_wait, which the engine needs", t.Name)
		}
	}
	for i, c := range p.Coroutines {
		if c.Thread < 0 || c.Thread >= len(p.Threads) {
			return fmt.Errorf("coroutine %q: no thread %d", c.Name, c.Thread)
		}
		if p.CoroutineOfHandle(c.Frame) != i {
			return fmt.Errorf("coroutine %q: frame at %d is not its own", c.Name, c.Frame)
		}
		for j, in := range c.Script {
			if in.Kind == Call && (in.Op < 0 || in.Op >= len(p.Ops)) {
				return fmt.Errorf("coroutine %q: instruction %d calls unknown op %d", c.Name, j, in.Op)
			}
			if (in.Kind == Jump || in.Kind == JumpIfNot) && int(in.Arg) > len(c.Script) {
				return fmt.Errorf("coroutine %q: instruction %d jumps to %d", c.Name, j, in.Arg)
			}
			if (in.Kind == Repeat || in.Kind == EndLoop) && (in.Op < 0 || in.Op >= MaxLoops) {
				return fmt.Errorf("coroutine %q: instruction %d uses loop slot %d", c.Name, j, in.Op)
			}
		}
	}
	return nil
}

package sim

import (
	"errors"
	"fmt"
)

// Status is a coroutine's state.
type Status uint8

// The coroutine states.
const (
	Running   Status = iota // on a thread's stack
	Runnable                // in a run queue
	Parked                  // suspended in a primitive
	Done                    // finished; its frame is destroyed
	Unstarted               // not spawned yet: it has no frame
)

var statusNames = [...]string{"running", "runnable", "parked", "done", "unstarted"}

func (s Status) String() string { return statusNames[s] }

const (
	maxLoops  = 2 // loop nesting a script may use
	numLocals = 6 // locals an operation may use
)

// coroutine is the mutable state of one coroutine.
type coroutine struct {
	status  Status
	thread  int16 // thread it runs on or is queued on
	op      int16 // operation in progress, -1 between operations
	pc      int32
	ip      int16 // next script instruction
	started bool  // the operation's first step has run
	locals  [numLocals]Word
	arg     Word
	loops   [maxLoops]Word

	// suspending is set while an await_suspend that has made the awaiter
	// reachable goes on (Exec.Suspending): a waker may resume the
	// coroutine then, which queues it while it still runs.
	suspending bool
	// spinAddr and spinSeen say the coroutine spins: its next step only
	// re-reads the cell at spinAddr, which held spinSeen (Exec.Spin). Its
	// thread cannot move until the cell changes. 0 when it does not spin.
	spinAddr, spinSeen Word
	dropped            bool // submit_task dropped it
	// waitObj is the primitive object its wait registered on (the object
	// of the access that registered or parked it), -1 if none.
	waitObj  int16
	drop     stepRef // the step that dropped it
	parkStep int32   // step at which its wait registered (by default: parked)
	// registered is set while a wait that has linearized awaits its
	// release: from Exec.Registered, or else from the park, until the
	// operation returns.
	registered bool
	opened     bool  // Facts.Open held at the end of some step since it registered
	semWait    Word  // semaphore it is queued on, 0 if none
	semSeq     int32 // its place among semaphore waiters
	holder     bool  // holds the lock
	lockSeq    int32 // its place among parked lock waiters, 0 if none
	// localKind is 1 + the kind of the cell the step that last set each
	// local accessed, 0 if it accessed none before setting it: what the
	// explorer's symmetry reduction knows of what a local holds.
	localKind [numLocals]uint8
}

// stepRef names a step, who performed it and its label, for a verdict
// that points at a step other than its own (Outcome.CauseStep). step is
// -1 when there is none.
type stepRef struct {
	step  int32
	label int32
	coro  int16
}

// noStep is the stepRef of no step.
var noStep = stepRef{step: -1, label: -1, coro: -1}

// maxWakerObjects bounds the primitive objects whose wakers a machine
// remembers (a condition variable has three: its mutex, itself, its data).
const maxWakerObjects = 4

// thread is the mutable state of one worker thread.
type thread struct {
	stack []int16 // running coroutines; the top one steps
	queue []int16 // the run queue, front first
}

// epoch is one access for race detection: who, at what clock, at which step.
type epoch struct {
	thread int16 // -1: none
	label  int32
	clock  uint32
	step   int32
}

// atomicWrite remembers a thread's last write to an atomic cell, for
// explaining data races.
type atomicWrite struct {
	step  int32
	label int32
	op    OpKind
	order Order
}

// A Machine is one execution of a Program. It is not safe for concurrent
// use; Clone it to explore alternatives.
type Machine struct {
	prog    *Program
	mem     []Word
	ended   []int32 // per object: 0 alive, -1 never constructed, s+1 ended at step s
	threads []thread
	coros   []coroutine

	// happens-before, see clock.go
	vc      []uint32 // per thread, a vector over threads
	rel     []uint32 // per atomic cell, the clock its release sequence carries
	wake    []uint32 // per coroutine, the clock handed over with its wakeup
	lastW   []epoch  // per plain cell, the last write
	reads   []epoch  // per plain cell and thread, the last read
	atomW   []atomicWrite
	lastAcq []Word // per thread, the last atomic cell it acquired from
	// sharedReads says lastW and reads are another machine's: the
	// explorer's copies share them until a step writes them (ownReads).
	// spareW and spareR are then this machine's own buffers, or nil.
	sharedReads    bool
	spareW, spareR []epoch

	step int
	// holds says the wait condition (or the lock's freedom) holds after
	// the last step; opened is the step that made it hold (noStep when it
	// held from the start). wakers[o] is the last step of an operation that
	// can wake a waiter (not a wait, not a lock) that accessed primitive
	// object o (the first few objects of the layout are the primitive's).
	// A lost wakeup blames the later of opened and the waker of the object
	// the waiter waits on (see lostWakeup).
	holds    bool
	opened   stepRef
	wakers   [maxWakerObjects]stepRef
	this     stepRef // the step being performed
	semSeq   int32
	lockSeq  int32
	races    []Outcome
	fatal    *Outcome
	limitHit bool
	// localUse is the last step's use of its coroutine's locals: read
	// before written (low 8 bits), written (high 8 bits). The explorer
	// checks its model of which locals are live against it.
	localUse uint16
	// constructed says the last step constructed its coroutine's awaiter
	// (on entry to an operation that Awaits, or with Exec.BeginAwait),
	// which writes its cells: the explorer's keys look at it.
	constructed bool
	// lastOp and lastAddr are the last step's memory access (the
	// explorer's partial-order reduction looks at them).
	lastOp   OpKind
	lastAddr Word
	exec     Exec // what the running step sees (see runStep)
	peekFn   Peek // m.peek, made once (a method value allocates)

	// recording
	record  bool
	where   bool
	snaps   bool
	records []Record
	choices []choice
	cur     *Record
}

// Options configure a machine.
type Options struct {
	// Record keeps a Record of every step (Records). Off for searches.
	Record bool
	// Locations fills Record.Loc from the running code (costly).
	Locations bool
	// Snapshots fills Record.After with the state after each step.
	Snapshots bool
}

// New starts an execution of p.
func New(p *Program, o Options) *Machine {
	n := len(p.Threads)
	m := &Machine{
		prog:    p,
		mem:     make([]Word, len(p.Cells)),
		ended:   make([]int32, len(p.Objects)),
		threads: make([]thread, n),
		coros:   make([]coroutine, len(p.Coroutines)),
		vc:      make([]uint32, n*n),
		rel:     make([]uint32, p.atomics*n),
		wake:    make([]uint32, len(p.Coroutines)*n),
		lastW:   make([]epoch, p.plains),
		reads:   make([]epoch, p.plains*n),
		lastAcq: make([]Word, n),
		opened:  noStep,
		record:  o.Record,
		where:   o.Record && o.Locations,
		snaps:   o.Record && o.Snapshots,
	}
	if o.Record {
		m.atomW = make([]atomicWrite, p.atomics*n)
		for i := range m.atomW {
			m.atomW[i].step = -1
		}
	}
	for i, c := range p.Cells {
		m.mem[i] = c.Init
	}
	for i, ob := range p.Objects {
		if ob.Kind == AwaiterObject {
			m.ended[i] = -1
		}
	}
	for i := range m.lastW {
		m.lastW[i].thread = -1
	}
	for i := range m.reads {
		m.reads[i].thread = -1
	}
	m.holds = m.conditionHolds()
	for i := range m.wakers {
		m.wakers[i] = noStep
	}
	for i, spec := range p.Coroutines {
		co := &m.coros[i]
		co.thread = int16(spec.Thread)
		co.op = -1
		co.drop = noStep
		co.waitObj = -1
		if spec.Spawned {
			co.status = Unstarted
			m.ended[p.Cells[spec.Frame].Object] = -1
			continue
		}
		if !m.advance(i, false) {
			m.destroy(i)
			continue
		}
		th := &m.threads[spec.Thread]
		if len(th.stack) == 0 {
			th.stack = append(th.stack, int16(i))
			co.status = Running
		} else {
			th.queue = append(th.queue, int16(i))
			co.status = Runnable
		}
	}
	return m
}

// Program returns the program m runs.
func (m *Machine) Program() *Program { return m.prog }

// Steps is the number of steps performed.
func (m *Machine) Steps() int { return m.step }

// Records returns the records of every step (when recording).
func (m *Machine) Records() []Record { return m.records }

// Schedule returns the schedule performed so far, each step with its label.
func (m *Machine) Schedule() Schedule {
	s := make(Schedule, len(m.choices))
	for i, c := range m.choices {
		s[i].Thread = m.prog.Threads[c.thread].Name
		if c.label >= 0 {
			s[i].Label = m.prog.Label(int(c.label))
		}
	}
	return s
}

// choice is one performed step: the thread and the label it performed.
type choice struct {
	thread int16
	label  int32
}

// Clone returns an independent copy of m. Records are shared up to this
// point and diverge afterwards.
func (m *Machine) Clone() *Machine {
	c := *m
	c.mem = append([]Word(nil), m.mem...)
	c.ended = append([]int32(nil), m.ended...)
	c.threads = make([]thread, len(m.threads))
	for i, t := range m.threads {
		c.threads[i] = thread{stack: append([]int16(nil), t.stack...), queue: append([]int16(nil), t.queue...)}
	}
	c.coros = append([]coroutine(nil), m.coros...)
	c.vc = append([]uint32(nil), m.vc...)
	c.rel = append([]uint32(nil), m.rel...)
	c.wake = append([]uint32(nil), m.wake...)
	c.lastW = append([]epoch(nil), m.lastW...)
	c.reads = append([]epoch(nil), m.reads...)
	c.sharedReads, c.spareW, c.spareR = false, nil, nil
	c.atomW = append([]atomicWrite(nil), m.atomW...)
	c.lastAcq = append([]Word(nil), m.lastAcq...)
	c.races = append([]Outcome(nil), m.races...)
	c.records = m.records[:len(m.records):len(m.records)]
	c.choices = m.choices[:len(m.choices):len(m.choices)]
	c.cur = nil
	c.peekFn = nil // bound to m
	return &c
}

// Finished reports whether the run is over: a fatal finding, the step limit,
// or no thread able to move.
func (m *Machine) Finished() bool {
	if m.fatal != nil || m.limitHit {
		return true
	}
	for t := range m.threads {
		if m.canMove(t) {
			return false
		}
	}
	return true
}

func (m *Machine) canMove(t int) bool {
	th := &m.threads[t]
	if n := len(th.stack); n > 0 {
		co := &m.coros[th.stack[n-1]]
		return co.spinAddr == 0 || m.mem[co.spinAddr] != co.spinSeen
	}
	return len(th.queue) > 0
}

// Enabled appends to buf the threads that can move, in order.
func (m *Machine) Enabled(buf []int) []int {
	if m.fatal != nil || m.limitHit {
		return buf
	}
	for t := range m.threads {
		if m.canMove(t) {
			buf = append(buf, t)
		}
	}
	return buf
}

// CanMove reports whether thread t can perform a step now.
func (m *Machine) CanMove(t int) bool {
	return t >= 0 && t < len(m.threads) && m.fatal == nil && !m.limitHit && m.canMove(t)
}

// Errors returned by Step.
var (
	ErrFinished = errors.New("the run is over")
	ErrBlocked  = errors.New("thread cannot move")
)

// Step performs one step on thread t and returns its record (the zero
// Record when not recording).
func (m *Machine) Step(t int) (Record, error) {
	if t < 0 || t >= len(m.threads) {
		return Record{}, fmt.Errorf("no thread %d", t)
	}
	if m.fatal != nil || m.limitHit {
		return Record{}, ErrFinished
	}
	if !m.canMove(t) {
		return Record{}, fmt.Errorf("%s: %w", m.prog.Threads[t].Name, ErrBlocked)
	}
	limit := m.prog.StepLimit
	if limit <= 0 {
		limit = DefaultStepLimit
	}
	// The record is allocated only when recording, so that a search's
	// steps allocate nothing.
	var rec *Record
	if m.record {
		rec = &Record{Index: m.step, Thread: t, Label: -1}
		m.cur = rec
	}
	m.tick(t)
	m.constructed = false
	th := &m.threads[t]
	label := -1
	if len(th.stack) == 0 {
		m.resumeQueued(t)
	} else {
		c := int(th.stack[len(th.stack)-1])
		label = int(m.coros[c].pc)
		m.runStep(t, c)
	}
	m.afterStep()
	m.choices = append(m.choices, choice{thread: int16(t), label: int32(label)})
	m.step++
	if m.fatal == nil && m.step >= limit && !m.Finished() {
		m.limitHit = true
		m.setFatal(Outcome{Kind: StepLimit, Step: m.step - 1, Detail: Detail{Limit: limit},
			Message: fmt.Sprintf("the run was stopped after %d steps; a thread may be spinning forever", limit)})
	}
	if !m.record {
		return Record{}, nil
	}
	m.cur = nil
	if m.snaps {
		snap := m.Snapshot()
		rec.After = &snap
	}
	m.records = append(m.records, *rec)
	return *rec, nil
}

// resumeQueued takes the next coroutine off t's run queue.
func (m *Machine) resumeQueued(t int) {
	th := &m.threads[t]
	c := int(th.queue[0])
	th.queue = th.queue[1:]
	th.stack = append(th.stack, int16(c))
	co := &m.coros[c]
	co.status = Running
	co.thread = int16(t)
	m.this = stepRef{step: int32(m.step), label: -1, coro: int16(c)}
	m.acquireWake(t, c)
	if r := m.cur; r != nil {
		r.Op = OpResume
		r.Coroutine = c
		r.Events = append(r.Events, Event{Kind: EvResumed, Coroutine: c, Thread: t})
	}
}

// runStep runs one step of coroutine c, the top of thread t's stack.
func (m *Machine) runStep(t, c int) {
	co := &m.coros[c]
	op := &m.prog.Ops[co.op]
	// The Exec lives in the machine: the step code keeps it only during
	// the step, and a step never runs another one.
	m.exec = Exec{m: m, t: t, c: c, pc: int(co.pc)}
	x := &m.exec
	co.spinAddr, co.spinSeen = 0, 0
	m.this = stepRef{step: int32(m.step), label: co.pc, coro: int16(c)}
	if r := m.cur; r != nil {
		r.Coroutine = c
		r.Label = int(co.pc)
	}
	if !co.started {
		co.started = true
		if op.Awaits {
			m.construct(t, c, op.AwaiterInit)
		}
		if op.Role == Unlock || op.Role == Relock {
			co.holder = false
		}
		if r := m.cur; r != nil {
			r.Events = append(r.Events, Event{Kind: EvOpStart, Coroutine: c, Thread: -1, Op: op.Name})
		}
	}
	m.call(op, x)
	m.localUse = x.use
	if m.fatal != nil {
		return
	}
	if x.ops > 0 && op.Role != Waiting && op.Role != Lock && op.Role != Relock {
		if o := m.primitiveObject(m.lastAddr); o >= 0 && m.lastOp != OpSubmit {
			m.wakers[o] = m.this
		}
	}
	if x.ops == 0 {
		m.setFatal(Outcome{Kind: Panic, Step: m.step, Thread: m.prog.Threads[t].Name, Coroutine: m.prog.Coroutines[c].Name,
			Detail:  Detail{Reason: NoAccess, Label: m.prog.Label(x.pc), Op: op.Name},
			Message: fmt.Sprintf("sim: step %s of %s made no memory access", m.prog.Label(x.pc), op.Name)})
		return
	}
	switch x.next {
	case nextGoto:
		co.pc = int32(x.target)
	case nextSuspend:
		co.pc = int32(x.target)
		m.park(t, c, op)
	case nextReturn:
		m.opReturned(t, c, op, x.result)
	default:
		m.setFatal(Outcome{Kind: Panic, Step: m.step, Thread: m.prog.Threads[t].Name, Coroutine: m.prog.Coroutines[c].Name,
			Detail:  Detail{Reason: NoNext, Label: m.prog.Label(x.pc), Op: op.Name},
			Message: fmt.Sprintf("sim: step %s of %s did not say where to go next", m.prog.Label(x.pc), op.Name)})
	}
}

// call runs op's code, turning a Go panic into a panic outcome.
func (m *Machine) call(op *Op, x *Exec) {
	defer func() {
		if r := recover(); r != nil {
			m.setFatal(Outcome{Kind: Panic, Step: m.step, Message: fmt.Sprint(r),
				Thread: m.prog.Threads[x.t].Name, Coroutine: m.prog.Coroutines[x.c].Name,
				Detail: Detail{Reason: GoPanic, Label: m.prog.Label(x.pc), Text: fmt.Sprint(r)}})
		}
	}()
	op.Code(x)
}

// construct begins the lifetime of c's awaiter, as the awaiter's
// constructor does: m_next = nullptr, m_await_coro = null, m_ctx =
// local_context(), and the fields after them from init, or zero.
func (m *Machine) construct(t, c int, init []Word) {
	spec := &m.prog.Coroutines[c]
	a := spec.Awaiter
	oi := m.prog.Cells[a].Object
	m.ended[oi] = 0
	m.constructed = true
	for i := range m.prog.Objects[oi].Size {
		var v Word
		switch {
		case i == fieldCtx:
			v = m.prog.Threads[spec.Thread].Context
		case i > fieldCtx && int(i-fieldCtx-1) < len(init):
			v = init[i-fieldCtx-1]
		}
		m.mem[a+i] = normalize(m.prog.Cells[a+i].Kind, v)
		m.noteWrite(t, a+i, -1)
	}
}

// register marks co's wait as linearized at this step, on the object the
// step accessed.
func (m *Machine) register(co *coroutine) {
	co.registered = true
	co.parkStep = int32(m.step)
	co.opened = false
	co.waitObj = int16(m.primitiveObject(m.lastAddr))
}

// park suspends c: it leaves t's stack. A coroutine a waker resumed
// while its await_suspend went on (see Exec.Suspending) is already in a
// run queue: it only leaves the stack.
func (m *Machine) park(t, c int, op *Op) {
	co := &m.coros[c]
	co.suspending = false
	if co.status == Runnable {
		m.leave(t, c)
		return
	}
	co.status = Parked
	if !co.registered {
		m.register(co)
	}
	if op.Role == Lock {
		m.lockSeq++
		co.lockSeq = m.lockSeq
	}
	m.leave(t, c)
	if r := m.cur; r != nil {
		r.Events = append(r.Events, Event{Kind: EvParked, Coroutine: c, Thread: -1})
	}
}

// opReturned ends c's current operation and starts the next one, or ends
// the coroutine.
func (m *Machine) opReturned(t, c int, op *Op, result bool) {
	m.coros[c].registered = false
	m.coros[c].suspending = false
	if op.Awaits {
		m.endAwaiter(c)
	}
	if op.Role == Lock || op.Role == Relock || op.Role == TryLock && result {
		m.granted(c)
		if m.fatal != nil {
			return
		}
	}
	if !m.advance(c, result) {
		m.destroy(c)
		m.leave(t, c)
		if r := m.cur; r != nil {
			r.Events = append(r.Events, Event{Kind: EvFinished, Coroutine: c, Thread: -1})
		}
	}
}

// granted checks the lock handed to c: nobody else holds it and, when the
// scenario expects FIFO, c is the oldest parked waiter.
func (m *Machine) granted(c int) {
	name := m.prog.Coroutines[c].Name
	for i := range m.coros {
		if i != c && m.coros[i].holder {
			m.setFatal(Outcome{Kind: MutualExclusion, Step: m.step, Coroutine: name, Detail: Detail{Other: m.prog.Coroutines[i].Name},
				Message: fmt.Sprintf("%s acquired the lock while %s still holds it", name, m.prog.Coroutines[i].Name)})
			return
		}
	}
	co := &m.coros[c]
	co.holder = true
	if co.lockSeq == 0 {
		return
	}
	if m.prog.FIFO {
		for i := range m.coros {
			o := &m.coros[i]
			if i != c && o.lockSeq != 0 && o.lockSeq < co.lockSeq {
				m.setFatal(Outcome{Kind: Assertion, Step: m.step, Coroutine: name, Detail: Detail{Reason: NotFIFO, Other: m.prog.Coroutines[i].Name},
					Message: fmt.Sprintf("%s got the lock before %s, which queued first: the lock is not granted in FIFO order",
						name, m.prog.Coroutines[i].Name)})
				return
			}
		}
	}
	co.lockSeq = 0
}

// endAwaiter ends the lifetime of c's awaiter (the end of await_resume).
func (m *Machine) endAwaiter(c int) {
	oi := m.prog.Cells[m.prog.Coroutines[c].Awaiter].Object
	m.ended[oi] = int32(m.step) + 1
	if r := m.cur; r != nil {
		r.Events = append(r.Events, Event{Kind: EvAwaiterEnded, Coroutine: c, Thread: -1})
	}
}

// destroy ends coroutine c: it is done and its frame is destroyed.
func (m *Machine) destroy(c int) {
	co := &m.coros[c]
	co.status = Done
	co.holder = false
	for oi, ob := range m.prog.Objects {
		if ob.Coroutine == c && (ob.Kind == FrameObject || ob.Kind == AwaiterObject) && m.ended[oi] <= 0 {
			m.ended[oi] = int32(m.step) + 1
		}
	}
}

// leave removes coroutine c from thread t's stack. It is usually the top;
// it is not when c resumed another coroutine inline in the step in which
// it parked or finished, and the resumed one now runs above it.
func (m *Machine) leave(t, c int) {
	th := &m.threads[t]
	for i := len(th.stack) - 1; i >= 0; i-- {
		if int(th.stack[i]) == c {
			th.stack = append(th.stack[:i], th.stack[i+1:]...)
			return
		}
	}
}

// advance moves c's script to its next call and starts that operation; it
// reports false when the script is over. result is what the call that
// just returned said (Exec.Result), for a JumpIfNot that follows it.
func (m *Machine) advance(c int, result bool) bool {
	co := &m.coros[c]
	script := m.prog.Coroutines[c].Script
	for int(co.ip) < len(script) {
		in := script[co.ip]
		switch in.Kind {
		case Call:
			co.ip++
			co.op = int16(in.Op)
			co.pc = int32(m.prog.Ops[in.Op].Entry)
			co.arg = in.Arg
			co.locals = [numLocals]Word{}
			co.started = false
			return true
		case Repeat:
			co.loops[in.Op] = in.Arg
			co.ip++
		case EndLoop:
			co.loops[in.Op]--
			if co.loops[in.Op] > 0 {
				co.ip = int16(in.Arg)
			} else {
				co.ip++
			}
		case JumpIfNot:
			co.ip++
			if !result {
				co.ip = int16(in.Arg)
			}
		case Jump:
			co.ip = int16(in.Arg)
		}
	}
	co.op = -1
	return false
}

// primitiveObject returns the index of the primitive object holding
// address a, if it is one of the first maxWakerObjects objects, or -1.
func (m *Machine) primitiveObject(a Word) int {
	if a >= Word(len(m.prog.Cells)) {
		return -1
	}
	oi := m.prog.Cells[a].Object
	if oi < 0 || oi >= maxWakerObjects || m.prog.Objects[oi].Kind != PrimitiveObject {
		return -1
	}
	return oi
}

// conditionHolds reports whether the wait condition (Facts.Open) or the
// lock's freedom (Facts.Free) holds.
func (m *Machine) conditionHolds() bool {
	f := &m.prog.Facts
	if f.Open == nil && f.Free == nil {
		return false
	}
	if m.peekFn == nil {
		m.peekFn = m.peek
	}
	if f.Open != nil {
		return f.Open(m.peekFn)
	}
	return f.Free(m.peekFn)
}

// afterStep runs the detectors that look at the state between steps.
func (m *Machine) afterStep() {
	holds := m.conditionHolds()
	if holds && !m.holds {
		m.opened = m.this
	}
	m.holds = holds
	open := m.prog.Facts.Open
	if open == nil {
		return
	}
	pending := false
	for i := range m.coros {
		co := &m.coros[i]
		if co.registered && !co.opened {
			pending = true
			break
		}
	}
	if m.peekFn == nil {
		m.peekFn = m.peek
	}
	if !pending || !open(m.peekFn) {
		return
	}
	for i := range m.coros {
		if m.coros[i].registered {
			m.coros[i].opened = true
		}
	}
}

// peek reads a cell without a step.
func (m *Machine) peek(a Word) Word {
	if a >= Word(len(m.mem)) {
		return 0
	}
	return m.mem[a]
}

// Peek reads the cell at address a without performing a step.
func (m *Machine) Peek(a Word) Word { return m.peek(a) }

// setFatal records the first fatal finding.
func (m *Machine) setFatal(o Outcome) {
	if m.fatal != nil {
		return
	}
	o.CauseStep = -1 // a fatal finding is its own cause
	m.fatal = &o
	if r := m.cur; r != nil {
		r.Findings = append(r.Findings, o)
	}
}

package sim

import (
	"lockstep/sim/c11"
	"lockstep/sim/hb"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
)

// coroutine is the mutable state of one coroutine.
type coroutine struct {
	status  outcome.Status
	thread  int16 // thread it runs on or is queued on
	op      int16 // operation in progress, -1 between operations
	pc      int32
	ip      int16 // next script instruction
	started bool  // the operation's first step has run
	locals  [program.NumLocals]program.Word
	arg     program.Word
	loops   [program.MaxLoops]program.Word

	// suspending is set while an await_suspend that has made the awaiter
	// reachable goes on (Exec.Suspending): a waker may resume the
	// coroutine then, which queues it while it still runs.
	suspending bool
	// spinAddr and spinSeen say the coroutine spins: its next step only
	// re-reads the cell at spinAddr, which held spinSeen (Exec.Spin). Its
	// thread cannot move until the cell changes. 0 when it does not spin.
	spinAddr, spinSeen program.Word
	dropped            bool // submit_task dropped it
	// inlined is the depth counter submit_task incremented to run it
	// inline, which it decrements when it leaves the waker's stack; 0
	// when it does not run inline.
	inlined program.Word
	// waitObj is the primitive object its wait registered on (the object
	// of the access that registered or parked it), -1 if none.
	waitObj  int16
	drop     stepRef // the step that dropped it
	parkStep int32   // step at which its wait registered (by default: parked)
	// sleepStep is the step at which it last parked: later than parkStep
	// when its await_suspend went on after the wait registered (a
	// condition variable's waiter unlocks the mutex).
	sleepStep int32
	// registered is set while a wait that has linearized awaits its
	// release: from Exec.Registered, or else from the park, until the
	// operation returns.
	registered bool
	opened     bool         // Facts.Open held at the end of some step since it registered
	semWait    program.Word // semaphore it is queued on, 0 if none
	semSeq     int32        // its place among semaphore waiters
	holder     bool         // holds the lock
	lockSeq    int32        // its place among parked lock waiters, 0 if none
	// sawOpen is set, in a wait that has not registered, when Facts.Open
	// held at the end of one of its own steps that accessed the
	// primitive: the wait has seen its condition, and may return.
	sawOpen bool
	// localKind is 1 + the kind of the cell the step that last set each
	// local accessed, 0 if it accessed none before setting it: what a
	// search's symmetry reduction knows of what a local holds.
	localKind [program.NumLocals]uint8
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

// A Machine is one execution of a Program. It is not safe for concurrent
// use; Clone it to explore alternatives.
type Machine struct {
	prog *program.Program
	// lives is, per coroutine, the objects whose lifetime it ends (its
	// frame and its awaiters): derived from prog, shared by copies.
	lives   [][]int32
	mem     []program.Word
	ended   []int32 // per object: 0 alive, -1 never constructed, s+1 ended at step s
	threads []thread
	coros   []coroutine

	hb hb.State // happens-before and the race detector (clock.go)

	step int
	// holds says the wait condition (or the lock's freedom) holds after
	// the last step; opened is the step that made it hold (noStep when it
	// held from the start). wakers[o] is the last step of an operation that
	// can wake a waiter (not a wait, not a lock) that accessed primitive
	// object o (the first few objects of the layout are the primitive's).
	// wakersElse[o] is the last such step by a coroutine other than
	// wakers[o]'s, so that a waiter is never blamed on its own step. A
	// lost wakeup blames the later of opened and the last step by another
	// coroutine on the object the waiter waits on (see lostWakeup).
	holds      bool
	opened     stepRef
	wakers     [maxWakerObjects]stepRef
	wakersElse [maxWakerObjects]stepRef
	this       stepRef // the step being performed
	semSeq     int32
	lockSeq    int32
	races      []outcome.Outcome
	fatal      *outcome.Outcome
	limitHit   bool
	// The last step, as LastAccess reports it: its use of its
	// coroutine's locals, read before written (low 8 bits) and written
	// (high 8 bits); its memory access (OpResume: none); whether that
	// access acquired; whether it constructed its coroutine's awaiter (on
	// entry to an operation that Awaits, or with Exec.BeginAwait), which
	// writes the awaiter's cells; for a compare-and-swap, the value it
	// expected and whether it swapped.
	localUse     uint16
	lastOp       program.OpKind
	lastAddr     program.Word
	acquired     bool
	constructed  bool
	lastExpected program.Word
	swapped      bool
	exec         Exec         // what the running step sees (see runStep)
	weak         *c11.Memory  // the C11 model's state (memory.go); nil under SC
	peekFn       program.Peek // m.peek, made once (a method value allocates)

	// recording
	record  bool
	where   bool
	records []record.Step
	choices []choice
	cur     *record.Step
}

// Options configure a machine.
type Options struct {
	// Record keeps a record.Step of every step (Records) and every data
	// race (Findings; otherwise only the first). Off for searches.
	Record bool
	// Locations fills record.Step.Loc from the running code (costly).
	Locations bool
	// Memory is the memory model: SC (the default) or C11.
	Memory MemoryModel
}

// New starts an execution of p.
func New(p *program.Program, o Options) *Machine {
	n := len(p.Threads)
	atomics, plains := p.Slots()
	m := &Machine{
		prog:    p,
		lives:   lifetimes(p),
		mem:     make([]program.Word, len(p.Cells)),
		ended:   make([]int32, len(p.Objects)),
		threads: make([]thread, n),
		coros:   make([]coroutine, len(p.Coroutines)),
		hb:      hb.New(n, atomics, plains, len(p.Coroutines), o.Record, p.Facts.Fences),
		opened:  noStep,
		record:  o.Record,
		where:   o.Record && o.Locations,
	}
	if o.Memory == C11 {
		m.weak = c11.New(p)
	}
	for i, c := range p.Cells {
		m.mem[i] = c.Init
	}
	for i, ob := range p.Objects {
		if ob.Kind == program.AwaiterObject {
			m.ended[i] = -1
		}
	}
	m.holds = m.conditionHolds()
	for i := range m.wakers {
		m.wakers[i] = noStep
		m.wakersElse[i] = noStep
	}
	for i, spec := range p.Coroutines {
		co := &m.coros[i]
		co.thread = int16(spec.Thread)
		co.op = -1
		co.drop = noStep
		co.waitObj = -1
		if spec.Spawned {
			co.status = outcome.Unstarted
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
			co.status = outcome.Running
		} else {
			th.queue = append(th.queue, int16(i))
			co.status = outcome.Runnable
		}
	}
	return m
}

// Program returns the program m runs.
func (m *Machine) Program() *program.Program { return m.prog }

// Steps is the number of steps performed.
func (m *Machine) Steps() int { return m.step }

// Records returns the records of every step (when recording).
func (m *Machine) Records() []record.Step { return m.records }

// Schedule returns the schedule performed so far, each step with its label.
func (m *Machine) Schedule() schedule.Schedule {
	s := make(schedule.Schedule, len(m.choices))
	for i, c := range m.choices {
		s[i].Thread = m.prog.Threads[c.thread].Name
		if c.label >= 0 {
			s[i].Label = m.prog.Label(int(c.label))
		}
		s[i].From, s[i].Before = c.from, c.before
	}
	return s
}

// choice is one performed step: the thread, the label it performed, the
// source of its read when it was not the latest write, and the write its
// store went before when it did not go at the end.
type choice struct {
	thread int16
	label  int32
	from   c11.Source
	before c11.Source
}

// Clone returns an independent copy of m. Records are shared up to this
// point and diverge afterwards.
func (m *Machine) Clone() *Machine {
	c := &Machine{}
	c.CopyFrom(m)
	c.hb.Detach(&m.hb)
	c.record, c.where = m.record, m.where
	c.records = m.records[:len(m.records):len(m.records)]
	c.choices = m.choices[:len(m.choices):len(m.choices)]
	return c
}

// bare returns a copy of m without the run's history (its records,
// choices and races), which no step reads, to try a step on: the copy
// costs what the state does, not what the run so far does. It records
// nothing unless the caller says so.
func (m *Machine) bare() *Machine {
	h := *m
	h.records, h.choices, h.races = nil, nil, nil
	c := &Machine{}
	c.CopyFrom(&h)
	c.hb.Detach(&h.hb)
	return c
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
		// Under c11 a spin ends when a newer write comes (wakeSpinners).
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

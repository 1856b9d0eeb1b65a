package sim

import (
	"fmt"
	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"path/filepath"
	"runtime"
)

// The machine's Exec is what a program's operations step with.
var _ program.Exec = (*Exec)(nil)

type nextKind uint8

const (
	nextNone nextKind = iota
	nextGoto
	nextSuspend
	nextReturn
)

// Exec is the machine as the running coroutine sees it during one step.
// It implements the primitives' memory interface: every access method is
// the step's single shared-memory access, the others touch only the
// coroutine's frame or its control flow.
type Exec struct {
	m      *Machine
	t, c   int
	pc     int
	ops    int
	next   nextKind
	target int
	result bool  // what the operation returns (Result)
	kind   uint8 // 1 + the kind of the last cell accessed, 0 before any
	// use: locals read before being written in this step (low 8 bits),
	// locals written (high 8 bits); see Machine.localUse.
	use uint16
}

// begin opens the step's single access. It reports false when the run has
// already hit a fatal finding (the access then does nothing).
func (x *Exec) begin(op program.OpKind, addr program.Word) bool {
	if x.ops > 0 {
		panic(fmt.Sprintf("sim: step %s makes a second memory access (%s)", x.m.prog.Label(x.pc), op))
	}
	x.ops++
	x.m.lastOp, x.m.lastAddr = op, addr
	if r := x.m.cur; r != nil {
		r.Op = op
		r.Addr = addr
		if x.m.where && x.m.prog.LabelLoc != nil {
			r.Loc, _ = x.m.prog.LabelLoc(x.pc)
		}
		if x.m.where && r.Loc.File == "" {
			if pc, file, line, ok := runtime.Caller(2); ok {
				r.Loc = program.Location{File: filepath.Base(file), Line: line}
				if f := runtime.FuncForPC(pc); f != nil {
					r.Loc.Function = f.Name()
				}
			}
		}
	}
	return x.m.fatal == nil
}

// cell checks that addr is a live cell of the right sort for this access.
func (x *Exec) cell(addr program.Word, atomic bool, what string) (*program.Cell, bool) {
	m := x.m
	if addr >= program.Word(len(m.prog.Cells)) || m.prog.Cells[addr].Object < 0 {
		x.nilPointer()
		return nil, false
	}
	c := &m.prog.Cells[addr]
	x.kind = uint8(c.Kind) + 1
	if c.Atomic != atomic {
		panic(fmt.Sprintf("sim: %s of %s, which is not %s", what, c.Name, map[bool]string{true: "atomic", false: "plain"}[atomic]))
	}
	if end := m.ended[c.Object]; end != 0 {
		x.useAfterFree(c, what, end)
		return nil, false
	}
	return c, true
}

func (x *Exec) useAfterFree(c *program.Cell, what string, end int32) {
	m := x.m
	ob := &m.prog.Objects[c.Object]
	who := m.prog.Coroutines[x.c].Name
	d := outcome.Detail{Access: what, Cell: c.Name, Object: ob.Name, Owner: ob.Owner, EndStep: int(end) - 1}
	var why string
	switch {
	case end < 0:
		d.Reason, d.EndStep = outcome.NotConstructed, -1
		why = fmt.Sprintf("%s has not been constructed", ob.Name)
	case ob.Kind == program.FrameObject && m.coros[ob.Coroutine].status != outcome.Done:
		d.Reason = outcome.FrameFreed
		why = fmt.Sprintf("%s's frame was destroyed at step %d, before %s finished with it", ob.Owner, end, ob.Owner)
	case ob.Kind == program.FrameObject || m.coros[ob.Coroutine].status == outcome.Done:
		d.Reason = outcome.FrameDestroyed
		why = fmt.Sprintf("%s finished at step %d and its frame was destroyed", ob.Owner, end)
	default:
		d.Reason = outcome.AwaiterEnded
		why = fmt.Sprintf("%s's awaiter ended at step %d, when %s returned from its wait", ob.Owner, end, ob.Owner)
	}
	x.fail(outcome.UseAfterFree, fmt.Sprintf("%s %s %s at step %d (%s), but %s", who, what, c.Name, m.step+1, m.prog.Label(x.pc), why), d)
}

// nilPointer fails the step as Go does when it dereferences nil.
func (x *Exec) nilPointer() {
	const msg = "runtime error: invalid memory address or nil pointer dereference"
	x.fail(outcome.Panic, msg, outcome.Detail{Reason: outcome.NilPointer, Text: msg})
}

// fail records a fatal finding at this step; d gets the step's label.
func (x *Exec) fail(k outcome.Kind, msg string, d outcome.Detail) {
	d.Label = x.m.prog.Label(x.pc)
	x.m.setFatal(outcome.Outcome{Kind: k, Message: msg, Step: x.m.step,
		Thread: x.m.prog.Threads[x.t].Name, Coroutine: x.m.prog.Coroutines[x.c].Name, Detail: d})
}

func (x *Exec) recordOrders(v, expected program.Word, o, f program.Order) {
	if r := x.m.cur; r != nil {
		r.Value, r.Expected, r.Order, r.FailOrder = v, expected, o, f
	}
}

func (x *Exec) recordResult(res program.Word, ok bool) {
	if r := x.m.cur; r != nil {
		r.Result, r.OK = res, ok
	}
}

// Load is an atomic load.
func (x *Exec) Load(addr program.Word, o program.Order) program.Word {
	if !x.begin(program.OpLoad, addr) {
		return 0
	}
	x.recordOrders(0, 0, o, o)
	c, ok := x.cell(addr, true, "loads")
	if !ok {
		return 0
	}
	v := x.m.mem[addr]
	if x.m.weak == nil {
		x.m.atomicRead(x.t, addr, c, o)
	} else {
		v = x.m.readAtomic(x.t, addr, c, o)
	}
	x.recordResult(v, true)
	return v
}

// Store is an atomic store.
func (x *Exec) Store(addr program.Word, v program.Word, o program.Order) {
	if !x.begin(program.OpStore, addr) {
		return
	}
	x.recordOrders(v, 0, o, o)
	c, ok := x.cell(addr, true, "stores to")
	if !ok {
		return
	}
	v = program.Normalize(c.Kind, v)
	if x.m.weak != nil {
		x.m.storeAtomic(x.t, x.pc, addr, c, v, o)
		return
	}
	x.m.mem[addr] = v
	x.m.atomicWrite(x.t, x.pc, addr, c, o, false, program.OpStore)
}

// Exchange is an atomic exchange; it returns the old value.
func (x *Exec) Exchange(addr program.Word, v program.Word, o program.Order) program.Word {
	if !x.begin(program.OpExchange, addr) {
		return 0
	}
	x.recordOrders(v, 0, o, o)
	c, ok := x.cell(addr, true, "exchanges")
	if !ok {
		return 0
	}
	v = program.Normalize(c.Kind, v)
	old, _ := x.m.update(x.t, x.pc, addr, c, o, o, c11.RMW{Op: program.OpExchange, Val: v, Kind: c.Kind})
	x.recordResult(old, true)
	return old
}

// CompareAndSwap is compare_exchange_strong.
func (x *Exec) CompareAndSwap(addr program.Word, old, v program.Word, success, failure program.Order) (program.Word, bool) {
	if !x.begin(program.OpCAS, addr) {
		return 0, false
	}
	x.recordOrders(v, old, success, failure)
	c, ok := x.cell(addr, true, "compares-and-swaps")
	if !ok {
		return 0, false
	}
	x.m.lastExpected = old
	old, v = program.Normalize(c.Kind, old), program.Normalize(c.Kind, v)
	cur, swapped := x.m.update(x.t, x.pc, addr, c, success, failure, c11.RMW{Op: program.OpCAS, Val: v, Expected: old, Kind: c.Kind})
	x.m.swapped = swapped
	x.recordResult(cur, swapped)
	return cur, swapped
}

// FetchAdd adds delta and returns the old value.
func (x *Exec) FetchAdd(addr program.Word, delta program.Word, o program.Order) program.Word {
	if !x.begin(program.OpFetchAdd, addr) {
		return 0
	}
	x.recordOrders(delta, 0, o, o)
	c, ok := x.cell(addr, true, "adds to")
	if !ok {
		return 0
	}
	old, _ := x.m.update(x.t, x.pc, addr, c, o, o, c11.RMW{Op: program.OpFetchAdd, Val: delta, Kind: c.Kind})
	x.recordResult(old, true)
	return old
}

// Fence is atomic_thread_fence(o): a step of its own that touches no
// cell (see program.Exec).
func (x *Exec) Fence(o program.Order) {
	if !x.begin(program.OpFence, 0) {
		return
	}
	x.recordOrders(0, 0, o, o)
	m := x.m
	if !m.prog.Facts.Fences {
		x.Panic("a fence in a primitive that does not declare fences")
		return
	}
	m.hb.Fence(x.t, o)
	if program.Acquires(o) {
		m.acquired = true
	}
	if m.weak != nil {
		m.weakFence(x.t, o)
	}
}

// Read is a plain read of a shared field.
func (x *Exec) Read(addr program.Word) program.Word {
	if !x.begin(program.OpRead, addr) {
		return 0
	}
	v, _ := x.read(addr)
	x.recordResult(v, true)
	return v
}

// read is a checked plain read inside the step's access.
func (x *Exec) read(addr program.Word) (program.Word, bool) {
	c, ok := x.cell(addr, false, "reads")
	if !ok {
		return 0, false
	}
	if x.m.weak != nil {
		return x.m.readPlain(x.t, x.c, x.pc, addr, c), true
	}
	x.m.plainRead(x.t, x.c, x.pc, c)
	return x.m.mem[addr], true
}

// Write is a plain write of a shared field.
func (x *Exec) Write(addr program.Word, v program.Word) {
	if !x.begin(program.OpWrite, addr) {
		return
	}
	x.recordOrders(v, 0, program.Relaxed, program.Relaxed)
	c, ok := x.cell(addr, false, "writes")
	if !ok {
		return
	}
	x.m.mem[addr] = program.Normalize(c.Kind, v)
	x.m.plainWrite(x.t, x.c, x.pc, addr, c)
}

// PC is the label of the step being performed.
func (x *Exec) PC() int { return x.pc }

// Goto continues at label pc in a later step.
func (x *Exec) Goto(pc int) { x.next, x.target = nextGoto, pc }

// Suspend parks the coroutine; it continues at pc when resumed.
func (x *Exec) Suspend(pc int) { x.next, x.target = nextSuspend, pc }

// Return ends the operation.
func (x *Exec) Return() { x.next = nextReturn }

// Result sets what the operation returns to the script, for an "if" that
// tests it (try_lock, a channel's send). It costs no step.
func (x *Exec) Result(ok bool) { x.result = ok }

// BeginAwait constructs the coroutine's awaiter for a co_await inside the
// operation, as an operation that Awaits does on entry: m_next = nullptr,
// m_await_coro = null, m_ctx = local_context(), the next fields from init.
// It costs no step; EndAwait ends its lifetime.
func (x *Exec) BeginAwait(init ...program.Word) { x.m.construct(x.t, x.c, init) }

// EndAwait ends the lifetime of the awaiter BeginAwait constructed, at the
// end of its await_resume.
func (x *Exec) EndAwait() {
	x.m.endAwaiter(x.c)
	x.m.coros[x.c].registered = false
}

// Suspending says that await_suspend has made the awaiter reachable while
// it goes on before it returns true: from this step on a waker may resume
// the coroutine (which C++ allows: the coroutine is suspended), and a
// submit then queues it while its await_suspend still runs. Suspend ends
// the await_suspend. A condition variable's wait enqueues itself, then
// unlocks the mutex.
func (x *Exec) Suspending() { x.m.coros[x.c].suspending = true }

// Spin says the operation's next step is a spin loop that only re-reads
// the cell at addr, which it has just seen hold seen (a spinlock taken by
// another thread): the thread cannot move until another one changes the
// cell. Spinning steps that cannot see a change would only repeat a state;
// a thread spinning on a cell nobody will change is stuck like a parked
// one. It costs no step.
func (x *Exec) Spin(addr, seen program.Word) {
	co := &x.m.coros[x.c]
	co.spinAddr, co.spinSeen = addr, seen
	if m := x.m; m.weak != nil {
		// Under c11 the spin waits for a write newer than the one it
		// read, whatever its value: it may move once wakeSpinners says
		// so, or now if its read was stale.
		if !m.weak.Spin(x.c, addr) {
			panic(fmt.Sprintf("sim: step %s spins on %s, which it did not read", m.prog.Label(x.pc), m.prog.CellName(addr)))
		}
		co.spinSeen = m.mem[addr]
		if m.weak.SpinMayMove(x.c, addr) {
			co.spinAddr, co.spinSeen = 0, 0
		}
	}
}

// Assert ends the run with a failed assertion of the primitive's own
// (tinyCoro's assert(), a destructor's check); msg says what failed.
func (x *Exec) Assert(msg string) {
	x.next = nextReturn
	x.fail(outcome.Assertion, "assertion failed: "+msg, outcome.Detail{Reason: outcome.AssertFailed, Text: msg})
}

// Panic ends the run with a Go panic.
func (x *Exec) Panic(msg string) {
	x.next = nextReturn
	x.fail(outcome.Panic, "panic: "+msg, outcome.Detail{Reason: outcome.GoPanic, Label: x.m.prog.Label(x.pc), Text: "panic: " + msg})
}

// Registered marks the step at which the coroutine's wait linearized, when
// that is before it parks (Go's Wait registers with its CAS, then parks on
// the semaphore). A release is premature unless the wait condition held
// at some point after this step.
func (x *Exec) Registered() { x.m.register(&x.m.coros[x.c]) }

// Local reads local slot i of the operation.
func (x *Exec) Local(i int) program.Word {
	if x.use&(0x100<<i) == 0 {
		x.use |= 1 << i
	}
	return x.m.coros[x.c].locals[i]
}

// SetLocal writes local slot i of the operation.
func (x *Exec) SetLocal(i int, v program.Word) {
	co := &x.m.coros[x.c]
	co.locals[i] = v
	co.localKind[i] = x.kind
	x.use |= 0x100 << i
}

// Arg is the operation's argument.
func (x *Exec) Arg() program.Word { return x.m.coros[x.c].arg }

// Awaiter is the address of the coroutine's awaiter node.
func (x *Exec) Awaiter() program.Word { return x.m.prog.Coroutines[x.c].Awaiter }

// Handle is the coroutine's handle.
func (x *Exec) Handle() program.Word { return x.m.prog.Coroutines[x.c].Frame }

// Context is the address of the context the coroutine's awaiter
// captured (m_ctx, which register_wait and unregister_wait use): what
// local_context() returned when it was constructed, the context of the
// thread it ran on. Without a live awaiter, local_context() now.
func (x *Exec) Context() program.Word {
	m := x.m
	a := m.prog.Coroutines[x.c].Awaiter
	if m.ended[m.prog.Cells[a].Object] == 0 {
		return m.mem[a+program.FieldCtx]
	}
	return m.prog.Threads[x.t].Context
}

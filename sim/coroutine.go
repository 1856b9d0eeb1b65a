package sim

import (
	"fmt"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// A coroutine's life, as its steps drive it: an operation constructs its
// awaiter, parks, returns (ending the awaiter, granting a lock) and starts
// the next one, until the script is over and the frame is destroyed.

// construct begins the lifetime of c's awaiter, as the awaiter's
// constructor does: m_next = nullptr, m_await_coro = null, m_ctx =
// local_context(), and the fields after them from init, or zero.
// local_context() is the context of thread t, the one c runs on: its
// own, or the waker's after an inline resume (spec §1.2 (b)).
func (m *Machine) construct(t, c int, init []program.Word) {
	spec := &m.prog.Coroutines[c]
	a := spec.Awaiter
	oi := m.prog.Cells[a].Object
	m.ended[oi] = 0
	m.constructed = true
	for i := range m.prog.Objects[oi].Size {
		var v program.Word
		switch {
		case i == program.FieldCtx:
			v = m.prog.Threads[t].Context
		case i > program.FieldCtx && int(i-program.FieldCtx-1) < len(init):
			v = init[i-program.FieldCtx-1]
		}
		m.mem[a+i] = program.Normalize(m.prog.Cells[a+i].Kind, v)
		m.noteWrite(t, a+i, -1)
	}
}

// register marks co's wait as linearized at this step, on the object the
// step accessed.
func (m *Machine) register(co *coroutine) {
	co.registered = true
	co.parkStep = int32(m.step)
	co.opened = false
	co.sawOpen = false // from now on, opened is what counts
	co.waitObj = int16(m.primitiveObject(m.lastAddr))
}

// park suspends c: it leaves t's stack. A coroutine a waker resumed
// while its await_suspend went on (see Exec.Suspending) is already in a
// run queue: it only leaves the stack.
func (m *Machine) park(t, c int, op *program.Op) {
	co := &m.coros[c]
	co.suspending = false
	if co.status == outcome.Runnable {
		m.leave(t, c)
		return
	}
	co.status = outcome.Parked
	if !co.registered {
		m.register(co)
	}
	co.sleepStep = int32(m.step)
	if op.Role == program.Lock {
		m.lockSeq++
		co.lockSeq = m.lockSeq
	}
	m.leave(t, c)
	if r := m.cur; r != nil {
		r.Events = append(r.Events, record.Event{Kind: record.Parked, Coroutine: c, Thread: -1})
	}
}

// opReturned ends c's current operation and starts the next one, or ends
// the coroutine.
func (m *Machine) opReturned(t, c int, op *program.Op, result bool) {
	if op.Role == program.Waiting && m.prog.Facts.Open != nil {
		m.checkReturn(c, op)
		if m.fatal != nil {
			return
		}
	}
	m.coros[c].registered = false
	m.coros[c].sawOpen = false
	m.coros[c].suspending = false
	if op.Awaits {
		m.endAwaiter(c)
	}
	if op.Role == program.Lock || op.Role == program.Relock || op.Role == program.TryLock && result {
		m.granted(c)
		if m.fatal != nil {
			return
		}
	}
	if !m.advance(c, result) {
		m.destroy(c)
		m.leave(t, c)
		if r := m.cur; r != nil {
			r.Events = append(r.Events, record.Event{Kind: record.Finished, Coroutine: c, Thread: -1})
		}
	}
}

// checkReturn checks a wait that returns: released by a resume after its
// condition held (checked then), registered and its condition held since
// (Go's Wait, its permit banked), or else it saw the condition hold itself,
// at one of its steps that accessed the primitive. A wait that returns
// otherwise was released by nobody while its condition never held: a
// premature release (a wait_group whose wait() never parks, say).
func (m *Machine) checkReturn(c int, op *program.Op) {
	co := &m.coros[c]
	if co.registered && co.opened || !co.registered && co.sawOpen {
		return
	}
	name := m.prog.Coroutines[c].Name
	label := m.prog.Label(int(co.pc))
	cond := m.prog.Facts.Condition
	m.setFatal(outcome.Outcome{Kind: outcome.PrematureRelease, Step: m.step, Thread: m.prog.Threads[co.thread].Name, Coroutine: name,
		Detail: outcome.Detail{Reason: outcome.ReturnedUnreleased, Label: label, Op: op.Name, Condition: cond},
		Message: fmt.Sprintf("%s returns from %s at step %d (%s), but %s has not held at any of its checks and nothing released it",
			name, op.Name, m.step+1, label, cond)})
}

// granted checks the lock handed to c: nobody else holds it and, when the
// scenario expects FIFO, c is the oldest parked waiter.
func (m *Machine) granted(c int) {
	name := m.prog.Coroutines[c].Name
	for i := range m.coros {
		if i != c && m.coros[i].holder {
			m.setFatal(outcome.Outcome{Kind: outcome.MutualExclusion, Step: m.step, Coroutine: name, Detail: outcome.Detail{Other: m.prog.Coroutines[i].Name},
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
				m.setFatal(outcome.Outcome{Kind: outcome.Assertion, Step: m.step, Coroutine: name, Detail: outcome.Detail{Reason: outcome.NotFIFO, Other: m.prog.Coroutines[i].Name},
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
		r.Events = append(r.Events, record.Event{Kind: record.AwaiterEnded, Coroutine: c, Thread: -1})
	}
}

// destroy ends coroutine c: it is done and its frame is destroyed, unless
// another coroutine owns the frame (CoroutineSpec.OwnedFrame).
func (m *Machine) destroy(c int) {
	co := &m.coros[c]
	co.status = outcome.Done
	co.holder = false
	owned := m.prog.Coroutines[c].OwnedFrame
	for _, oi := range m.lives[c] {
		if (m.prog.Objects[oi].Kind != program.FrameObject || !owned) && m.ended[oi] <= 0 {
			m.ended[oi] = int32(m.step) + 1
		}
	}
}

// lifetimes lists, per coroutine of p, its frame and awaiter objects.
func lifetimes(p *program.Program) [][]int32 {
	lives := make([][]int32, len(p.Coroutines))
	for oi, ob := range p.Objects {
		if c := ob.Coroutine; c >= 0 && c < len(lives) && (ob.Kind == program.FrameObject || ob.Kind == program.AwaiterObject) {
			lives[c] = append(lives[c], int32(oi))
		}
	}
	return lives
}

// leave removes coroutine c from thread t's stack. It is usually the top;
// it is not when c resumed another coroutine inline in the step in which
// it parked or finished, and the resumed one now runs above it.
func (m *Machine) leave(t, c int) {
	if a := m.coros[c].inlined; a != 0 {
		m.inlineReturned(t, c, a)
	}
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
		case program.Call:
			co.ip++
			co.op = int16(in.Op)
			co.pc = int32(m.prog.Ops[in.Op].Entry)
			co.arg = in.Arg
			co.locals = [program.NumLocals]program.Word{}
			co.started = false
			return true
		case program.Repeat:
			co.loops[in.Op] = in.Arg
			co.ip++
		case program.EndLoop:
			co.loops[in.Op]--
			if co.loops[in.Op] > 0 {
				co.ip = int16(in.Arg)
			} else {
				co.ip++
			}
		case program.JumpIfNot:
			co.ip++
			if !result {
				co.ip = int16(in.Arg)
			}
		case program.Jump:
			co.ip = int16(in.Arg)
		}
	}
	co.op = -1
	return false
}

// primitiveObject returns the index of the primitive object holding
// address a, if it is one of the first maxWakerObjects objects, or -1.
func (m *Machine) primitiveObject(a program.Word) int {
	if a >= program.Word(len(m.prog.Cells)) {
		return -1
	}
	oi := m.prog.Cells[a].Object
	if oi < 0 || oi >= maxWakerObjects || m.prog.Objects[oi].Kind != program.PrimitiveObject {
		return -1
	}
	return oi
}

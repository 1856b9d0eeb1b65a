package sim

import (
	"errors"
	"fmt"
	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// One step: a thread resumes the next coroutine of its run queue, or runs
// the next step of the coroutine on top of its stack; then the detectors
// that look at the state between steps run.

// Errors returned by Step.
var (
	ErrFinished = errors.New("the run is over")
	ErrBlocked  = errors.New("thread cannot move")
)

// Step performs one step on thread t and returns its record (the zero
// record.Step when not recording).
func (m *Machine) Step(t int) (record.Step, error) {
	if t < 0 || t >= len(m.threads) {
		return record.Step{}, fmt.Errorf("no thread %d", t)
	}
	if m.fatal != nil || m.limitHit {
		return record.Step{}, ErrFinished
	}
	if !m.canMove(t) {
		return record.Step{}, fmt.Errorf("%s: %w", m.prog.Threads[t].Name, ErrBlocked)
	}
	limit := m.prog.StepLimit
	if limit <= 0 {
		limit = program.DefaultStepLimit
	}
	// The record is allocated only when recording, so that a search's
	// steps allocate nothing.
	var rec *record.Step
	if m.record {
		rec = &record.Step{Index: m.step, Thread: t, Label: -1}
		m.cur = rec
	}
	m.lastOp, m.lastAddr, m.acquired, m.localUse, m.constructed = program.OpResume, 0, false, 0, false
	m.lastExpected, m.swapped = 0, false
	if m.weak != nil {
		c := -1
		if st := m.threads[t].stack; len(st) > 0 {
			c = int(st[len(st)-1])
		}
		m.weak.Begin(c)
	}
	m.hb.Tick(t)
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
	from, before := c11.Latest, c11.Latest
	if m.weak != nil {
		from, before = m.stepSource(rec)
	}
	m.choices = append(m.choices, choice{thread: int16(t), label: int32(label), from: from, before: before})
	m.step++
	if m.fatal == nil && m.step >= limit && !m.Finished() {
		m.limitHit = true
		m.setFatal(outcome.Outcome{Kind: outcome.StepLimit, Step: m.step - 1, Detail: outcome.Detail{Limit: limit},
			Message: fmt.Sprintf("the run was stopped after %d steps; a thread may be spinning forever", limit)})
	}
	if !m.record {
		return record.Step{}, nil
	}
	m.cur = nil
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
	co.status = outcome.Running
	co.thread = int16(t)
	m.this = stepRef{step: int32(m.step), label: -1, coro: int16(c)}
	m.hb.AcquireWake(t, c)
	if r := m.cur; r != nil {
		r.Op = program.OpResume
		r.Coroutine = c
		r.Events = append(r.Events, record.Event{Kind: record.Resumed, Coroutine: c, Thread: t})
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
		co.sawOpen = false
		if op.Awaits {
			m.construct(t, c, op.AwaiterInit)
		}
		if op.Role == program.Unlock || op.Role == program.Relock {
			co.holder = false
		}
		if r := m.cur; r != nil {
			r.Events = append(r.Events, record.Event{Kind: record.OpStart, Coroutine: c, Thread: -1, Op: op.Name})
		}
	}
	m.call(op, x)
	m.localUse = x.use
	if m.fatal != nil {
		return
	}
	if x.ops > 0 && op.Role != program.Waiting && op.Role != program.Lock && op.Role != program.Relock {
		if o := m.primitiveObject(m.lastAddr); o >= 0 && m.lastOp != program.OpSubmit {
			if m.wakers[o].coro != m.this.coro {
				m.wakersElse[o] = m.wakers[o]
			}
			m.wakers[o] = m.this
		}
	}
	if x.ops == 0 {
		m.setFatal(outcome.Outcome{Kind: outcome.Panic, Step: m.step, Thread: m.prog.Threads[t].Name, Coroutine: m.prog.Coroutines[c].Name,
			Detail:  outcome.Detail{Reason: outcome.NoAccess, Label: m.prog.Label(x.pc), Op: op.Name},
			Message: fmt.Sprintf("sim: step %s of %s made no memory access", m.prog.Label(x.pc), op.Name)})
		return
	}
	if op.Role == program.Waiting && !co.registered && !co.sawOpen && m.accessedPrimitive() && m.open() {
		co.sawOpen = true
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
		m.setFatal(outcome.Outcome{Kind: outcome.Panic, Step: m.step, Thread: m.prog.Threads[t].Name, Coroutine: m.prog.Coroutines[c].Name,
			Detail:  outcome.Detail{Reason: outcome.NoNext, Label: m.prog.Label(x.pc), Op: op.Name},
			Message: fmt.Sprintf("sim: step %s of %s did not say where to go next", m.prog.Label(x.pc), op.Name)})
	}
}

// call runs op's code, turning a Go panic into a panic outcome.
func (m *Machine) call(op *program.Op, x *Exec) {
	defer func() {
		if r := recover(); r != nil {
			m.setFatal(outcome.Outcome{Kind: outcome.Panic, Step: m.step, Message: fmt.Sprint(r),
				Thread: m.prog.Threads[x.t].Name, Coroutine: m.prog.Coroutines[x.c].Name,
				Detail: outcome.Detail{Reason: outcome.GoPanic, Label: m.prog.Label(x.pc), Text: fmt.Sprint(r)}})
		}
	}()
	op.Code(x)
}

// accessedPrimitive reports whether the step just performed accessed a
// cell of the primitive.
func (m *Machine) accessedPrimitive() bool {
	o := m.prog.ObjectAt(m.lastAddr)
	return o != nil && o.Kind == program.PrimitiveObject
}

// open reports whether the wait condition (Facts.Open) holds now.
func (m *Machine) open() bool {
	if m.prog.Facts.Open == nil {
		return false
	}
	if m.peekFn == nil {
		m.peekFn = m.peek
	}
	return m.prog.Facts.Open(m.peekFn)
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
	if !pending || !holds { // holds is Open's value (see conditionHolds)
		return
	}
	for i := range m.coros {
		if m.coros[i].registered {
			m.coros[i].opened = true
		}
	}
}

// peek reads a cell without a step.
func (m *Machine) peek(a program.Word) program.Word {
	if a >= program.Word(len(m.mem)) {
		return 0
	}
	return m.mem[a]
}

// Peek reads the cell at address a without performing a step.
func (m *Machine) Peek(a program.Word) program.Word { return m.peek(a) }

// setFatal records the first fatal finding.
func (m *Machine) setFatal(o outcome.Outcome) {
	if m.fatal != nil {
		return
	}
	o.CauseStep = -1 // a fatal finding is its own cause
	m.fatal = &o
	if r := m.cur; r != nil {
		r.Findings = append(r.Findings, o)
	}
}

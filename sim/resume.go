package sim

import (
	"fmt"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// Submit is node->m_ctx.submit_task(node->m_await_coro). It reads the two
// fields (checked like any plain read) and hands the coroutine to its
// context as its engine does (see Engine and submitPath).
func (x *Exec) Submit(node program.Word) {
	if !x.begin(program.OpSubmit, node) {
		return
	}
	h, ok := x.read(node + program.FieldAwaitCoro)
	if !ok {
		return
	}
	ctx, ok := x.read(node + program.FieldCtx)
	if !ok {
		return
	}
	if r := x.m.cur; r != nil {
		r.Result, r.Value = h, ctx
	}
	if x.m.weak != nil && x.badResume(h) {
		return
	}
	m := x.m
	t := m.prog.ThreadOfContext(ctx)
	if t < 0 {
		x.nilPointer()
		return
	}
	path, counter, depth, ok := x.submitPath(t)
	if !ok {
		return
	}
	c, ok := x.resumable(h, path == pathInline)
	if !ok {
		return
	}
	switch path {
	case pathQueue:
		m.enqueue(x.t, c, t)
	case pathInline:
		cell, _ := x.cell(counter, false, "writes")
		m.plainWrite(x.t, x.c, x.pc, counter, cell)
		m.mem[counter]++
		co := &m.coros[c]
		co.inlined = counter
		co.status = outcome.Running
		co.thread = int16(x.t)
		th := &m.threads[x.t]
		th.stack = append(th.stack, int16(c))
		if r := m.cur; r != nil {
			r.Events = append(r.Events, record.Event{Kind: record.Inline, Coroutine: c, Thread: x.t, Depth: depth})
		}
	case pathDrop:
		m.coros[c].dropped = true
		m.coros[c].drop = m.this
		if r := m.cur; r != nil {
			r.Events = append(r.Events, record.Event{Kind: record.Dropped, Coroutine: c, Thread: -1, Depth: depth})
		}
	}
}

// The ways submit_task hands a coroutine over.
type submitPath uint8

const (
	pathQueue  submitPath = iota // pushed on the target's run queue
	pathInline                   // run inline on the waker's thread
	pathDrop                     // dropped: never resumed
)

// submitPath chooses the way for a submit to thread t's context, as
// engine::submit_task does (see Engine): with a full queue it reads the
// depth counter, a plain field, from the waker's thread, and returns its
// address when the coroutine runs inline, and the value it read.
func (x *Exec) submitPath(t int) (path submitPath, counter program.Word, depth int, ok bool) {
	m := x.m
	e := m.prog.Engine
	if e == nil || len(m.threads[t].queue) < e.QueueCap {
		return pathQueue, 0, 0, true
	}
	counter = m.prog.Threads[t].Context + program.ContextDepth
	if e.Fixed {
		counter = m.prog.Threads[x.t].Context + program.ContextDepth // thread-local
	}
	v, ok := x.read(counter)
	depth = int(int64(v))
	switch {
	case !ok:
		return 0, 0, 0, false
	case depth < e.DepthCap:
		return pathInline, counter, depth, true
	case e.Fixed:
		return pathQueue, 0, depth, true // the overflow list: never dropped
	}
	return pathDrop, 0, depth, true
}

// inlineReturned is the end of exec_task for coroutine c, which ran
// inline on thread t and now parks or finishes: the depth counter at
// addr is decremented, a plain write from t.
func (m *Machine) inlineReturned(t, c int, addr program.Word) {
	m.coros[c].inlined = 0
	x := &m.exec
	m.plainWrite(t, x.c, x.pc, addr, &m.prog.Cells[addr])
	m.mem[addr]--
}

// resumable checks that handle h may be resumed now and returns its
// coroutine.
func (x *Exec) resumable(h program.Word, inline bool) (int, bool) {
	m := x.m
	c := m.prog.CoroutineOfHandle(h)
	if c < 0 {
		shown := m.prog.Format(program.Handle, nil, h)
		x.fail(outcome.Panic, fmt.Sprintf("runtime error: submit_task got %s, which is not a coroutine handle", shown),
			outcome.Detail{Reason: outcome.NotHandle, Text: shown})
		return 0, false
	}
	co := &m.coros[c]
	name := m.prog.Coroutines[c].Name
	who := m.prog.Coroutines[x.c].Name
	switch co.status {
	case outcome.Done:
		x.fail(outcome.UseAfterFree, fmt.Sprintf("%s resumes %s at step %d (%s), but %s has finished and its frame was destroyed",
			who, name, m.step+1, m.prog.Label(x.pc), name), outcome.Detail{Reason: outcome.ResumeFinished, Other: name})
		return 0, false
	case outcome.Running:
		if co.suspending && !inline {
			break // resumed during its await_suspend: queued (or dropped) while it finishes
		}
		fallthrough
	case outcome.Runnable:
		x.fail(outcome.DoubleResume, fmt.Sprintf("%s resumes %s at step %d (%s), but %s is not suspended: it is already %s",
			who, name, m.step+1, m.prog.Label(x.pc), name, co.status), outcome.Detail{Other: name, Status: co.status})
		return 0, false
	}
	co.dropped = false
	if m.prog.Facts.Open != nil && !co.opened && m.waiting(c) {
		x.fail(outcome.PrematureRelease, fmt.Sprintf("%s releases %s at step %d (%s), but %s has not held since %s %s",
			who, name, m.step+1, m.prog.Label(x.pc), m.prog.Facts.Condition, name, co.parked()),
			outcome.Detail{Other: name, Condition: m.prog.Facts.Condition, ParkStep: int(co.parkStep), SleepStep: co.laterSleep()})
		return 0, false
	}
	return c, true
}

// waiting reports whether c is parked in an operation whose release is
// checked against Facts.Open.
func (m *Machine) waiting(c int) bool {
	co := &m.coros[c]
	return co.op >= 0 && m.prog.Ops[co.op].Role == program.Waiting
}

// enqueue pushes coroutine c on thread t's run queue, handing over the
// waker's clock (the queue's push and pop synchronize).
func (m *Machine) enqueue(waker, c, t int) {
	co := &m.coros[c]
	co.status = outcome.Runnable
	co.thread = int16(t)
	m.hb.HandWake(c, waker)
	m.threads[t].queue = append(m.threads[t].queue, int16(c))
	if r := m.cur; r != nil {
		r.Events = append(r.Events, record.Event{Kind: record.Queued, Coroutine: c, Thread: t})
	}
}

// SemAcquire takes a permit of the semaphore at addr, or queues the
// coroutine on it and returns true.
func (x *Exec) SemAcquire(addr program.Word) bool {
	if !x.begin(program.OpSemAcquire, addr) {
		return false
	}
	c, ok := x.cell(addr, true, "acquires")
	if !ok {
		return false
	}
	m := x.m
	if v := m.mem[addr]; v > 0 {
		m.atomicRead(x.t, addr, c, program.Acquire)
		m.mem[addr] = v - 1
		m.atomicWrite(x.t, x.pc, addr, c, program.Relaxed, true, program.OpSemAcquire)
		x.recordResult(v, true)
		return false
	}
	m.semSeq++
	co := &m.coros[x.c]
	co.semWait, co.semSeq = addr, m.semSeq
	x.recordResult(0, false)
	if r := m.cur; r != nil {
		r.Events = append(r.Events, record.Event{Kind: record.SemQueued, Coroutine: x.c, Thread: -1})
	}
	return true
}

// SemRelease hands a permit to the oldest coroutine queued on the
// semaphore at addr (it is queued on its context), or banks it.
func (x *Exec) SemRelease(addr program.Word) {
	if !x.begin(program.OpSemRelease, addr) {
		return
	}
	c, ok := x.cell(addr, true, "releases")
	if !ok {
		return
	}
	m := x.m
	w := -1
	for i := range m.coros {
		co := &m.coros[i]
		if co.semWait == addr && co.status == outcome.Parked && (w < 0 || co.semSeq < m.coros[w].semSeq) {
			w = i
		}
	}
	if w < 0 {
		m.mem[addr]++
		m.atomicWrite(x.t, x.pc, addr, c, program.Release, true, program.OpSemRelease)
		x.recordResult(m.mem[addr]-1, true)
		return
	}
	m.coros[w].semWait = 0
	if _, ok := x.resumable(m.prog.Coroutines[w].Frame, false); !ok {
		return
	}
	x.recordResult(m.prog.Coroutines[w].Frame, true)
	m.enqueue(x.t, w, m.prog.Coroutines[w].Thread)
}

package sim

import (
	"fmt"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// Coroutines that start and end at another's hand: a spawn creates a
// frame (submit_to_context of a new task, go f()), and a destroy frees
// one (coroutine_handle::destroy(), as when_all's awaitable does to its
// children's frames).

// Spawn starts a coroutine that has not started yet, as
// submit_to_context(task) does with a new task, or Go's go f(): the first
// of the n coroutines from index first (a group spawned one by one) that
// has not started. Its frame is constructed and it is queued on its
// context's run queue, with the spawner's clock: everything the spawner
// did happens before the child runs.
func (x *Exec) Spawn(first, n int) {
	m := x.m
	c := -1
	for i := first; i < first+n && i < len(m.coros); i++ {
		if m.coros[i].status == outcome.Unstarted {
			c = i
			break
		}
	}
	addr := program.Word(0)
	if c >= 0 {
		addr = m.prog.Coroutines[c].Frame
	}
	if !x.begin(program.OpSpawn, addr) {
		return
	}
	if c < 0 {
		msg := fmt.Sprintf("spawn: every one of the %d coroutines it may start has started already", n)
		x.fail(outcome.Panic, msg, outcome.Detail{Reason: outcome.GoPanic, Text: msg})
		return
	}
	spec := &m.prog.Coroutines[c]
	fo := m.prog.Cells[spec.Frame].Object
	m.ended[fo] = 0
	for a := spec.Frame; a < spec.Frame+m.prog.Objects[fo].Size; a++ {
		m.mem[a] = 0
		m.noteWrite(x.t, a, -1)
	}
	ctx := m.prog.Threads[spec.Thread].Context
	if r := m.cur; r != nil {
		r.Result, r.Value = spec.Frame, ctx
	}
	co := &m.coros[c]
	co.status = outcome.Runnable
	if !m.advance(c, false) {
		m.destroy(c) // an empty script: it finishes at once
		return
	}
	m.enqueue(x.t, c, spec.Thread)
}

// Destroy is coroutine_handle::destroy() on handle h from another
// coroutine: the frame of h's coroutine is freed (with its awaiter, if it
// lives). The step's access is a plain write of the frame's first cell,
// checked like any: destroying a frame already freed is a use after free.
// The coroutine may still be running (when_all's B12): its next access
// to its frame is then a use after free.
func (x *Exec) Destroy(h program.Word) {
	m := x.m
	c := m.prog.CoroutineOfHandle(h)
	if !x.begin(program.OpWrite, h) {
		return
	}
	if c < 0 {
		shown := m.prog.Format(program.Handle, nil, h)
		x.fail(outcome.Panic, fmt.Sprintf("runtime error: destroy got %s, which is not a coroutine handle", shown),
			outcome.Detail{Reason: outcome.NotHandle, Text: shown})
		return
	}
	x.recordOrders(0, 0, program.Relaxed, program.Relaxed)
	cell, ok := x.cell(h, false, "destroys")
	if !ok {
		return
	}
	m.plainWrite(x.t, x.c, x.pc, h, cell)
	m.mem[h] = 0
	for _, oi := range m.lives[c] {
		if m.ended[oi] == 0 {
			m.ended[oi] = int32(m.step) + 1
		}
	}
}

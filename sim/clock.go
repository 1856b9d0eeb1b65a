package sim

import (
	"lockstep/sim/hb"
	"lockstep/sim/program"
)

// The machine's side of the race detector (package hb): each access
// reports itself to m.hb, with the c11 model's bookkeeping beside it, and
// a race it finds becomes the run's finding.

// atomicRead is the read half of an atomic access with order o under sc
// (under c11, see acquireFrom).
func (m *Machine) atomicRead(t int, addr program.Word, c *program.Cell, o program.Order) {
	if program.Acquires(o) {
		m.hb.Acquire(t, addr, c.Slot)
		m.acquired = true
	} else {
		m.hb.ReadAtomic(t, m.hb.Release(c.Slot))
	}
}

// atomicWrite is the write half of an atomic access with order o under
// sc (under c11, see storeAtomic and update).
func (m *Machine) atomicWrite(t, label int, addr program.Word, c *program.Cell, o program.Order, rmw bool, op program.OpKind) {
	m.hb.Write(t, c.Slot, o, rmw)
	if m.record {
		m.hb.Explain(t, c.Slot, hb.AtomicWrite{Step: int32(m.step), Label: int32(label), Op: op, Order: o})
	}
}

// plainRead checks and records a plain read of cell c by thread t.
func (m *Machine) plainRead(t, co, label int, c *program.Cell) {
	if w, racy := m.hb.PlainRead(t, c.Slot, label, m.step); racy {
		m.race(hb.Access{Thread: t, Coroutine: co, Step: m.step, Label: label, Cell: c, Verb: "reads"}, w, false)
	}
}

// plainWrite checks and records a plain write of cell c by thread t.
func (m *Machine) plainWrite(t, co, label int, addr program.Word, c *program.Cell) {
	if e, read, racy := m.hb.PlainWrite(t, c.Slot, label, m.step); racy {
		m.race(hb.Access{Thread: t, Coroutine: co, Step: m.step, Label: label, Cell: c, Verb: "writes"}, e, read)
	}
	if m.weak != nil {
		m.weakWrote(t, addr, label)
	}
}

// noteWrite records a write to the plain cell at addr without checking it
// (the constructor of a fresh object).
func (m *Machine) noteWrite(t int, addr program.Word, label int) {
	m.hb.NoteWrite(t, m.prog.Cells[addr].Slot, label, m.step)
	if m.weak != nil {
		m.weakWrote(t, addr, label)
	}
}

// race records a data race between access a and the earlier access e.
// Only the first race of a step is kept, and without recording (a search)
// only the first of the run, its verdict: every copy of a machine copies
// its races, and a search copies one at every step.
func (m *Machine) race(a hb.Access, e hb.Epoch, read bool) {
	// Races are kept in step order: only the last can be this step's.
	if n := len(m.races); n > 0 && (m.races[n-1].Step == m.step || !m.record) {
		return
	}
	o := m.hb.Race(m.prog, a, e, read)
	m.races = append(m.races, o)
	if r := m.cur; r != nil {
		r.Findings = append(r.Findings, o)
	}
}

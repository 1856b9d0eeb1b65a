package sim

import (
	"fmt"
	"strconv"

	"lockstep/sim/c11"
	"lockstep/sim/hb"
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// MemoryModel is what a read may see: see package c11 for the c11
// model, what it allows and how it is stronger than RC11.
type MemoryModel uint8

// The memory models.
const (
	SC  MemoryModel = iota // sequential consistency: every read sees the latest write
	C11                    // RC11: any write coherence and happens-before allow
)

var memoryNames = [...]string{SC: "sc", C11: "c11"}

func (mm MemoryModel) String() string {
	if int(mm) < len(memoryNames) {
		return memoryNames[mm]
	}
	return "memory(" + strconv.Itoa(int(mm)) + ")"
}

// ParseMemoryModel reads "sc" or "c11".
func ParseMemoryModel(s string) (MemoryModel, error) {
	for i, n := range memoryNames {
		if n == s {
			return MemoryModel(i), nil
		}
	}
	return 0, fmt.Errorf("unknown memory model %q (want sc or c11)", s)
}

// wakeSpinners ends, under c11, the spin of every coroutine spinning on
// the cell at addr that a write just made has given a newer write to
// read (canMove reads a spin as over when its spinAddr is 0). A write
// that goes at the end of the order also changes the cell's value, the
// only other thing canMove compares.
func (m *Machine) wakeSpinners(addr program.Word) {
	for c := range m.coros {
		if co := &m.coros[c]; co.spinAddr == addr && m.weak.SpinMayMove(c, addr) {
			co.spinAddr, co.spinSeen = 0, 0
		}
	}
}

// actor is thread t, performing the current step, as the c11 model
// sees it, with its access's orders.
func (m *Machine) actor(t int, o, fail program.Order) c11.Actor {
	return c11.Actor{Thread: t, Coroutine: m.exec.c, Clock: m.hb.Clock(t), Fence: m.hb.FenceClock(t),
		Step: m.step, PC: m.exec.pc, Order: o, Fail: fail}
}

// weakWrote appends the value now at addr, just written by thread t at
// label with a plain write (or a constructor's), to the end of the
// cell's modification order.
func (m *Machine) weakWrote(t int, addr program.Word, label int) {
	ww := c11.Write{Val: m.mem[addr], Thread: int16(t), Clock: m.hb.Clock(t)[t], Step: int32(m.step), Label: int32(label)}
	m.weak.Wrote(addr, ww, m.hb.Clock(t))
	m.wakeSpinners(addr)
}

// readAtomic is the read half of an atomic load with order o: the value
// it returns, after the happens-before it makes.
func (m *Machine) readAtomic(t int, addr program.Word, c *program.Cell, o program.Order) program.Word {
	if m.weak == nil {
		m.atomicRead(t, addr, c, o)
		return m.mem[addr]
	}
	ww := m.weak.Load(m.prog, m.actor(t, o, o), addr)
	m.acquireFrom(t, addr, o, ww.Rel)
	return ww.Val
}

// acquireFrom is the happens-before an atomic read by t with order o
// makes of a write that carried rel, under c11.
func (m *Machine) acquireFrom(t int, addr program.Word, o program.Order, rel []uint32) {
	if program.Acquires(o) {
		m.hb.AcquireClock(t, addr, rel)
		m.acquired = true
	} else {
		m.hb.ReadAtomic(t, rel)
	}
}

// storeAtomic is an atomic store of v with order o by thread t, at label,
// under c11: the model places it in the cell's modification order, and
// the cell's value is v when it went at the end.
func (m *Machine) storeAtomic(t, label int, addr program.Word, c *program.Cell, v program.Word, o program.Order) {
	if m.weak.Store(m.prog, m.actor(t, o, o), addr, v, label) {
		m.mem[addr] = v
	}
	m.wakeSpinners(addr)
	if m.record {
		m.hb.Explain(t, c.Slot, hb.AtomicWrite{Step: int32(m.step), Label: int32(label), Op: program.OpStore, Order: o})
	}
}

// update is a read-modify-write by thread t at label of the atomic cell
// at addr, with order o (fail: a compare-and-swap's order on failure):
// u says, of the value read, what it writes and whether it writes. It
// returns the value read and whether it wrote.
func (m *Machine) update(t, label int, addr program.Word, c *program.Cell, o, fail program.Order, u c11.RMW) (program.Word, bool) {
	op := u.Op
	if m.weak == nil {
		old := m.mem[addr]
		v, ok := u.Apply(old)
		if !ok {
			m.atomicRead(t, addr, c, fail)
			return old, false
		}
		m.atomicRead(t, addr, c, o)
		m.mem[addr] = v
		m.atomicWrite(t, label, addr, c, o, true, op)
		return old, true
	}
	rd, wrote, end := m.weak.Update(m.prog, m.actor(t, o, fail), addr, label, u)
	if !wrote {
		m.acquireFrom(t, addr, fail, rd.Rel)
		return rd.Val, false
	}
	m.acquireFrom(t, addr, o, rd.Rel)
	if end {
		m.mem[addr], _ = u.Apply(rd.Val)
	}
	m.wakeSpinners(addr)
	if m.record {
		m.hb.Explain(t, c.Slot, hb.AtomicWrite{Step: int32(m.step), Label: int32(label), Op: op, Order: o})
	}
	return rd.Val, true
}

// readPlain is a plain read of the cell at addr by thread t, checked for
// races: the value it returns.
func (m *Machine) readPlain(t, co, label int, addr program.Word, c *program.Cell) program.Word {
	m.plainRead(t, co, label, c)
	if m.weak == nil {
		return m.mem[addr]
	}
	return m.weak.Read(m.prog, m.actor(t, program.Relaxed, program.Relaxed), addr).Val
}

// staleRead returns the stale read the step made, if any.
func (m *Machine) staleRead() (c11.StaleRead, bool) {
	if m.weak == nil {
		return c11.StaleRead{}, false
	}
	return m.weak.StaleRead(m.step)
}

// stepSource is the source the step's read took and the write its store
// went before, as its schedule token says them: Latest when it read the
// latest write or made no choosable read, and when its store went at the
// end or it made none.
func (m *Machine) stepSource(rec *record.Step) (c11.Source, c11.Source) {
	w := m.weak
	if w == nil {
		return c11.Latest, c11.Latest
	}
	w.Want = c11.Latest
	w.Before = c11.Latest
	if rec != nil {
		if rc, ok := w.LastReadAtMost(m.prog, c11.MaxRecorded); ok {
			rec.Read = &rc
		}
		if pc, ok := w.LastPlace(m.prog); ok {
			rec.Place = &pc
		}
	}
	return w.Chosen(), w.Placed()
}

// weakFence is thread t's fence with order o under c11, after its
// happens-before: an event of the execution graph.
func (m *Machine) weakFence(t int, o program.Order) {
	m.weak.Fence(m.actor(t, o, o), m.hb.Clock(t))
}

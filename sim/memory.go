package sim

import (
	"fmt"
	"strconv"

	"lockstep/sim/c11"
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

// see records that thread t saw the write at idx of the cell at addr.
func (m *Machine) see(t int, addr program.Word, idx int32) {
	m.weak.See(t, addr, idx, m.hb.Clock(t))
}

// weakWrote appends the value now at addr, just written by thread t at
// label, to the cell's modification order.
func (m *Machine) weakWrote(t int, addr program.Word, label int) {
	c := &m.prog.Cells[addr]
	ww := c11.Write{Val: m.mem[addr], Thread: int16(t), Clock: m.hb.Clock(t)[t], Step: int32(m.step), Label: int32(label)}
	if c.Atomic {
		if rel := m.hb.Release(c.Slot); !zero(rel) {
			ww.Rel = append([]uint32(nil), rel...)
		}
	}
	m.weak.Wrote(addr, ww, m.hb.Clock(t))
}

func zero(v []uint32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// weakRead is the write a read of addr by thread t returns under c11 (the
// latest when latest is set, a seq_cst load): see c11.Memory.Read.
func (m *Machine) weakRead(t int, addr program.Word, latest bool) *c11.Write {
	r := c11.Reader{Thread: t, Clock: m.hb.Clock(t), Step: m.step, PC: m.exec.pc}
	return m.weak.Read(m.prog, r, addr, latest)
}

// readAtomic is the read half of an atomic load with order o: the value
// it returns, after the happens-before it makes.
func (m *Machine) readAtomic(t int, addr program.Word, c *program.Cell, o program.Order) program.Word {
	if m.weak == nil {
		m.atomicRead(t, addr, c, o)
		return m.mem[addr]
	}
	ww := m.weakRead(t, addr, o == program.SeqCst)
	if program.Acquires(o) {
		m.hb.AcquireClock(t, addr, ww.Rel)
		m.acquired = true
	}
	return ww.Val
}

// readPlain is a plain read of the cell at addr by thread t, checked for
// races: the value it returns.
func (m *Machine) readPlain(t, co, label int, addr program.Word, c *program.Cell) program.Word {
	m.plainRead(t, co, label, c)
	if m.weak == nil {
		return m.mem[addr]
	}
	return m.weakRead(t, addr, false).Val
}

// staleRead returns the stale read the step made, if any.
func (m *Machine) staleRead() (c11.StaleRead, bool) {
	if m.weak == nil {
		return c11.StaleRead{}, false
	}
	return m.weak.StaleRead(m.step)
}

// stepSource is the source the step's read took, as its schedule token
// says it: Latest when it read the latest write or made no choosable read.
func (m *Machine) stepSource(rec *record.Step) c11.Source {
	w := m.weak
	if w == nil {
		return c11.Latest
	}
	w.Want = c11.Latest
	if rec != nil {
		if rc, ok := w.LastReadAtMost(m.prog, c11.MaxRecorded); ok {
			rec.Read = &rc
		}
	}
	return w.Chosen()
}

// weakFence is thread t's fence with order o under c11: an event of the
// execution graph (see c11.Memory.Fence).
func (m *Machine) weakFence(t int, o program.Order) {
	m.weak.Fence(t, o, m.hb.Clock(t))
}

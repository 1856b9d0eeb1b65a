package sim

import (
	"fmt"
	"strconv"

	"lockstep/sim/c11"
	"lockstep/sim/program"
)

// The memory model of a run. Under SC (the default) every read sees the
// latest write. Under C11 a read may return any write to its cell that
// coherence and happens-before allow, as in RC11 (Lahav et al., PLDI
// 2017), with these choices, which make the model stronger than RC11:
//
//   - writes join a cell's modification order at its end, in the order
//     the steps perform them (so 2+2W's cyclic outcome cannot happen);
//   - a read returns a write that already exists (so load buffering, and
//     out-of-thin-air values, cannot happen);
//   - a read-modify-write and a seq_cst load read the latest write
//     (seq_cst accesses are thus ordered as the steps are performed);
//   - of the reads of one step (submit_task reads the handle, then the
//     context), only the first can be stale.
//
// Happens-before is the machine's vector clocks: an acquire that reads a
// write joins the release clock that write carried (its release
// sequence), not the cell's latest. A thread may not read a write older
// (in modification order) than one it has seen: a write or a read of the
// cell that happens before the read (coherence, write-read and
// read-read).

// MemoryModel is what a read may see.
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
	m.weak.See(t, addr, idx, m.clockOf(t))
}

// weakWrote appends the value now at addr, just written by thread t at
// label, to the cell's modification order.
func (m *Machine) weakWrote(t int, addr program.Word, label int) {
	c := &m.prog.Cells[addr]
	ww := c11.Write{Val: m.mem[addr], Thread: int16(t), Clock: m.vc[t*len(m.threads)+t], Step: int32(m.step), Label: int32(label)}
	if c.Atomic {
		if rel := m.relOf(c.Slot); !zero(rel) {
			ww.Rel = append([]uint32(nil), rel...)
		}
	}
	m.weak.Wrote(addr, ww, m.clockOf(t))
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
	r := c11.Reader{Thread: t, Clock: m.clockOf(t), Step: m.step, PC: m.exec.pc}
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
		if ww.Rel != nil {
			join(m.clockOf(t), ww.Rel)
		}
		m.lastAcq[t] = addr
		m.acquired = true
	}
	return ww.Val
}

// readPlain is a plain read of the cell at addr by thread t, checked for
// races: the value it returns.
func (m *Machine) readPlain(t, co, label int, addr program.Word, c *program.Cell) program.Word {
	m.plainRead(t, co, label, addr, c)
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
func (m *Machine) stepSource(rec *Record) c11.Source {
	w := m.weak
	if w == nil {
		return c11.Latest
	}
	w.Want = c11.Latest
	if rec != nil {
		if rc, ok := w.LastRead(m.prog); ok {
			rec.Read = &rc
		}
	}
	return w.Chosen()
}

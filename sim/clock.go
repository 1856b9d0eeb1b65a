package sim

import (
	"fmt"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// Happens-before is tracked with vector clocks, one per thread:
//
//   - every step ticks the stepping thread's own component;
//   - an acquire access to an atomic cell joins the clock the cell's release
//     sequence carries into the thread's clock;
//   - a release store replaces that clock with the thread's; a release
//     read-modify-write joins into it (it continues the release sequence
//     and heads its own); a relaxed store ends the sequence; a relaxed
//     read-modify-write leaves it as it is;
//   - a wakeup through a run queue or a semaphore hands the waker's clock to
//     the thread that resumes the coroutine.
//
// A plain read races with the last write to the cell unless the write
// happens before it; a plain write races with the last write and with every
// read since, unless they happen before it.

// tick advances thread t's own clock component.
func (m *Machine) tick(t int) {
	n := len(m.threads)
	m.vc[t*n+t]++
}

// join sets dst to the component-wise maximum of dst and src.
func join(dst, src []uint32) {
	for i, v := range src {
		if v > dst[i] {
			dst[i] = v
		}
	}
}

func (m *Machine) clockOf(t int) []uint32 {
	n := len(m.threads)
	return m.vc[t*n : (t+1)*n]
}

func (m *Machine) relOf(slot int) []uint32 {
	n := len(m.threads)
	return m.rel[slot*n : (slot+1)*n]
}

// atomicRead is the read half of an atomic access with order o.
func (m *Machine) atomicRead(t int, addr program.Word, c *program.Cell, o program.Order) {
	if program.Acquires(o) {
		join(m.clockOf(t), m.relOf(c.Slot))
		m.lastAcq[t] = addr
		m.acquired = true
	}
	if m.weak != nil {
		m.see(t, addr, int32(len(m.weak.History(addr))-1))
	}
}

// atomicWrite is the write half of an atomic access with order o.
func (m *Machine) atomicWrite(t, label int, addr program.Word, c *program.Cell, o program.Order, rmw bool, op program.OpKind) {
	rel := m.relOf(c.Slot)
	switch {
	case program.Releases(o) && rmw:
		join(rel, m.clockOf(t))
	case program.Releases(o):
		copy(rel, m.clockOf(t))
	case !rmw:
		clear(rel)
	}
	if m.atomW != nil {
		m.atomW[c.Slot*len(m.threads)+t] = atomicWrite{step: int32(m.step), label: int32(label), op: op, order: o}
	}
	if m.weak != nil {
		m.weakWrote(t, addr, label)
	}
}

// acquireWake hands coroutine c's wakeup clock to thread t.
func (m *Machine) acquireWake(t, c int) {
	n := len(m.threads)
	join(m.clockOf(t), m.wake[c*n:(c+1)*n])
}

// happensBefore reports whether access e happens before thread t's current
// point.
func (m *Machine) happensBefore(e Epoch, t int) bool {
	return e.thread < 0 || int(e.thread) == t || e.clock <= m.vc[t*len(m.threads)+int(e.thread)]
}

// plainRead checks and records a plain read of cell c by thread t.
func (m *Machine) plainRead(t, co, label int, addr program.Word, c *program.Cell) {
	n := len(m.threads)
	if w := m.lastW[c.Slot]; !m.happensBefore(w, t) {
		m.race(t, co, label, addr, c, w, "reads", "wrote")
	}
	m.ownReads()
	m.reads[c.Slot*n+t] = Epoch{thread: int16(t), label: int32(label), clock: m.vc[t*n+t], step: int32(m.step)}
}

// plainWrite checks and records a plain write of cell c by thread t.
func (m *Machine) plainWrite(t, co, label int, addr program.Word, c *program.Cell) {
	n := len(m.threads)
	if w := m.lastW[c.Slot]; !m.happensBefore(w, t) {
		m.race(t, co, label, addr, c, w, "writes", "wrote")
	} else {
		for u := range n {
			if r := m.reads[c.Slot*n+u]; u != t && !m.happensBefore(r, t) {
				m.race(t, co, label, addr, c, r, "writes", "read")
				break
			}
		}
	}
	m.noteWrite(t, addr, label)
}

// noteWrite records a write to the plain cell at addr without checking it
// (the constructor of a fresh object).
func (m *Machine) noteWrite(t int, addr program.Word, label int) {
	n := len(m.threads)
	c := &m.prog.Cells[addr]
	m.ownReads()
	m.lastW[c.Slot] = Epoch{thread: int16(t), label: int32(label), clock: m.vc[t*n+t], step: int32(m.step)}
	for u := range n {
		m.reads[c.Slot*n+u].thread = -1
	}
	if m.weak != nil {
		m.weakWrote(t, addr, label)
	}
}

// ownReads gives m its own lastW and reads before it writes them, if it
// shares them (see Machine.sharedReads).
func (m *Machine) ownReads() {
	if !m.sharedReads {
		return
	}
	m.lastW = append(m.spareW[:0], m.lastW...)
	m.reads = append(m.spareR[:0], m.reads...)
	m.sharedReads, m.spareW, m.spareR = false, nil, nil
}

// race records a data race between the current access and the earlier
// access e. Only the first race on a cell per earlier access is kept.
func (m *Machine) race(t, co, label int, addr program.Word, c *program.Cell, e Epoch, verb, earlier string) {
	for _, r := range m.races {
		if r.Step == m.step {
			return
		}
	}
	p := m.prog
	other := p.Threads[e.thread].Name
	me := p.Threads[t].Name
	when := fmt.Sprintf("at step %d", e.step+1)
	if e.label >= 0 {
		when += " (" + p.Label(int(e.label)) + ")"
	} else {
		when += " (constructing it)"
	}
	msg := fmt.Sprintf("data race on %s: %s %s it at step %d (%s) and %s %s it %s, and nothing orders the two",
		c.Name, me, verb, m.step+1, p.Label(label), other, earlier, when)
	d := outcome.Detail{Label: p.Label(label), Access: verb, Cell: c.Name,
		OtherThread: other, OtherAccess: earlier, OtherStep: int(e.step)}
	if e.label >= 0 {
		d.OtherLabel = p.Label(int(e.label))
	}
	d.Missing = m.missingRelease(t, int(e.thread), e.step)
	if mr := d.Missing; mr != nil {
		msg += fmt.Sprintf(": %s's %s on %s at step %d (%s) is %s, without release, so %s's acquire of %s does not make %s's earlier writes visible",
			mr.Writer, mr.Op, mr.Cell, mr.Step+1, mr.Label, mr.Order, mr.Reader, mr.Cell, mr.Writer)
	}
	o := outcome.Outcome{Kind: outcome.DataRace, Message: msg, Step: m.step, CauseStep: -1, Thread: me, Coroutine: p.Coroutines[co].Name, Detail: d}
	m.races = append(m.races, o)
	if r := m.cur; r != nil {
		r.Findings = append(r.Findings, o)
	}
}

// missingRelease explains a race: the reader t acquired last from some
// atomic cell; if the writer w wrote that cell after its access without
// release, that write is where the release is missing. It returns nil
// when there is no such write.
func (m *Machine) missingRelease(t, w int, after int32) *outcome.MissingRelease {
	a := m.lastAcq[t]
	if a == 0 || m.atomW == nil {
		return nil
	}
	c := &m.prog.Cells[a]
	aw := m.atomW[c.Slot*len(m.threads)+w]
	if aw.step < after {
		return nil
	}
	p := m.prog
	if program.Releases(aw.order) {
		return nil
	}
	return &outcome.MissingRelease{Writer: p.Threads[w].Name, Reader: p.Threads[t].Name, Op: aw.op, Cell: c.Name,
		Step: int(aw.step), Label: p.Label(int(aw.label)), Order: program.OrderName(aw.order)}
}

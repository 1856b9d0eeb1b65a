package sim

import (
	"fmt"
	"lockstep/sim/program"
	"strconv"
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

// A Source names the write a read returns: Latest (no choice: the last
// write in modification order), Init (the cell's initial value) or the
// write made at a step (FromStep).
type Source int32

// The sources that name no step.
const (
	Latest Source = 0
	Init   Source = -1
)

// FromStep is the write made at the step of index s; the source's value
// is that step's number as people count (from 1).
func FromStep(s int) Source { return Source(s + 1) }

// Step is the step of the write (-1 for Init and Latest).
func (s Source) Step() int {
	if s <= 0 {
		return -1
	}
	return int(s) - 1
}

// String is the source as a schedule writes it after '<': "init" or the
// step's number, counted from 1 as everywhere people read steps ("" for
// Latest).
func (s Source) String() string {
	switch {
	case s == Latest:
		return ""
	case s == Init:
		return "init"
	}
	return strconv.Itoa(int(s))
}

// ParseSource reads "init" or a step's number (from 1).
func ParseSource(s string) (Source, error) {
	if s == "init" {
		return Init, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > MaxScheduleSteps || strconv.Itoa(n) != s {
		return 0, fmt.Errorf("a read's source is init or the number of the step that wrote (1 to %d)", MaxScheduleSteps)
	}
	return Source(n), nil
}

// weakWrite is one write in a cell's modification order.
type weakWrite struct {
	val    program.Word
	thread int16 // -1: the initial value
	clock  uint32
	step   int32
	label  int32
	rel    []uint32 // the release clock an acquire reading it joins; nil: none
}

// source names w in a schedule.
func (w *weakWrite) source() Source {
	if w.thread < 0 {
		return Init
	}
	return FromStep(int(w.step))
}

// weakSeen says that thread saw (wrote or read) the write at index idx of
// a cell's modification order when its own clock was clock.
type weakSeen struct {
	thread int16
	clock  uint32
	idx    int32
}

// weakMem is the state of the C11 model: per cell (by address) its
// modification order and who saw what of it. Both only grow, so copies
// share their arrays (capped, so that an append copies).
type weakMem struct {
	hist [][]weakWrite
	seen [][]weakSeen

	// want is the source asked for the step's read; Latest when none.
	want Source
	// The step's choosable read (its first): whether there was one, the
	// cell, the candidates (indices into hist, oldest first) and the one
	// read.
	read  bool
	addr  program.Word
	cands []int32
	got   int32
	bad   bool // want named no candidate
	// stale are the stale reads of the run so far.
	stale []StaleRead
}

// A StaleRead is a read that returned a write older than the latest one.
type StaleRead struct {
	Step         int
	Thread       string
	Label        string
	Cell         string
	Addr         program.Word
	Value        program.Word
	From         Source       // the write read
	Latest       program.Word // the latest value, which the read did not see
	LatestSource Source
	// Shown and LatestShown are Value and Latest shown symbolically.
	Shown, LatestShown string
}

func newWeakMem(p *program.Program) *weakMem {
	w := &weakMem{hist: make([][]weakWrite, len(p.Cells)), seen: make([][]weakSeen, len(p.Cells))}
	for a := program.FirstAddress; a < program.Word(len(p.Cells)); a++ {
		w.hist[a] = []weakWrite{{val: p.Cells[a].Init, thread: -1, step: -1, label: -1}}
	}
	return w
}

// copyFrom makes w a copy of src, reusing w's outer buffers.
func (w *weakMem) copyFrom(src *weakMem) {
	hist, seen, cands, stale := w.hist, w.seen, w.cands, w.stale
	*w = *src
	w.hist = append(hist[:0], src.hist...)
	for i, h := range w.hist {
		w.hist[i] = h[:len(h):len(h)]
	}
	w.seen = append(seen[:0], src.seen...)
	for i, s := range w.seen {
		w.seen[i] = s[:len(s):len(s)]
	}
	w.cands = append(cands[:0], src.cands...)
	w.stale = append(stale[:0], src.stale...)
}

// begin resets what the last step read.
func (w *weakMem) begin() {
	w.read, w.bad, w.cands = false, false, w.cands[:0]
}

// floor is the index of the oldest write of the cell at addr that thread t
// may still read.
func (m *Machine) floor(t int, addr program.Word) int32 {
	n := len(m.threads)
	f := int32(0)
	for _, s := range m.weak.seen[addr] {
		if s.idx > f && (int(s.thread) == t || s.clock <= m.vc[t*n+int(s.thread)]) {
			f = s.idx
		}
	}
	return f
}

// see records that t saw the write at idx of the cell at addr.
func (m *Machine) see(t int, addr program.Word, idx int32) {
	if idx > m.floor(t, addr) {
		m.weak.seen[addr] = append(m.weak.seen[addr], weakSeen{thread: int16(t), clock: m.vc[t*len(m.threads)+t], idx: idx})
	}
}

// weakWrote appends the value now at addr, just written by thread t at
// label, to the cell's modification order.
func (m *Machine) weakWrote(t int, addr program.Word, label int) {
	w := m.weak
	c := &m.prog.Cells[addr]
	ww := weakWrite{val: m.mem[addr], thread: int16(t), clock: m.vc[t*len(m.threads)+t], step: int32(m.step), label: int32(label)}
	if c.Atomic {
		if rel := m.relOf(c.Slot); !zero(rel) {
			ww.rel = append([]uint32(nil), rel...)
		}
	}
	h := w.hist[addr]
	if l := len(h) - 1; h[l].thread == int16(t) && h[l].step == int32(m.step) {
		// A step is atomic: no one can read the value it overwrites
		// (the constructor's, when the step that constructs an awaiter
		// writes its field). The array may be shared: copy it.
		h = append(h[:l:l], ww)
	} else {
		h = append(h, ww)
	}
	w.hist[addr] = h
	m.see(t, addr, int32(len(h)-1))
}

func zero(v []uint32) bool {
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// weakRead chooses the write a read of addr by thread t returns: the
// latest when latest is set (a seq_cst load) or when the step has made
// its choosable read already, else the write the step asks for (the
// latest by default) among those coherence allows. It records what t
// saw and returns the index of the write.
func (m *Machine) weakRead(t int, addr program.Word, latest bool) int32 {
	w := m.weak
	h := w.hist[addr]
	last := int32(len(h) - 1)
	if w.read {
		m.see(t, addr, last)
		return last
	}
	w.read, w.addr = true, addr
	lo := last
	if !latest {
		lo = m.floor(t, addr)
	}
	w.cands = w.cands[:0]
	for i := lo; i <= last; i++ {
		w.cands = append(w.cands, i)
	}
	got := last
	if w.want != Latest {
		got = -1
		for _, i := range w.cands {
			if h[i].source() == w.want {
				got = i
			}
		}
		if got < 0 {
			got, w.bad = last, true
		}
	}
	w.got = got
	m.see(t, addr, got)
	if got != last {
		p := m.prog
		w.stale = append(w.stale, StaleRead{Step: m.step, Thread: p.Threads[t].Name, Label: p.Label(m.exec.pc),
			Cell: p.Cells[addr].Name, Addr: addr, Value: h[got].val, From: h[got].source(),
			Latest: h[last].val, LatestSource: h[last].source(),
			Shown: p.FormatCell(addr, h[got].val), LatestShown: p.FormatCell(addr, h[last].val)})
	}
	return got
}

// readAtomic is the read half of an atomic load with order o: the value
// it returns, after the happens-before it makes.
func (m *Machine) readAtomic(t int, addr program.Word, c *program.Cell, o program.Order) program.Word {
	if m.weak == nil {
		m.atomicRead(t, addr, c, o)
		return m.mem[addr]
	}
	i := m.weakRead(t, addr, o == program.SeqCst)
	ww := &m.weak.hist[addr][i]
	if program.Acquires(o) {
		if ww.rel != nil {
			join(m.clockOf(t), ww.rel)
		}
		m.lastAcq[t] = addr
		m.acquired = true
	}
	return ww.val
}

// readPlain is a plain read of the cell at addr by thread t, checked for
// races: the value it returns.
func (m *Machine) readPlain(t, co, label int, addr program.Word, c *program.Cell) program.Word {
	m.plainRead(t, co, label, addr, c)
	if m.weak == nil {
		return m.mem[addr]
	}
	return m.weak.hist[addr][m.weakRead(t, addr, false)].val
}

// staleRead returns the stale read the step made, if any.
func (m *Machine) staleRead() (StaleRead, bool) {
	if w := m.weak; w != nil && w.read && len(w.stale) > 0 && w.stale[len(w.stale)-1].Step == m.step {
		return w.stale[len(w.stale)-1], true
	}
	return StaleRead{}, false
}

// stepSource is the source the step's read took, as its schedule token
// says it: Latest when it read the latest write or made no choosable read.
func (m *Machine) stepSource(rec *Record) Source {
	w := m.weak
	if w == nil {
		return Latest
	}
	w.want = Latest
	if rec != nil && w.read {
		rc, _ := m.LastRead()
		rec.Read = &rc
	}
	if !w.read || w.got == w.cands[len(w.cands)-1] {
		return Latest
	}
	return w.hist[w.addr][w.got].source()
}

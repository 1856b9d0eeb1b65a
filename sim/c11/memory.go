package c11

import (
	"fmt"

	"lockstep/sim/program"
)

// A Write is one write in a cell's modification order.
type Write struct {
	Val    program.Word
	Thread int16 // -1: the initial value
	Clock  uint32
	Step   int32
	Label  int32
	Rel    []uint32 // the release clock an acquire reading it joins; nil: none
}

// Source names w in a schedule.
func (w *Write) Source() Source {
	if w.Thread < 0 {
		return Init
	}
	return FromStep(int(w.Step))
}

// seen says that thread saw (wrote or read) the write at index idx of a
// cell's modification order when its own clock was clock.
type seen struct {
	thread int16
	clock  uint32
	idx    int32
}

// Memory is the state of the c11 model: per cell (by address) its
// modification order and who saw what of it, and what the step being
// performed read. Both only grow, so copies share their arrays (capped,
// so that an append copies).
type Memory struct {
	hist [][]Write
	seen [][]seen

	// Want is the source asked for the step's read; Latest when none.
	Want Source
	// The step's choosable read (its first): whether there was one, the
	// cell, the candidates (indices into hist, oldest first) and the one
	// read.
	read  bool
	addr  program.Word
	cands []int32
	got   int32
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
	From         Source // the write read
	Latest       program.Word
	LatestSource Source // the latest value, which the read did not see
	// Shown and LatestShown are Value and Latest shown symbolically.
	Shown, LatestShown string
}

// New returns the c11 state of a run of p at its start: every cell holds
// its initial value, which no one has seen.
func New(p *program.Program) *Memory {
	w := &Memory{hist: make([][]Write, len(p.Cells)), seen: make([][]seen, len(p.Cells))}
	for a := program.FirstAddress; a < program.Word(len(p.Cells)); a++ {
		w.hist[a] = []Write{{Val: p.Cells[a].Init, Thread: -1, Step: -1, Label: -1}}
	}
	return w
}

// CopyFrom makes w a copy of src, reusing w's outer buffers.
func (w *Memory) CopyFrom(src *Memory) {
	hist, sn, cands, stale := w.hist, w.seen, w.cands, w.stale
	*w = *src
	w.hist = append(hist[:0], src.hist...)
	for i, h := range w.hist {
		w.hist[i] = h[:len(h):len(h)]
	}
	w.seen = append(sn[:0], src.seen...)
	for i, s := range w.seen {
		w.seen[i] = s[:len(s):len(s)]
	}
	w.cands = append(cands[:0], src.cands...)
	w.stale = append(stale[:0], src.stale...)
}

// Begin forgets what the last step read.
func (w *Memory) Begin() {
	w.read, w.cands = false, w.cands[:0]
}

// History is the modification order of the cell at addr, oldest first.
// It aliases w: it must not be modified.
func (w *Memory) History(addr program.Word) []Write { return w.hist[addr] }

// Floor is the index of the oldest write of the cell at addr that thread
// t, whose clock is clock (its row of the vector clocks), may still read.
func (w *Memory) Floor(t int, addr program.Word, clock []uint32) int32 {
	f := int32(0)
	for _, s := range w.seen[addr] {
		if s.idx > f && (int(s.thread) == t || s.clock <= clock[s.thread]) {
			f = s.idx
		}
	}
	return f
}

// See records that thread t, whose clock is clock, saw the write at idx
// of the cell at addr.
func (w *Memory) See(t int, addr program.Word, idx int32, clock []uint32) {
	if idx > w.Floor(t, addr, clock) {
		w.seen[addr] = append(w.seen[addr], seen{thread: int16(t), clock: clock[t], idx: idx})
	}
}

// Wrote appends ww, just written by thread ww.Thread whose clock is
// clock, to the modification order of the cell at addr.
func (w *Memory) Wrote(addr program.Word, ww Write, clock []uint32) {
	h := w.hist[addr]
	if l := len(h) - 1; h[l].Thread == ww.Thread && h[l].Step == ww.Step {
		// A step is atomic: no one can read the value it overwrites
		// (the constructor's, when the step that constructs an awaiter
		// writes its field). The array may be shared: copy it.
		h = append(h[:l:l], ww)
	} else {
		h = append(h, ww)
	}
	w.hist[addr] = h
	w.See(int(ww.Thread), addr, int32(len(h)-1), clock)
}

// A Reader is the read being performed: who reads, with which clock, and
// where, for the record of a stale read.
type Reader struct {
	Thread int
	Clock  []uint32 // the thread's row of the vector clocks
	Step   int
	PC     int
}

// Read chooses the write a read of the cell at addr returns: the latest
// when latest is set (a seq_cst load) or when the step has made its
// choosable read already, else the write Want names (the latest by
// default, and when Want names no candidate) among those coherence
// allows. It records what the reader saw and the read if it is stale,
// and returns the write.
func (w *Memory) Read(p *program.Program, r Reader, addr program.Word, latest bool) *Write {
	h := w.hist[addr]
	last := int32(len(h) - 1)
	if w.read {
		w.See(r.Thread, addr, last, r.Clock)
		return &h[last]
	}
	w.read, w.addr = true, addr
	lo := last
	if !latest {
		lo = w.Floor(r.Thread, addr, r.Clock)
	}
	w.cands = w.cands[:0]
	for i := lo; i <= last; i++ {
		w.cands = append(w.cands, i)
	}
	got := last
	if w.Want != Latest {
		for _, i := range w.cands {
			if h[i].Source() == w.Want {
				got = i
			}
		}
	}
	w.got = got
	w.See(r.Thread, addr, got, r.Clock)
	if got != last {
		w.stale = append(w.stale, StaleRead{Step: r.Step, Thread: p.Threads[r.Thread].Name, Label: p.Label(r.PC),
			Cell: p.Cells[addr].Name, Addr: addr, Value: h[got].Val, From: h[got].Source(),
			Latest: h[last].Val, LatestSource: h[last].Source(),
			Shown: p.FormatCell(addr, h[got].Val), LatestShown: p.FormatCell(addr, h[last].Val)})
	}
	return &h[got]
}

// StaleReads returns the stale reads of the run so far.
func (w *Memory) StaleReads() []StaleRead { return w.stale }

// StaleRead returns the stale read the step of index step made, if any.
func (w *Memory) StaleRead(step int) (StaleRead, bool) {
	if w.read && len(w.stale) > 0 && w.stale[len(w.stale)-1].Step == step {
		return w.stale[len(w.stale)-1], true
	}
	return StaleRead{}, false
}

// Chosen is the source the step's read took, as its schedule token says
// it: Latest when it read the latest write or made no choosable read.
func (w *Memory) Chosen() Source {
	if !w.read || w.got == w.cands[len(w.cands)-1] {
		return Latest
	}
	return w.hist[w.addr][w.got].Source()
}

// Readable is every write to the cell at addr a thread not retired
// (st.Clocks and st.Retired) may still read: those from the lowest of
// their floors on, the writes Key keeps. It aliases w: it must not be
// modified.
func (w *Memory) Readable(addr program.Word, st *State) []Write {
	return w.hist[addr][w.lowestFloor(addr, st):]
}

// A Candidate is a write a read may return.
type Candidate struct {
	Source Source // Init, or FromStep(Step)
	Value  program.Word
	Thread string // the writer; "" for the initial value
	Label  string // the writer's step label; "" for the initial value and a constructor
	Step   int    // the step of the write; -1 for the initial value
	Latest bool   // the last write in the cell's modification order
}

// ReadChoice is a step's read: the cell, the writes it may return (oldest
// first, the latest last; a step's record lists at most MaxRecorded) and
// the one it returned.
type ReadChoice struct {
	Addr       program.Word
	Cell       string
	Candidates []Candidate
	Chosen     int // index into Candidates
}

// Stale reports whether the read returned a write older than the latest.
func (r *ReadChoice) Stale() bool { return r.Chosen != len(r.Candidates)-1 }

// LastRead describes the read of the last step, if it made one.
func (w *Memory) LastRead(p *program.Program) (ReadChoice, bool) {
	return w.LastReadAtMost(p, len(w.cands))
}

// MaxRecorded is how many candidates a step's record lists (see
// LastReadAtMost): a thread that keeps reading an old write may choose
// among every write since, and a run's records would hold them all for
// each of its reads.
const MaxRecorded = 16

// LastReadAtMost is LastRead listing at most max candidates (at least
// two): the write the read returned and the latest ones, the latest last.
func (w *Memory) LastReadAtMost(p *program.Program, max int) (ReadChoice, bool) {
	if !w.read {
		return ReadChoice{}, false
	}
	h := w.hist[w.addr]
	rc := ReadChoice{Addr: w.addr, Cell: p.CellName(w.addr)}
	from := 0 // the first of the latest listed
	if len(w.cands) > max {
		from = len(w.cands) - (max - 1)
	}
	for k, i := range w.cands {
		if k < from && i != w.got {
			continue
		}
		ww := &h[i]
		c := Candidate{Source: ww.Source(), Value: ww.Val, Step: int(ww.Step), Latest: int(i) == len(h)-1}
		if ww.Thread >= 0 {
			c.Thread = p.Threads[ww.Thread].Name
			if ww.Label >= 0 {
				c.Label = p.Label(int(ww.Label))
			}
		}
		if i == w.got {
			rc.Chosen = len(rc.Candidates)
		}
		rc.Candidates = append(rc.Candidates, c)
	}
	return rc, true
}

// LastSources appends to buf the sources of the last step's read
// candidates, oldest first, as LastRead lists them.
func (w *Memory) LastSources(buf []Source) []Source {
	if !w.read {
		return buf
	}
	h := w.hist[w.addr]
	for _, i := range w.cands {
		buf = append(buf, h[i].Source())
	}
	return buf
}

// Describe says what the stale read read, and what it missed.
func (s StaleRead) Describe() string {
	from := "its initial value"
	if s.From != Init {
		from = fmt.Sprintf("the write of step %d", s.From.Step()+1)
	}
	latest := "the initial value"
	if s.LatestSource != Init {
		latest = fmt.Sprintf("written at step %d", s.LatestSource.Step()+1)
	}
	return fmt.Sprintf("%s read %s at step %d (%s) as %s, %s, a stale value: the latest was %s, %s",
		s.Thread, s.Cell, s.Step+1, s.Label, s.Shown, from, s.LatestShown, latest)
}

// Fence records thread t's fence with order o, whose clock after it is
// clock.
func (w *Memory) Fence(t int, o program.Order, clock []uint32) {}

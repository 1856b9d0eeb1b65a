package sim

import (
	"fmt"
	"lockstep/sim/program"
)

// ErrSource is wrapped by the errors of a read's source that names no
// candidate of the step's read.
var ErrSource = fmt.Errorf("%w: bad read source", ErrSchedule)

// A Candidate is a write a read may return.
type Candidate struct {
	Source Source // Init, or FromStep(Step)
	Value  program.Word
	Thread string // the writer; "" for the initial value
	Label  string // the writer's step label; "" for the initial value and a constructor
	Step   int    // the step of the write; -1 for the initial value
	Latest bool   // the last write in the cell's modification order
}

// ReadChoice is a step's read under C11: the cell, the writes it may
// return (oldest first, the latest last) and the one it returned.
type ReadChoice struct {
	Addr       program.Word
	Cell       string
	Candidates []Candidate
	Chosen     int // index into Candidates
}

// Stale reports whether the read returned a write older than the latest.
func (r *ReadChoice) Stale() bool { return r.Chosen != len(r.Candidates)-1 }

// MemoryModel is the memory model m runs under.
func (m *Machine) MemoryModel() MemoryModel {
	if m.weak == nil {
		return SC
	}
	return C11
}

// LastRead describes the read of the last step m performed, when it was a
// read under C11 (with one candidate or more).
func (m *Machine) LastRead() (ReadChoice, bool) {
	w := m.weak
	if w == nil || !w.read {
		return ReadChoice{}, false
	}
	p := m.prog
	h := w.hist[w.addr]
	rc := ReadChoice{Addr: w.addr, Cell: p.CellName(w.addr)}
	for _, i := range w.cands {
		ww := &h[i]
		c := Candidate{Source: ww.source(), Value: ww.val, Step: int(ww.step), Latest: int(i) == len(h)-1}
		if ww.thread >= 0 {
			c.Thread = p.Threads[ww.thread].Name
			if ww.label >= 0 {
				c.Label = p.Label(int(ww.label))
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
// candidates, oldest first, as LastRead lists them: what a search tries
// with QuietStepFrom. It appends nothing unless the step was a read under
// C11.
func (m *Machine) LastSources(buf []Source) []Source {
	w := m.weak
	if w == nil || !w.read {
		return buf
	}
	h := w.hist[w.addr]
	for _, i := range w.cands {
		buf = append(buf, h[i].source())
	}
	return buf
}

// NextRead describes the read thread t's next step would make, if it is
// a read under C11, by performing the step on a copy of m.
func (m *Machine) NextRead(t int) (ReadChoice, bool) {
	if m.weak == nil || !m.CanMove(t) {
		return ReadChoice{}, false
	}
	c := &Machine{}
	c.CopyFrom(m)
	c.QuietStep(t)
	return c.LastRead()
}

// StepFrom performs one step on thread t whose read returns the write
// from names (Latest: the latest). It fails without stepping when from
// names no candidate of the step's read.
func (m *Machine) StepFrom(t int, from Source) (Record, error) {
	if err := m.checkSource(t, from); err != nil {
		return Record{}, err
	}
	if m.weak != nil {
		m.weak.want = from
	}
	return m.Step(t)
}

// QuietStepFrom is QuietStep with the read returning the write from
// names, which must be one of the candidates LastSources listed for the
// same step from the same state.
func (m *Machine) QuietStepFrom(t int, from Source) {
	if m.weak != nil {
		m.weak.want = from
	}
	m.QuietStep(t)
}

// checkSource checks that from is Latest or a candidate of t's next read.
func (m *Machine) checkSource(t int, from Source) error {
	if from == Latest {
		return nil
	}
	name := "?"
	if t >= 0 && t < len(m.prog.Threads) {
		name = m.prog.Threads[t].Name
	}
	if m.weak == nil {
		return &ScheduleError{Kind: SourceNotC11, Step: m.step + 1, Thread: name, Source: from}
	}
	rc, ok := m.NextRead(t)
	if !ok {
		return &ScheduleError{Kind: SourceNoRead, Step: m.step + 1, Thread: name, Source: from}
	}
	var srcs []Source
	for _, c := range rc.Candidates {
		if c.Source == from {
			return nil
		}
		srcs = append(srcs, c.Source)
	}
	return &ScheduleError{Kind: SourceNotCandidate, Step: m.step + 1, Thread: name, Source: from, Cell: rc.Cell, Sources: srcs}
}

// StaleReads returns the stale reads of the run so far.
func (m *Machine) StaleReads() []StaleRead {
	if m.weak == nil {
		return nil
	}
	return m.weak.stale
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

// badResume fails a submit whose handle h came from a stale read and
// names no suspended coroutine: a null handle, or one not yet written.
func (x *Exec) badResume(h program.Word) bool {
	m := x.m
	sr, ok := m.staleRead()
	if !ok {
		return false
	}
	if c := m.prog.CoroutineOfHandle(h); c >= 0 && m.coros[c].status == Parked {
		return false
	}
	who := m.prog.Coroutines[x.c].Name
	stale := new(StaleRead)
	*stale = sr
	x.fail(BadResume, fmt.Sprintf("%s resumes %s at step %d (%s): %s", who, m.prog.Format(program.Handle, nil, h), m.step+1,
		m.prog.Label(x.pc), sr.Describe()), Detail{Cell: sr.Cell, Text: m.prog.Format(program.Handle, nil, h), Stale: stale})
	return true
}

// staleCause names the last stale read of the run as the cause of a lost
// wakeup: the read that ended a wake loop before it reached the waiter.
func (m *Machine) staleCause(o Outcome) Outcome {
	if m.weak == nil || len(m.weak.stale) == 0 {
		return o
	}
	sr := m.weak.stale[len(m.weak.stale)-1]
	o.Detail.Stale = &sr
	o.Message += "; the wake loop ended early: " + sr.Describe()
	return o
}

// Readable calls f with every value a read of the cell at addr may still
// return, by any thread: under sc its value; under c11 every write from
// the lowest floor of all threads on (see MemoryKey).
func (m *Machine) Readable(addr program.Word, f func(v program.Word)) {
	if m.weak == nil {
		f(m.mem[addr])
		return
	}
	lo := m.floor(0, addr)
	for t := 1; t < len(m.threads); t++ {
		lo = min(lo, m.floor(t, addr))
	}
	for _, w := range m.weak.hist[addr][lo:] {
		f(w.val)
	}
}

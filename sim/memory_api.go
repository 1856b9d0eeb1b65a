package sim

import (
	"fmt"
	"slices"

	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"lockstep/sim/schedule"
)

// MemoryModel is the memory model m runs under.
func (m *Machine) MemoryModel() MemoryModel {
	if m.weak == nil {
		return SC
	}
	return C11
}

// LastRead describes the read of the last step m performed, when it was a
// read under C11 (with one candidate or more).
func (m *Machine) LastRead() (c11.ReadChoice, bool) {
	if m.weak == nil {
		return c11.ReadChoice{}, false
	}
	return m.weak.LastRead(m.prog)
}

// LastSources appends to buf the options of the last step, oldest first:
// the sources of its read's candidates, as LastRead lists them, or the
// places its store could take (see c11.Memory.LastSources): what a
// search tries with QuietStepFrom. It appends nothing unless the step was
// a read, or a store with a choice, under C11.
func (m *Machine) LastSources(buf []c11.Source) []c11.Source {
	if m.weak == nil {
		return buf
	}
	return m.weak.LastSources(buf)
}

// NextRead describes the read thread t's next step would make, if it is
// a read under C11, by performing the step on a copy of m.
func (m *Machine) NextRead(t int) (c11.ReadChoice, bool) {
	if m.weak == nil || !m.CanMove(t) {
		return c11.ReadChoice{}, false
	}
	c := m.bare()
	c.QuietStep(t)
	return c.LastRead()
}

// StepFrom performs one step on thread t taking the option from names,
// one LastSources lists for the step (Latest: the latest write, or the
// end of the modification order): the write its read returns, or the
// write its store goes just before. It fails without stepping when from
// names no option of the step.
func (m *Machine) StepFrom(t int, from c11.Source) (record.Step, error) {
	if err := m.checkSource(t, from); err != nil {
		return record.Step{}, err
	}
	if m.weak != nil {
		m.weak.Want, m.weak.Before = from, from
	}
	return m.Step(t)
}

// StepChoice performs one step on thread t whose read returns the write
// from names and whose store goes just before the write before names in
// its cell's modification order (Latest: the latest, the end). It fails
// without stepping when either names no option of the step.
func (m *Machine) StepChoice(t int, from, before c11.Source) (record.Step, error) {
	if err := m.checkSource(t, from); err != nil {
		return record.Step{}, err
	}
	if err := m.checkPlace(t, before); err != nil {
		return record.Step{}, err
	}
	if m.weak != nil {
		m.weak.Want, m.weak.Before = from, before
	}
	return m.Step(t)
}

// QuietStepFrom is QuietStep with the step taking option from, which
// must be one of the options LastSources listed for the same step from
// the same state: the write its read returns, or the place its store
// takes.
func (m *Machine) QuietStepFrom(t int, from c11.Source) {
	if m.weak != nil {
		m.weak.Want, m.weak.Before = from, from
	}
	m.QuietStep(t)
}

// checkSource checks that from is Latest or a candidate of t's next read.
func (m *Machine) checkSource(t int, from c11.Source) error {
	if from == c11.Latest {
		return nil
	}
	c, err := m.trial(t, from, schedule.SourceNotC11, schedule.SourceNoRead)
	if err != nil {
		return err
	}
	// Only the step's sources are listed: a read may have thousands of
	// candidates, and a schedule thousands of reads that name theirs.
	srcs := c.LastSources(nil)
	if len(srcs) == 0 {
		return m.choiceError(schedule.SourceNoRead, t, from, "", nil)
	}
	if slices.Contains(srcs, from) {
		return nil
	}
	rc, _ := c.LastRead()
	return m.choiceError(schedule.SourceNotCandidate, t, from, rc.Cell, srcs)
}

// checkPlace checks that before is Latest or a place t's next store may
// take.
func (m *Machine) checkPlace(t int, before c11.Source) error {
	if before == c11.Latest {
		return nil
	}
	c, err := m.trial(t, before, schedule.PlaceNotC11, schedule.PlaceNoStore)
	if err != nil {
		return err
	}
	pc, ok := c.weak.LastPlace(m.prog)
	if !ok {
		return m.choiceError(schedule.PlaceNoStore, t, before, "", nil)
	}
	var srcs []c11.Source
	for _, p := range pc.Places {
		if p.Source == before {
			return nil
		}
		srcs = append(srcs, p.Source)
	}
	return m.choiceError(schedule.PlaceNotCandidate, t, before, pc.Cell, srcs)
}

// trial performs thread t's next step on a bare clone of m, to check the
// choice a schedule names for it (a read's source or a store's place):
// the error is of kind notC11 when m's memory is sc, and of kind none
// when t cannot move.
func (m *Machine) trial(t int, choice c11.Source, notC11, none schedule.ErrorKind) (*Machine, error) {
	if m.weak == nil {
		return nil, m.choiceError(notC11, t, choice, "", nil)
	}
	if !m.CanMove(t) {
		return nil, m.choiceError(none, t, choice, "", nil)
	}
	c := m.bare()
	c.QuietStep(t)
	return c, nil
}

// choiceError is the schedule error of kind k for the choice that thread
// t's next step names.
func (m *Machine) choiceError(k schedule.ErrorKind, t int, choice c11.Source, cell string, srcs []c11.Source) error {
	name := "?"
	if t >= 0 && t < len(m.prog.Threads) {
		name = m.prog.Threads[t].Name
	}
	return &schedule.Error{Kind: k, Step: m.step + 1, Thread: name, Source: choice, Cell: cell, Sources: srcs}
}

// LastPlace describes the store of the last step m performed, when it was
// a store under C11 with more than one place to take.
func (m *Machine) LastPlace() (c11.PlaceChoice, bool) {
	if m.weak == nil {
		return c11.PlaceChoice{}, false
	}
	return m.weak.LastPlace(m.prog)
}

// NextPlace describes the store thread t's next step would make, if it
// is a store under C11 with more than one place, by performing the step
// on a copy of m.
func (m *Machine) NextPlace(t int) (c11.PlaceChoice, bool) {
	if m.weak == nil || !m.CanMove(t) {
		return c11.PlaceChoice{}, false
	}
	c := m.bare()
	c.QuietStep(t)
	return c.LastPlace()
}

// StaleReads returns the stale reads of the run so far.
func (m *Machine) StaleReads() []c11.StaleRead {
	if m.weak == nil {
		return nil
	}
	return m.weak.StaleReads()
}

// badResume fails a submit whose handle h came from a stale read and
// names no suspended coroutine: a null handle, or one not yet written.
func (x *Exec) badResume(h program.Word) bool {
	m := x.m
	sr, ok := m.staleRead()
	if !ok {
		return false
	}
	if c := m.prog.CoroutineOfHandle(h); c >= 0 && m.coros[c].status == outcome.Parked {
		return false
	}
	who := m.prog.Coroutines[x.c].Name
	stale := new(c11.StaleRead)
	*stale = sr
	x.fail(outcome.BadResume, fmt.Sprintf("%s resumes %s at step %d (%s): %s", who, m.prog.Format(program.Handle, nil, h), m.step+1,
		m.prog.Label(x.pc), sr.Describe()), outcome.Detail{Cell: sr.Cell, Text: m.prog.Format(program.Handle, nil, h), Stale: stale})
	return true
}

// staleCause names the last stale read of the run as the cause of a lost
// wakeup: the read that ended a wake loop before it reached the waiter.
func (m *Machine) staleCause(o outcome.Outcome) outcome.Outcome {
	if m.weak == nil || len(m.weak.StaleReads()) == 0 {
		return o
	}
	stale := m.weak.StaleReads()
	sr := stale[len(stale)-1]
	o.Detail.Stale = &sr
	o.Message += "; the wake loop ended early: " + sr.Describe()
	return o
}

// EachReadable calls f with every cell and each value a read of it may
// still return, until f returns false: under sc its value; under c11
// every write from the lowest floor of the threads that may still read
// on, the writes MemoryKey keeps.
func (m *Machine) EachReadable(f func(addr, v program.Word) bool) {
	if m.weak == nil {
		for a := program.FirstAddress; a < program.Word(len(m.mem)); a++ {
			if !f(a, m.mem[a]) {
				return
			}
		}
		return
	}
	var buf [64]bool
	st := c11.State{Clocks: m.hb.Clocks().Threads, Retired: m.retired(buf[:0])}
	for a := program.FirstAddress; a < program.Word(len(m.mem)); a++ {
		for _, w := range m.weak.Readable(a, &st) {
			if !f(a, w.Val) {
				return
			}
		}
	}
}

// ConsistentSC reports whether the run's execution graph satisfies
// RC11's SC axiom under c11 (every step keeps it; tests check it), and
// true under sc.
func (m *Machine) ConsistentSC() bool { return m.weak == nil || m.weak.ConsistentSC() }

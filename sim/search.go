package sim

import (
	"reflect"
	"slices"

	"lockstep/sim/c11"
	"lockstep/sim/program"
)

// The surface a search uses to step machines cheaply: machines are copied
// into buffers they already own and stepped without keeping their path, so
// a search allocates nothing per step once its buffers have grown. What it
// reads of a state is in view.go.

// CopyFrom makes m a copy of src's state, reusing m's buffers. The copy
// does not record, keeps no schedule (Schedule and Records are empty: the
// search keeps its own path) and keeps no explanation of races (a race it
// finds has no Detail.Missing); it steps exactly as src would.
//
// The race detector's last accesses, the largest part of a machine, are
// not copied: m shares src's until one of its steps writes them. So src
// must not step while m is in use: copy from states that are done
// stepping (a parent while its children are searched), or step the source
// only once done with the copy. When src shares m's own buffers (m copies
// back from a copy of itself, taking turns with it), they pass to src,
// whose state is unchanged.
func (m *Machine) CopyFrom(src *Machine) {
	// m's own buffers, kept across the copy of src's fields.
	mem, ended, threads, coros, races, choices := m.mem, m.ended, m.threads, m.coros, m.races, m.choices
	peekFn, weak := m.peekFn, m.weak // peekFn is bound to m, or nil
	hbs := m.hb
	*m = *src
	m.mem = append(mem[:0], src.mem...)
	m.ended = append(ended[:0], src.ended...)
	if len(threads) != len(src.threads) {
		threads = make([]thread, len(src.threads))
	}
	m.threads = threads
	for i := range src.threads {
		d, s := &threads[i], &src.threads[i]
		d.stack = copyCoroutines(d.stack, s.stack)
		d.queue = copyCoroutines(d.queue, s.queue)
	}
	m.coros = append(coros[:0], src.coros...)
	m.hb = hbs
	m.hb.CopyFrom(&src.hb)
	m.races = append(races[:0], src.races...)
	m.record, m.where, m.cur = false, false, nil
	m.records = nil
	m.choices = choices[:0]
	m.peekFn = peekFn
	m.weak = nil
	if src.weak != nil {
		m.weak = weak
		if m.weak == nil {
			m.weak = &c11.Memory{}
		}
		m.weak.CopyFrom(src.weak)
	}
}

// copyCoroutines is append(dst[:0], src...) for a thread's stack or run
// queue, with no call at all for an empty one (most run queues).
func copyCoroutines(dst, src []int16) []int16 {
	if len(src) == 0 {
		return dst[:0]
	}
	return append(dst[:0], src...)
}

// QuietStep performs one step on thread t, which must be able to move
// (CanMove), and forgets it: the machine's schedule stays empty, so that
// it never grows, and nothing is recorded. LastAccess then describes the
// step.
func (m *Machine) QuietStep(t int) {
	m.Step(t)
	m.choices = m.choices[:0]
}

// StepAccess is what a step did that a search checks its models of the
// program against.
type StepAccess struct {
	// Op is the step's memory access; OpResume when it made none (a
	// thread took a coroutine off its run queue).
	Op program.OpKind
	// Addr is the cell accessed; for OpSubmit, the awaiter node.
	Addr program.Word
	// Acquired says the access acquired from Addr: an atomic read, or
	// a semaphore's, with an order that acquires.
	Acquired bool
	// Locals is the step's use of its coroutine's locals: those read
	// before being written (bit i for local i), and, shifted left by 8,
	// those written. Zero for a resume.
	Locals uint16
	// Constructed says the step constructed its coroutine's awaiter (on
	// entry to an operation that Awaits, or with Exec.BeginAwait): it
	// wrote the awaiter's cells.
	Constructed bool
	// Expected is the value a compare-and-swap (OpCAS) expected, and
	// Swapped whether it swapped.
	Expected program.Word
	Swapped  bool
}

// LastAccess describes the last step m performed (before any: the zero
// StepAccess).
func (m *Machine) LastAccess() StepAccess {
	return StepAccess{Op: m.lastOp, Addr: m.lastAddr, Acquired: m.acquired, Locals: m.localUse,
		Constructed: m.constructed, Expected: m.lastExpected, Swapped: m.swapped}
}

// SetLocal sets local slot i of coroutine c to v, keeping its kind: a
// search uses it to run a step again with another value in a local.
func (m *Machine) SetLocal(c, i int, v program.Word) { m.coros[c].locals[i] = v }

// Over reports whether the run has ended on a fatal finding or the step
// limit: Finished without looking for a thread that can move.
func (m *Machine) Over() bool { return m.fatal != nil || m.limitHit }

// SameState reports whether m and o, two machines of one program under
// sc, are in the same state: memory, lifetimes, stacks and run queues,
// coroutines, happens-before and races, detectors, step count and
// verdict. It leaves out only the description of the last step
// (LastAccess) and what is kept for recording. Under c11 it reports
// false. A search compares two runs of one step with it.
func (m *Machine) SameState(o *Machine) bool {
	if m.weak != nil || o.weak != nil || m.step != o.step || m.limitHit != o.limitHit || m.holds != o.holds ||
		m.opened != o.opened || m.wakers != o.wakers || m.wakersElse != o.wakersElse || m.semSeq != o.semSeq || m.lockSeq != o.lockSeq ||
		(m.fatal == nil) != (o.fatal == nil) || m.fatal != nil && !reflect.DeepEqual(*m.fatal, *o.fatal) {
		return false
	}
	if !slices.Equal(m.mem, o.mem) || !slices.Equal(m.ended, o.ended) || !slices.Equal(m.coros, o.coros) ||
		len(m.races) != len(o.races) || len(m.races) > 0 && !reflect.DeepEqual(m.races, o.races) || !m.hb.Equal(&o.hb) || len(m.threads) != len(o.threads) {
		return false
	}
	for i := range m.threads {
		if !slices.Equal(m.threads[i].stack, o.threads[i].stack) || !slices.Equal(m.threads[i].queue, o.threads[i].queue) {
			return false
		}
	}
	return true
}

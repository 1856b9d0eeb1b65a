package sim

import (
	"fmt"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/record"
	"strings"
)

// NextLabel is the label of the step thread t would perform next, or ""
// when its next step takes a coroutine off its run queue (or it cannot
// move).
func (m *Machine) NextLabel(t int) string {
	th := &m.threads[t]
	if len(th.stack) == 0 {
		return ""
	}
	return m.prog.Label(int(m.coros[th.stack[len(th.stack)-1]].pc))
}

// Pending performs thread t's next step on a copy of m and returns its
// record, so the operation a thread is about to perform can be shown
// before it happens. m is unchanged.
func (m *Machine) Pending(t int) (record.Step, bool) {
	if !m.CanMove(t) {
		return record.Step{}, false
	}
	c := m.bare()
	c.record, c.where = true, true
	r, err := c.Step(t)
	return r, err == nil
}

// Why says in English why thread t cannot move (see Blocked).
func (m *Machine) Why(t int) string { return m.Blocked(t).String() }

// Outcome is the verdict of the run so far. Before the run is over its Kind
// is "" unless a fatal finding already decided it.
func (m *Machine) Outcome() outcome.Outcome {
	if m.fatal != nil {
		return *m.fatal
	}
	if !m.Finished() {
		return outcome.Outcome{Step: -1, CauseStep: -1}
	}
	if o, ok := m.quiescent(); ok {
		return o
	}
	if len(m.races) > 0 {
		return m.races[0]
	}
	return outcome.Outcome{Kind: outcome.OK, Step: -1, CauseStep: -1, Message: "every coroutine finished and no detector fired"}
}

// Findings returns every finding of the run: data races (only the first
// unless the machine records), then the fatal finding or the verdict of
// the final state.
func (m *Machine) Findings() []outcome.Outcome {
	out := append([]outcome.Outcome(nil), m.races...)
	if m.fatal != nil {
		return append(out, *m.fatal)
	}
	if m.Finished() {
		if o, ok := m.quiescent(); ok {
			out = append(out, o)
		}
	}
	return out
}

// quiescent judges a run in which no thread can move: a dropped task, a
// lost wakeup or a deadlock; ok=false when every coroutine finished.
func (m *Machine) quiescent() (outcome.Outcome, bool) {
	p := m.prog
	var parked []int
	for i := range m.coros {
		if m.coros[i].status == outcome.Parked {
			parked = append(parked, i)
		}
	}
	if o, ok := m.spinning(parked); ok {
		return o, true
	}
	if len(parked) == 0 {
		return outcome.Outcome{}, false
	}
	for _, c := range parked {
		if m.coros[c].dropped {
			return m.droppedTask(c), true
		}
	}
	c := parked[0]
	name := p.Coroutines[c].Name
	names := make([]string, len(parked))
	for i, k := range parked {
		names[i] = p.Coroutines[k].Name
	}
	cond := p.Facts.Condition
	if waits := p.Facts.Waits; waits != nil {
		// Each waiter waits for its own condition: one that holds for a
		// waiter parked for good is a lost wakeup of that waiter.
		each := make([]string, len(parked))
		for i, k := range parked {
			what, holds := waits(m.peek, p.Coroutines[k].Awaiter)
			if holds {
				return m.staleCause(m.lostWakeup(k, what)), true
			}
			each[i] = names[i] + ": " + what
		}
		cond = "what each waits for (" + strings.Join(each, "; ") + ")"
	} else if m.conditionHolds() {
		return m.staleCause(m.lostWakeup(c, cond)), true
	}
	who := strings.Join(names, ", ")
	msg := fmt.Sprintf("no thread can move and %s still wait%s", who, map[bool]string{true: "s", false: ""}[len(parked) == 1])
	if cond != "" {
		msg += ": " + cond + " does not hold"
	}
	return outcome.Outcome{Kind: outcome.Deadlock, Step: -1, CauseStep: -1, Coroutine: name, Detail: outcome.Detail{Parked: names, Condition: cond},
		Message: msg}, true
}

// spinning is the deadlock of a run that ended with coroutines spinning
// (Exec.Spin) on cells no thread will write again: they wait for a
// write no one will make. parked are the coroutines parked beside them.
func (m *Machine) spinning(parked []int) (outcome.Outcome, bool) {
	p := m.prog
	var d outcome.Detail
	first := -1
	for i := range m.coros {
		if co := &m.coros[i]; co.status == outcome.Running && co.spinAddr != 0 {
			if first < 0 {
				first = i
			}
			d.Spins = append(d.Spins, p.Coroutines[i].Name)
			d.Cells = append(d.Cells, p.CellName(co.spinAddr))
		}
	}
	if first < 0 {
		return outcome.Outcome{}, false
	}
	d.Reason = outcome.Spinning
	for _, c := range parked {
		d.Parked = append(d.Parked, p.Coroutines[c].Name)
	}
	var spins []string
	for i := range d.Spins {
		spins = append(spins, d.Spins[i]+" spins on "+d.Cells[i])
	}
	msg := "no thread can move and " + strings.Join(spins, ", ") + ": no thread will write it again"
	if len(d.Parked) > 0 {
		msg += "; " + strings.Join(d.Parked, ", ") + " still wait" + map[bool]string{true: "s", false: ""}[len(d.Parked) == 1]
	}
	return outcome.Outcome{Kind: outcome.Deadlock, Step: -1, CauseStep: -1, Coroutine: p.Coroutines[first].Name, Detail: d, Message: msg}, true
}

// waitThread is the thread of the context coroutine c's wait registered
// on: its awaiter's m_ctx, which local_context() gave it (the waker's,
// after an inline resume); its own thread when it has no awaiter.
func (m *Machine) waitThread(c int) int {
	spec := &m.prog.Coroutines[c]
	if m.ended[m.prog.Cells[spec.Awaiter].Object] == 0 {
		if t := m.prog.ThreadOfContext(m.mem[spec.Awaiter+program.FieldCtx]); t >= 0 {
			return t
		}
	}
	return spec.Thread
}

// droppedTask is the verdict on coroutine c, parked, whose handle
// submit_task dropped: it names the park and the drop.
func (m *Machine) droppedTask(c int) outcome.Outcome {
	p := m.prog
	co := &m.coros[c]
	name := p.Coroutines[c].Name
	ctx := p.Threads[m.waitThread(c)]
	numWait := int64(m.mem[ctx.Context])
	o := outcome.Outcome{Kind: outcome.DroppedTask, Step: int(co.parkStep), CauseStep: int(co.drop.step), Coroutine: name,
		Detail: outcome.Detail{ParkStep: int(co.parkStep), SleepStep: co.laterSleep(), Context: ctx.Name, NumWait: numWait}}
	m.nameCause(&o, co.drop)
	o.Message = fmt.Sprintf("%s %s, and submit_task dropped its handle at step %d (%s's %s): %s will never be resumed and its context %s can never go idle (num_wait=%d)",
		name, co.parked(), o.CauseStep+1, o.Detail.CauseBy, o.Detail.CauseLabel, name, ctx.Name, numWait)
	return o
}

// parked says when co parked: "parked at step N", or, for a wait that
// registered before its await_suspend ended, "joined the waiters at step
// N, parked at step M".
func (co *coroutine) parked() string {
	if s := co.laterSleep(); s > 0 {
		return fmt.Sprintf("joined the waiters at step %d, parked at step %d", co.parkStep+1, s+1)
	}
	return fmt.Sprintf("parked at step %d", co.parkStep+1)
}

// laterSleep is the step at which co parked when it is later than the
// one at which its wait registered, else 0 (Detail.SleepStep).
func (co *coroutine) laterSleep() int {
	if co.status == outcome.Parked && co.sleepStep > co.parkStep {
		return int(co.sleepStep)
	}
	return 0
}

// lostWakeup is the verdict on coroutine c, parked while its condition
// holds. Its cause is the later of two steps: the one that made the
// condition hold, and the last one that could have woken c (a step of an
// operation that is neither a wait nor a lock, on the primitive object c
// waits on). When the first is later, it made the condition hold
// without waking c (an add(-1)); when the second is, the condition held
// already and that step, the last chance, did not wake c (a drain that
// found the stack empty before c pushed).
func (m *Machine) lostWakeup(c int, cond string) outcome.Outcome {
	p := m.prog
	co := &m.coros[c]
	name := p.Coroutines[c].Name
	ctx := p.Threads[m.waitThread(c)]
	numWait := int64(m.mem[ctx.Context])
	cause, opened := noStep, false
	if co.waitObj >= 0 {
		cause = m.wakers[co.waitObj]
		if int(cause.coro) == c {
			cause = m.wakersElse[co.waitObj]
		}
	}
	if m.opened.step >= 0 && m.opened.step >= cause.step {
		cause, opened = m.opened, true
	}
	o := outcome.Outcome{Kind: outcome.LostWakeup, Step: int(co.parkStep), CauseStep: int(cause.step), Coroutine: name, Thread: ctx.Name,
		Detail: outcome.Detail{ParkStep: int(co.parkStep), SleepStep: co.laterSleep(), Condition: cond, Context: ctx.Name, NumWait: numWait, CauseOpened: opened}}
	m.nameCause(&o, cause)
	var why string
	switch {
	case cause.step < 0:
		why = "nothing will resume it"
	case opened:
		why = fmt.Sprintf("%s made it hold at step %d (%s) without waking %s", o.Detail.CauseBy, cause.step+1, o.Detail.CauseLabel, name)
	case int(cause.step) < o.Step:
		why = fmt.Sprintf("the last step that could have woken it, %s's %s at step %d, came before it parked", o.Detail.CauseBy, o.Detail.CauseLabel, cause.step+1)
	default:
		why = fmt.Sprintf("the last step that could have woken it, %s's %s at step %d, did not", o.Detail.CauseBy, o.Detail.CauseLabel, cause.step+1)
	}
	sep := " and "
	if o.Detail.SleepStep > 0 {
		sep = ", and "
	}
	o.Message = fmt.Sprintf("%s %s%s%s holds, but %s: no thread can move, and context %s keeps num_wait=%d, so it can never go idle",
		name, co.parked(), sep, cond, why, ctx.Name, numWait)
	return o
}

// nameCause fills in o's CauseBy and CauseLabel from the step r.
func (m *Machine) nameCause(o *outcome.Outcome, r stepRef) {
	if r.step < 0 {
		o.CauseStep = -1
		return
	}
	if r.coro >= 0 {
		o.Detail.CauseBy = m.prog.Coroutines[r.coro].Name
	}
	if r.label >= 0 {
		o.Detail.CauseLabel = m.prog.Label(int(r.label))
	} else {
		o.Detail.CauseLabel = "resume"
	}
}

package sim

import (
	"fmt"
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
func (m *Machine) Pending(t int) (Record, bool) {
	if !m.CanMove(t) {
		return Record{}, false
	}
	c := m.Clone()
	c.record, c.where = true, true
	r, err := c.Step(t)
	return r, err == nil
}

// Why says in English why thread t cannot move (see Blocked).
func (m *Machine) Why(t int) string { return m.Blocked(t).String() }

// Outcome is the verdict of the run so far. Before the run is over its Kind
// is "" unless a fatal finding already decided it.
func (m *Machine) Outcome() Outcome {
	if m.fatal != nil {
		return *m.fatal
	}
	if !m.Finished() {
		return Outcome{Step: -1}
	}
	if o, ok := m.quiescent(); ok {
		return o
	}
	if len(m.races) > 0 {
		return m.races[0]
	}
	return Outcome{Kind: OK, Step: -1, Message: "every coroutine finished and no detector fired"}
}

// Findings returns every finding of the run: data races, then the fatal
// finding or the verdict of the final state.
func (m *Machine) Findings() []Outcome {
	out := append([]Outcome(nil), m.races...)
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
func (m *Machine) quiescent() (Outcome, bool) {
	p := m.prog
	var parked []int
	for i := range m.coros {
		if m.coros[i].status == Parked {
			parked = append(parked, i)
		}
	}
	if len(parked) == 0 {
		return Outcome{}, false
	}
	for _, c := range parked {
		if m.coros[c].dropped {
			name := p.Coroutines[c].Name
			ctx := p.Threads[p.Coroutines[c].Thread]
			return Outcome{Kind: DroppedTask, Step: int(m.coros[c].parkStep), Coroutine: name,
				Detail: Detail{Context: ctx.Name, NumWait: int64(m.mem[ctx.Context])},
				Message: fmt.Sprintf("submit_task dropped %s's handle: %s will never be resumed and its context %s can never go idle (num_wait=%d)",
					name, name, p.Threads[p.Coroutines[c].Thread].Name, int64(m.mem[p.Threads[p.Coroutines[c].Thread].Context]))}, true
		}
	}
	c := parked[0]
	name := p.Coroutines[c].Name
	ctx := p.Threads[p.Coroutines[c].Thread]
	holds := false
	switch {
	case p.Facts.Open != nil:
		holds = p.Facts.Open(m.peek)
	case p.Facts.Free != nil:
		holds = p.Facts.Free(m.peek)
	}
	names := make([]string, len(parked))
	for i, k := range parked {
		names[i] = p.Coroutines[k].Name
	}
	who := strings.Join(names, ", ")
	if holds {
		return Outcome{Kind: LostWakeup, Step: int(m.coros[c].parkStep), Coroutine: name, Thread: ctx.Name,
			Detail: Detail{ParkStep: int(m.coros[c].parkStep), Condition: p.Facts.Condition, Context: ctx.Name, NumWait: int64(m.mem[ctx.Context])},
			Message: fmt.Sprintf("%s parked at step %d and %s holds, but nothing will resume it: no thread can move, and context %s keeps num_wait=%d, so it can never go idle",
				name, m.coros[c].parkStep+1, p.Facts.Condition, ctx.Name, int64(m.mem[ctx.Context]))}, true
	}
	return Outcome{Kind: Deadlock, Step: -1, Coroutine: name, Detail: Detail{Parked: names, Condition: p.Facts.Condition},
		Message: fmt.Sprintf("no thread can move and %s still wait%s: %s does not hold", who, map[bool]string{true: "s", false: ""}[len(parked) == 1], p.Facts.Condition)}, true
}

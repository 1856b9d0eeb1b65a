package primitives

// GoWaitGroup is Go's sync.WaitGroup (go1.26, sync/waitgroup.go), the
// contrast case: the same job as tinyCoro's wait_group, done with a waiter
// count instead of a waiter list and a counting semaphore instead of
// intrusive nodes. Go's atomics are sequentially consistent, so every access
// here is seq_cst.
//
// Layout of state (one 64-bit word):
//
//	bits 63..32  counter v, an int32
//	bit  31      synctest bubble flag (not modelled: always 0)
//	bits 30..0   waiter count w
//
// sema is the runtime semaphore Wait sleeps on.
//
//	GA1 Add(delta), Done() = Add(-1): state = state.Add(delta<<32)
//	      v < 0: panic "negative WaitGroup counter"
//	      w != 0 && delta > 0 && v == delta: panic "Add called concurrently with Wait"
//	      v > 0 || w == 0: return
//	GA2   state.Load() != state: panic "Add called concurrently with Wait"
//	GA3   state.Store(0)                        waiters and counter reset at once
//	GA4   runtime_Semrelease(&sema), w times
//	GW1 Wait(): state = state.Load(); v == 0: return
//	GW2   CAS(state: state -> state+1); fail: GW1
//	GW3   runtime_SemacquireWaitGroup(&sema)    sleeps until a permit comes
//	GW4   state.Load() != 0: panic "WaitGroup is reused before previous Wait has returned"
//
// Why Go has neither B5 nor B6: Wait's test v != 0 and its registration
// w++ are one CAS on the word Add changes, so the Add that brings v to zero
// sees every registered waiter in w, and an Add that finds w == 0 has no
// second step to be preempted in. Releases go to a counting semaphore: a
// permit released before the waiter reaches GW3 is banked, not lost.
//
// Go does not make misuse safe, it reports it. Its contract: an Add with a
// positive delta that starts at counter 0 must happen before Wait, and a
// reused WaitGroup's new Adds must happen after every previous Wait has
// returned. Breaking it panics when the window is caught (go-wg-negative,
// go-wg-add-during-wait, go-wg-reuse) and otherwise lets Wait return early
// (go-wg-wait-before-add).
type GoWaitGroup struct {
	Count int32 // initial counter (as if Add(Count) ran first)

	state, sema Word // addresses of state and sema
}

// Go's panic messages.
const (
	goNegative = "sync: negative WaitGroup counter"
	goMisuse   = "sync: WaitGroup misuse: Add called concurrently with Wait"
	goReused   = "sync: WaitGroup is reused before previous Wait has returned"
)

// goCounter is the counter v of a state word.
func goCounter(state Word) int32 { return int32(state >> 32) }

// goWaiters is the waiter count w of a state word.
func goWaiters(state Word) uint32 { return uint32(state & 0x7fffffff) }

// Fields implements Primitive.
func (wg *GoWaitGroup) Fields() []Field {
	return []Field{
		{Name: "state", Kind: GoState, Atomic: true, Init: Word(uint32(wg.Count)) << 32},
		{Name: "sema", Kind: Uint32, Atomic: true},
	}
}

// Bind implements Primitive.
func (wg *GoWaitGroup) Bind(base Word) { wg.state, wg.sema = base, base+1 }

// Ops implements Primitive.
func (wg *GoWaitGroup) Ops() []Operation {
	return []Operation{
		{Name: "wait", Entry: GW1, Role: Waiting, Step: wg.wait, Lines: Lines(nil, GW1, GW2, GW3, GW4)},
		{Name: "add", Entry: GA1, HasArg: true, Step: func(m Mem) { wg.add(m, int64(m.Arg())) }, Lines: Lines(nil, GA1, GA2, GA3, GA4)},
		{Name: "done", Entry: GA1, Step: func(m Mem) { wg.add(m, -1) }, Lines: Lines(goDoneIsAddMinusOne, GA1, GA2, GA3, GA4)},
	}
}

// Facts implements Primitive.
func (wg *GoWaitGroup) Facts() Facts {
	return Facts{
		Open:      func(p Peek) bool { return goCounter(p(wg.state)) == 0 },
		Condition: "v == 0",
		SeqCst:    true, // Go's atomics are sequentially consistent
	}
}

// goDoneIsAddMinusOne is Done()'s first line: Add(-1).
var goDoneIsAddMinusOne = map[int]string{
	GA1: "state := wg.state.Add(uint64(delta) << 32); if v > 0 || w == 0 { return } // delta = -1",
}

// add is wg.Add(delta); Done() is Add(-1).
func (wg *GoWaitGroup) add(m Mem, delta int64) {
	switch m.PC() {
	case GA1:
		d := Word(delta) << 32
		state := m.FetchAdd(wg.state, d, SeqCst) + d
		v, w := goCounter(state), goWaiters(state)
		switch {
		case v < 0:
			m.Panic(goNegative)
		case w != 0 && delta > 0 && v == int32(delta):
			m.Panic(goMisuse)
		case v > 0 || w == 0:
			m.Return()
		default: // this Add set the counter to zero with waiters registered
			m.SetLocal(LocalHead, state)
			m.SetLocal(LocalCur, Word(w))
			m.Goto(GA2)
		}
	case GA2:
		if m.Load(wg.state, SeqCst) != m.Local(LocalHead) {
			m.Panic(goMisuse)
			return
		}
		m.Goto(GA3)
	case GA3:
		m.Store(wg.state, 0, SeqCst)
		m.Goto(GA4)
	case GA4:
		m.SemRelease(wg.sema)
		m.SetLocal(LocalCur, m.Local(LocalCur)-1)
		if m.Local(LocalCur) == 0 {
			m.Return()
			return
		}
		m.Goto(GA4)
	}
}

// wait is wg.Wait().
func (wg *GoWaitGroup) wait(m Mem) {
	switch m.PC() {
	case GW1:
		state := m.Load(wg.state, SeqCst)
		if goCounter(state) == 0 {
			m.Return()
			return
		}
		m.SetLocal(LocalHead, state)
		m.Goto(GW2)
	case GW2:
		state := m.Local(LocalHead)
		if _, ok := m.CompareAndSwap(wg.state, state, state+1, SeqCst, SeqCst); !ok {
			m.Goto(GW1)
			return
		}
		m.Registered() // the waiter is counted in w: its Wait has linearized
		m.Goto(GW3)
	case GW3:
		if m.SemAcquire(wg.sema) {
			m.Suspend(GW4)
			return
		}
		m.Goto(GW4)
	case GW4:
		if m.Load(wg.state, SeqCst) != 0 {
			m.Panic(goReused)
			return
		}
		m.Return()
	}
}

var goWaitGroupLabels = map[int]labelText{
	GA1: {"Add(delta): state = state.Add(delta<<32); check v and w", "state := wg.state.Add(uint64(delta) << 32); if v > 0 || w == 0 { return }"},
	GA2: {"if state.Load() != state: panic (Add concurrent with Wait)", "if wg.state.Load() != state { panic(\"Add called concurrently with Wait\") }"},
	GA3: {"state.Store(0): reset the counter and the waiters", "wg.state.Store(0)"},
	GA4: {"runtime_Semrelease(&sema), once per waiter", "for ; w != 0; w-- { runtime_Semrelease(&wg.sema) }"},
	GW1: {"Wait(): state = state.Load(); if v == 0: return", "state := wg.state.Load(); if v == 0 { return }"},
	GW2: {"CAS state: state -> state+1 (one more waiter); failure retries", "if !wg.state.CompareAndSwap(state, state+1) { goto GW1 }"},
	GW3: {"runtime_SemacquireWaitGroup(&sema): sleep until a permit", "runtime_SemacquireWaitGroup(&wg.sema)"},
	GW4: {"if state.Load() != 0: panic (reused before Wait returned)", "if wg.state.Load() != 0 { panic(\"WaitGroup is reused\") }"},
}

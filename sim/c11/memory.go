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
	// RMW says the write is a read-modify-write's: it read the write
	// just before it in modification order (RC11's atomicity), so no
	// write may be placed between the two.
	RMW bool
	// Event is the write's event in the execution graph (Memory.Events);
	// -1 for the initial value.
	Event int32
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
// modification order and who saw what of it, the execution graph's
// events, the writes the spinning coroutines last read, and what the step
// being performed chose. The arrays only grow, so copies share them
// (capped, so that an append copies); a write placed inside a cell's
// modification order copies that cell's arrays.
type Memory struct {
	hist [][]Write
	seen [][]seen
	ev   []Event
	// sc says the graph has a seq_cst event, scFence a seq_cst fence:
	// from the first, a step is checked against RC11's SC axiom and the
	// key holds the graph (see Key).
	sc, scFence bool
	// spin is, per coroutine, the write its last step read from the cell
	// it spins on (Spin; Latest: none); spinFrom the one of the
	// coroutine performing the step, which its read of spinAddr must be
	// newer than.
	spin     []spinning
	spinFrom Source
	spinAddr program.Word

	// Want is the source asked for the step's read, Before the write the
	// step's store is asked to go just before in modification order;
	// Latest when none.
	Want, Before Source
	// The step's choosable read (its first): whether there was one, the
	// cell, the candidates (indices into hist, oldest first) and the one
	// read.
	read  bool
	addr  program.Word
	cands []int32
	got   int32
	// The step's choosable store: whether there was one, the places it
	// could take (each the write it would go just before, in
	// modification order; Latest: the end, last) and the one it took
	// (an index into places).
	stored bool
	places []Source
	at     int32
	// stale are the stale reads of the run so far.
	stale []StaleRead
}

// spinning is the write a spinning coroutine last read, and its cell.
type spinning struct {
	addr program.Word
	from Source // Latest: the coroutine does not spin
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
	w := &Memory{hist: make([][]Write, len(p.Cells)), seen: make([][]seen, len(p.Cells)),
		spin: make([]spinning, len(p.Coroutines))}
	for a := program.FirstAddress; a < program.Word(len(p.Cells)); a++ {
		w.hist[a] = []Write{{Val: p.Cells[a].Init, Thread: -1, Step: -1, Label: -1, Event: -1}}
	}
	return w
}

// CopyFrom makes w a copy of src, reusing w's outer buffers.
func (w *Memory) CopyFrom(src *Memory) {
	hist, sn, cands, places, stale, spin := w.hist, w.seen, w.cands, w.places, w.stale, w.spin
	*w = *src
	w.hist = append(hist[:0], src.hist...)
	for i, h := range w.hist {
		w.hist[i] = h[:len(h):len(h)]
	}
	w.seen = append(sn[:0], src.seen...)
	for i, s := range w.seen {
		w.seen[i] = s[:len(s):len(s)]
	}
	w.ev = src.ev[:len(src.ev):len(src.ev)]
	w.cands = append(cands[:0], src.cands...)
	w.places = append(places[:0], src.places...)
	w.stale = append(stale[:0], src.stale...)
	w.spin = append(spin[:0], src.spin...)
}

// Begin forgets what the last step chose, and takes the write coroutine
// c last read from the cell it spins on, if it spins: the step's read of
// that cell must return a newer one (see Spin).
func (w *Memory) Begin(c int) {
	w.read, w.cands = false, w.cands[:0]
	w.stored, w.places = false, w.places[:0]
	w.spinFrom, w.spinAddr = Latest, 0
	if c >= 0 && c < len(w.spin) && w.spin[c].from != Latest {
		w.spinFrom, w.spinAddr = w.spin[c].from, w.spin[c].addr
		w.spin[c] = spinning{}
	}
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
// clock, to the end of the modification order of the cell at addr: a
// plain write (a data race aside, every write to a plain cell happens
// before the next, so the end is its only place), or a write the caller
// places there. It records the write's event.
func (w *Memory) Wrote(addr program.Word, ww Write, clock []uint32) {
	h := w.hist[addr]
	if l := len(h) - 1; h[l].Thread == ww.Thread && h[l].Step == ww.Step && h[l].Thread >= 0 {
		// A step is atomic: no one can read the value it overwrites
		// (the constructor's, when the step that constructs an awaiter
		// writes its field). The array may be shared: copy it. The
		// write keeps the event of the one it replaces.
		ww.Event = h[l].Event
		h = append(h[:l:l], ww)
		w.hist[addr] = h
		return
	}
	ww.Event = w.event(Event{Thread: ww.Thread, Kind: WriteEvent, Order: NonAtomic, Addr: addr, Clock: clock, From: -1})
	w.hist[addr] = append(h, ww)
	w.See(int(ww.Thread), addr, int32(len(w.hist[addr])-1), clock)
}

// insert places ww at index at of the cell's modification order (len:
// the end), copying the cell's arrays when it is not the end, and moves
// the seen entries and the spinning coroutines' sources above it up.
func (w *Memory) insert(addr program.Word, at int32, ww Write) {
	h := w.hist[addr]
	if int(at) == len(h) {
		w.hist[addr] = append(h, ww)
		return
	}
	nh := make([]Write, 0, len(h)+1)
	nh = append(nh, h[:at]...)
	nh = append(nh, ww)
	nh = append(nh, h[at:]...)
	w.hist[addr] = nh
	ns := make([]seen, len(w.seen[addr]))
	for i, s := range w.seen[addr] {
		if s.idx >= at {
			s.idx++
		}
		ns[i] = s
	}
	w.seen[addr] = ns
}

// An Actor is the thread performing an access, as the model needs it:
// who, with which clock (its row of the vector clocks, before the
// access), the clock of its last release fence (nil: none), which
// coroutine (for its spin), where (for the record of a stale read), and
// the access's orders (Fail: a compare-and-swap's on failure).
type Actor struct {
	Thread    int
	Coroutine int
	Clock     []uint32
	Fence     []uint32
	Step      int
	PC        int
	Order     program.Order
	Fail      program.Order
}

// NonAtomic is the order of a plain access's event.
const NonAtomic program.Order = 255

// Read chooses the write a plain read of the cell at addr returns (the
// latest when the step has made its choosable read already, else the
// write Want names among those coherence allows; the latest by default),
// records what the reader saw and the read if it is stale, and returns
// the write.
func (w *Memory) Read(p *program.Program, a Actor, addr program.Word) *Write {
	a.Order = NonAtomic
	return w.Load(p, a, addr)
}

// Load is an atomic load (or, with a.Order NonAtomic, a plain read) of
// the cell at addr: it chooses among the writes RC11 lets it return (see
// candidates), as Read says, records its event, and returns the write.
func (w *Memory) Load(p *program.Program, a Actor, addr program.Word) *Write {
	h := w.hist[addr]
	last := int32(len(h) - 1)
	if w.read {
		// A step's second read (submit_task's m_ctx) reads the latest.
		w.See(a.Thread, addr, last, a.Clock)
		w.event(Event{Thread: int16(a.Thread), Kind: ReadEvent, Order: a.Order, Addr: addr, Clock: a.Clock, From: h[last].Event})
		return &h[last]
	}
	w.read, w.addr = true, addr
	w.cands = w.candidates(a, addr, w.cands[:0], nil)
	got := w.choose(h)
	w.got = got
	w.See(a.Thread, addr, got, a.Clock)
	w.event(Event{Thread: int16(a.Thread), Kind: ReadEvent, Order: a.Order, Addr: addr,
		Clock: acquired(a, &h[got]), From: h[got].Event})
	w.noteStale(p, a, addr, got)
	return &h[got]
}

// choose is the candidate Want names, else the last one.
func (w *Memory) choose(h []Write) int32 {
	got := w.cands[len(w.cands)-1]
	if w.Want != Latest {
		for _, i := range w.cands {
			if h[i].Source() == w.Want {
				got = i
			}
		}
	}
	return got
}

// noteStale records the step's read of the write at got if it is older
// than the latest.
func (w *Memory) noteStale(p *program.Program, a Actor, addr program.Word, got int32) {
	h := w.hist[addr]
	last := int32(len(h) - 1)
	if got == last {
		return
	}
	w.stale = append(w.stale, StaleRead{Step: a.Step, Thread: p.Threads[a.Thread].Name, Label: p.Label(a.PC),
		Cell: p.Cells[addr].Name, Addr: addr, Value: h[got].Val, From: h[got].Source(),
		Latest: h[last].Val, LatestSource: h[last].Source(),
		Shown: p.FormatCell(addr, h[got].Val), LatestShown: p.FormatCell(addr, h[last].Val)})
}

// acquired is the clock of a's thread after its read of ww: joined with
// the release clock ww carries when the read acquires.
func acquired(a Actor, ww *Write) []uint32 {
	if ww.Rel == nil || !program.Acquires(a.Order) || a.Order == NonAtomic {
		return a.Clock
	}
	c := make([]uint32, len(a.Clock))
	for i := range c {
		c[i] = max(a.Clock[i], ww.Rel[i])
	}
	return c
}

// candidates appends to buf the indices of the writes a's read of the
// cell at addr may return, oldest first: every write from a's floor on
// (coherence: none older than one a has seen, or than one seen by an
// access that happens before it), only those newer than the one a
// spinning coroutine last read, only those ok accepts (nil: all), and,
// once the graph has seq_cst events, only those RC11's SC axiom allows
// (see sc.go). The latest write the others allow is always among them.
func (w *Memory) candidates(a Actor, addr program.Word, buf []int32, ok func(i int32) (Event, bool)) []int32 {
	h := w.hist[addr]
	last := int32(len(h) - 1)
	lo := w.Floor(a.Thread, addr, a.Clock)
	if w.spinFrom != Latest && w.spinAddr == addr {
		// The spin's re-read: only a write newer than the one it read.
		if i := w.index(addr, w.spinFrom); i >= lo {
			lo = i + 1
		}
	}
	check := w.mustCheck(a.Order)
	for i := lo; i <= last; i++ {
		if ok != nil {
			if _, keep := ok(i); keep {
				buf = append(buf, i)
			}
			continue
		}
		if check {
			e := Event{Thread: int16(a.Thread), Kind: ReadEvent, Order: a.Order, Addr: addr, Clock: acquired(a, &h[i]), From: h[i].Event}
			if !w.consistentWith(e, addr, -1, Write{}) {
				continue
			}
		}
		buf = append(buf, i)
	}
	if len(buf) == 0 && lo <= last {
		// RC11 can always extend a consistent graph by a read of the
		// latest write (it is prefix-closed and extensible); this only
		// guards the model against itself.
		panic(fmt.Sprintf("c11: no write of the cell at %d is consistent to read", addr))
	}
	return buf
}

// index is the index of the write src names in the cell's modification
// order (-1: none).
func (w *Memory) index(addr program.Word, src Source) int32 {
	for i := range w.hist[addr] {
		if w.hist[addr][i].Source() == src {
			return int32(i)
		}
	}
	return -1
}

// Store places an atomic store of v by a to the cell at addr in its
// modification order: at any place after a's floor that does not split
// a read-modify-write from the write it read (and, once the graph has
// seq_cst events, that RC11's SC axiom allows); the place Before names
// (just before that write; the end by default). It records the write
// and its event, and reports whether it went at the end (the cell's
// latest value is then v).
func (w *Memory) Store(p *program.Program, a Actor, addr, v program.Word, label int) bool {
	h := w.hist[addr]
	ww := Write{Val: v, Thread: int16(a.Thread), Clock: a.Clock[a.Thread], Step: int32(a.Step), Label: int32(label),
		Rel: carried(a, nil)}
	lo := w.Floor(a.Thread, addr, a.Clock)
	check := w.mustCheck(a.Order)
	e := Event{Thread: int16(a.Thread), Kind: WriteEvent, Order: a.Order, Addr: addr, Clock: a.Clock, From: -1}
	w.places, w.at = w.places[:0], -1
	at := int32(len(h))
	for i := lo + 1; i <= int32(len(h)); i++ {
		if i < int32(len(h)) && h[i].RMW {
			continue
		}
		if check && !w.consistentWith(e, addr, i, ww) {
			continue
		}
		src := Latest
		if i < int32(len(h)) {
			src = h[i].Source()
		}
		w.places = append(w.places, src)
		if src == w.Before {
			at, w.at = i, int32(len(w.places)-1)
		}
	}
	if w.at < 0 {
		w.at = int32(len(w.places) - 1)
	}
	w.stored, w.addr = true, addr
	ww.Event = w.event(e)
	w.insert(addr, at, ww)
	w.See(a.Thread, addr, at, a.Clock)
	return int(at) == len(h)
}

// carried is the release clock a write by a carries, when it reads (a
// read-modify-write) a write that carried prev (nil: none, or not a
// read-modify-write): C++20's release sequence, which only
// read-modify-writes continue, joined with a's clock when it releases
// and with its last release fence's clock. Nil when that is nothing.
func carried(a Actor, prev []uint32) []uint32 {
	var src []uint32
	switch {
	case program.Releases(a.Order):
		src = a.Clock
	case a.Fence != nil:
		src = a.Fence
	}
	if src == nil && prev == nil {
		return nil
	}
	c := make([]uint32, len(a.Clock))
	nonzero := false
	for i := range c {
		var x uint32
		if src != nil {
			x = src[i]
		}
		if prev != nil {
			x = max(x, prev[i])
		}
		c[i] = x
		nonzero = nonzero || x != 0
	}
	if !nonzero {
		return nil
	}
	return c
}

// An RMW is what a read-modify-write writes of the value it reads.
type RMW struct {
	Op       program.OpKind   // program.OpExchange, OpCAS or OpFetchAdd
	Val      program.Word     // what an exchange or a CAS writes, what a fetch_add adds
	Expected program.Word     // what a CAS expects
	Kind     program.CellKind // the cell's, for the width of the result
}

// Apply is what u writes when it reads old, and whether it writes (a
// compare-and-swap that finds another value only reads).
func (u RMW) Apply(old program.Word) (program.Word, bool) {
	switch u.Op {
	case program.OpCAS:
		return u.Val, old == u.Expected
	case program.OpFetchAdd:
		return program.Normalize(u.Kind, old+u.Val), true
	}
	return u.Val, true
}

// Update is a read-modify-write by a of the cell at addr: u says, of the
// value it reads, what it writes and whether it writes (a compare-and-
// swap that fails only reads, with order a.Fail). It reads any write
// coherence allows that no other read-modify-write has read, if it
// writes, or any such write, if it does not (the one Want names, the
// latest by default), and then writes just after it. It records the
// events and returns the write read, whether it wrote and whether its
// write went at the end (the cell's latest value is then its).
func (w *Memory) Update(p *program.Program, a Actor, addr program.Word, label int, u RMW) (rd Write, wrote, end bool) {
	h := w.hist[addr]
	check := w.mustCheck(a.Order) || w.mustCheck(a.Fail)
	w.read, w.addr = true, addr
	w.cands = w.candidates(a, addr, w.cands[:0], func(i int32) (Event, bool) {
		v, ok := u.Apply(h[i].Val)
		if !ok {
			fa := a
			fa.Order = a.Fail
			e := Event{Thread: int16(a.Thread), Kind: ReadEvent, Order: a.Fail, Addr: addr, Clock: acquired(fa, &h[i]), From: h[i].Event}
			return e, !check || w.consistentWith(e, addr, -1, Write{})
		}
		if i+1 < int32(len(h)) && h[i+1].RMW {
			return Event{}, false // another read-modify-write read it
		}
		e := Event{Thread: int16(a.Thread), Kind: UpdateEvent, Order: a.Order, Addr: addr, Clock: acquired(a, &h[i]), From: h[i].Event}
		if check {
			ww := Write{Val: v, Thread: int16(a.Thread), RMW: true}
			return e, w.consistentWith(e, addr, i+1, ww)
		}
		return e, true
	})
	got := w.choose(h)
	w.got = got
	rd = h[got]
	v, ok := u.Apply(rd.Val)
	if !ok {
		fa := a
		fa.Order = a.Fail
		w.See(a.Thread, addr, got, a.Clock)
		w.event(Event{Thread: int16(a.Thread), Kind: ReadEvent, Order: a.Fail, Addr: addr, Clock: acquired(fa, &rd), From: rd.Event})
		w.noteStale(p, a, addr, got)
		return rd, false, false
	}
	clock := acquired(a, &rd)
	ww := Write{Val: v, Thread: int16(a.Thread), Clock: a.Clock[a.Thread], Step: int32(a.Step), Label: int32(label),
		Rel: carried(Actor{Order: a.Order, Clock: clock, Fence: a.Fence}, rd.Rel), RMW: true}
	ww.Event = w.event(Event{Thread: int16(a.Thread), Kind: UpdateEvent, Order: a.Order, Addr: addr, Clock: clock, From: rd.Event})
	w.noteStale(p, a, addr, got)
	end = int(got) == len(h)-1
	w.insert(addr, got+1, ww)
	for k, i := range w.cands {
		if i > got {
			w.cands[k] = i + 1 // the write inserted moved it up
		}
	}
	w.See(a.Thread, addr, got+1, clock)
	return rd, true, end
}

// Fence records a's fence (with order a.Order), after which its
// thread's clock is clock.
func (w *Memory) Fence(a Actor, clock []uint32) {
	w.event(Event{Thread: int16(a.Thread), Kind: FenceEvent, Order: a.Order, Clock: clock, From: -1})
}

// Spin records that coroutine c spins on the cell at addr: its step just
// read it, and its next one re-reads it, which may only return a write
// newer than the one this step read (await: a loop that reads what it
// read before repeats a state). It reports false when the step made no
// read of addr.
func (w *Memory) Spin(c int, addr program.Word) bool {
	if !w.read || w.addr != addr {
		return false
	}
	w.spin[c] = spinning{addr: addr, from: w.hist[addr][w.got].Source()}
	return true
}

// SpinMayMove reports whether coroutine c, spinning on the cell at addr,
// has a newer write to read than the one it last read.
func (w *Memory) SpinMayMove(c int, addr program.Word) bool {
	s := w.spin[c]
	if s.from == Latest || s.addr != addr {
		return true
	}
	return int(w.index(addr, s.from)) < len(w.hist[addr])-1
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
	if !w.read || len(w.cands) == 0 || w.got == w.cands[len(w.cands)-1] {
		return Latest
	}
	return w.hist[w.addr][w.got].Source()
}

// Placed is the write the step's store went just before in modification
// order, as its schedule token says it: Latest when it went at the end,
// or made no store.
func (w *Memory) Placed() Source {
	if !w.stored {
		return Latest
	}
	return w.places[w.at]
}

// Readable is every write to the cell at addr a thread not retired
// (st.Clocks and st.Retired) may still read: those from the lowest of
// their floors on, the writes Key keeps. It aliases w: it must not be
// modified.
func (w *Memory) Readable(addr program.Word, st *State) []Write {
	return w.hist[addr][w.lowestFloor(addr, st):]
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

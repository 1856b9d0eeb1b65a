package c11

import (
	"slices"

	"lockstep/sim/program"
)

// Key appends to out, word by word, the state the c11 model adds to a
// machine's, in a canonical form: two machines whose words are equal (and
// whose other state is) have the same futures. st is what it reads of the
// machine beside w; b holds what Key works in (nil: a new one), so that a
// search keying state after state allocates only while b grows.
//
// # Writes no one can read again
//
// A thread may read a cell's writes from its floor on (the newest write it
// saw, or that was seen by a thread whose clock its own covers), and
// floors only rise. A retired thread (State.Retired) never reads again. The
// writes below the lowest floor of the other threads can never be read
// again: they are left out, and the rest are numbered from the oldest one
// still readable. A search names the write a read returns by its place
// among the candidates, which this renumbering keeps. What is left of a
// write is its value and the release clock an acquire reading it joins;
// its writer, its step and the writer's clock serve only the messages.
//
// # Clocks, as the floors they give
//
// The model asks a clock only for the floors it gives: on each cell, the
// newest write among the cell's seen entries the clock covers. Every
// clock the run will hold is a join of the clocks held now (the holders:
// the threads that may still move, the wakeups in run queues, the atomic
// cells' release clocks and the release clocks of the writes still
// readable) and of later ticks. A join covers an entry exactly when one of
// its parts does, so its floor is the highest of its parts' floors; and
// an entry made later is made by a thread that has ticked since now (a
// thread ticks before each of its steps), so no holder of now but that
// thread's own clock covers it, until the step that makes it hands the
// clock on. So the key holds, per holder, its floor on each cell with more
// than one readable write (on the others every floor is the one readable
// write), and nothing else of the clocks or of who saw what: two states
// alike in that give every future clock the same floors.
//
// The race detector compares clocks too, with its last accesses to plain
// cells: the key also holds which of them may still race (those a thread
// not retired does not cover: clocks only grow) and, per holder, those it
// covers. (The machine's state key holds that for the holders it knows,
// but not for the release clocks of writes still readable, which an
// acquire may yet join, nor for a finished thread whose context an old
// write holds, which a submit_task may yet wake.)
//
// # Symmetry
//
// With a Renaming (a search's state key that renames the members of
// symmetric groups), the words are those of the renamed state: threads,
// coroutines and cells in canonical order, addresses held renamed. Nil is
// no renaming.
func (w *Memory) Key(st *State, r Renaming, b *KeyBuffer, out []uint64) []uint64 {
	n := len(st.Retired)
	if r == nil {
		r = identity{}
	}
	if b == nil {
		b = new(KeyBuffer)
	}
	b.reset(n, len(w.hist))
	for u := range n {
		b.threads[u] = r.SourceThread(u)
	}
	for ca := program.FirstAddress; ca < program.Word(len(w.hist)); ca++ {
		a := r.SourceAddr(ca)
		b.src[ca] = a
		lo := w.lowestFloor(a, st)
		b.lows[a] = lo
		if int(lo) == len(w.hist[a])-1 {
			continue
		}
		from := len(b.entries)
		for _, s := range w.seen[a] {
			if s.idx > lo {
				b.entries = append(b.entries, s)
			}
		}
		// Newest first: a clock's floor is the first entry it covers.
		slices.SortFunc(b.entries[from:], func(x, y seen) int { return int(y.idx) - int(x.idx) })
		b.multi = append(b.multi, multiCell{lo: lo, from: int32(from), to: int32(len(b.entries))})
	}
	out = b.listAccesses(st, out)
	// holder appends what the key holds of clock c: its floor on each
	// cell of b.multi, counted from the cell's oldest readable write (how
	// many cells it is above that on, then each such cell's place in
	// b.multi and the floor), and the accesses of b.acc it covers.
	holder := func(c []uint32) {
		at := len(out)
		out = append(out, 0)
		for j, mc := range b.multi {
			for _, s := range b.entries[mc.from:mc.to] {
				if s.clock <= c[s.thread] {
					out = append(out, uint64(j)<<32|uint64(s.idx-mc.lo))
					break
				}
			}
		}
		out[at] = uint64(len(out) - at - 1)
		out = covered(out, b.acc, c)
	}
	for _, t := range b.threads {
		if st.Retired[t] {
			out = append(out, 0) // it never reads again, and its clock flows nowhere
			continue
		}
		out = append(out, 1)
		holder(st.Clocks[t*n : (t+1)*n])
	}
	for c := range st.Queued {
		src := r.SourceCoroutine(c)
		if !st.Queued[src] {
			out = append(out, 0) // its wakeup clock is joined only from a run queue
			continue
		}
		out = append(out, 1)
		holder(st.Wake[src*n : (src+1)*n])
	}
	for ca := program.FirstAddress; ca < program.Word(len(w.hist)); ca++ {
		a := b.src[ca]
		if c := &st.Program.Cells[a]; c.Atomic {
			holder(st.Release[c.Slot*n : (c.Slot+1)*n])
		}
		h := w.hist[a][b.lows[a]:]
		out = append(out, uint64(len(h)))
		for i := range h {
			// Whether a read-modify-write's: no write may go just
			// before it (the oldest's place is below every floor).
			rmw := uint64(0)
			if i > 0 && h[i].RMW {
				rmw = 2
			}
			out = append(out, uint64(r.RenameValue(a, h[i].Val)))
			if h[i].Rel == nil {
				out = append(out, rmw)
				continue
			}
			out = append(out, 1|rmw)
			holder(h[i].Rel)
		}
	}
	// The fence clocks: what each thread's release fence hands its
	// writes, and what its acquire fence would join.
	if st.Fence != nil {
		for _, t := range b.threads {
			holder(st.Fence[t*n : (t+1)*n])
			holder(st.Fence[(n+t)*n : (n+t+1)*n])
		}
	}
	// The spinning coroutines' last reads, counted from the oldest
	// readable write of their cell.
	for c := range w.spin {
		s := w.spin[r.SourceCoroutine(c)]
		if s.from == Latest {
			out = append(out, 0)
			continue
		}
		out = append(out, 1+uint64(w.index(s.addr, s.from)-b.lows[s.addr]))
	}
	if w.sc {
		out = w.graphKey(r, b, out)
	}
	return out
}

// covered appends the accesses of acc clock c covers, as bits.
func covered(out []uint64, acc []Access, c []uint32) []uint64 {
	var bits uint64
	for j, e := range acc {
		if e.Clock <= c[e.Thread] {
			bits |= 1 << (j % 64)
		}
		if j%64 == 63 || j == len(acc)-1 {
			out = append(out, bits)
			bits = 0
		}
	}
	return out
}

// listAccesses lists in b.acc the race detector's last accesses that may
// still race, in canonical order: by plain cell, the last write, then
// each thread's last read. An access the clock of every thread not
// retired covers never races again (clocks only grow), whatever it is
// keyed as. It appends to out which accesses it listed, a bit for each
// place in that order, and returns out.
func (b *KeyBuffer) listAccesses(st *State, out []uint64) []uint64 {
	b.acc = b.acc[:0]
	n := len(st.Retired)
	mayRace := func(e Access) bool {
		if e.Thread < 0 {
			return false
		}
		for t := range n {
			if !st.Retired[t] && st.Clocks[t*n+int(e.Thread)] < e.Clock {
				return true
			}
		}
		return false
	}
	var bits uint64
	place := 0
	// note lists e if it may still race, and notes whether it did.
	note := func(e Access) {
		if mayRace(e) {
			b.acc = append(b.acc, e)
			bits |= 1 << (place % 64)
		}
		if place++; place%64 == 0 {
			out = append(out, bits)
			bits = 0
		}
	}
	for ca := program.FirstAddress; ca < program.Word(len(st.Program.Cells)); ca++ {
		c := &st.Program.Cells[b.src[ca]]
		if c.Atomic || c.Slot < 0 || c.Slot >= len(st.LastWrites) {
			continue
		}
		note(st.LastWrites[c.Slot])
		for _, t := range b.threads {
			note(st.LastReads[c.Slot*n+t])
		}
	}
	if place%64 != 0 {
		out = append(out, bits)
	}
	return out
}

// An Access is one of the race detector's last accesses to a plain cell:
// the thread that made it (-1: none) and its clock then.
type Access struct {
	Thread int16
	Clock  uint32
}

// multiCell is a cell with more than one readable write, as Key keys the
// floors on it: the index of its oldest readable write, and where its
// seen entries above it are in KeyBuffer.entries.
type multiCell struct {
	lo       int32
	from, to int32
}

// A KeyBuffer holds what Key works in between calls. Its zero value is
// ready; it must not be used by two calls at once.
type KeyBuffer struct {
	threads []int          // per canonical place, the thread there
	src     []program.Word // per canonical address, the address whose content is there
	lows    []int32        // per address, the index of its oldest readable write
	multi   []multiCell
	entries []seen
	acc     []Access
}

// reset readies b for n threads and cells addresses.
func (b *KeyBuffer) reset(n, cells int) {
	b.threads = slices.Grow(b.threads[:0], n)[:n]
	b.src = slices.Grow(b.src[:0], cells)[:cells]
	b.lows = slices.Grow(b.lows[:0], cells)[:cells]
	b.multi, b.entries = b.multi[:0], b.entries[:0]
}

// A Renaming maps a state onto a symmetric one: the renaming a search's
// state key chose (statekey.Keyer has these methods).
type Renaming interface {
	SourceThread(u int) int                     // the thread at canonical place u
	CanonicalThread(t int) int                  // the canonical place of thread t
	SourceCoroutine(c int) int                  // the coroutine at canonical place c
	SourceAddr(a program.Word) program.Word     // the address whose content is at canonical address a
	RenameValue(a, v program.Word) program.Word // v, held by the cell at a, renamed
}

// identity is the Renaming that renames nothing.
type identity struct{}

func (identity) SourceThread(u int) int                     { return u }
func (identity) CanonicalThread(t int) int                  { return t }
func (identity) SourceCoroutine(c int) int                  { return c }
func (identity) SourceAddr(a program.Word) program.Word     { return a }
func (identity) RenameValue(_, v program.Word) program.Word { return v }

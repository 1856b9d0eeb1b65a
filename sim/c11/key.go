package c11

import (
	"lockstep/sim/program"
	"slices"
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
// its writer, its step and the writer's clock serve only the messages. Of
// who saw what, the entries above the lowest floor remain, each thread's
// by rising clock, without those another entry of the same thread
// dominates (a clock no later, once bucketed, and a newer write).
//
// # Clocks
//
// Clock values grow forever, and two runs that reach one state by
// different interleavings hold different values. What the future asks of
// a clock of thread s's component is only how it compares with the values
// at which s made an access someone may still ask about: the seen entries
// above, the race detector's last accesses, and s's own clock now (the
// value of its next accesses, until its next tick). Every clock the run
// will compare with those is a join of the clocks held now and of ticks
// above them all (see heldClocks), so an access's clock is first replaced
// by its bucket, the least held value at or above it: no clock can tell
// the two apart, and accesses in one bucket are one threshold. Then every
// value of the component is replaced by the number of thresholds it
// reaches. That map is monotone and exact on the thresholds, so every
// comparison the run can still make comes out the same.
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
	retired, vc := st.Retired, st.Clocks
	lows := b.lows
	for a := program.FirstAddress; a < program.Word(len(w.hist)); a++ {
		lows[a] = w.lowestFloor(a, st)
	}
	held := w.heldClocks(lows, st, b.held)
	th := b.th
	for t := range n {
		th[t] = append(th[t], vc[t*n+t])
	}
	for t, clock := range st.Accesses {
		th[t] = append(th[t], bucket(held, t, clock))
	}
	live := b.live
	for a := program.FirstAddress; a < program.Word(len(w.hist)); a++ {
		for _, s := range w.seen[a] {
			if s.idx > lows[a] {
				s.clock = bucket(held, int(s.thread), s.clock)
				live[a] = append(live[a], s)
				th[s.thread] = append(th[s.thread], s.clock)
			}
		}
	}
	for t := range th {
		slices.Sort(th[t])
		th[t] = slices.Compact(th[t])
	}
	// rank is the number of thresholds of thread u's component that v
	// reaches.
	rank := func(u int, v uint32) uint64 {
		i, found := slices.BinarySearch(th[u], v)
		if found {
			i++
		}
		return uint64(i)
	}
	// row appends a clock, its components in canonical order.
	cols := b.cols
	for u := range cols {
		cols[u] = r.SourceThread(u)
	}
	row := func(c []uint32) {
		for _, u := range cols {
			out = append(out, rank(u, c[u]))
		}
	}
	for _, t := range cols {
		if retired[t] {
			out = append(out, 0) // its clock flows nowhere
			continue
		}
		row(vc[t*n : (t+1)*n])
	}
	for c := range st.Queued {
		src := r.SourceCoroutine(c)
		if !st.Queued[src] {
			out = append(out, 0) // its wakeup clock is joined only from a run queue
			continue
		}
		row(st.Wake[src*n : (src+1)*n])
	}
	for ca := program.FirstAddress; ca < program.Word(len(w.hist)); ca++ {
		a := r.SourceAddr(ca)
		if c := &st.Program.Cells[a]; c.Atomic {
			row(st.Release[c.Slot*n : (c.Slot+1)*n])
		}
		h := w.hist[a][lows[a]:]
		out = append(out, uint64(len(h)))
		for i := range h {
			out = append(out, uint64(r.RenameValue(a, h[i].Val)))
			if h[i].Rel == nil {
				out = append(out, 0)
				continue
			}
			out = append(out, 1)
			row(h[i].Rel)
		}
		sn := live[a]
		slices.SortFunc(sn, func(x, y seen) int {
			if x.thread != y.thread {
				return r.CanonicalThread(int(x.thread)) - r.CanonicalThread(int(y.thread))
			}
			if x.clock != y.clock {
				return cmpClock(x.clock, y.clock)
			}
			return int(y.idx) - int(x.idx)
		})
		kept, top, last := 0, int32(-1), int16(-1)
		for _, s := range sn {
			if s.thread != last {
				last, top = s.thread, -1
			}
			if s.idx <= top {
				continue
			}
			top = s.idx
			kept++
			out = append(out, uint64(r.CanonicalThread(int(s.thread)))<<48|rank(int(s.thread), s.clock)<<24|uint64(s.idx-lows[a]))
		}
		out = append(out, uint64(kept))
	}
	return out
}

// A KeyBuffer holds what Key works in between calls. Its zero value is
// ready; it must not be used by two calls at once.
type KeyBuffer struct {
	lows     []int32
	held, th [][]uint32
	live     [][]seen
	cols     []int
}

// reset readies b for n threads and cells addresses, every list empty.
func (b *KeyBuffer) reset(n, cells int) {
	b.lows = slices.Grow(b.lows[:0], cells)[:cells]
	b.held = resetLists(b.held, n)
	b.th = resetLists(b.th, n)
	b.live = resetLists(b.live, cells)
	b.cols = slices.Grow(b.cols[:0], n)[:n]
}

// resetLists returns n empty lists, reusing ls and the lists' storage.
func resetLists[E any](ls [][]E, n int) [][]E {
	ls = slices.Grow(ls[:0], n)[:n]
	for i := range ls {
		ls[i] = ls[i][:0]
	}
	return ls
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

func cmpClock(x, y uint32) int {
	if x < y {
		return -1
	}
	return 1
}

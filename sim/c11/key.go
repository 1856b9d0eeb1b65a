package c11

import (
	"lockstep/sim/program"
	"slices"
)

// Key hands add, word by word, the state the c11 model adds to a
// machine's, in a canonical form: two machines whose words are equal (and
// whose other state is) have the same futures. st is what it reads of the
// machine beside w.
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
func (w *Memory) Key(st *State, r Renaming, add func(uint64)) {
	n := len(st.Retired)
	if r == nil {
		r = identity{}
	}
	retired, vc := st.Retired, st.Clocks
	lows := make([]int32, len(w.hist))
	for a := program.FirstAddress; a < program.Word(len(w.hist)); a++ {
		lows[a] = w.lowestFloor(a, st)
	}
	held := w.heldClocks(lows, st)
	th := make([][]uint32, n)
	for t := range n {
		th[t] = append(th[t], vc[t*n+t])
	}
	for t, clock := range st.Accesses {
		th[t] = append(th[t], bucket(held, t, clock))
	}
	live := make([][]seen, len(w.hist))
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
	// row hands a clock, its components in canonical order.
	cols := make([]int, n)
	for u := range cols {
		cols[u] = r.SourceThread(u)
	}
	row := func(c []uint32) {
		for _, u := range cols {
			add(rank(u, c[u]))
		}
	}
	for _, t := range cols {
		if retired[t] {
			add(0) // its clock flows nowhere
			continue
		}
		row(vc[t*n : (t+1)*n])
	}
	for c := range st.Queued {
		src := r.SourceCoroutine(c)
		if !st.Queued[src] {
			add(0) // its wakeup clock is joined only from a run queue
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
		add(uint64(len(h)))
		for i := range h {
			add(uint64(r.RenameValue(a, h[i].Val)))
			if h[i].Rel == nil {
				add(0)
				continue
			}
			add(1)
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
			add(uint64(r.CanonicalThread(int(s.thread)))<<48 | rank(int(s.thread), s.clock)<<24 | uint64(s.idx-lows[a]))
		}
		add(uint64(kept))
	}
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

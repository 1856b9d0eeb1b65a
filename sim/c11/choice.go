package c11

import "lockstep/sim/program"

// What a step chose, for its record, its schedule token and a search.

// A Candidate is a write a read may return.
type Candidate struct {
	Source Source // Init, or FromStep(Step)
	Value  program.Word
	Thread string // the writer; "" for the initial value
	Label  string // the writer's step label; "" for the initial value and a constructor
	Step   int    // the step of the write; -1 for the initial value
	Latest bool   // the last write in the cell's modification order
}

// ReadChoice is a step's read: the cell, the writes it may return (oldest
// first, the latest last; a step's record lists at most MaxRecorded) and
// the one it returned.
type ReadChoice struct {
	Addr       program.Word
	Cell       string
	Candidates []Candidate
	Chosen     int // index into Candidates
}

// Stale reports whether the read returned a write older than the latest.
func (r *ReadChoice) Stale() bool { return r.Chosen != len(r.Candidates)-1 }

// PlaceChoice is a step's store: the cell, the places in its
// modification order it may take (each named by the write it would go
// just before, oldest first; the end, Latest, last) and the one it took.
type PlaceChoice struct {
	Addr   program.Word
	Cell   string
	Places []Candidate // the write each place goes before; Source Latest: the end
	Chosen int         // index into Places
}

// LastRead describes the read of the last step, if it made one.
func (w *Memory) LastRead(p *program.Program) (ReadChoice, bool) {
	return w.LastReadAtMost(p, len(w.cands))
}

// MaxRecorded is how many candidates a step's record lists (see
// LastReadAtMost): a thread that keeps reading an old write may choose
// among every write since, and a run's records would hold them all for
// each of its reads.
const MaxRecorded = 16

// candidate describes the write at index i of the cell at addr.
func (w *Memory) candidate(p *program.Program, addr program.Word, i int) Candidate {
	h := w.hist[addr]
	ww := &h[i]
	c := Candidate{Source: ww.Source(), Value: ww.Val, Step: int(ww.Step), Latest: i == len(h)-1}
	if ww.Thread >= 0 {
		c.Thread = p.Threads[ww.Thread].Name
		if ww.Label >= 0 {
			c.Label = p.Label(int(ww.Label))
		}
	}
	return c
}

// LastReadAtMost is LastRead listing at most max candidates (at least
// two): the write the read returned and the latest ones, the latest last.
func (w *Memory) LastReadAtMost(p *program.Program, max int) (ReadChoice, bool) {
	if !w.read {
		return ReadChoice{}, false
	}
	rc := ReadChoice{Addr: w.addr, Cell: p.CellName(w.addr)}
	from := 0 // the first of the latest listed
	if len(w.cands) > max {
		from = len(w.cands) - (max - 1)
	}
	for k, i := range w.cands {
		if k < from && i != w.got {
			continue
		}
		if i == w.got {
			rc.Chosen = len(rc.Candidates)
		}
		rc.Candidates = append(rc.Candidates, w.candidate(p, w.addr, int(i)))
	}
	return rc, true
}

// LastPlace describes the store of the last step, if it made one with
// more than one place to take.
func (w *Memory) LastPlace(p *program.Program) (PlaceChoice, bool) {
	if !w.stored || len(w.places) < 2 {
		return PlaceChoice{}, false
	}
	pc := PlaceChoice{Addr: w.addr, Cell: p.CellName(w.addr), Chosen: int(w.at)}
	h := w.hist[w.addr]
	for _, src := range w.places {
		c := Candidate{Source: src, Step: -1, Latest: src == Latest}
		if src != Latest {
			c = w.candidate(p, w.addr, int(w.index(w.addr, src)))
			c.Latest = false
		} else if len(h) > 0 {
			c.Value = h[len(h)-1].Val
		}
		pc.Places = append(pc.Places, c)
	}
	return pc, true
}

// LastSources appends to buf the options of the last step, oldest
// first: the sources of its read's candidates, as LastRead lists them,
// or, for a store with more than one place, the places (the write each
// goes before, Latest last). A search performs option k of a step by
// asking for it as both Want and Before: a step reads or stores, never
// both with a choice (a read-modify-write's write goes just after the
// write it read).
func (w *Memory) LastSources(buf []Source) []Source {
	switch {
	case w.read:
		h := w.hist[w.addr]
		for _, i := range w.cands {
			buf = append(buf, h[i].Source())
		}
	case w.stored && len(w.places) > 1:
		buf = append(buf, w.places...)
	}
	return buf
}

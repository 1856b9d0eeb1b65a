package explore

import (
	"math/big"
	"math/bits"
)

// summary is what a search knows of the executions from one state: how
// many, of which kinds, how many of each kind, and the fewest steps to
// one of each kind.
//
// Counts are exact. They are kept in 64 bits while they fit, and in big
// (wide set) from the first addition that would carry past 64 bits: the
// common small counts cost no allocation, and the counts of a large
// program (the fixed wait_group at 3 waiters and 3 workers already has
// more than 2^63 executions) are not held at a ceiling.
type summary struct {
	paths uint64
	kinds uint16
	count [numKinds]uint64
	min   [numKinds]uint32

	// wide says the counts are in big, not in paths and count. big is
	// kept across resets, for reuse.
	wide bool
	big  *bigCounts
}

// bigCounts are a summary's counts when they do not fit 64 bits.
type bigCounts struct {
	paths big.Int
	count [numKinds]big.Int
	tmp   big.Int // scratch for adding a narrow count
}

func (s *summary) reset() {
	s.paths, s.kinds = 0, 0
	s.count = [numKinds]uint64{}
	for i := range s.min {
		s.min[i] = noSteps
	}
	s.wide = false
}

// terminal is the summary of a finished run of kind k.
func (s *summary) terminal(k int) {
	s.reset()
	s.paths = 1
	s.kinds = 1 << k
	s.count[k] = 1
	s.min[k] = 0
}

// set makes s a copy of c that shares no memory with it.
func (s *summary) set(c *summary) {
	s.paths, s.kinds, s.count, s.min, s.wide = c.paths, c.kinds, c.count, c.min, c.wide
	if c.wide {
		if s.big == nil {
			s.big = &bigCounts{}
		}
		s.big.paths.Set(&c.big.paths)
		for k := range numKinds {
			if c.kinds&(1<<k) != 0 {
				s.big.count[k].Set(&c.big.count[k])
			} else {
				s.big.count[k].SetUint64(0)
			}
		}
	}
}

// add merges the summary of a state one step further.
func (s *summary) add(c *summary) {
	s.kinds |= c.kinds
	for k := range numKinds {
		if c.kinds&(1<<k) != 0 && c.min[k] != noSteps && c.min[k]+1 < s.min[k] {
			s.min[k] = c.min[k] + 1
		}
	}
	if s.wide || c.wide || !s.addNarrow(c) {
		s.addWide(c)
	}
}

// addNarrow adds c's counts to s's in 64 bits, unless one would carry:
// it then changes nothing and returns false.
func (s *summary) addNarrow(c *summary) bool {
	paths, carry := bits.Add64(s.paths, c.paths, 0)
	count := s.count
	for k := range numKinds {
		var cy uint64
		count[k], cy = bits.Add64(count[k], c.count[k], 0)
		carry |= cy
	}
	if carry != 0 {
		return false
	}
	s.paths, s.count = paths, count
	return true
}

// addWide adds c's counts to s's in big.
func (s *summary) addWide(c *summary) {
	s.widen()
	b := s.big
	if c.wide {
		b.paths.Add(&b.paths, &c.big.paths)
		for k := range numKinds {
			if c.kinds&(1<<k) != 0 {
				b.count[k].Add(&b.count[k], &c.big.count[k])
			}
		}
		return
	}
	b.paths.Add(&b.paths, b.tmp.SetUint64(c.paths))
	for k := range numKinds {
		if c.count[k] != 0 {
			b.count[k].Add(&b.count[k], b.tmp.SetUint64(c.count[k]))
		}
	}
}

// widen moves s's counts into big.
func (s *summary) widen() {
	if s.wide {
		return
	}
	if s.big == nil {
		s.big = &bigCounts{}
	}
	s.big.paths.SetUint64(s.paths)
	for k := range numKinds {
		s.big.count[k].SetUint64(s.count[k])
	}
	s.wide = true
}

// appendWide appends s's counts, which must be wide, to ws: the number of
// executions, then the count of each kind other than ok that s reaches in
// the order of Kinds (ok's is the rest), each as its length in words and
// its words.
func (s *summary) appendWide(ws []big.Word) []big.Word {
	ws = appendNat(ws, &s.big.paths)
	for k := 1; k < numKinds; k++ {
		if s.kinds&(1<<k) != 0 {
			ws = appendNat(ws, &s.big.count[k])
		}
	}
	return ws
}

func appendNat(ws []big.Word, n *big.Int) []big.Word {
	b := n.Bits()
	ws = append(ws, big.Word(len(b)))
	return append(ws, b...)
}

// loadWide sets s's counts from ws, as appendWide wrote them for s's
// kinds, and its fewest steps to the kinds other than ok from mins, in the
// order of Kinds (see stateStore.save).
func (s *summary) loadWide(ws []big.Word, mins []uint32) {
	if s.big == nil {
		s.big = &bigCounts{}
	}
	s.wide = true
	ws = readNat(ws, &s.big.paths)
	ok := &s.big.count[0]
	ok.Set(&s.big.paths)
	j := 0
	for k := 1; k < numKinds; k++ {
		if s.kinds&(1<<k) == 0 {
			s.big.count[k].SetUint64(0)
			continue
		}
		ws = readNat(ws, &s.big.count[k])
		ok.Sub(ok, &s.big.count[k])
		s.min[k] = mins[j]
		j++
	}
	if s.kinds&okBit == 0 {
		ok.SetUint64(0)
	}
}

// readNat sets n to the number at the start of ws, in its own memory, and
// returns the rest of ws.
func readNat(ws []big.Word, n *big.Int) []big.Word {
	l := int(ws[0])
	n.SetBits(append(n.Bits()[:0], ws[1:1+l]...))
	return ws[1+l:]
}

// executions is the number of executions from the state.
func (s *summary) executions() *big.Int {
	if s.wide {
		return new(big.Int).Set(&s.big.paths)
	}
	return new(big.Int).SetUint64(s.paths)
}

// executionsOf is the number of executions of kind k from the state.
func (s *summary) executionsOf(k int) *big.Int {
	if s.wide {
		return new(big.Int).Set(&s.big.count[k])
	}
	return new(big.Int).SetUint64(s.count[k])
}

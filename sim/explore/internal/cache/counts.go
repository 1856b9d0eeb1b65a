package cache

import (
	"math/big"
	"math/bits"
)

// Summary is what a search knows of the executions from one state: how
// many, of which kinds, how many of each kind, and the fewest steps to
// one of each kind.
//
// Counts are exact. They are kept in 64 bits while they fit, and in big
// (wide set) from the first addition that would carry past 64 bits: the
// common small counts cost no allocation, and the counts of a large
// program (the fixed wait_group at 3 waiters and 5 workers already has
// more than 2^63 executions, partial-order reduced) are not held at a ceiling.
type Summary struct {
	paths uint64
	kinds uint16
	count [NumKinds]uint64
	min   [NumKinds]uint32

	// wide says the counts are in big, not in paths and count. big is
	// kept across resets, for reuse.
	wide bool
	big  *bigCounts
}

// bigCounts are a summary's counts when they do not fit 64 bits.
type bigCounts struct {
	paths big.Int
	count [NumKinds]big.Int
	tmp   big.Int // scratch for adding a narrow count
}

// Reset makes s the summary of no execution.
func (s *Summary) Reset() {
	s.paths, s.kinds = 0, 0
	s.count = [NumKinds]uint64{}
	for i := range s.min {
		s.min[i] = NoSteps
	}
	s.wide = false
}

// Terminal is the summary of a finished run of kind k.
func (s *Summary) Terminal(k int) {
	s.Reset()
	s.paths = 1
	s.kinds = 1 << k
	s.count[k] = 1
	s.min[k] = 0
}

// Endless is the summary of a state met again on the search's path: one
// execution of kind k (a run that can go on forever), with no fewest
// steps.
func (s *Summary) Endless(k int) {
	s.Reset()
	s.paths, s.kinds, s.count[k] = 1, 1<<k, 1
}

// Kinds is the set of outcome kinds reached, one bit per kind.
func (s *Summary) Kinds() uint16 { return s.kinds }

// MinSteps is the fewest steps to an execution of kind k, or NoSteps.
func (s *Summary) MinSteps(k int) uint32 { return s.min[k] }

// Set makes s a copy of c that shares no memory with it.
func (s *Summary) Set(c *Summary) {
	s.paths, s.kinds, s.count, s.min, s.wide = c.paths, c.kinds, c.count, c.min, c.wide
	if c.wide {
		if s.big == nil {
			s.big = &bigCounts{}
		}
		s.big.paths.Set(&c.big.paths)
		for k := range NumKinds {
			if c.kinds&(1<<k) != 0 {
				s.big.count[k].Set(&c.big.count[k])
			} else {
				s.big.count[k].SetUint64(0)
			}
		}
	}
}

// Add merges the summary of a state one step further.
func (s *Summary) Add(c *Summary) {
	s.kinds |= c.kinds
	for k := range NumKinds {
		if c.kinds&(1<<k) != 0 && c.min[k] != NoSteps && c.min[k]+1 < s.min[k] {
			s.min[k] = c.min[k] + 1
		}
	}
	if s.wide || c.wide || !s.addNarrow(c) {
		s.addWide(c)
	}
}

// addNarrow adds c's counts to s's in 64 bits, unless one would carry:
// it then changes nothing and returns false.
func (s *Summary) addNarrow(c *Summary) bool {
	paths, carry := bits.Add64(s.paths, c.paths, 0)
	count := s.count
	for k := range NumKinds {
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
func (s *Summary) addWide(c *Summary) {
	s.widen()
	b := s.big
	if c.wide {
		b.paths.Add(&b.paths, &c.big.paths)
		for k := range NumKinds {
			if c.kinds&(1<<k) != 0 {
				b.count[k].Add(&b.count[k], &c.big.count[k])
			}
		}
		return
	}
	b.paths.Add(&b.paths, b.tmp.SetUint64(c.paths))
	for k := range NumKinds {
		if c.count[k] != 0 {
			b.count[k].Add(&b.count[k], b.tmp.SetUint64(c.count[k]))
		}
	}
}

// widen moves s's counts into big.
func (s *Summary) widen() {
	if s.wide {
		return
	}
	if s.big == nil {
		s.big = &bigCounts{}
	}
	s.big.paths.SetUint64(s.paths)
	for k := range NumKinds {
		s.big.count[k].SetUint64(s.count[k])
	}
	s.wide = true
}

// appendWide appends s's counts, which must be wide, to ws: the number of
// executions, then the count of each kind other than ok that s reaches in
// the order of Kinds (ok's is the rest), each as its length in words and
// its words.
func (s *Summary) appendWide(ws []big.Word) []big.Word {
	ws = appendNat(ws, &s.big.paths)
	for k := 1; k < NumKinds; k++ {
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
// order of Kinds (see Store.Save).
func (s *Summary) loadWide(ws []big.Word, mins []uint32) {
	if s.big == nil {
		s.big = &bigCounts{}
	}
	s.wide = true
	ws = readNat(ws, &s.big.paths)
	ok := &s.big.count[0]
	ok.Set(&s.big.paths)
	j := 0
	for k := 1; k < NumKinds; k++ {
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

// Executions is the number of executions from the state.
func (s *Summary) Executions() *big.Int {
	if s.wide {
		return new(big.Int).Set(&s.big.paths)
	}
	return new(big.Int).SetUint64(s.paths)
}

// ExecutionsOf is the number of executions of kind k from the state.
func (s *Summary) ExecutionsOf(k int) *big.Int {
	if s.wide {
		return new(big.Int).Set(&s.big.count[k])
	}
	return new(big.Int).SetUint64(s.count[k])
}

package cache

import (
	"math/big"

	"lockstep/sim/statekey"
)

// Store caches what a search knows of each state it has visited: an
// open-addressing table from state keys to state numbers, and per state the
// number of executions from it, the outcome kinds they reach and, for each
// kind other than ok, how many and the fewest steps to one.
//
// A table slot keeps 96 bits of the key and the state's number in 16
// bytes; two different keys meet with probability about 2^-96 per pair.
type Store struct {
	slots []storeSlot // a power of two; zero is empty
	n     int

	// infos holds per state, in chunks of infoChunk (so that growing never
	// copies them): the executions from it, the kinds reached (with
	// inProgress while on the search's path), and the first index into
	// extCount/extMin.
	infos [][]stateInfo
	// For each state whose kinds include some other than ok, in the order
	// of Kinds: the number of executions of that kind and the fewest steps.
	extCount []uint64
	extMin   []uint32
	// wide holds the counts of the states whose counts do not fit 64 bits
	// (kinds has wideBit; their paths is where theirs start): the number
	// of executions, then of each kind other than ok reached, in the order
	// of Kinds, each as its length in words and its words (see
	// summary.appendWide).
	wide []big.Word
}

type storeSlot struct{ a, b uint64 }

type stateInfo struct {
	paths uint64
	ext   uint32
	kinds uint16
}

const infoChunk = 1 << 16

// info returns state idx's record.
func (s *Store) info(idx uint32) *stateInfo {
	return &s.infos[idx/infoChunk][idx%infoChunk]
}

// Len is the number of states cached.
func (s *Store) Len() int { return s.n }

// InProgress reports whether state idx is on the search's path.
func (s *Store) InProgress(idx uint32) bool { return s.info(idx).kinds&inProgress != 0 }

// inProgress marks a state whose summary is not known yet: it is on the
// path the search is exploring.
const inProgress uint16 = 1 << 15

// wideBit marks a state whose counts are kept in Store.wide.
const wideBit uint16 = 1 << 14

// okBit is the kinds bit of OK (Kinds[0]).
const okBit uint16 = 1

const maxLoad = 0.7

func NewStore() *Store { return newStoreOf(1 << 12) }

// newStoreOf returns a store of n slots (a power of two) to begin with.
func newStoreOf(n int) *Store {
	return &Store{slots: make([]storeSlot, n), infos: [][]stateInfo{nil}}
}

func slotOf(k statekey.Key) storeSlot {
	return storeSlot{a: k[1] | 1, b: k[0] &^ 0xffffffff}
}

// Find returns the number of the state with key k.
func (s *Store) Find(k statekey.Key) (uint32, bool) {
	want := slotOf(k)
	mask := uint64(len(s.slots) - 1)
	for i := want.a & mask; ; i = (i + 1) & mask {
		sl := &s.slots[i]
		if sl.a == 0 {
			return 0, false
		}
		if sl.a == want.a && sl.b&^0xffffffff == want.b {
			return uint32(sl.b), true
		}
	}
}

// Insert adds a state with key k, which must not be there, marked in
// progress, and returns its number.
func (s *Store) Insert(k statekey.Key) uint32 {
	if float64(s.n+1) > maxLoad*float64(len(s.slots)) {
		s.grow()
	}
	idx := uint32(s.n)
	sl := slotOf(k)
	sl.b |= uint64(idx)
	s.put(sl)
	s.n++
	switch {
	case idx < infoChunk && len(s.infos) == 1:
		// The first chunk grows as the states come, so that a small
		// search (or a shard of a large one) holds a small one.
		s.infos[0] = append(s.infos[0], stateInfo{})
	case idx%infoChunk == 0:
		s.infos = append(s.infos, make([]stateInfo, infoChunk))
	}
	*s.info(idx) = stateInfo{kinds: inProgress}
	return idx
}

func (s *Store) put(sl storeSlot) {
	mask := uint64(len(s.slots) - 1)
	i := sl.a & mask
	for s.slots[i].a != 0 {
		i = (i + 1) & mask
	}
	s.slots[i] = sl
}

func (s *Store) grow() {
	old := s.slots
	s.slots = make([]storeSlot, 2*len(old))
	for _, sl := range old {
		if sl.a != 0 {
			s.put(sl)
		}
	}
}

// Save records state idx's summary.
func (s *Store) Save(idx uint32, sum *Summary) {
	in := s.info(idx)
	in.paths, in.kinds = sum.paths, sum.kinds
	if sum.wide {
		in.paths = uint64(len(s.wide))
		s.wide = sum.appendWide(s.wide)
		in.kinds |= wideBit
	}
	if sum.kinds&^okBit == 0 {
		return
	}
	in.ext = uint32(len(s.extCount))
	for k := 1; k < NumKinds; k++ {
		if sum.kinds&(1<<k) != 0 {
			s.extCount = append(s.extCount, sum.count[k])
			s.extMin = append(s.extMin, sum.min[k])
		}
	}
}

// Load reads state idx's summary into sum.
func (s *Store) Load(idx uint32, sum *Summary) {
	sum.Reset()
	in := s.info(idx)
	sum.paths, sum.kinds = in.paths, in.kinds&^wideBit
	if in.kinds&wideBit != 0 {
		sum.loadWide(s.wide[in.paths:], s.extMin[in.ext:])
		return
	}
	rest := sum.paths
	j := in.ext
	for k := 1; k < NumKinds; k++ {
		if sum.kinds&(1<<k) != 0 {
			sum.count[k] = s.extCount[j]
			sum.min[k] = s.extMin[j]
			rest -= min(rest, sum.count[k])
			j++
		}
	}
	if sum.kinds&okBit != 0 {
		sum.count[0] = rest
	}
}

// MinSteps is the fewest steps from state idx to an execution's end of
// kind k, or NoSteps.
func (s *Store) MinSteps(idx uint32, k int) uint32 {
	in := s.info(idx)
	kinds := in.kinds
	if kinds&(1<<k) == 0 || kinds&inProgress != 0 {
		return NoSteps
	}
	j := in.ext
	for i := 1; i < k; i++ {
		if kinds&(1<<i) != 0 {
			j++
		}
	}
	return s.extMin[j]
}

// InsertBytes bounds the memory the next state's Insert and Save add at
// once: the table's doubling when it is at its load, the growth of the
// records when their chunk is full (a new chunk, or the first one's
// doubling, as append at most doubles it), and the doubling of the
// counts of kinds other than ok when they have no room for one more
// state's. (The counts of a state past 64 bits are not bounded: they
// are few.)
func (s *Store) InsertBytes() int64 {
	var n int64
	if len(s.extCount)+NumKinds > cap(s.extCount) {
		n += int64(cap(s.extCount))*8 + NumKinds*8
	}
	if len(s.extMin)+NumKinds > cap(s.extMin) {
		n += int64(cap(s.extMin))*4 + NumKinds*4
	}
	if float64(s.n+1) > maxLoad*float64(len(s.slots)) {
		n += int64(len(s.slots)) * 16
	}
	switch idx := s.n; {
	case idx < infoChunk && len(s.infos) == 1:
		if first := s.infos[0]; len(first) == cap(first) {
			n += int64(cap(first))*16 + 16
		}
	case idx%infoChunk == 0:
		n += infoChunk * 16
	}
	return n
}

// Bytes is the memory the store holds.
func (s *Store) Bytes() int64 {
	return int64(len(s.slots))*16 + int64(len(s.infos)-1)*infoChunk*16 + int64(cap(s.infos[0]))*16 +
		int64(cap(s.extCount))*8 + int64(cap(s.extMin))*4 + int64(cap(s.wide))*8
}

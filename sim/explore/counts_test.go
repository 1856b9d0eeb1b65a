package explore

import (
	"math"
	"math/big"
	"testing"

	"lockstep/sim/statekey"
)

// TestSummaryCountsPast64Bits adds summaries whose counts carry past 64
// bits, and checks the sums against math/big, in the summary and after a
// round trip through the state store.
func TestSummaryCountsPast64Bits(t *testing.T) {
	lost := kindIndex("lost-wakeup")
	var a, b, c summary
	a.terminal(0)
	a.paths, a.count[0] = math.MaxUint64, math.MaxUint64
	b.terminal(lost)
	b.paths, b.count[lost] = math.MaxUint64-1, math.MaxUint64-1
	c.terminal(0)
	c.paths, c.count[0] = 3, 3

	var s summary
	s.reset()
	s.add(&a)
	if s.wide {
		t.Fatal("a count that fits 64 bits was widened")
	}
	s.add(&b)
	s.add(&c)
	s.add(&c)
	m := new(big.Int).SetUint64(math.MaxUint64)
	wantOK := new(big.Int).Add(m, big.NewInt(6))
	wantLost := new(big.Int).Sub(m, big.NewInt(1))
	wantAll := new(big.Int).Add(wantOK, wantLost)
	check := func(where string, s *summary) {
		t.Helper()
		if got := s.executions(); got.Cmp(wantAll) != 0 {
			t.Errorf("%s: %v executions; want %v", where, got, wantAll)
		}
		if got := s.executionsOf(0); got.Cmp(wantOK) != 0 {
			t.Errorf("%s: %v ok; want %v", where, got, wantOK)
		}
		if got := s.executionsOf(lost); got.Cmp(wantLost) != 0 {
			t.Errorf("%s: %v lost wakeups; want %v", where, got, wantLost)
		}
		if s.min[lost] != 1 {
			t.Errorf("%s: fewest steps to a lost wakeup %d; want 1", where, s.min[lost])
		}
	}
	check("summed", &s)

	st := newStateStore()
	idx := st.insert(keyOf(1))
	st.save(idx, &s)
	narrow := st.insert(keyOf(2))
	st.save(narrow, &c)
	var back summary
	st.load(idx, &back)
	check("loaded", &back)
	if got := st.minSteps(idx, lost); got != 1 {
		t.Errorf("minSteps = %d; want 1", got)
	}
	st.load(narrow, &back)
	if back.wide || back.executions().Int64() != 3 {
		t.Errorf("a narrow state loaded as %v executions, wide=%v; want 3, narrow", back.executions(), back.wide)
	}

	// A copy shares nothing with its original.
	var cp summary
	cp.set(&s)
	s.add(&c)
	check("copied", &cp)
}

// keyOf is a state key made from n, for store tests.
func keyOf(n uint64) statekey.Key { return statekey.Key{n * 0x9e3779b97f4a7c15, n} }

package cache

import (
	"math"
	"math/big"
	"testing"

	"lockstep/sim/statekey"
)

// TestSummaryCountsPast64Bits adds summaries whose counts carry past 64
// bits, and checks the sums against math/big, in the Summary and after a
// round trip through the state store.
func TestSummaryCountsPast64Bits(t *testing.T) {
	lost := 1 // a kind other than ok
	var a, b, c Summary
	a.Terminal(0)
	a.paths, a.count[0] = math.MaxUint64, math.MaxUint64
	b.Terminal(lost)
	b.paths, b.count[lost] = math.MaxUint64-1, math.MaxUint64-1
	c.Terminal(0)
	c.paths, c.count[0] = 3, 3

	var s Summary
	s.Reset()
	s.Add(&a)
	if s.wide {
		t.Fatal("a count that fits 64 bits was widened")
	}
	s.Add(&b)
	s.Add(&c)
	s.Add(&c)
	m := new(big.Int).SetUint64(math.MaxUint64)
	wantOK := new(big.Int).Add(m, big.NewInt(6))
	wantLost := new(big.Int).Sub(m, big.NewInt(1))
	wantAll := new(big.Int).Add(wantOK, wantLost)
	check := func(where string, s *Summary) {
		t.Helper()
		if got := s.Executions(); got.Cmp(wantAll) != 0 {
			t.Errorf("%s: %v executions; want %v", where, got, wantAll)
		}
		if got := s.ExecutionsOf(0); got.Cmp(wantOK) != 0 {
			t.Errorf("%s: %v ok; want %v", where, got, wantOK)
		}
		if got := s.ExecutionsOf(lost); got.Cmp(wantLost) != 0 {
			t.Errorf("%s: %v lost wakeups; want %v", where, got, wantLost)
		}
		if s.min[lost] != 1 {
			t.Errorf("%s: fewest steps to a lost wakeup %d; want 1", where, s.min[lost])
		}
	}
	check("summed", &s)

	st := NewStore()
	idx := st.Insert(keyOf(1))
	st.Save(idx, &s)
	narrow := st.Insert(keyOf(2))
	st.Save(narrow, &c)
	var back Summary
	st.Load(idx, &back)
	check("loaded", &back)
	if got := st.MinSteps(idx, lost); got != 1 {
		t.Errorf("minSteps = %d; want 1", got)
	}
	st.Load(narrow, &back)
	if back.wide || back.Executions().Int64() != 3 {
		t.Errorf("a narrow state loaded as %v executions, wide=%v; want 3, narrow", back.Executions(), back.wide)
	}

	// A copy shares nothing with its original.
	var cp Summary
	cp.Set(&s)
	s.Add(&c)
	check("copied", &cp)
}

// keyOf is a state key made from n, for store tests.
func keyOf(n uint64) statekey.Key { return statekey.Key{n * 0x9e3779b97f4a7c15, n} }

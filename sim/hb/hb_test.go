package hb_test

import (
	"testing"

	"lockstep/sim/hb"
	"lockstep/sim/program"
)

// One atomic cell (slot 0, at address 16) and one plain cell (slot 0)
// shared by three threads; each step ticks its thread first, as the
// machine does.
const flag program.Word = 16

type step func(s *hb.State) (racy, read bool)

func write(t int) step {
	return func(s *hb.State) (bool, bool) {
		s.Tick(t)
		_, read, racy := s.PlainWrite(t, 0, 1, 0)
		return racy, read
	}
}

func read(t int) step {
	return func(s *hb.State) (bool, bool) {
		s.Tick(t)
		_, racy := s.PlainRead(t, 0, 1, 0)
		return racy, false
	}
}

func store(t int, o program.Order, rmw bool) step {
	return func(s *hb.State) (bool, bool) {
		s.Tick(t)
		s.Write(t, 0, o, rmw)
		return false, false
	}
}

func acquire(t int) step {
	return func(s *hb.State) (bool, bool) {
		s.Tick(t)
		s.Acquire(t, flag, 0)
		return false, false
	}
}

func wake(waker, c, t int) step {
	return func(s *hb.State) (bool, bool) {
		s.Tick(waker)
		s.HandWake(c, waker)
		s.Tick(t)
		s.AcquireWake(t, c)
		return false, false
	}
}

// TestRules checks each rule of the package doc on the smallest history
// that shows it: the last access either races with what came before it or
// does not.
func TestRules(t *testing.T) {
	tests := []struct {
		name     string
		steps    []step
		racy     bool
		withRead bool // the earlier access was a read
	}{
		{"unordered writes race", []step{write(0), write(1)}, true, false},
		{"a thread is ordered with itself", []step{write(0), read(0), write(0)}, false, false},
		{"a write races with an unordered read", []step{read(1), write(0)}, true, true},
		{"release then acquire orders", []step{write(0), store(0, program.Release, false), acquire(1), read(1)}, false, false},
		{"a relaxed store does not release", []step{write(0), store(0, program.Relaxed, false), acquire(1), read(1)}, true, false},
		{"a read without acquire is not ordered", []step{write(0), store(0, program.Release, false), read(1)}, true, false},
		{"a relaxed read-modify-write continues the release sequence",
			[]step{write(0), store(0, program.Release, false), store(2, program.Relaxed, true), acquire(1), read(1)}, false, false},
		{"a relaxed store ends the release sequence",
			[]step{write(0), store(0, program.Release, false), store(2, program.Relaxed, false), acquire(1), read(1)}, true, false},
		{"a release read-modify-write joins the sequence",
			[]step{write(0), store(0, program.Release, false), store(2, program.AcqRel, true), acquire(1), read(1)}, false, false},
		{"a wakeup hands the waker's clock over", []step{write(0), wake(0, 0, 1), read(1)}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := hb.New(3, 1, 1, 1, false, false)
			var racy, read bool
			for _, st := range tt.steps {
				racy, read = st(&s)
			}
			if racy != tt.racy || read != tt.withRead {
				t.Errorf("last access: race %v (with a read: %v), want %v (%v)", racy, read, tt.racy, tt.withRead)
			}
		})
	}
}

// TestCopiesAreIndependent checks that a copy shares the last accesses
// only until it writes them, in either direction.
func TestCopiesAreIndependent(t *testing.T) {
	s := hb.New(2, 1, 1, 1, false, false)
	s.Tick(0)
	s.PlainWrite(0, 0, 1, 0)
	var c hb.State
	c.CopyFrom(&s)
	c.Tick(1)
	c.PlainWrite(1, 0, 1, 1)
	if got := s.LastWrites()[0].Thread(); got != 0 {
		t.Fatalf("the copy's write changed the original: last writer %d, want 0", got)
	}
	s.CopyFrom(&c)
	if got := s.LastWrites()[0].Thread(); got != 1 {
		t.Fatalf("copying back: last writer %d, want 1", got)
	}
	s.Tick(0)
	s.PlainRead(0, 0, 1, 2)
	if got := c.LastReads()[0].Thread(); got != -1 {
		t.Fatalf("the original's read changed the copy: reader %d, want none", got)
	}
}

// TestEqualSharedAccesses: copies of one state share its last accesses
// until they write them, and Equal compares those in place when they are
// one array; it must still tell a copy that wrote one from one that did
// not, and find two copies that wrote the same thing equal.
func TestEqualSharedAccesses(t *testing.T) {
	src := hb.New(2, 1, 1, 0, false, false)
	write(0)(&src)
	var a, b hb.State
	a.CopyFrom(&src)
	b.CopyFrom(&src)
	if !a.Equal(&b) {
		t.Fatal("two copies of one state differ")
	}
	// Without a tick, the last reads are all that differ.
	a.PlainRead(1, 0, 1, 0)
	if a.Equal(&b) || b.Equal(&a) {
		t.Fatal("a copy that read the plain cell equals one that did not")
	}
	b.PlainRead(1, 0, 1, 0)
	if !a.Equal(&b) {
		t.Fatal("two copies that took the same step differ")
	}
	var c hb.State
	c.CopyFrom(&src)
	c.Tick(1) // a clock, not a last access
	if c.Equal(&src) {
		t.Fatal("a copy whose clock ticked equals its source")
	}
}

// TestEqualEveryClock: Equal tells apart two copies of a state that differ
// in one component of one clock, whichever: in a block Equal compares at
// once or in the rest. Eleven threads (clocks of 121 components), as many
// release clocks and wakeups. Both copies tick thread u; one of them then
// carries u's new component into row r of the thread clocks, the release
// clocks or the wakeups, and nothing else.
func TestEqualEveryClock(t *testing.T) {
	const n = 11
	src := hb.New(n, n, 1, n, false, false)
	for u := range n {
		src.Tick(u)
	}
	carries := map[string]func(s *hb.State, r, u int){
		"thread clock": func(s *hb.State, r, u int) {
			if r != u {
				s.HandWake(0, u)
				s.AcquireWake(r, 0)
				s.HandWake(0, n-1) // the wakeup back as in the other copy
			}
		},
		"release clock": func(s *hb.State, r, u int) { s.Write(u, r, program.Release, false) },
		"wakeup":        func(s *hb.State, r, u int) { s.HandWake(r, u) },
	}
	for name, carry := range carries {
		for r := range n {
			for u := range n {
				var a, b hb.State
				a.CopyFrom(&src)
				b.CopyFrom(&src)
				if r == u && name == "thread clock" {
					a.Tick(u) // the copies differ in u's own component
				} else {
					a.Tick(u)
					b.Tick(u)
					if name == "thread clock" {
						b.HandWake(0, n-1)
					}
					carry(&a, r, u)
				}
				if a.Equal(&b) || b.Equal(&a) {
					t.Errorf("%s %d, component %d: copies that differ there are equal", name, r, u)
				}
			}
		}
	}
}

package lang

import (
	"testing"

	"lockstep/primitives"
)

func TestSpinErrors(t *testing.T) {
	tests := []errorCase{
		{"spin alone", prim("void f() { a.store(1); spin; }"), "5:24", "the whole body of a spin-wait"},
		{"spin in a block", prim("void f() { while (a.load() != 0) { a.store(1); spin; } }"), "5:48", "the whole body of a spin-wait"},
		{"do spin", prim("void f() { do spin; while (a.load() != 0); }"), "5:15", "the whole body of a spin-wait"},
		{"labelled spin", prim("void f() { while (a.load() != 0) X: spin; }"), "5:34", "not a block, break, continue, suspend or spin"},
		{"no access", prim("void f() { while (true) spin; }"), "5:19", "touches no shared memory"},
		{"for ever", prim("void f() { for (;;) spin; }"), "5:12", "touches no shared memory"},
		{"a local", prim("void f() { A: auto x = a.load(); while (x != 0) spin; }"), "5:41", "touches no shared memory"},
		{"plain read", prim("void f() { while (v != 0) spin; }"), "5:19", "a plain read"},
		{"awaiter's field", prim("[[awaiter]] void f() { while (awaiter->m_next != nullptr) spin; }"), "5:31", "a plain read, or an awaiter's field"},
		{"exchange", prim("void f() { while (a.exchange(1, acquire) != 0) spin; }"), "5:19", "exchange writes the cell"},
		{"fetch_add", prim("void f() { while (a.fetch_add(1) > 0) spin; }"), "5:19", "fetch_add writes the cell"},
		{"two loads", prim("void f() { while (a.load() != a.load()) spin; }"), "5:19", "touches shared memory 2 times"},
		{"cas that succeeds", prim("void f() { while (a.compare_exchange_strong(0, 1)) spin; }"), "5:19", "goes round while it fails"},
		{"cas compared", prim("void f() { while (a.compare_exchange_strong(0, 1) == false) spin; }"), "5:19", "goes round while it fails"},
		{"cas with a local", prim("void f() { int32 e = 0; while (!a.compare_exchange_weak(e, 1, acquire, relaxed)) spin; }"), "5:57", "cannot take a local as expected"},
		{"load release", prim("void f() { while (a.load(release) != 0) spin; }"), "5:26", "a load cannot be release"},
	}
	checkErrors(t, tests)
}

// spinMem is a fakeMem whose loads and compare_exchanges see what it is
// told, and which records the spins it is told of.
type spinMem struct {
	fakeMem
	load      uint64
	casOK     bool
	spinAddr  uint64
	spinSeen  uint64
	spins     int
	loadOrder primitives.Order
}

func (m *spinMem) Load(_ uint64, o primitives.Order) uint64 {
	m.accesses++
	m.loadOrder = o
	return m.load
}
func (m *spinMem) CompareAndSwap(_, _, _ uint64, _, _ primitives.Order) (uint64, bool) {
	m.accesses++
	return m.load, m.casOK
}
func (m *spinMem) Spin(addr, seen uint64) { m.spins++; m.spinAddr, m.spinSeen = addr, seen }

// TestSpinStep: a spin-wait's step reads the cell; while the loop would
// go round, it says it spins on the value read and is performed again;
// else the operation goes on. Locals before it run once.
func TestSpinStep(t *testing.T) {
	tests := []struct {
		name   string
		body   string
		load   uint64
		casOK  bool
		spins  bool
		nextAt string // the label of the next step
	}{
		{"load, held", "L: while (a.load(acquire) != 0) spin;", 7, false, true, "L"},
		{"load, free", "L: while (a.load(acquire) != 0) spin;", 0, false, false, "B"},
		{"load of a local's value", "int32 k = 3; L: while (a.load(acquire) != k) spin;", 5, false, true, "L"},
		{"load of a local's value, reached", "int32 k = 3; L: while (a.load(acquire) != k) spin;", 3, false, false, "B"},
		{"braces", "L: while (a.load(acquire) == 0) { spin; }", 0, false, true, "L"},
		{"cas fails", "L: while (!a.compare_exchange_strong(0, 1, acquire, relaxed)) spin;", 1, false, true, "L"},
		{"cas succeeds", "L: while (!a.compare_exchange_strong(0, 1, acquire, relaxed)) spin;", 0, true, false, "B"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := instance(t, prim("void f() { "+tt.body+" B: s.store(nullptr); }"), nil)
			op := in.Ops()[0]
			m := &spinMem{load: tt.load, casOK: tt.casOK}
			m.pc = op.Entry
			for step := range 2 {
				m.accesses, m.next, m.spins = 0, "", 0
				op.Step(m)
				if m.accesses != 1 || m.next != "goto" {
					t.Fatalf("step %d: %d accesses, then %q; want one access, then goto", step+1, m.accesses, m.next)
				}
				if got := in.Label(m.target).Name; got != tt.nextAt {
					t.Fatalf("step %d: the next step is %s; want %s", step+1, got, tt.nextAt)
				}
				if (m.spins == 1) != tt.spins || m.spins > 1 {
					t.Fatalf("step %d: %d spins; want spinning %v", step+1, m.spins, tt.spins)
				}
				if tt.spins && (m.spinAddr != 16 || m.spinSeen != tt.load) {
					t.Fatalf("step %d: Spin(%d, %d); want Spin(16, %d), the cell a and the value read", step+1, m.spinAddr, m.spinSeen, tt.load)
				}
				if !tt.spins {
					break
				}
				m.pc = m.target
			}
		})
	}
}

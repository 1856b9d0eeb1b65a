package lang

import (
	"testing"

	"lockstep/primitives"
	"lockstep/primitives/lang/word"
)

// recMem is a fakeMem that remembers the last value stored and loads
// what it is told to.
type recMem struct {
	fakeMem
	stored uint64
	load   uint64
}

func (m *recMem) Store(_, v uint64, _ primitives.Order) { m.accesses++; m.stored = v }
func (m *recMem) Load(uint64, primitives.Order) uint64  { m.accesses++; return m.load }
func (m *recMem) CompareAndSwap(_, _, _ uint64, _, _ primitives.Order) (uint64, bool) {
	m.accesses++
	return m.load, false
}

// eval compiles `r.store(x)` in an operation with argument 21 and returns
// the value stored in the int64 field r.
func eval(t *testing.T, x string) uint64 {
	t.Helper()
	d, err := Compile("t.lsp", "primitive p(int32 count = 5, bool flag = true) {\n"+
		"    atomic<int64> r;\n    atomic<uint32> u;\n"+
		"    void f(int32 x) { A: r.store("+x+"); }\n}\n")
	if err != nil {
		t.Fatalf("%s: %v", x, err)
	}
	in, err := d.Instantiate(nil)
	if err != nil {
		t.Fatal(err)
	}
	in.Bind(16)
	m := &recMem{fakeMem: fakeMem{arg: 21}}
	op := in.Ops()[0]
	m.pc = op.Entry
	op.Step(m)
	return m.stored
}

func TestSemantics(t *testing.T) {
	neg := func(n int64) uint64 { return uint64(n) }
	tests := []struct {
		x    string
		want uint64
	}{
		{"1 + 2 * 3", 7},
		{"(1 + 2) * 3", 9},
		{"x * 2", 42},
		{"count", 5},
		{"flag", 1},
		{"int32(0x7fffffff) + 1", neg(-2147483648)},
		{"uint32(0) - 1", 4294967295},
		{"-7 / 2", neg(-3)},
		{"-7 % 2", neg(-1)},
		{"uint32(7) / 2", 3},
		{"(uint64)(-1) >> 60", 15},
		{"int32(-8) >> 1", neg(-4)},
		{"uint32(-8) >> 1", 0x7ffffffc},
		{"1 << 64", 0},
		{"(uint64)(uint32)(-1) << 32", 0xffffffff00000000},
		{"int64(uint32(-1))", 4294967295},
		{"int32(-1) < uint32(0)", 0},
		{"int32(-1) < 0", 1},
		{"uint32(5) > 0 && x == 21", 1},
		{"!(x == 21) || false", 0},
		{"x > 20 ? 10 : 20", 10},
		{"pair(-1, nullptr).count", neg(-1)},
		{"pair(3, (void*)16).count", 3},
		{"int64(pair(3, (void*)16).head)", 16},
		{"~0", neg(-1)},
		{"0x7fffffff & ~0xff", 0x7fffff00},
		{"5 ^ 3 | 8", 14},
		{"int32(x) - 22", neg(-1)},
		{"bool(x)", 1},
		{"(void*)1 == (void*)1", 1},
	}
	for _, tt := range tests {
		if got := eval(t, tt.x); got != tt.want {
			t.Errorf("%s = %#x (%d), want %#x (%d)", tt.x, got, int64(got), tt.want, int64(tt.want))
		}
	}
}

func TestDivideByZeroAtRunTime(t *testing.T) {
	defer func() {
		r := recover()
		if e, ok := r.(word.RuntimeError); !ok || e.Error() != "runtime error: integer divide by zero at 4:38" {
			t.Errorf("recovered %v, want the division's runtime error at 4:38", r)
		}
	}()
	eval(t, "100 / (x - x)")
}

// TestCASUpdatesExpected: a failed CAS writes what it saw into its
// expected local, as compare_exchange does in C++.
func TestCASUpdatesExpected(t *testing.T) {
	in := instance(t, `primitive p {
    atomic<int32> a;
    atomic<int64> r;
    void f() {
       int32 old = 7;
    A: a.compare_exchange_strong(old, 9);
    B: r.store(old);
    }
}`, nil)
	minus3 := int64(-3)
	m := &recMem{load: uint64(minus3)}
	runSteps(in.Ops()[0], m, &m.fakeMem, 3)
	if int64(m.stored) != -3 {
		t.Errorf("stored %d, want -3: the value the CAS saw", int64(m.stored))
	}
}

package primitives_test

import (
	"testing"

	"lockstep/primitives"
)

// TestGoWaitGroupSanityCheck drives Go's Done by hand to the one panic no
// schedule of the simulator reaches: every Add that could change the state
// between the releasing Add's atomic add (GA1) and its check (GA2) panics
// first, and the first panic ends a run. Here the state is changed behind
// the Done's back, as a recovered panic would leave it.
func TestGoWaitGroupSanityCheck(t *testing.T) {
	wg := &primitives.GoWaitGroup{Count: 1}
	const base = 16
	wg.Bind(base)
	done := wgOp(t, wg.Ops(), "done")
	m := &wgMem{mem: map[primitives.Word]primitives.Word{base: 1<<32 | 1}, pc: done.Entry} // v = 1, w = 1
	done.Step(m)
	if m.pc != primitives.GA2 || m.panicked != "" {
		t.Fatalf("after GA1: at %s, panic %q; want GA2, no panic", primitives.LabelName(m.pc), m.panicked)
	}
	m.mem[base] = 1<<32 | 1 // an Add(1) that panicked and was recovered
	done.Step(m)
	if want := "sync: WaitGroup misuse: Add called concurrently with Wait"; m.panicked != want {
		t.Errorf("GA2 panicked with %q, want %q", m.panicked, want)
	}
}

// TestWaitGroupLayouts checks the initial words: the count in the high
// half, nothing in the low half.
func TestWaitGroupLayouts(t *testing.T) {
	tests := []struct {
		name string
		prim primitives.Primitive
		want primitives.Word
	}{
		{"fixed 3", &primitives.WaitGroupFixed{Count: 3}, 3 << 32},
		{"fixed -1", &primitives.WaitGroupFixed{Count: -1}, 0xffffffff << 32},
		{"go 3", &primitives.GoWaitGroup{Count: 3}, 3 << 32},
	}
	for _, tt := range tests {
		if got := tt.prim.Fields()[0].Init; got != tt.want {
			t.Errorf("%s: initial word %#x, want %#x", tt.name, got, tt.want)
		}
	}
}

// wgOp returns the operation named name.
func wgOp(t *testing.T, ops []primitives.Operation, name string) primitives.Operation {
	t.Helper()
	for _, op := range ops {
		if op.Name == name {
			return op
		}
	}
	t.Fatalf("no operation %s", name)
	return primitives.Operation{}
}

// wgMem is a memory for driving a step function by hand: atomics are plain
// map entries, and control flow is recorded.
type wgMem struct {
	mem      map[primitives.Word]primitives.Word
	pc       int
	locals   [4]primitives.Word
	panicked string
}

func (m *wgMem) Load(a primitives.Word, _ primitives.Order) primitives.Word { return m.mem[a] }
func (m *wgMem) Store(a, v primitives.Word, _ primitives.Order)             { m.mem[a] = v }
func (m *wgMem) Exchange(a, v primitives.Word, _ primitives.Order) primitives.Word {
	old := m.mem[a]
	m.mem[a] = v
	return old
}
func (m *wgMem) CompareAndSwap(a, old, v primitives.Word, _, _ primitives.Order) (primitives.Word, bool) {
	cur := m.mem[a]
	if cur != old {
		return cur, false
	}
	m.mem[a] = v
	return cur, true
}
func (m *wgMem) FetchAdd(a, d primitives.Word, _ primitives.Order) primitives.Word {
	old := m.mem[a]
	m.mem[a] = old + d
	return old
}
func (m *wgMem) Read(a primitives.Word) primitives.Word { return m.mem[a] }
func (m *wgMem) Write(a, v primitives.Word)             { m.mem[a] = v }
func (m *wgMem) Submit(primitives.Word)                 {}
func (m *wgMem) SemAcquire(primitives.Word) bool        { return false }
func (m *wgMem) SemRelease(primitives.Word)             {}
func (m *wgMem) Spawn(_, _ int)                         {}
func (m *wgMem) Destroy(primitives.Word)                {}
func (m *wgMem) PC() int                                { return m.pc }
func (m *wgMem) Goto(pc int)                            { m.pc = pc }
func (m *wgMem) Suspend(pc int)                         { m.pc = pc }
func (m *wgMem) Return()                                { m.pc = 0 }
func (m *wgMem) Registered()                            {}
func (m *wgMem) Result(bool)                            {}
func (m *wgMem) BeginAwait(...primitives.Word)          {}
func (m *wgMem) EndAwait()                              {}
func (m *wgMem) Suspending()                            {}
func (m *wgMem) Spin(_, _ primitives.Word)              {}
func (m *wgMem) Fence(primitives.Order)                 {}
func (m *wgMem) Panic(msg string)                       { m.panicked = msg }
func (m *wgMem) Assert(msg string)                      { m.panicked = msg }
func (m *wgMem) Local(i int) primitives.Word            { return m.locals[i] }
func (m *wgMem) SetLocal(i int, v primitives.Word)      { m.locals[i] = v }
func (m *wgMem) Arg() primitives.Word                   { return 0 }
func (m *wgMem) Awaiter() primitives.Word               { return 0 }
func (m *wgMem) Handle() primitives.Word                { return 0 }
func (m *wgMem) Context() primitives.Word               { return 0 }

package lang

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"lockstep/primitives"
	"lockstep/primitives/examples"
	"lockstep/primitives/lang/syntax"
	"lockstep/primitives/lang/word"
)

// fakeMem is a machine for one operation, without the simulator: memory
// reads give values from a seed, and it counts each step's accesses.
type fakeMem struct {
	seed     uint64
	pc       int
	next     string
	target   int
	locals   [4]uint64
	arg      uint64
	accesses int
	panicked string
}

func (m *fakeMem) value() uint64 {
	m.seed = m.seed*6364136223846793005 + 1442695040888963407
	switch m.seed >> 62 {
	case 0:
		return 0
	case 1:
		return 1
	}
	return m.seed >> 40
}

func (m *fakeMem) access() uint64 { m.accesses++; return m.value() }

func (m *fakeMem) Load(uint64, primitives.Order) uint64   { return m.access() }
func (m *fakeMem) Store(uint64, uint64, primitives.Order) { m.access() }
func (m *fakeMem) Exchange(uint64, uint64, primitives.Order) uint64 {
	return m.access()
}
func (m *fakeMem) CompareAndSwap(_, old, _ uint64, _, _ primitives.Order) (uint64, bool) {
	v := m.access()
	return v, v&1 == 0
}
func (m *fakeMem) FetchAdd(uint64, uint64, primitives.Order) uint64 { return m.access() }
func (m *fakeMem) Read(uint64) uint64                               { return m.access() }
func (m *fakeMem) Write(uint64, uint64)                             { m.access() }
func (m *fakeMem) Submit(uint64)                                    { m.access() }
func (m *fakeMem) SemAcquire(uint64) bool                           { return m.access()&1 == 0 }
func (m *fakeMem) SemRelease(uint64)                                { m.access() }
func (m *fakeMem) PC() int                                          { return m.pc }
func (m *fakeMem) Goto(pc int)                                      { m.next, m.target = "goto", pc }
func (m *fakeMem) Suspend(pc int)                                   { m.next, m.target = "suspend", pc }
func (m *fakeMem) Return()                                          { m.next = "return" }
func (m *fakeMem) Panic(msg string)                                 { m.next, m.panicked = "return", msg }
func (m *fakeMem) Registered()                                      {}
func (m *fakeMem) Local(i int) uint64                               { return m.locals[i] }
func (m *fakeMem) SetLocal(i int, v uint64)                         { m.locals[i] = v }
func (m *fakeMem) Arg() uint64                                      { return m.arg }
func (m *fakeMem) Awaiter() uint64                                  { return 40 }
func (m *fakeMem) Handle() uint64                                   { return 41 }
func (m *fakeMem) Context() uint64                                  { return 42 }

// runOp runs operation op for at most steps steps, resuming at once after
// a suspend, and checks that every step makes exactly one access (none
// when it panics) and says where to go. It returns the panic message.
func runOp(op primitives.Operation, m *fakeMem, steps int) (string, error) {
	m.pc = op.Entry
	for range steps {
		m.accesses, m.next = 0, ""
		if err := step(op, m); err != nil {
			return "", err
		}
		switch {
		case m.panicked != "":
			if m.accesses > 1 {
				return "", fmt.Errorf("step at pc %d made %d accesses, then panicked", m.pc, m.accesses)
			}
			return m.panicked, nil
		case m.accesses != 1:
			return "", fmt.Errorf("step at pc %d made %d accesses", m.pc, m.accesses)
		case m.next == "":
			return "", fmt.Errorf("step at pc %d said nowhere to go", m.pc)
		case m.next == "return":
			return "", nil
		}
		m.pc = m.target
	}
	return "", nil
}

// step runs one step; a Go panic other than a word.RuntimeError (which the
// machine turns into a panic outcome) is an error.
func step(op primitives.Operation, m *fakeMem) (err error) {
	defer func() {
		if r := recover(); r != nil {
			if re, ok := r.(word.RuntimeError); ok {
				m.panicked = re.Error()
				return
			}
			err = fmt.Errorf("step at pc %d: Go panic: %v", m.pc, r)
		}
	}()
	op.Step(m)
	return nil
}

// runAll instantiates d with its defaults and runs every operation.
func runAll(d *Def, seed uint64) error {
	in, err := d.Instantiate(nil)
	if err != nil {
		return err
	}
	in.Bind(16)
	for _, op := range in.Ops() {
		for s := range uint64(2) {
			if _, err := runOp(op, &fakeMem{seed: seed + s, arg: s}, 30); err != nil {
				return fmt.Errorf("%s: %v", op.Name, err)
			}
		}
	}
	return nil
}

func TestExamplesStepOneAccess(t *testing.T) {
	names, _ := fs.Glob(examples.FS, "*.lsp")
	for _, name := range names {
		src, _ := fs.ReadFile(examples.FS, name)
		d, err := Compile(name, string(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := runAll(d, 1); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestLocalLoopBound(t *testing.T) {
	d, err := Compile("t.lsp", prim(`void f() {
    A: auto x = a.load();
       while (x != 0)
           x = x + 2;
    B: a.store(x);
}`))
	if err != nil {
		t.Fatal(err)
	}
	in, err := d.Instantiate(nil)
	if err != nil {
		t.Fatal(err)
	}
	m := &fakeMem{seed: 3}
	for m.value() != 1 { // the load will read 1: x is odd, never 0
	}
	msg, err := runOp(in.Ops()[0], m, 10)
	if err != nil {
		t.Fatal(err)
	}
	if want := "7:8: a loop ran 1000 statements without touching shared memory"; len(msg) < len(want) || msg[:len(want)] != want {
		t.Errorf("panic %q, want %q...", msg, want)
	}
}

// FuzzCompile compiles arbitrary sources and runs what compiles: errors
// have places, and steps make one access each and never crash. The seeds
// are small, so that the fuzzer's minimizing stays quick (the examples
// are covered by TestExamplesStepOneAccess).
func FuzzCompile(f *testing.F) {
	f.Add(`primitive wg(int32 count) { atomic<pair> s = pair(count, nullptr); open: s.count == 0; list s;
[[awaiter, waiting]] void wait() { Q: auto o = s.load(acquire); if (o.count == 0) return;
awaiter->m_next = o.head; if (s.compare_exchange_strong(o, pair(o.count, awaiter))) { suspend; } X: unregister_wait(); }
void add(int32 d) { auto o = s.load(); P: if (!s.compare_exchange_weak(o, pair(o.count + d, d + o.count == 0 ? nullptr : o.head), acq_rel)) return;
void* c = o.head; while (c) { void* n = c->m_next; c->resume(); c = n; } } void done() { add(-1); } }`)
	f.Add(`primitive e(bool set, bool value) { [[show(this, "set")]] atomic<void*> m = set ? this : nullptr; if (value) int64 v;
if (value) void set(int64 x) { v = x; } if (!value) [[unlock]] void set() { m.store(this, release); } free: m == this as "x"; }`)
	f.Add(`primitive g { atomic<go_state> st; atomic<uint32> sema; void w() { registered(); sem_acquire(sema); st.store(0); sem_release(sema); } }`)
	f.Add(prim("void f() { A: auto x = a.load(); while (x) { x = x - 1; } s.store(nullptr); }"))
	f.Add(prim("[[awaiter]] void f(int32 n) { do { n2: a.fetch_add(n); } while (a.load() < 3); suspend; v = 1 / a.load(); }"))
	f.Add(`primitive s(memory_order ord = acquire) { atomic<int32> m; int32 d; free: m == 0;
[[lock]] void lock() { while (true) { L1: if (m.exchange(1, ord) == 0) break; L2: while (m.load(relaxed) != 0) spin; } }
[[unlock]] void unlock(memory_order o) { F: atomic_thread_fence(o); d = 1; while (!m.compare_exchange_weak(1, 0, o)) spin; } }`)
	f.Fuzz(func(t *testing.T, src string) {
		d, err := Compile("f.lsp", src)
		if err != nil {
			for _, e := range err.(syntax.ErrorList) {
				if e.Pos.Line < 1 || e.Pos.Col < 1 || len(e.Msg) > 0 && e.Msg[:min(len(e.Msg), 8)] == "internal" {
					t.Fatalf("bad error: %v", e)
				}
			}
			return
		}
		if err := runAll(d, uint64(len(src))); err != nil {
			t.Fatal(err)
		}
	})
}

func (m *fakeMem) Spawn(int, int)       {}
func (m *fakeMem) Destroy(uint64)       {}
func (m *fakeMem) Assert(msg string)    { m.Panic(msg) }
func (m *fakeMem) Result(bool)          {}
func (m *fakeMem) BeginAwait(...uint64) {}
func (m *fakeMem) EndAwait()            {}
func (m *fakeMem) Suspending()          {}
func (m *fakeMem) Spin(uint64, uint64)  {}
func (m *fakeMem) Fence(uint8)          { m.access() }

// instance compiles src and instantiates it with params, bound at 16.
func instance(t *testing.T, src string, params map[string]int64) *Instance {
	t.Helper()
	d, err := Compile("t.lsp", src)
	if err != nil {
		t.Fatal(err)
	}
	in, err := d.Instantiate(params)
	if err != nil {
		t.Fatal(err)
	}
	in.Bind(16)
	return in
}

// An errorCase is a source that does not compile, and its first error.
type errorCase struct {
	name, src string
	at        string // line:col of the first error
	want      string // a part of its message
}

// checkErrors compiles each case and checks its first error.
func checkErrors(t *testing.T, tests []errorCase) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compile("t.lsp", tt.src)
			var list syntax.ErrorList
			if !errors.As(err, &list) || len(list) == 0 {
				t.Fatalf("Compile = %v, want an error at %s", err, tt.at)
			}
			first := list[0]
			if !strings.HasPrefix(first.Pos.String(), tt.at) || !strings.Contains(first.Msg, tt.want) {
				t.Errorf("first error %s; want one at %s containing %q (all: %v)", first, tt.at, tt.want, err)
			}
		})
	}
}

// runSteps runs op on m from its entry, for at most n steps, while each
// says to go on; f is the fakeMem m embeds.
func runSteps(op primitives.Operation, m primitives.Mem, f *fakeMem, n int) {
	f.pc = op.Entry
	for range n {
		f.next = ""
		op.Step(m)
		if f.next != "goto" {
			return
		}
		f.pc = f.target
	}
}

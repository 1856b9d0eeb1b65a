package lang

import (
	"slices"
	"testing"

	"lockstep/primitives"
	"lockstep/primitives/lang/word"
)

func TestOrderErrors(t *testing.T) {
	tests := []errorCase{
		{"an int as an order", prim("void f(int32 o) { a.load(o); }"), "5:26", "a memory order: relaxed, acquire, release, acq_rel, seq_cst or a memory_order value, not int32"},
		{"an integer literal", prim("void f() { a.store(1, 2); }"), "5:23", "not integer"},
		{"an order as a value", prim("void f(memory_order o) { a.store(o, relaxed); }"), "5:34", "cannot use memory_order as int32"},
		{"an order's default", "primitive p(memory_order o = 1) { atomic<int32> a; void f() { a.store(1, o); } }", "1:30", "cannot use integer as memory_order"},
		{"a default a load refuses", "primitive p(memory_order o = release) { atomic<int32> a;\nvoid f() { a.load(o); } }", "2:19", "a load cannot be release"},
		{"a CAS's failure order", "primitive p(memory_order o = acq_rel) { atomic<int32> a;\nvoid f() { a.compare_exchange_strong(0, 1, seq_cst, o); } }", "2:53", "the failure order of a compare_exchange cannot be acq_rel"},
		{"a local order", prim("void f(memory_order o) { memory_order p = o; a.store(1, p); }"), "5:26", "not a value a local can hold"},
		{"an order with an access", prim("void f(memory_order o) { a.store(1, a.load() == 0 ? o : relaxed); }"), "5:51", "without touching shared memory"},
		{"an order of a bool", "primitive p(bool o) { atomic<int32> a; void f() { atomic_thread_fence(o); } }", "1:71", "not bool"},
		{"a field of orders", "primitive p { memory_order o; void f() { o = relaxed; } }", "1:28", "a field is int32"},
		{"an order to an int argument", prim("void f() { g(release); }\nprivate void g(int32 n) { a.store(n); }"), "5:12", "cannot use memory_order as int32"},
		{"an int to an order argument", prim("void f() { g(1); }\nprivate void g(memory_order o) { a.store(1, o); }"), "5:12", "cannot use integer as memory_order"},
		{"compared with less", prim("void f(memory_order o) { if (o < release) { A: a.store(1); } B: a.store(2); }"), "5:32", "compared with == and != only"},
	}
	checkErrors(t, tests)
}

// orderMem is a fakeMem that records each access's orders.
type orderMem struct {
	fakeMem
	orders []primitives.Order // an access's order, then a CAS's failure order
}

func (m *orderMem) rec(os ...primitives.Order) uint64 {
	m.accesses++
	m.orders = append(m.orders, os...)
	return 0
}
func (m *orderMem) Load(_ uint64, o primitives.Order) uint64        { return m.rec(o) }
func (m *orderMem) Store(_, _ uint64, o primitives.Order)           { m.rec(o) }
func (m *orderMem) Exchange(_, _ uint64, o primitives.Order) uint64 { return m.rec(o) }
func (m *orderMem) FetchAdd(_, _ uint64, o primitives.Order) uint64 { return m.rec(o) }
func (m *orderMem) Fence(o primitives.Order)                        { m.rec(o) }
func (m *orderMem) CompareAndSwap(_, _, _ uint64, s, f primitives.Order) (uint64, bool) {
	return m.rec(s, f), true
}

// TestOrderValues: an order written as a parameter of the primitive or
// as the operation's argument is the step's order when it runs; a CAS
// given one order fails with that order less its release part; the
// script may pass the orders every use of the argument allows, and an
// order a use refuses ends the step with a runtime error.
func TestOrderValues(t *testing.T) {
	const R, A, Rel, AR, SC = primitives.Relaxed, primitives.Acquire, primitives.Release, primitives.AcqRel, primitives.SeqCst
	tests := []struct {
		name   string
		src    string
		params map[string]int64
		arg    uint64
		want   []primitives.Order // the orders of the accesses
		names  []string           // the operation's ArgNames
		panics string
	}{
		{"store's argument", "void f(memory_order o) { a.store(1, o); }", nil, uint64(Rel), []primitives.Order{Rel}, []string{"relaxed", "", "release", "", "seq_cst"}, ""},
		{"load's argument", "void f(memory_order o) { auto x = a.load(o); }", nil, uint64(A), []primitives.Order{A}, []string{"relaxed", "acquire", "", "", "seq_cst"}, ""},
		{"a load and a store", "void f(memory_order o) { auto x = a.load(o); a.store(x, o); }", nil, uint64(SC), []primitives.Order{SC, SC}, []string{"relaxed", "", "", "", "seq_cst"}, ""},
		{"a fence", "void f(memory_order o) { atomic_thread_fence(o); }", nil, uint64(AR), []primitives.Order{AR}, []string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}, ""},
		{"a CAS of one order, acq_rel", "void f(memory_order o) { a.compare_exchange_strong(0, 1, o); }", nil, uint64(AR), []primitives.Order{AR, A}, []string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}, ""},
		{"a CAS of one order, release", "void f(memory_order o) { a.compare_exchange_weak(0, 1, o); }", nil, uint64(Rel), []primitives.Order{Rel, R}, []string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}, ""},
		{"a CAS's failure order", "void f(memory_order o) { a.compare_exchange_weak(0, 1, seq_cst, o); }", nil, uint64(A), []primitives.Order{SC, A}, []string{"relaxed", "acquire", "", "", "seq_cst"}, ""},
		{"exchange and fetch_add", "void f(memory_order o) { a.exchange(1, o); a.fetch_add(1, o); }", nil, uint64(AR), []primitives.Order{AR, AR}, []string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}, ""},
		{"passed to a call", "void f(memory_order o) { g(o); }\nprivate void g(memory_order p) { a.store(1, p); }", nil, uint64(Rel), []primitives.Order{Rel}, []string{"relaxed", "", "release", "", "seq_cst"}, ""},
		{"a constant to a call", "void f() { g(release); }\nprivate void g(memory_order p) { a.store(1, p); }", nil, 0, []primitives.Order{Rel}, nil, ""},
		{"a parameter", "void f() { a.store(1, ord); atomic_thread_fence(ord); }", map[string]int64{"ord": int64(Rel)}, 0, []primitives.Order{Rel, Rel}, nil, ""},
		{"a parameter's default", "void f() { a.store(1, ord); }", nil, 0, []primitives.Order{SC}, nil, ""},
		{"an order compared", "void f(memory_order o) { a.store(0); if (o == relaxed) { A: a.store(1, relaxed); } else { B: a.store(1, seq_cst); } }", nil, uint64(R), []primitives.Order{SC, R}, []string{"relaxed", "acquire", "release", "acq_rel", "seq_cst"}, ""},
		{"chosen by a branch", "void f(int32 b) { a.store(1, b > 0 ? release : relaxed); }", nil, 1, []primitives.Order{Rel}, nil, ""},
		{"an order a store refuses", "void f(memory_order o) { a.store(1, o); }", nil, uint64(A), nil, []string{"relaxed", "", "release", "", "seq_cst"}, "runtime error: a store cannot be acquire (the order at 5:37)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "primitive p(memory_order ord) {\n    atomic<int32> a;\n    int32 v;\n    int32 w;\n" + tt.src + "\n}\n"
			op := instance(t, src, tt.params).Ops()[0]
			if !slices.Equal(op.ArgNames, tt.names) {
				t.Errorf("ArgNames %q, want %q", op.ArgNames, tt.names)
			}
			m := &orderMem{fakeMem: fakeMem{arg: tt.arg}}
			got := ""
			func() {
				defer func() {
					if r := recover(); r != nil {
						re, ok := r.(word.RuntimeError)
						if !ok {
							panic(r)
						}
						got = re.Error()
					}
				}()
				runSteps(op, m, &m.fakeMem, 10)
			}()
			if got != tt.panics {
				t.Errorf("runtime error %q, want %q", got, tt.panics)
			}
			if !slices.Equal(m.orders, tt.want) {
				t.Errorf("orders %v, want %v", m.orders, tt.want)
			}
		})
	}
}

// TestOrderParams: a memory_order parameter says it is one, with
// seq_cst as its default when it has none, and a lesson passes its value
// as an Order.
func TestOrderParams(t *testing.T) {
	d, err := Compile("t.lsp", "primitive p(memory_order a = acquire, std::memory_order b, int32 n = 2) { atomic<int32> x;\nvoid f(memory_order o) { x.store(n, o); } }")
	if err != nil {
		t.Fatal(err)
	}
	want := []Param{{Name: "a", Order: true, Def: int64(primitives.Acquire)}, {Name: "b", Order: true, Def: int64(primitives.SeqCst)}, {Name: "n", Def: 2}}
	if got := d.Params(); !slices.Equal(got, want) {
		t.Errorf("Params = %+v, want %+v", got, want)
	}
	if !d.TakesOrder("f") {
		t.Error("TakesOrder(f) = false; f takes a memory_order")
	}
	for _, w := range []string{"relaxed", "memory_order_release", "acq_rel", "seq_cst", "consume"} {
		if _, ok := OrderNamed(w); !ok {
			t.Errorf("OrderNamed(%q) failed", w)
		}
	}
	if _, ok := OrderNamed("fast"); ok {
		t.Error(`OrderNamed("fast") succeeded`)
	}
}

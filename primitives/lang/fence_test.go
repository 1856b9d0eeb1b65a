package lang

import (
	"testing"

	"lockstep/primitives"
)

// fenceMem is a fakeMem that records the orders of the fences it runs.
type fenceMem struct {
	fakeMem
	fences []primitives.Order
}

func (m *fenceMem) Fence(o primitives.Order) { m.accesses++; m.fences = append(m.fences, o) }

// TestFence: atomic_thread_fence(ORDER) is a step of its own, labelled as
// any other, that calls Mem.Fence with its order; an instance with a
// fence says so in its facts, one without does not.
func TestFence(t *testing.T) {
	d, err := Compile("t.lsp", prim(`void f() {
    A:  a.store(1, relaxed);
    F1: atomic_thread_fence(release);     // the release fence
        std::atomic_thread_fence(std::memory_order_seq_cst);
        atomic_thread_fence(memory_order_acquire);
        atomic_thread_fence(acq_rel);
        atomic_thread_fence(relaxed);
    B:  s.store(nullptr, relaxed);
}
void g() { a.store(2); }`))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, l := range d.Labels() {
		names = append(names, l.Name+" "+l.Doc)
	}
	want := []string{"A a.store(1, relaxed);", "F1 the release fence", "f.1 std::atomic_thread_fence(std::memory_order_seq_cst);",
		"f.2 atomic_thread_fence(memory_order_acquire);", "f.3 atomic_thread_fence(acq_rel);", "f.4 atomic_thread_fence(relaxed);",
		"B s.store(nullptr, relaxed);", "g.1 a.store(2);"}
	if len(names) != len(want) {
		t.Fatalf("labels %q, want %q", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Errorf("label %d: %q, want %q", i, names[i], want[i])
		}
	}
	in, err := d.Instantiate(nil)
	if err != nil {
		t.Fatal(err)
	}
	if !in.Facts().Fences {
		t.Error("Facts().Fences = false for a primitive with fences")
	}
	in.Bind(16)
	m := &fenceMem{}
	op := in.Ops()[0]
	m.pc = op.Entry
	steps := 0
	for m.next != "return" && steps < 10 {
		m.accesses, m.next = 0, ""
		op.Step(m)
		if m.accesses != 1 {
			t.Fatalf("step %d made %d accesses", steps, m.accesses)
		}
		m.pc = m.target
		steps++
	}
	wantOrders := []primitives.Order{primitives.Release, primitives.SeqCst, primitives.Acquire, primitives.AcqRel, primitives.Relaxed}
	if steps != 7 || len(m.fences) != len(wantOrders) {
		t.Fatalf("%d steps, fences %v; want 7 steps and fences %v", steps, m.fences, wantOrders)
	}
	for i, o := range wantOrders {
		if m.fences[i] != o {
			t.Errorf("fence %d: order %d, want %d", i, m.fences[i], o)
		}
	}

	// Without a fence, or with one only in an operation the instance
	// leaves out, the facts say none.
	for _, src := range []string{
		prim("void f() { a.store(1); }"),
		"primitive p(bool fenced = false) { atomic<int32> a; void f() { a.store(1); } if (fenced) void g() { atomic_thread_fence(seq_cst); } }",
	} {
		d, err := Compile("t.lsp", src)
		if err != nil {
			t.Fatal(err)
		}
		in, err := d.Instantiate(nil)
		if err != nil {
			t.Fatal(err)
		}
		if in.Facts().Fences {
			t.Errorf("Facts().Fences = true for an instance without fences:\n%s", src)
		}
	}
}

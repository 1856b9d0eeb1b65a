package scenarios

import (
	"strings"
	"testing"

	"lockstep/primitives"
	"lockstep/sim/program"
)

// TestWiring checks what sim and primitives agree on without importing each
// other: the memory orders' values and the awaiter's field offsets.
func TestWiring(t *testing.T) {
	orders := []struct {
		o    primitives.Order
		want string
	}{
		{primitives.Relaxed, "relaxed"},
		{primitives.Acquire, "acquire"},
		{primitives.Release, "release"},
		{primitives.AcqRel, "acq_rel"},
		{primitives.SeqCst, "seq_cst"},
	}
	for _, tt := range orders {
		if got := program.OrderName(tt.o); got != tt.want {
			t.Errorf("sim.OrderName(primitives order %d) = %q, want %q", tt.o, got, tt.want)
		}
	}
	cat, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	s, err := cat.Lookup("wg-lost-wakeup")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Build("tinycoro", nil)
	if err != nil {
		t.Fatal(err)
	}
	aw := p.Coroutines[0].Awaiter
	fields := []struct {
		off  primitives.Word
		want string
	}{
		{primitives.Next, ".m_next"},
		{primitives.AwaitCoro, ".m_await_coro"},
		{primitives.Ctx, ".m_ctx"},
	}
	for _, f := range fields {
		if got := p.CellName(aw + f.off); !strings.HasSuffix(got, f.want) {
			t.Errorf("awaiter field at offset %d is %s, want ...%s", f.off, got, f.want)
		}
	}
	if got := p.CellName(p.Threads[0].Context + primitives.NumWait); !strings.HasSuffix(got, ".num_wait") {
		t.Errorf("context field at offset %d is %s, want ...num_wait", primitives.NumWait, got)
	}
}

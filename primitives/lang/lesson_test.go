package lang_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"testing"

	"lockstep/primitives/examples"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/explore"
	"lockstep/sim/program"
)

// lesson makes a lesson of a written primitive: its coroutines' scripts,
// by name, and one schedule, the coroutines in order, expected ok.
func lesson(t *testing.T, prim, src string, init map[string]string, scripts ...string) *scenarios.Scenario {
	t.Helper()
	s, err := parseLesson(prim, src, init, scripts...)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// parseLesson is lesson, returning the error.
func parseLesson(prim, src string, init map[string]string, scripts ...string) (*scenarios.Scenario, error) {
	var coros, steps []string
	for i, s := range scripts {
		name := string(rune('P' + i))
		coros = append(coros, fmt.Sprintf(`{"name": %q, "script": %q}`, name, s))
		steps = append(steps, name)
	}
	initJSON, _ := json.Marshal(init)
	text := fmt.Sprintf(`{"id": "t", "primitive": %q, "variants": ["v"], "title": {"en": "t", "zh": "t"}, "summary": {"en": "t", "zh": "t"},
		"narrative": {"en": ["t"], "zh": ["t"]}, "init": %s, "source": %q, "coroutines": [%s],
		"schedules": [{"name": "s", "title": {"en": "s", "zh": "s"}, "steps": %q, "expect": {"v": "ok"}}]}`,
		prim, initJSON, src, strings.Join(coros, ", "), strings.Join(steps, " "))
	return scenarios.Parse("t.jsonc", []byte(text))
}

// explored explores the lesson's one variant under memory model mm and
// returns its outcomes, counted.
func explored(t *testing.T, s *scenarios.Scenario, mm sim.MemoryModel) map[string]string {
	t.Helper()
	p, err := s.Build("v", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := explore.Explore(context.Background(), p, explore.Options{Memory: mm})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Complete {
		t.Fatalf("the search is incomplete: %s", res.Stopped)
	}
	out := map[string]string{}
	for k, n := range res.Outcomes {
		out[string(k)] = n.String()
	}
	return out
}

// mpData passes plain data with a relaxed flag: send writes data, then
// raises the flag; recv reads data once it sees the flag. Fences, where
// the source has FENCE_R and FENCE_A, order the data.
const mpData = `primitive mp {
    atomic<int32> flag;
    int32 data;
    void send() {
    D: data = 1;
       FENCE_R
    S: flag.store(1, relaxed);
    }
    void recv() {
    L: auto f = flag.load(relaxed);
       if (f == 1) {
           FENCE_A
    R:     auto d = data;
       }
    }
}`

// TestFenceOrdersData: the machine takes a written primitive's fences
// (its facts say it has them): with a release fence before the flag's
// relaxed store and an acquire fence after its relaxed load, the data is
// ordered; without either fence, the two accesses of data race.
func TestFenceOrdersData(t *testing.T) {
	tests := []struct {
		name, release, acquire string
		race                   bool
	}{
		{"fences", "FR: atomic_thread_fence(release);", "FA: atomic_thread_fence(acquire);", false},
		{"seq_cst fences", "FR: atomic_thread_fence(seq_cst);", "FA: atomic_thread_fence(acq_rel);", false},
		{"no fences", "", "", true},
		{"release fence only", "FR: atomic_thread_fence(release);", "", true},
		{"acquire fence only", "", "FA: atomic_thread_fence(acquire);", true},
		{"relaxed fences", "FR: atomic_thread_fence(relaxed);", "FA: atomic_thread_fence(relaxed);", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.NewReplacer("FENCE_R", tt.release, "FENCE_A", tt.acquire).Replace(mpData)
			got := explored(t, lesson(t, "mp", src, nil, "send", "recv"), sim.SC)
			if _, raced := got["data-race"]; raced != tt.race || got["ok"] == "" || len(got) > 2 {
				t.Errorf("outcomes %v; want ok and, %v, a data race", got, map[bool]string{true: "only then", false: "never"}[tt.race])
			}
		})
	}
}

// example reads one of the examples.
func example(t *testing.T, name string) string {
	t.Helper()
	b, err := fs.ReadFile(examples.FS, name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSpinlock: the spinlocks written with a spin-wait explore to the end
// (a spin is one blocked step, not a run cut at the step limit): the
// acquire/release one is correct, the relaxed one's critical sections
// race.
func TestSpinlock(t *testing.T) {
	tests := []struct {
		file    string
		scripts []string
		want    []string // the outcome kinds reached
	}{
		{"spinlock_acq_rel.lsp", []string{"lock; cs; unlock", "lock; cs; unlock"}, []string{"ok"}},
		{"spinlock_acq_rel.lsp", []string{"lock; cs; unlock", "lock; cs; unlock", "lock; cs; unlock"}, []string{"ok"}},
		{"spinlock_acq_rel.lsp", []string{"repeat 2 { lock; cs; unlock }", "repeat 2 { lock; cs; unlock }"}, []string{"ok"}},
		{"spinlock_relaxed.lsp", []string{"lock; cs; unlock", "lock; cs; unlock"}, []string{"data-race"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%s/%d", tt.file, tt.scripts[0], len(tt.scripts)), func(t *testing.T) {
			got := explored(t, lesson(t, "spinlock", example(t, tt.file), nil, tt.scripts...), sim.SC)
			if kinds := slices.Sorted(maps.Keys(got)); !slices.Equal(kinds, tt.want) {
				t.Errorf("outcomes %v; want %v", got, tt.want)
			}
		})
	}
}

// TestSpinBlocks: a thread whose spin-wait read the lock held cannot move
// until another thread writes the lock, and says what it spins on; once
// the lock is released it moves again, and takes it.
func TestSpinBlocks(t *testing.T) {
	s := lesson(t, "spinlock", example(t, "spinlock_acq_rel.lsp"), nil, "lock; cs; unlock", "lock; cs; unlock")
	p, err := s.Build("v", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := sim.New(p, sim.Options{})
	const P, Q = 0, 1
	steps := []struct {
		thread int
		label  string
		qMoves bool // whether Q can move after the step
	}{
		{P, "L1", true},  // P takes the lock
		{Q, "L1", true},  // Q's exchange finds it held
		{Q, "L2", false}, // Q's spin-wait reads it held: Q waits for a write of m_lock
		{P, "CS1", false},
		{P, "CS2", false},
		{P, "U1", true}, // P's unlock writes m_lock
		{Q, "L2", true}, // Q re-reads: free
		{Q, "L1", true}, // and takes it
	}
	for i, st := range steps {
		if got := m.NextLabel(st.thread); got != st.label {
			t.Fatalf("step %d: label %s, want %s", i+1, got, st.label)
		}
		if _, err := m.Step(st.thread); err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
		if got := m.CanMove(Q); got != st.qMoves {
			t.Fatalf("after step %d (%s): Q can move = %v, want %v", i+1, st.label, got, st.qMoves)
		}
		if !st.qMoves {
			if b := m.Blocked(Q); len(b.Coroutines) != 1 || b.Coroutines[0].Spins != "spinlock.m_lock" {
				t.Fatalf("after step %d: Q is blocked as %+v; want it spinning on spinlock.m_lock", i+1, b)
			}
		}
	}
}

// mpOrders is MP whose orders a lesson chooses: the scripts pass each
// access's order (store_y release), or the lesson's init sets rel and acq,
// the orders of the flag's store and load when the scripts pass none.
const mpOrders = `primitive mp(memory_order rel = relaxed, memory_order acq = relaxed) {
    atomic<int64> x;
    atomic<int64> y;
    int64 r1;
    int64 r2;
    void store_x(memory_order o) { STX: x.store(1, o); }
    void store_y(memory_order o) { STY: y.store(1, o); }
    void load_x(memory_order o) { LDX: auto t = x.load(o); XR2: r2 = t; }
    void load_y(memory_order o) { LDY: auto t = y.load(o); YR1: r1 = t; }
    void publish() { PX: x.store(1, relaxed); PY: y.store(1, rel); }
    void receive() { CY: auto t = y.load(acq); CR1: r1 = t; CX: t = x.load(relaxed); CR2: r2 = t; }
}`

// TestOrderArguments: under c11, MP's weak outcome r1=1 r2=0 is reached
// with relaxed orders and not with a release store and an acquire load,
// whether the scripts pass the orders in words or the lesson's init sets
// them.
func TestOrderArguments(t *testing.T) {
	tests := []struct {
		name string
		init map[string]string
		p, q string
		weak bool
	}{
		{"relaxed arguments", nil, "store_x relaxed; store_y relaxed", "load_y relaxed; load_x relaxed", true},
		{"release and acquire arguments", nil, "store_x relaxed; store_y release", "load_y acquire; load_x relaxed", false},
		{"seq_cst arguments", nil, "store_x seq_cst; store_y seq_cst", "load_y seq_cst; load_x seq_cst", false},
		{"release, relaxed load", nil, "store_x relaxed; store_y release", "load_y relaxed; load_x relaxed", true},
		{"relaxed init", nil, "publish", "receive", true},
		{"release and acquire init", map[string]string{"rel": "release", "acq": "acquire"}, "publish", "receive", false},
		{"memory_order_ init", map[string]string{"rel": "memory_order_seq_cst", "acq": "memory_order_acquire"}, "publish", "receive", false},
		{"release init only", map[string]string{"rel": "release"}, "publish", "receive", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := lesson(t, "mp", mpOrders, tt.init, tt.p, tt.q)
			p, err := s.Build("v", nil)
			if err != nil {
				t.Fatal(err)
			}
			regs := map[string]program.Word{}
			for a, c := range p.Cells {
				if c.Name == "mp.r1" || c.Name == "mp.r2" {
					regs[c.Name] = program.Word(a)
				}
			}
			observe := func(m *sim.Machine) string {
				return fmt.Sprintf("r1=%d r2=%d", m.Peek(regs["mp.r1"]), m.Peek(regs["mp.r2"]))
			}
			res, err := explore.Explore(context.Background(), p, explore.Options{Memory: sim.C11, Observe: observe})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Complete || len(res.Outcomes) != 1 || res.Outcomes["ok"] == nil {
				t.Fatalf("complete %v, outcomes %v; want every execution ok", res.Complete, res.Outcomes)
			}
			if !slices.Contains(res.Observations, "r1=1 r2=1") || !slices.Contains(res.Observations, "r1=0 r2=0") {
				t.Errorf("observed %q; want r1=1 r2=1 and r1=0 r2=0 among them", res.Observations)
			}
			if got := slices.Contains(res.Observations, "r1=1 r2=0"); got != tt.weak {
				t.Errorf("observed %q: r1=1 r2=0 = %v, want %v", res.Observations, got, tt.weak)
			}
		})
	}
}

// TestOrderArgumentErrors: a script passes an order in words, one the
// operation's uses allow; an init names an order.
func TestOrderArgumentErrors(t *testing.T) {
	tests := []struct {
		name string
		init map[string]string
		p    string
		want string
	}{
		{"an order a store refuses", nil, "store_y acquire", `store_y needs one of relaxed, release, seq_cst, not "acquire"`},
		{"a number", nil, "store_y 2", `store_y needs one of relaxed, release, seq_cst, not "2"`},
		{"nothing", nil, "store_y", "store_y needs one of relaxed, release, seq_cst"},
		{"an unknown word", nil, "load_x fast", `load_x needs one of relaxed, acquire, seq_cst, not "fast"`},
		{"an init that is no order", map[string]string{"rel": "fast"}, "publish", `init rel: "fast" is not a memory order`},
		{"an init a store refuses", map[string]string{"rel": "acquire"}, "publish", "a store cannot be acquire"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := parseLesson("mp", mpOrders, tt.init, tt.p, "receive")
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("the lesson: %v; want an error containing %q", err, tt.want)
			}
		})
	}
}

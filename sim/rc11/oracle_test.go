package rc11

import (
	"slices"
	"strings"
	"testing"
)

// Instruction builders for the tests: locations x, y, z are 0, 1, 2;
// registers r1..r4 are 0..3.
const (
	x = iota
	y
	z
)

const none = -1

func st(l int, v int64, o Order) Instr {
	return Instr{Op: Store, Loc: l, Value: v, Order: o, Reg: none}
}
func ld(r, l int, o Order) Instr { return Instr{Op: Load, Loc: l, Order: o, Reg: r} }
func xchg(r, l int, v int64, o Order) Instr {
	return Instr{Op: Exchange, Loc: l, Value: v, Order: o, Reg: r}
}
func fadd(r, l int, v int64, o Order) Instr {
	return Instr{Op: FetchAdd, Loc: l, Value: v, Order: o, Reg: r}
}
func cas(r, l int, expected, desired int64, o, fail Order) Instr {
	return Instr{Op: CompareExchange, Loc: l, Expected: expected, Value: desired, Order: o, FailOrder: fail, Reg: r}
}
func fnc(o Order) Instr { return Instr{Op: Fence, Order: o, Reg: none} }

func prog(threads ...[]Instr) *Program {
	p := &Program{Threads: threads, LocNames: []string{"x", "y", "z"}, RegNames: []string{"r1", "r2", "r3", "r4"}}
	for _, th := range threads {
		for _, in := range th {
			if in.Op != Fence {
				p.Locs = max(p.Locs, in.Loc+1)
			}
			p.Regs = max(p.Regs, in.Reg+1)
		}
	}
	return p
}

func th(in ...Instr) []Instr { return in }

// allows says whether some consistent execution of p ends with every
// name=value of want ("r1=1 r2=0", "x=2").
func allows(t *testing.T, p *Program, rs ReleaseSequences, want string) bool {
	t.Helper()
	res, err := Run(p, rs)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range res.Outcomes {
		got := strings.Fields(p.Format(o))
		if !slices.ContainsFunc(strings.Fields(want), func(w string) bool { return !slices.Contains(got, w) }) {
			return true
		}
	}
	return false
}

const (
	rlx = Relaxed
	acq = Acquire
	rel = Release
	ar  = AcqRel
	sc  = SeqCst
)

// TestClassicShapes checks the oracle against the published verdicts of
// the classic litmus tests under RC11 (Lahav et al., PLDI 2017, and the
// herd7 rc11.cat runs of the same shapes): each row's outcome is allowed
// or forbidden.
func TestClassicShapes(t *testing.T) {
	mp := func(w, r Order) *Program {
		return prog(th(st(x, 1, rlx), st(y, 1, w)), th(ld(0, y, r), ld(1, x, rlx)))
	}
	sb := func(o Order) *Program {
		return prog(th(st(x, 1, o), ld(0, y, o)), th(st(y, 1, o), ld(1, x, o)))
	}
	iriw := func(w, r Order) *Program {
		return prog(th(st(x, 1, w)), th(st(y, 1, w)),
			th(ld(0, x, r), ld(1, y, r)), th(ld(2, y, r), ld(3, x, r)))
	}
	twoPlusTwoW := func(o Order) *Program {
		return prog(th(st(x, 1, o), st(y, 2, o)), th(st(y, 1, o), st(x, 2, o)))
	}
	wrc := func(w, r Order) *Program {
		return prog(th(st(x, 1, rlx)), th(ld(0, x, r), st(y, 1, w)), th(ld(1, y, r), ld(2, x, rlx)))
	}
	rows := []struct {
		name    string
		p       *Program
		outcome string
		allowed bool
	}{
		{"MP relaxed", mp(rlx, rlx), "r1=1 r2=0", true},
		{"MP release/acquire", mp(rel, acq), "r1=1 r2=0", false},
		{"MP seq_cst", mp(sc, sc), "r1=1 r2=0", false},
		{"MP release/relaxed", mp(rel, rlx), "r1=1 r2=0", true},
		{"MP+fences", prog(th(st(x, 1, rlx), fnc(rel), st(y, 1, rlx)), th(ld(0, y, rlx), fnc(acq), ld(1, x, rlx))), "r1=1 r2=0", false},
		{"MP+fence.rel+acq", prog(th(st(x, 1, rlx), fnc(rel), st(y, 1, rlx)), th(ld(0, y, acq), ld(1, x, rlx))), "r1=1 r2=0", false},
		{"MP+rel+fence.acq", prog(th(st(x, 1, rlx), st(y, 1, rel)), th(ld(0, y, rlx), fnc(acq), ld(1, x, rlx))), "r1=1 r2=0", false},
		{"MP+fence.rel only", prog(th(st(x, 1, rlx), fnc(rel), st(y, 1, rlx)), th(ld(0, y, rlx), ld(1, x, rlx))), "r1=1 r2=0", true},
		{"MP+relaxed fences", prog(th(st(x, 1, rlx), fnc(rlx), st(y, 1, rlx)), th(ld(0, y, rlx), fnc(rlx), ld(1, x, rlx))), "r1=1 r2=0", true},
		{"SB relaxed", sb(rlx), "r1=0 r2=0", true},
		{"SB release/acquire", prog(th(st(x, 1, rel), ld(0, y, acq)), th(st(y, 1, rel), ld(1, x, acq))), "r1=0 r2=0", true},
		{"SB seq_cst", sb(sc), "r1=0 r2=0", false},
		{"SB+sc fences", prog(th(st(x, 1, rlx), fnc(sc), ld(0, y, rlx)), th(st(y, 1, rlx), fnc(sc), ld(1, x, rlx))), "r1=0 r2=0", false},
		{"SB+one sc fence", prog(th(st(x, 1, rlx), fnc(sc), ld(0, y, rlx)), th(st(y, 1, rlx), ld(1, x, rlx))), "r1=0 r2=0", true},
		{"SB+acq_rel fences", prog(th(st(x, 1, rlx), fnc(ar), ld(0, y, rlx)), th(st(y, 1, rlx), fnc(ar), ld(1, x, rlx))), "r1=0 r2=0", true},
		// The case RC11 repairs: seq_cst accesses on one side, a seq_cst
		// fence on the other.
		{"SB sc + fence", prog(th(st(x, 1, sc), ld(0, y, sc)), th(st(y, 1, rlx), fnc(sc), ld(1, x, rlx))), "r1=0 r2=0", false},
		{"LB relaxed", prog(th(ld(0, x, rlx), st(y, 1, rlx)), th(ld(1, y, rlx), st(x, 1, rlx))), "r1=1 r2=1", false},
		{"LB one side", prog(th(ld(0, x, rlx), st(y, 1, rlx)), th(ld(1, y, rlx), st(x, 1, rlx))), "r1=0 r2=1", true},
		{"IRIW relaxed", iriw(rlx, rlx), "r1=1 r2=0 r3=1 r4=0", true},
		{"IRIW release/acquire", iriw(rel, acq), "r1=1 r2=0 r3=1 r4=0", true},
		{"IRIW seq_cst", iriw(sc, sc), "r1=1 r2=0 r3=1 r4=0", false},
		{"IRIW sc loads, relaxed stores", iriw(rlx, sc), "r1=1 r2=0 r3=1 r4=0", true},
		{"IRIW+sc fences", prog(th(st(x, 1, rlx)), th(st(y, 1, rlx)),
			th(ld(0, x, rlx), fnc(sc), ld(1, y, rlx)), th(ld(2, y, rlx), fnc(sc), ld(3, x, rlx))), "r1=1 r2=0 r3=1 r4=0", false},
		{"2+2W relaxed", twoPlusTwoW(rlx), "x=1 y=1", true},
		{"2+2W release", twoPlusTwoW(rel), "x=1 y=1", true},
		{"2+2W seq_cst", twoPlusTwoW(sc), "x=1 y=1", false},
		{"S relaxed", prog(th(st(x, 2, rlx), st(y, 1, rlx)), th(ld(0, y, rlx), st(x, 1, rlx))), "r1=1 x=2", true},
		{"S release/acquire", prog(th(st(x, 2, rlx), st(y, 1, rel)), th(ld(0, y, acq), st(x, 1, rlx))), "r1=1 x=2", false},
		{"R release/acquire", prog(th(st(x, 1, rel), st(y, 1, rel)), th(st(y, 2, rel), ld(0, x, acq))), "r1=0 y=2", true},
		{"R seq_cst", prog(th(st(x, 1, sc), st(y, 1, sc)), th(st(y, 2, sc), ld(0, x, sc))), "r1=0 y=2", false},
		{"WRC relaxed", wrc(rlx, rlx), "r1=1 r2=1 r3=0", true},
		{"WRC release/acquire", wrc(rel, acq), "r1=1 r2=1 r3=0", false},
		{"CoRR", prog(th(st(x, 1, rlx)), th(ld(0, x, rlx), ld(1, x, rlx))), "r1=1 r2=0", false},
		{"CoWR", prog(th(st(x, 1, rlx), ld(0, x, rlx)), th(st(x, 2, rlx))), "r1=0", false},
		{"CoRW", prog(th(ld(0, x, rlx), st(x, 1, rlx)), th(st(x, 2, rlx))), "r1=2 x=2", false},
		{"CoWW", prog(th(st(x, 1, rlx), st(x, 2, rlx))), "x=1", false},
		{"fetch_add atomicity", prog(th(fadd(0, x, 1, rlx)), th(fadd(1, x, 1, rlx))), "r1=0 r2=0", false},
		{"fetch_add total", prog(th(fadd(0, x, 1, rlx)), th(fadd(1, x, 1, rlx))), "x=1", false},
		{"exchange atomicity", prog(th(xchg(0, x, 1, rlx)), th(xchg(1, x, 2, rlx))), "r1=0 r2=0", false},
		{"CAS both succeed", prog(th(cas(0, x, 0, 1, rlx, rlx)), th(cas(1, x, 0, 2, rlx, rlx))), "r1=0 r2=0", false},
		{"CAS one fails", prog(th(cas(0, x, 0, 1, rlx, rlx)), th(cas(1, x, 0, 2, rlx, rlx))), "r1=0 r2=1 x=1", true},
		// A release sequence continued by another thread's RMW.
		{"MP+rmw in rs", prog(th(st(x, 1, rlx), st(y, 1, rel)), th(fadd(0, y, 1, rlx)), th(ld(1, y, acq), ld(2, x, rlx))), "r1=1 r2=2 r3=0", false},
		// A failed CAS is a read: with acquire failure it still synchronizes.
		{"MP+failed CAS acquire", prog(th(st(x, 1, rlx), st(y, 1, rel)), th(cas(0, y, 5, 6, rlx, acq), ld(1, x, rlx))), "r1=1 r2=0", false},
		{"MP+failed CAS relaxed", prog(th(st(x, 1, rlx), st(y, 1, rel)), th(cas(0, y, 5, 6, acq, rlx), ld(1, x, rlx))), "r1=1 r2=0", true},
	}
	for _, r := range rows {
		for _, rs := range []ReleaseSequences{CPP20, RC11} {
			if got := allows(t, r.p, rs, r.outcome); got != r.allowed {
				t.Errorf("%s (%s release sequences): %s allowed=%v, want %v\n%s", r.name, rs, r.outcome, got, r.allowed, r.p)
			}
		}
	}
}

// TestReleaseSequences: a later relaxed write of the releasing thread
// continues RC11's release sequence and not C++20's.
func TestReleaseSequences(t *testing.T) {
	p := prog(th(st(x, 1, rlx), st(y, 1, rel), st(y, 2, rlx)), th(ld(0, y, acq), ld(1, x, rlx)))
	if !allows(t, p, CPP20, "r1=2 r2=0") {
		t.Errorf("C++20: r1=2 r2=0 forbidden, want allowed (the relaxed y=2 heads no release sequence)")
	}
	if allows(t, p, RC11, "r1=2 r2=0") {
		t.Errorf("RC11: r1=2 r2=0 allowed, want forbidden (y=2 continues the release sequence of y=1)")
	}
	// With a fence, the fence's release covers the later write in both.
	f := prog(th(st(x, 1, rlx), fnc(rel), st(y, 1, rlx), st(y, 2, rlx)), th(ld(0, y, acq), ld(1, x, rlx)))
	for _, rs := range []ReleaseSequences{CPP20, RC11} {
		if allows(t, f, rs, "r1=2 r2=0") {
			t.Errorf("%s: r1=2 r2=0 allowed after a release fence", rs)
		}
	}
}

// TestCounts checks whole outcome sets and execution counts of small
// programs counted by hand.
func TestCounts(t *testing.T) {
	rows := []struct {
		name       string
		p          *Program
		outcomes   []string
		consistent int
	}{
		// SB seq_cst: the three interleavings' outcomes, one execution each.
		{"SB seq_cst", prog(th(st(x, 1, sc), ld(0, y, sc)), th(st(y, 1, sc), ld(1, x, sc))),
			[]string{"r1=0 r2=1 x=1 y=1", "r1=1 r2=0 x=1 y=1", "r1=1 r2=1 x=1 y=1"}, 3},
		// Two stores to x: either order.
		{"WW", prog(th(st(x, 1, rlx)), th(st(x, 2, rlx))), []string{"x=1", "x=2"}, 2},
		// MP relaxed: every pair of values.
		{"MP relaxed", prog(th(st(x, 1, rlx), st(y, 1, rlx)), th(ld(0, y, rlx), ld(1, x, rlx))),
			[]string{"r1=0 r2=0 x=1 y=1", "r1=0 r2=1 x=1 y=1", "r1=1 r2=0 x=1 y=1", "r1=1 r2=1 x=1 y=1"}, 4},
		// Two fetch_adds: two executions, one per mo.
		{"2 fetch_add", prog(th(fadd(0, x, 1, rlx)), th(fadd(1, x, 1, rlx))),
			[]string{"r1=0 r2=1 x=2", "r1=1 r2=0 x=2"}, 2},
		// A read of its own thread's later write is thin air.
		{"read own later", prog(th(ld(0, x, rlx), st(x, 1, rlx))), []string{"r1=0 x=1"}, 1},
	}
	for _, r := range rows {
		res, err := Run(r.p, CPP20)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range res.Outcomes {
			got = append(got, r.p.Format(o))
		}
		if !slices.Equal(got, r.outcomes) || res.Consistent != r.consistent {
			t.Errorf("%s: %v in %d executions, want %v in %d", r.name, got, res.Consistent, r.outcomes, r.consistent)
		}
	}
}

func TestValidate(t *testing.T) {
	rows := []struct {
		p    *Program
		want string
	}{
		{&Program{}, "needs a location"},
		{&Program{Locs: 1, Regs: 1, Threads: [][]Instr{{ld(0, 0, rlx), ld(0, 0, rlx)}}}, "filled twice"},
		{&Program{Locs: 1, Regs: 1, Threads: [][]Instr{{ld(0, 3, rlx)}}}, "location 3 out of"},
		{&Program{Locs: 1, Regs: 1, Threads: [][]Instr{{{Op: Store, Reg: 0}}}}, "fills no register"},
	}
	for _, r := range rows {
		if err := r.p.Validate(); err == nil || !strings.Contains(err.Error(), r.want) {
			t.Errorf("%v: %v, want %q", r.p, err, r.want)
		}
	}
}

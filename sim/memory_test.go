package sim_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// litmusMP is message passing: W stores x = 1, then flag = 1 with order
// st; R loads flag, then x, with order ld, keeping what it read in its
// locals.
func litmusMP(t *testing.T, st, ld program.Order) (*program.Program, program.Word, program.Word) {
	t.Helper()
	f := fixture.New()
	d := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true}, program.Field{Name: "flag", Kind: program.Int64, Atomic: true})
	x, flag := d, d+1
	w := f.Op("write", "W",
		func(e program.Exec) { e.Store(x, 1, program.Relaxed); fixture.Next(e) },
		func(e program.Exec) { e.Store(flag, 1, st); e.Return() })
	r := f.Op("read", "R",
		func(e program.Exec) { e.SetLocal(0, e.Load(flag, ld)); fixture.Next(e) },
		func(e program.Exec) { e.SetLocal(1, e.Load(x, ld)); e.Return() })
	f.Thread("W", w)
	f.Thread("R", r)
	return f.Program(t), x, flag
}

func runC11(t *testing.T, p *program.Program, text string) (*sim.Machine, error) {
	t.Helper()
	s, err := schedule.Parse(text)
	if err != nil {
		t.Fatalf("schedule.Parse(%q) = %v", text, err)
	}
	m, err := sim.ReplayPrefix(p, s, sim.Options{Record: true, Memory: sim.C11})
	return m, err
}

func sources(rc c11.ReadChoice) []string {
	var out []string
	for _, c := range rc.Candidates {
		out = append(out, c.Source.String())
	}
	return out
}

func TestC11MessagePassing(t *testing.T) {
	cases := []struct {
		name   string
		st, ld program.Order
		// what R's load of x may return once it read flag = 1
		want []string
	}{
		{"relaxed", program.Relaxed, program.Relaxed, []string{"init", "1"}},
		{"release/acquire", program.Release, program.Acquire, []string{"1"}},
		{"release/relaxed", program.Release, program.Relaxed, []string{"init", "1"}},
		{"relaxed/acquire", program.Relaxed, program.Acquire, []string{"init", "1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, _, _ := litmusMP(t, c.st, c.ld)
			m, err := runC11(t, p, "W W")
			if err != nil {
				t.Fatal(err)
			}
			rc, ok := m.NextRead(p.Thread("R"))
			if !ok || !reflect.DeepEqual(sources(rc), []string{"init", "2"}) || rc.Cell != "d.flag" {
				t.Fatalf("R's first read: %v %+v, want flag from init or step 1", ok, rc)
			}
			m, err = runC11(t, p, "W W R<2")
			if err != nil {
				t.Fatal(err)
			}
			rc, _ = m.NextRead(p.Thread("R"))
			if got := sources(rc); !reflect.DeepEqual(got, c.want) {
				t.Errorf("after reading flag = 1, x may be read from %v, want %v", got, c.want)
			}
		})
	}
}

func TestC11StaleReadIsRecordedAndReplays(t *testing.T) {
	p, x, _ := litmusMP(t, program.Relaxed, program.Relaxed)
	m, err := runC11(t, p, "W W R@R1<2 R@R2<init")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := m.Schedule().String(), "W@W1 W@W2 R@R1 R@R2<init"; got != want {
		t.Errorf("schedule = %q, want %q (the latest write needs no source)", got, want)
	}
	rec := m.Records()[3]
	if rec.Read == nil || !rec.Read.Stale() || rec.Result != 0 || len(rec.Read.Candidates) != 2 {
		t.Fatalf("step 3's read = %+v, result %d; want a stale read of 0 among 2 candidates", rec.Read, rec.Result)
	}
	if m.Peek(x) != 1 {
		t.Errorf("memory holds x = %d, want the latest, 1", m.Peek(x))
	}
	st := m.StaleReads()
	if len(st) != 1 || st[0].Step != 3 || st[0].From != c11.Init || st[0].Latest != 1 || st[0].LatestSource != c11.FromStep(0) {
		t.Errorf("StaleReads() = %+v", st)
	}
	again, _, err := sim.ReplaySchedule(p, m.Schedule(), sim.Options{Record: true, Memory: sim.C11})
	if err != nil || !reflect.DeepEqual(again.Records(), m.Records()) {
		t.Errorf("replaying %q: %v, or different records", m.Schedule(), err)
	}
}

func TestC11Coherence(t *testing.T) {
	p, _, _ := litmusMP(t, program.Relaxed, program.Relaxed)
	m, err := runC11(t, p, "W W R<2")
	if err != nil {
		t.Fatal(err)
	}
	if rc, _ := m.LastRead(); rc.Chosen != 1 || rc.Stale() {
		t.Errorf("R read flag from %+v, want the latest", rc)
	}
	if _, err := runC11(t, p, "W R<1"); !errors.Is(err, schedule.ErrSource) || !errors.Is(err, schedule.ErrInvalid) {
		t.Errorf("a source that is no candidate: %v, want ErrSource (a schedule error)", err)
	}
	if _, err := runC11(t, p, "W W W"); err == nil {
		t.Errorf("stepping a finished thread did not fail")
	}
}

// TestC11ReadReadCoherence is CoRR: once a thread has read a write, it
// cannot read an older one.
func TestC11ReadReadCoherence(t *testing.T) {
	f := fixture.New()
	x := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true})
	w := f.Op("write", "W", func(e program.Exec) { e.Store(x, 1, program.Relaxed); e.Return() })
	r := f.Op("read", "R",
		func(e program.Exec) { e.SetLocal(0, e.Load(x, program.Relaxed)); fixture.Next(e) },
		func(e program.Exec) { e.SetLocal(1, e.Load(x, program.Relaxed)); e.Return() })
	f.Thread("W", w)
	f.Thread("R", r)
	p := f.Program(t)
	m, err := runC11(t, p, "W R")
	if err != nil {
		t.Fatal(err)
	}
	if rc, _ := m.NextRead(1); len(rc.Candidates) != 1 {
		t.Errorf("after reading the latest, R may read %v, want only it", sources(rc))
	}
	m, err = runC11(t, p, "W R<init")
	if err != nil {
		t.Fatal(err)
	}
	if rc, _ := m.NextRead(1); !reflect.DeepEqual(sources(rc), []string{"init", "1"}) {
		t.Errorf("after reading init, R may read %v, want init and step 0", sources(rc))
	}
}

// litmusSB is store buffering: P stores x then loads y, Q stores y then
// loads x, every access with order o.
func litmusSB(t *testing.T, o program.Order) *program.Program {
	t.Helper()
	f := fixture.New()
	d := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true}, program.Field{Name: "y", Kind: program.Int64, Atomic: true})
	x, y := d, d+1
	thread := func(name string, mine, other program.Word) {
		f.Thread(name, f.Op("sb"+name, name,
			func(e program.Exec) { e.Store(mine, 1, o); fixture.Next(e) },
			func(e program.Exec) { e.SetLocal(0, e.Load(other, o)); e.Return() }))
	}
	thread("P", x, y)
	thread("Q", y, x)
	return f.Program(t)
}

// TestC11SeqCstOrder checks that seq_cst accesses are ordered by RC11's
// psc, not by the order the steps are performed: after both stores, a
// seq_cst load may still read the initial value (the load goes first in
// the SC order), but once P's has, Q's may not (store buffering's
// r1=0 r2=0 would close a psc cycle). With release/acquire both may.
func TestC11SeqCstOrder(t *testing.T) {
	for _, tt := range []struct {
		o        program.Order
		first    []string // what P's load of y may return after both stores
		afterOld []string // what Q's load of x may then return, P having read init
	}{
		{program.SeqCst, []string{"init", "2"}, []string{"1"}},
		{program.AcqRel, []string{"init", "2"}, []string{"init", "1"}},
	} {
		o := tt.o
		if o == program.AcqRel {
			o = program.Relaxed // loads acquire and stores release: relaxed shows the same
		}
		p := litmusSB(t, o)
		m, err := runC11(t, p, "P Q")
		if err != nil {
			t.Fatal(err)
		}
		if rc, _ := m.NextRead(0); !reflect.DeepEqual(sources(rc), tt.first) {
			t.Errorf("%s: P may read %v, want %v", program.OrderName(tt.o), sources(rc), tt.first)
		}
		m, err = runC11(t, p, "P Q P<init")
		if err != nil {
			t.Fatal(err)
		}
		if rc, _ := m.NextRead(1); !reflect.DeepEqual(sources(rc), tt.afterOld) {
			t.Errorf("%s: after P read init, Q may read %v, want %v", program.OrderName(tt.o), sources(rc), tt.afterOld)
		}
		if !m.ConsistentSC() {
			t.Errorf("%s: the graph breaks RC11's SC axiom", program.OrderName(tt.o))
		}
	}
}

// TestC11StorePlaces checks that a store may take any place in its
// cell's modification order after what its thread has seen, that the
// schedule's ^ names it, and that a later read sees the order chosen:
// 2+2W's x=1 y=1 (each thread's first store last in mo).
func TestC11StorePlaces(t *testing.T) {
	f := fixture.New()
	d := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true}, program.Field{Name: "y", Kind: program.Int64, Atomic: true})
	x, y := d, d+1
	f.Thread("P", f.Op("p", "P",
		func(e program.Exec) { e.Store(x, 1, program.Release); fixture.Next(e) },
		func(e program.Exec) { e.Store(y, 2, program.Release); e.Return() }))
	f.Thread("Q", f.Op("q", "Q",
		func(e program.Exec) { e.Store(y, 1, program.Release); fixture.Next(e) },
		func(e program.Exec) { e.Store(x, 2, program.Release); e.Return() }))
	p := f.Program(t)
	m, err := runC11(t, p, "P Q P")
	if err != nil {
		t.Fatal(err)
	}
	pc, ok := m.NextPlace(1)
	if !ok || len(pc.Places) != 2 || pc.Places[0].Source.String() != "1" || pc.Places[1].Source != c11.Latest {
		t.Fatalf("Q's store to x may go %+v, want before step 1's write or at the end", pc)
	}
	m, err = runC11(t, p, "P Q P^2 Q^1")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Memory(); got[x] != 1 || got[y] != 1 {
		t.Errorf("2+2W with both stores placed first: x=%d y=%d, want 1 1", got[x], got[y])
	}
	if s := m.Schedule().String(); s != "P@P1 Q@Q1 P@P2^2 Q@Q2^1" {
		t.Errorf("schedule %q", s)
	}
	if _, err := runC11(t, p, "P Q P^1"); err == nil {
		t.Errorf("a store placed before a write its thread has seen was accepted")
	}
}

func TestSCHasNoReadChoices(t *testing.T) {
	p, _, _ := litmusMP(t, program.Relaxed, program.Relaxed)
	s, _ := schedule.Parse("W W R<init")
	_, _, err := sim.ReplaySchedule(p, s, sim.Options{Record: true})
	if !errors.Is(err, schedule.ErrSource) {
		t.Errorf("a source under sc: %v, want ErrSource", err)
	}
	m, _, _ := sim.ReplaySchedule(p, s[:2], sim.Options{Record: true})
	if _, ok := m.NextRead(1); ok || m.MemoryModel() != sim.SC {
		t.Errorf("sc machine offers a read choice")
	}
	for _, r := range m.Records() {
		if r.Read != nil {
			t.Errorf("sc record has a read choice: %+v", r.Read)
		}
	}
}

func TestScheduleSources(t *testing.T) {
	s, err := schedule.Parse("S@S3<5 S@S4<init R<1 R<1 R<1 A A A")
	if err != nil {
		t.Fatal(err)
	}
	if s[0].From != c11.FromStep(4) || s[1].From != c11.Init || s[2].From != c11.FromStep(0) {
		t.Errorf("sources = %v %v %v", s[0].From, s[1].From, s[2].From)
	}
	if got, want := s.String(), "S@S3<5 S@S4<init R<1 R<1 R<1 A*3"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	for _, bad := range []string{"S<", "S<x", "S<-1", "S<0", "S<007", "S<init<1", "<3"} {
		if _, err := schedule.Parse(bad); !errors.Is(err, schedule.ErrInvalid) {
			t.Errorf("schedule.Parse(%q) = %v, want a schedule error", bad, err)
		}
	}
}

func TestParseMemoryModel(t *testing.T) {
	for _, mm := range []sim.MemoryModel{sim.SC, sim.C11} {
		if got, err := sim.ParseMemoryModel(mm.String()); err != nil || got != mm {
			t.Errorf("ParseMemoryModel(%q) = %v, %v", mm, got, err)
		}
	}
	if _, err := sim.ParseMemoryModel("tso"); err == nil {
		t.Error("ParseMemoryModel(tso) did not fail")
	}
}

// TestC11BadResume: A publishes its awaiter with a relaxed exchange, so
// the handle it wrote before need not be visible to B, which may resume
// the awaiter's initial, null handle.
func TestC11BadResume(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	park := f.Op("park", "K",
		func(x program.Exec) { x.Write(x.Awaiter()+program.FieldAwaitCoro, x.Handle()); fixture.Next(x) },
		func(x program.Exec) { x.Exchange(d.Slot, x.Awaiter(), program.Relaxed); x.Suspend(x.PC() + 1) },
		func(x program.Exec) { x.Load(d.Flag, program.Relaxed); x.Return() })
	f.Ops[park].Awaits = true
	f.Thread("A", park)
	f.Thread("B", f.WakeOp(d, 1))
	p := f.Program(t)
	m, err := runC11(t, p, "A A B")
	if err != nil {
		t.Fatal(err)
	}
	rc, ok := m.NextRead(1)
	if !ok || rc.Cell != "A.awaiter.m_await_coro" || !reflect.DeepEqual(sources(rc), []string{"init", "1"}) {
		t.Fatalf("B's submit may read %+v, want m_await_coro from init or step 0", rc)
	}
	if _, err := m.StepFrom(1, c11.Init); err != nil {
		t.Fatal(err)
	}
	out := m.Outcome()
	if out.Kind != outcome.BadResume || out.Step != 3 || out.Detail.Stale == nil || out.Detail.Text != "null" {
		t.Fatalf("outcome = %+v, want bad-resume of null at step 3", out)
	}
	if got := m.Schedule().String(); got != "A@K1 A@K2 B@Z1 B@Z2<init" {
		t.Errorf("schedule = %q", got)
	}
	s, _ := schedule.Parse("A A B B")
	if _, out, err := sim.ReplaySchedule(p, s, sim.Options{Memory: sim.C11}); err != nil || out.Kind != outcome.DataRace {
		t.Errorf("reading the latest handle: %v, %v; want the data race alone", out, err)
	}
}

// TestC11CopiesAreIndependent: a clone or a copy shares the modification
// orders with its source until one of them writes, and neither sees the
// other's later writes or reads.
func TestC11CopiesAreIndependent(t *testing.T) {
	p, _, _ := litmusMP(t, program.Relaxed, program.Relaxed)
	m, err := runC11(t, p, "W")
	if err != nil {
		t.Fatal(err)
	}
	before, _ := m.NextRead(1)
	c := m.Clone()
	var q sim.Machine
	q.CopyFrom(m)
	if _, err := c.Step(0); err != nil { // W writes flag in the clone only
		t.Fatal(err)
	}
	q.QuietStepFrom(1, c11.Init) // R reads flag in the copy only
	if got, _ := m.NextRead(1); !reflect.DeepEqual(got, before) {
		t.Errorf("the original's next read changed: %+v, want %+v", got, before)
	}
	if got, _ := c.NextRead(1); len(got.Candidates) != 2 {
		t.Errorf("the clone's next read offers %v, want init and its own write", sources(got))
	}
	if _, err := m.Step(0); err != nil { // the original writes flag too
		t.Fatal(err)
	}
	if rc, _ := c.NextRead(1); rc.Candidates[1].Step != 1 || len(rc.Candidates) != 2 {
		t.Errorf("the clone sees %+v after the original wrote", rc)
	}
}

// TestC11HappensBeforeCarriesCoherence: what a thread has seen reaches
// another through a release and an acquire (read-read coherence across
// threads): after R acquires flag = 1, which W released after its write
// of x, R cannot read x's initial value.
func TestC11HappensBeforeCarriesCoherence(t *testing.T) {
	p, _, _ := litmusMP(t, program.Release, program.Acquire)
	m, err := runC11(t, p, "W W R<2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.StepFrom(1, c11.Init); !errors.Is(err, schedule.ErrSource) {
		t.Errorf("R read x from init after synchronizing: %v, want ErrSource", err)
	}
	m2, err := runC11(t, p, "W W R<init")
	if err != nil {
		t.Fatal(err)
	}
	if rc, _ := m2.NextRead(1); len(rc.Candidates) != 2 {
		t.Errorf("without synchronizing, R may read x from %v, want init and step 0", sources(rc))
	}
}

// TestC11ReadsPassOnThroughSynchronization: U reads W's x = 1, then
// releases y; R acquires y, so U's read happens before R's, and R may no
// longer read x's initial value, although W's write itself does not
// happen before R.
func TestC11ReadsPassOnThroughSynchronization(t *testing.T) {
	f := fixture.New()
	d := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true}, program.Field{Name: "y", Kind: program.Int64, Atomic: true})
	x, y := d, d+1
	w := f.Op("write", "W", func(e program.Exec) { e.Store(x, 1, program.Relaxed); e.Return() })
	u := f.Op("pass", "U",
		func(e program.Exec) { e.SetLocal(0, e.Load(x, program.Relaxed)); fixture.Next(e) },
		func(e program.Exec) { e.Store(y, 1, program.Release); e.Return() })
	r := f.Op("read", "R",
		func(e program.Exec) { e.SetLocal(0, e.Load(y, program.Acquire)); fixture.Next(e) },
		func(e program.Exec) { e.SetLocal(1, e.Load(x, program.Relaxed)); e.Return() })
	f.Thread("W", w)
	f.Thread("U", u)
	f.Thread("R", r)
	p := f.Program(t)
	for _, c := range []struct {
		schedule string
		want     []string
	}{
		{"W U U R<3", []string{"1"}},              // U saw step 1, and R synchronized with U
		{"W U<init U R<3", []string{"init", "1"}}, // U saw only init
		{"W U U R<init", []string{"init", "1"}},   // R did not synchronize
	} {
		m, err := runC11(t, p, c.schedule)
		if err != nil {
			t.Fatal(err)
		}
		if rc, _ := m.NextRead(2); !reflect.DeepEqual(sources(rc), c.want) {
			t.Errorf("after %s, R may read x from %v, want %v", c.schedule, sources(rc), c.want)
		}
	}
}

// A reader that keeps reading the initial value while a writer writes
// thousands of times may choose among every write at each of its reads:
// its records list at most c11.MaxRecorded of them (the one read and the
// latest), or a run's records held millions (a 13 KB schedule: 200 MB),
// while a schedule may still name any of them.
func TestStaleReadsRecordFewCandidates(t *testing.T) {
	l, err := scenarios.Parse("lesson", []byte(`{"id": "stale", "primitive": "litmus", "variants": ["relaxed"],
  "title": {"en": "t", "zh": "t"}, "summary": {"en": "s", "zh": "s"}, "narrative": {"en": ["n"], "zh": ["n"]},
  "coroutines": [{"name": "W", "script": "repeat 1000 { repeat 1000 { store_x 1 } }"}, {"name": "R", "script": "repeat 1000 { repeat 1000 { load_x 1 } }"}],
  "schedules": [{"name": "s", "memory": "c11", "title": {"en": "s", "zh": "s"}, "steps": "W", "expect": {"relaxed": "step-limit"}}]}`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Build("relaxed", nil)
	if err != nil {
		t.Fatal(err)
	}
	s, err := schedule.Parse("W*2000 " + strings.Repeat("R<init R ", 1000) + "R<1000")
	if err != nil {
		t.Fatal(err)
	}
	m, err := sim.ReplayPrefix(p, s, sim.Options{Record: true, Memory: sim.C11})
	if err != nil {
		t.Fatal(err)
	}
	recs := m.Records()
	for i, r := range recs[2000:] {
		if r.Read == nil {
			continue
		}
		rc := r.Read
		if n := len(rc.Candidates); n > c11.MaxRecorded || !rc.Candidates[n-1].Latest || !rc.Stale() {
			t.Fatalf("step %d: %d candidates, the last latest: %v, stale: %v; want at most %d, the latest last, stale",
				2000+i, n, rc.Candidates[n-1].Latest, rc.Stale(), c11.MaxRecorded)
		}
	}
	last := recs[len(recs)-1].Read
	if got := last.Candidates[last.Chosen].Source; got != c11.FromStep(999) {
		t.Errorf("the last read returned %v; want the write of step 1000", got)
	}
}

// TestChoiceErrors: a schedule's read source or store place that cannot
// be taken is refused with its own kind, at the step and thread it names.
func TestChoiceErrors(t *testing.T) {
	mp, _, _ := litmusMP(t, program.Release, program.Acquire)
	f := fixture.New()
	d := f.Data(program.Field{Name: "x", Kind: program.Int64, Atomic: true})
	f.Thread("P", f.Op("p", "P",
		func(e program.Exec) { e.Store(d, 1, program.Relaxed); fixture.Next(e) },
		func(e program.Exec) { e.Store(d, 2, program.Relaxed); e.Return() }))
	f.Thread("Q", f.Op("q", "Q",
		func(e program.Exec) { e.Store(d, 3, program.Relaxed); e.Return() }))
	stores := f.Program(t)
	for _, tc := range []struct {
		name   string
		p      *program.Program
		memory sim.MemoryModel
		text   string
		kind   schedule.ErrorKind
		step   int
		thread string
	}{
		{"source under sc", mp, sim.SC, "W W R<init", schedule.SourceNotC11, 3, "R"},
		{"place under sc", stores, sim.SC, "P Q^1", schedule.PlaceNotC11, 2, "Q"},
		{"source of a store", mp, sim.C11, "W<init", schedule.SourceNoRead, 1, "W"},
		{"source not a candidate", mp, sim.C11, "W W R R<init", schedule.SourceNotCandidate, 4, "R"},
		{"place of a store with one place", stores, sim.C11, "P P^1", schedule.PlaceNoStore, 2, "P"},
		{"place not a candidate", stores, sim.C11, "P Q P^1", schedule.PlaceNotCandidate, 3, "P"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := schedule.Parse(tc.text)
			if err != nil {
				t.Fatal(err)
			}
			_, _, err = sim.ReplaySchedule(tc.p, s, sim.Options{Memory: tc.memory})
			var se *schedule.Error
			if !errors.As(err, &se) {
				t.Fatalf("%q: %v, want a schedule error", tc.text, err)
			}
			if se.Kind != tc.kind || se.Step != tc.step || se.Thread != tc.thread {
				t.Errorf("%q: %s at step %d of %s, want %s at step %d of %s", tc.text, se.Kind, se.Step, se.Thread, tc.kind, tc.step, tc.thread)
			}
		})
	}
}

package sim_test

import (
	"reflect"
	"runtime"
	"strings"
	"testing"

	"lockstep/sim"
	"lockstep/sim/internal/fixture"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
)

// The message-passing litmus test: A writes the plain field x and then
// publishes through the atomic flag; B reads the flag and then x. Whether
// B's read of x races with A's write depends only on the memory orders.
func TestHappensBefore(t *testing.T) {
	type access func(x program.Exec, d fixture.Shared)
	store := func(o program.Order) access { return func(x program.Exec, d fixture.Shared) { x.Store(d.Flag, 1, o) } }
	cas := func(o program.Order) access {
		return func(x program.Exec, d fixture.Shared) { x.CompareAndSwap(d.Flag, 0, 1, o, program.Relaxed) }
	}
	load := func(o program.Order) access { return func(x program.Exec, d fixture.Shared) { x.Load(d.Flag, o) } }
	tests := []struct {
		name     string
		publish  access // A's step after writing x
		middle   access // C's step, if any, between A's publication and B's load
		consume  access // B's step before reading x
		schedule string
		want     outcome.Kind
		explain  string // in the race's message
	}{
		{name: "release store, acquire load", publish: store(program.Release), consume: load(program.Acquire),
			schedule: "A A B B", want: outcome.OK},
		{name: "seq_cst store, seq_cst load", publish: store(program.SeqCst), consume: load(program.SeqCst),
			schedule: "A A B B", want: outcome.OK},
		{name: "relaxed store", publish: store(program.Relaxed), consume: load(program.Acquire),
			schedule: "A A B B", want: outcome.DataRace,
			explain: "A's store on d.flag at step 2 (P2) is relaxed, without release"},
		{name: "relaxed load", publish: store(program.Release), consume: load(program.Relaxed),
			schedule: "A A B B", want: outcome.DataRace},
		{name: "acq_rel CAS publishes", publish: cas(program.AcqRel), consume: load(program.Acquire),
			schedule: "A A B B", want: outcome.OK},
		{name: "acquire-only CAS does not publish", publish: cas(program.Acquire), consume: load(program.Acquire),
			schedule: "A A B B", want: outcome.DataRace,
			explain: "A's cas on d.flag at step 2 (P2) is acquire, without release"},
		{name: "read before the write", publish: store(program.Release), consume: load(program.Acquire),
			schedule: "B B A A", want: outcome.DataRace},
		{name: "relaxed store breaks the release sequence", publish: store(program.Release),
			middle:  func(x program.Exec, d fixture.Shared) { x.Store(d.Flag, 2, program.Relaxed) },
			consume: load(program.Acquire), schedule: "A A C B B", want: outcome.DataRace},
		{name: "relaxed fetch_add continues the release sequence", publish: store(program.Release),
			middle:  func(x program.Exec, d fixture.Shared) { x.FetchAdd(d.Flag, 1, program.Relaxed) },
			consume: load(program.Acquire), schedule: "A A C B B", want: outcome.OK},
		{name: "relaxed exchange continues the release sequence", publish: store(program.Release),
			middle:  func(x program.Exec, d fixture.Shared) { x.Exchange(d.Flag, 5, program.Relaxed) },
			consume: load(program.Acquire), schedule: "A A C B B", want: outcome.OK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := fixture.New()
			d := f.Shared()
			pub := f.Op("publish", "P",
				func(x program.Exec) { x.Write(d.X, 42); fixture.Next(x) },
				func(x program.Exec) { tt.publish(x, d); x.Return() })
			con := f.Op("consume", "C",
				func(x program.Exec) { tt.consume(x, d); fixture.Next(x) },
				func(x program.Exec) { x.Read(d.X); x.Return() })
			f.Thread("A", pub)
			f.Thread("B", con)
			if tt.middle != nil {
				mid := f.Op("middle", "M", func(x program.Exec) { tt.middle(x, d); x.Return() })
				f.Thread("C", mid)
			}
			_, out := fixture.Replay(t, f.Program(t), tt.schedule)
			if out.Kind != tt.want {
				t.Fatalf("outcome = %s (%s), want %s", out.Kind, out.Message, tt.want)
			}
			if tt.want == outcome.DataRace && !strings.Contains(out.Message, "data race on d.x") {
				t.Errorf("message = %q, want it to name d.x", out.Message)
			}
			if !strings.Contains(out.Message, tt.explain) {
				t.Errorf("message = %q, want it to say %q", out.Message, tt.explain)
			}
		})
	}
}

// A wakeup through a run queue hands the waker's clock to the thread that
// resumes the coroutine: what the waker wrote before submitting is visible.
func TestRunQueueSynchronizes(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	park := f.Op("park", "K",
		func(x program.Exec) { x.Write(x.Awaiter()+1, x.Handle()); fixture.Next(x) },
		func(x program.Exec) { x.Exchange(d.Slot, x.Awaiter(), program.AcqRel); x.Suspend(x.PC() + 1) },
		func(x program.Exec) { x.Read(d.X); x.Return() })
	f.Ops[park].Awaits = true
	wake := f.Op("wake", "Z",
		func(x program.Exec) { x.SetLocal(0, x.Load(d.Slot, program.Acquire)); fixture.Next(x) },
		func(x program.Exec) { x.Write(d.X, 1); fixture.Next(x) },
		func(x program.Exec) { x.Submit(x.Local(0)); x.Return() })
	f.Thread("A", park)
	f.Thread("B", wake)
	m, out := fixture.Replay(t, f.Program(t), "A A B B B A A")
	if out.Kind != outcome.OK {
		t.Fatalf("outcome = %s (%s), want ok", out.Kind, out.Message)
	}
	recs := m.Records()
	if got := recs[5].Op; got != program.OpResume {
		t.Errorf("step 5 op = %s, want resume", got)
	}
	if got := m.Findings(); len(got) != 0 {
		t.Errorf("findings = %v, want none", got)
	}
}

// Every data race is a finding; the first one is the outcome of a run that
// otherwise ends well.
func TestRacesAreFindings(t *testing.T) {
	f := fixture.New()
	d := f.Shared()
	w := f.Op("write", "W", func(x program.Exec) { x.Write(d.X, 1); fixture.Next(x) }, func(x program.Exec) { x.Write(d.X, 2); x.Return() })
	f.Thread("A", w)
	f.Thread("B", w)
	m, out := fixture.Replay(t, f.Program(t), "A B A B")
	if out.Kind != outcome.DataRace || out.Step != 1 {
		t.Fatalf("outcome = %s at step %d, want data-race at step 1", out.Kind, out.Step)
	}
	if got := len(m.Findings()); got != 3 {
		t.Errorf("len(Findings()) = %d, want 3 (steps 1, 2, 3): %v", got, m.Findings())
	}
	if got := m.Records()[1].Findings; len(got) != 1 || got[0].Kind != outcome.DataRace {
		t.Errorf("step 1 findings = %v, want one data race", got)
	}
}

// racingProgram is two threads that write the plain field x forever, with
// nothing ordering them: under a schedule that alternates them, every
// step races, until the step limit.
func racingProgram(t testing.TB) *program.Program {
	f := fixture.New()
	d := f.Shared()
	write := f.Op("write", "R", func(x program.Exec) { x.Write(d.X, 1); x.Goto(x.PC()) })
	f.Thread("A", write)
	f.Thread("B", write)
	return f.Program(t)
}

// alternating is the schedule A B A B ... of n steps.
func alternating(n int) string {
	return strings.Repeat("A B ", n/2)
}

// A run keeps one race per racing step, each at its own step, whatever
// the number of races before it.
func TestRaceAtEveryStep(t *testing.T) {
	p := racingProgram(t)
	m, _ := fixture.Replay(t, p, alternating(program.DefaultStepLimit))
	var races []outcome.Outcome
	for _, o := range m.Findings() {
		if o.Kind == outcome.DataRace {
			races = append(races, o)
		}
	}
	if len(races) != program.DefaultStepLimit-1 {
		t.Fatalf("%d races in %d steps; want one at every step but the first", len(races), m.Steps())
	}
	for i, o := range races {
		if o.Step != i+1 {
			t.Fatalf("race %d is at step %d; want %d", i, o.Step, i+1)
		}
	}
	for i, r := range m.Records() {
		n := 0
		for _, o := range r.Findings {
			if o.Kind == outcome.DataRace {
				n++
			}
		}
		if n != min(i, 1) {
			t.Fatalf("step %d has %d races; want %d", i, n, min(i, 1))
		}
	}
}

// BenchmarkRacingRun is a recorded run that races at every step, to the
// step limit: a race is kept at the cost of one step, not of every race
// found before it.
func BenchmarkRacingRun(b *testing.B) {
	p := racingProgram(b)
	s, err := schedule.Parse(alternating(program.DefaultStepLimit))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := sim.ReplaySchedule(p, s, sim.Options{Record: true}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPendingAfterALongRun checks that the step Pending shows is the
// step performed, race included, and that trying it does not copy the run
// so far: a page shows every thread's pending step after each step.
func TestPendingAfterALongRun(t *testing.T) {
	p := racingProgram(t)
	s, err := schedule.Parse(alternating(program.DefaultStepLimit - 2))
	if err != nil {
		t.Fatal(err)
	}
	m, err := sim.ReplayPrefix(p, s, sim.Options{Record: true, Locations: true})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	pending, ok := m.Pending(0)
	runtime.ReadMemStats(&after)
	if !ok {
		t.Fatal("A cannot move")
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 64<<10 {
		t.Errorf("Pending after %d steps allocated %d KB", m.Steps(), n>>10)
	}
	done, err := m.Step(0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(pending, done) {
		t.Errorf("Pending = %+v\nthe step = %+v", pending, done)
	}
	if len(done.Findings) != 1 || done.Findings[0].Kind != outcome.DataRace {
		t.Errorf("the step's findings are %v; want its race", done.Findings)
	}
}

// A machine that does not record (a search's) keeps only the run's first
// race, its verdict: a search copies the machine at every step, and with
// every race the copies of a run that races at every step were quadratic
// (statekey.Learn's 64 random runs took 3 s on this program).
func TestUnrecordedRunKeepsTheFirstRace(t *testing.T) {
	p := racingProgram(t)
	s, err := schedule.Parse(alternating(program.DefaultStepLimit))
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := sim.ReplaySchedule(p, s, sim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Raced() {
		t.Error("Raced() = false")
	}
	var races []outcome.Outcome
	for _, o := range m.Findings() {
		if o.Kind == outcome.DataRace {
			races = append(races, o)
		}
	}
	if len(races) != 1 || races[0].Step != 1 {
		t.Errorf("%d races kept; want the first, at step 1", len(races))
	}
}

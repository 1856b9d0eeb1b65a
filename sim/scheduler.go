package sim

import (
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"math/rand/v2"
)

// A Scheduler chooses which thread performs the next step. The machine
// executes; the scheduler only chooses.
type Scheduler interface {
	// Choose returns one of enabled (never empty, in thread order).
	Choose(m *Machine, enabled []int) (int, error)
}

// Run steps m, asking s who moves, until the run is over. It returns the
// outcome; an error means the scheduler could not go on (a bad schedule),
// and m holds the steps performed until then.
func Run(m *Machine, s Scheduler) (outcome.Outcome, error) {
	var buf [64]int
	for !m.Finished() {
		enabled := m.Enabled(buf[:0])
		t, err := s.Choose(m, enabled)
		if err != nil {
			return m.Outcome(), err
		}
		if _, err := m.Step(t); err != nil {
			return m.Outcome(), err
		}
	}
	return m.Outcome(), nil
}

// Continue is the scheduler used once a schedule runs out: the thread that
// moved last keeps moving while it can, then the first thread that can
// moves. It never preempts.
type Continue struct{}

// Choose implements Scheduler.
func (Continue) Choose(m *Machine, enabled []int) (int, error) {
	if n := len(m.choices); n > 0 {
		last := int(m.choices[n-1].thread)
		for _, t := range enabled {
			if t == last {
				return t, nil
			}
		}
	}
	return enabled[0], nil
}

// Replay follows a schedule, then hands over to Then (Continue when nil).
type Replay struct {
	Schedule schedule.Schedule
	Then     Scheduler
	next     int
}

// Choose implements Scheduler.
func (r *Replay) Choose(m *Machine, enabled []int) (int, error) {
	if r.next >= len(r.Schedule) {
		if r.Then == nil {
			return Continue{}.Choose(m, enabled)
		}
		return r.Then.Choose(m, enabled)
	}
	i := r.next
	c := r.Schedule[i]
	p := m.Program()
	t := p.Thread(c.Thread)
	if t < 0 {
		return 0, &schedule.Error{Kind: schedule.NoThread, Step: m.Steps() + 1, Thread: c.Thread, Threads: threadNames(p)}
	}
	if !m.CanMove(t) {
		return 0, &schedule.Error{Kind: schedule.CannotMove, Step: m.Steps() + 1, Thread: c.Thread, Blocked: m.Blocked(t)}
	}
	if c.Label != "" {
		if got := m.NextLabel(t); got != c.Label {
			return 0, &schedule.Error{Kind: schedule.WrongLabel, Step: m.Steps() + 1, Thread: c.Thread, Label: c.Label, At: got}
		}
	}
	if err := m.checkSource(t, c.From); err != nil {
		return 0, err
	}
	if err := m.checkPlace(t, c.Before); err != nil {
		return 0, err
	}
	if m.weak != nil {
		m.weak.Want, m.weak.Before = c.From, c.Before
	}
	r.next++
	return t, nil
}

func threadNames(p *program.Program) []string {
	s := make([]string, len(p.Threads))
	for i, t := range p.Threads {
		s[i] = t.Name
	}
	return s
}

// Random chooses uniformly among the enabled threads with a seeded
// generator: the same seed gives the same run.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a Random scheduler seeded with seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Choose implements Scheduler.
func (r *Random) Choose(_ *Machine, enabled []int) (int, error) {
	return enabled[r.rng.IntN(len(enabled))], nil
}

// ReplaySchedule runs p from the start along s (then Continue) and returns
// the machine. The error reports a schedule that cannot be followed.
func ReplaySchedule(p *program.Program, s schedule.Schedule, o Options) (*Machine, outcome.Outcome, error) {
	m := New(p, o)
	out, err := Run(m, &Replay{Schedule: s})
	return m, out, err
}

// ReplayPrefix performs exactly the steps of s and stops; it is how an
// interactive session goes back.
func ReplayPrefix(p *program.Program, s schedule.Schedule, o Options) (*Machine, error) {
	m := New(p, o)
	r := &Replay{Schedule: s}
	var buf [64]int
	for range s {
		if m.Finished() {
			return m, &schedule.Error{Kind: schedule.RunOver, Step: m.Steps() + 1}
		}
		t, err := r.Choose(m, m.Enabled(buf[:0]))
		if err != nil {
			return m, err
		}
		if _, err := m.Step(t); err != nil {
			return m, err
		}
	}
	return m, nil
}

package weak

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"math/rand/v2"
	"slices"

	"lockstep/sim"
	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/statekey"
)

// stepMove performs move mv on m, resolving its candidate against the
// read m's step makes.
func stepMove(m *sim.Machine, mv move) {
	from := c11.Latest
	if mv.k >= 0 {
		probe := &sim.Machine{}
		probe.CopyFrom(m)
		probe.QuietStep(int(mv.t))
		if srcs := probe.LastSources(nil); int(mv.k) < len(srcs) {
			from = srcs[mv.k]
		}
	}
	m.StepFrom(int(mv.t), from)
}

// scheduleOf is the schedule of a path, with labels and the sources of
// stale reads.
func scheduleOf(p *program.Program, path []move) schedule.Schedule {
	m := sim.New(p, sim.Options{Memory: sim.C11})
	for _, mv := range path {
		stepMove(m, mv)
	}
	return m.Schedule()
}

// Bounded searches with at most 0, 1, 2... preemptions, up to
// o.MaxPreemptions (negative: until a bound leaves nothing out), each
// bound exhaustively and without the reduction. A kind's counterexample
// comes from the first bound that has one: the fewest preemptions, then
// the fewest steps. Result.States sums the bounds'.
func Bounded(ctx context.Context, p *program.Program, o Options) Result {
	var res Result
	have := map[outcome.Kind]bool{}
	var found []Counterexample
	ms := statekey.LearnLocals(p, sim.C11)
	for bound := 0; ; bound++ {
		r := exhaustive(ctx, p, &o, ms, true, bound)
		for _, c := range r.Counterexamples {
			if !have[c.Kind] {
				have[c.Kind] = true
				found = append(found, c)
			}
		}
		states := res.States + r.States
		res = r
		res.States, res.Bound = states, bound
		if r.Stopped != "" || r.Complete {
			break
		}
		if o.MaxPreemptions >= 0 && bound >= o.MaxPreemptions {
			res.Stopped = "max-preemptions"
			break
		}
	}
	res.Counterexamples = inKindOrder(found)
	return res
}

// Random runs o.Runs executions from o.Seed, each choosing uniformly
// among the threads that can move and then among the writes the step's
// read may return. A kind's counterexample is the shortest run to it.
func Random(ctx context.Context, p *program.Program, o Options) Result {
	rng := rand.New(rand.NewPCG(o.Seed, o.Seed^0x9e3779b97f4a7c15))
	initial := sim.New(p, sim.Options{Memory: sim.C11})
	m, probe := &sim.Machine{}, &sim.Machine{}
	res := Result{Outcomes: map[outcome.Kind]*big.Int{}, Executions: new(big.Int)}
	one := big.NewInt(1)
	best := map[outcome.Kind][]move{}
	obs := map[string]bool{}
	var en []int
	var srcs []c11.Source
	var path []move
	for run := int64(0); run < o.Runs; run++ {
		if run&63 == 0 && ctx.Err() != nil {
			res.Stopped = "canceled"
			break
		}
		m.CopyFrom(initial)
		path = path[:0]
		for !m.Finished() {
			en = m.Enabled(en[:0])
			t := en[rng.IntN(len(en))]
			probe.CopyFrom(m)
			probe.QuietStep(t)
			srcs = probe.LastSources(srcs[:0])
			mv := move{t: int16(t), k: -1}
			if len(srcs) > 1 {
				mv.k = int16(rng.IntN(len(srcs)))
				m.QuietStepFrom(t, srcs[mv.k])
			} else {
				m.CopyFrom(probe)
			}
			path = append(path, mv)
		}
		k := m.Outcome().Kind
		if res.Outcomes[k] == nil {
			res.Outcomes[k] = new(big.Int)
		}
		res.Outcomes[k].Add(res.Outcomes[k], one)
		res.Executions.Add(res.Executions, one)
		if o.Observe != nil {
			obs[o.Observe(m)] = true
		}
		if b, ok := best[k]; k != outcome.OK && (!ok || len(path) < len(b)) {
			best[k] = append([]move(nil), path...)
		}
		if k != outcome.OK && o.stopsAt(k) {
			res.Stopped = "first-counterexample"
			break
		}
	}
	if res.Stopped == "" {
		res.Stopped = "runs"
	}
	var cs []Counterexample
	for k, path := range best {
		cs = append(cs, Counterexample{Kind: k, Schedule: scheduleOf(p, path)})
	}
	res.Counterexamples = inKindOrder(cs)
	res.Observations = slices.Sorted(maps.Keys(obs))
	return res
}

// Check replays every counterexample under c11 and fills in its
// outcome, steps and preemptions. It stops at the first that does not
// replay to its kind in exactly its steps, with an error.
func Check(p *program.Program, cs []Counterexample) error {
	for i := range cs {
		c := &cs[i]
		m := sim.New(p, sim.Options{Memory: sim.C11})
		n, last := 0, -1
		for j, ch := range c.Schedule {
			t := p.Thread(ch.Thread)
			if last >= 0 && t != last && m.CanMove(last) {
				n++
			}
			if _, err := m.StepFrom(t, ch.From); err != nil {
				return fmt.Errorf("explore: the %s counterexample does not replay at step %d: %w", c.Kind, j, err)
			}
			last = t
		}
		out := m.Outcome()
		if !m.Finished() || out.Kind != c.Kind {
			return fmt.Errorf("explore: the %s counterexample replays to %s after %d steps", c.Kind, out.Kind, m.Steps())
		}
		c.Steps, c.Preemptions, c.Outcome = len(c.Schedule), n, out
	}
	return nil
}

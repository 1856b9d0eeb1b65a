package statekey

import (
	"lockstep/sim/program"
	"lockstep/sim/statekey/acquire"
	"lockstep/sim/statekey/locals"
	"math/rand/v2"

	"lockstep/sim"
)

// Models are what a search learns of a program's steps and checks at every
// step it performs: which locals are live (see the locals package), how
// the program synchronizes (see the acquire package), and which compare
// and swaps can only fail (see doomedModel). A key computed with them is
// sound while every step of the search agrees with them: a search whose
// step shows a model wrong (Step returns false) must start again, with the
// models as the step corrected them. The models only grow, so this ends.
type Models struct {
	live    *locals.Live
	sync    *acquire.Model
	doom    *doomedModel
	opening *openingModel
}

// Learn returns models of p seeded with the steps of a few random runs, so
// that searches seldom have to start again.
func Learn(p *program.Program) *Models {
	ms := &Models{live: locals.New(p), sync: acquire.New(p, groups(p)), doom: newDoomedModel(p), opening: newOpeningModel(p)}
	seed(p, sim.SC, ms.Check)
	return ms
}

// seed performs the steps of 64 random runs of p under memory, each
// checked with check (child is m after thread t's step), always the same
// runs.
func seed(p *program.Program, memory sim.MemoryModel, check func(child, m *sim.Machine, t int) bool) {
	rng := rand.New(rand.NewPCG(1, 2))
	start := sim.New(p, sim.Options{Memory: memory})
	m, child := &sim.Machine{}, &sim.Machine{}
	var en []int
	for range 64 {
		m.CopyFrom(start)
		for !m.Finished() {
			en = m.Enabled(en[:0])
			t := en[rng.IntN(len(en))]
			child.CopyFrom(m)
			child.QuietStep(t)
			check(child, m, t)
			m, child = child, m
		}
	}
}

// Freeze fixes the synchronization claims keys use to those learned so
// far (see the acquire package): a search calls it when it starts, so that all its
// states are keyed alike.
func (ms *Models) Freeze() {
	ms.sync.Freeze()
	ms.doom.freeze()
	ms.opening.freeze()
}

// Step performs thread t's step from m into child (CopyFrom, then
// QuietStep; t must be able to move) and checks it against the models. It
// reports false when the step showed a model wrong; the model has then
// been corrected, and what was searched with the old one must be searched
// again.
func (ms *Models) Step(child, m *sim.Machine, t int) bool {
	child.CopyFrom(m)
	child.QuietStep(t)
	return ms.Check(child, m, t)
}

// Check is Step for a step the caller performed: child is m after thread
// t's step (CopyFrom, then QuietStep), and neither has changed since.
func (ms *Models) Check(child, m *sim.Machine, t int) bool {
	return ms.check(child, m, t, nil)
}

// A Probe is the costly part of checking a step, which reads the models
// and changes nothing: whether the step's failed compare-and-swap does
// the same with other values in its snapshot (see doomedModel). A search
// on several goroutines computes it on a clone of the models of its own
// (Clone), with no lock, and checks the step with CheckProbed under its
// lock. What a probe reads of the models changes only when a step shows
// them wrong (Check reports false), so a clone made when the search
// started probes as the models would until the search starts again; a
// label the clone holds to be no site is probed again under the lock.
type Probe struct {
	site  doomSite
	valid bool
}

// Probe computes the probe of thread t's step from m into child (as for
// Check). It may change ms's scratch machines only, so each goroutine
// probes with a clone of its own.
func (ms *Models) Probe(child, m *sim.Machine, t int) Probe {
	c, op, pc, ok := stepAt(m, t)
	if !ok {
		return Probe{}
	}
	a := child.LastAccess()
	site, valid := ms.doom.probe(child, m, t, c, op, pc, a, ms.live)
	return Probe{site: site, valid: valid}
}

// CheckProbed is Check with the step's probe, computed on a clone.
func (ms *Models) CheckProbed(child, m *sim.Machine, t int, p Probe) bool {
	return ms.check(child, m, t, &p)
}

func (ms *Models) check(child, m *sim.Machine, t int, probed *Probe) bool {
	c, op, pc, ok := stepAt(m, t)
	a := child.LastAccess()
	if !ok {
		return ms.opening.check(child, m, -1, -1, a)
	}
	f := locals.StepFact(child, c, op, pc, a.Locals)
	synced := ms.sync.Check(t, op, pc, a, int(f.To))
	lived := ms.live.Check(f)
	opened := ms.opening.check(child, m, op, pc, a)
	return ms.doom.check(child, m, t, c, op, pc, a, ms.live, probed) && lived && synced && opened
}

// stepAt is the coroutine thread t runs in m, and its operation and label;
// false when t runs none (it takes a coroutine off its queue).
func stepAt(m *sim.Machine, t int) (c, op, pc int, ok bool) {
	stack := m.Stack(t)
	if len(stack) == 0 {
		return 0, 0, 0, false
	}
	c = int(stack[len(stack)-1])
	co := m.Coroutine(c)
	return c, co.Op(), co.PC(), true
}

// LearnLocals returns models of p that know only its locals (see the
// locals package), seeded with the steps of a few random runs under
// memory. The other models (how the program synchronizes, which compare
// and swaps can only fail) rest on every read returning the latest
// write: a search under the c11 memory model keys with these, and checks
// its steps with CheckLocals.
func LearnLocals(p *program.Program, memory sim.MemoryModel) *Models {
	ms := NewLocals(p)
	seed(p, memory, ms.CheckLocals)
	return ms
}

// NewLocals returns models of p that know only its locals, and nothing of
// them yet: no local is live until a step shows one is (see LearnLocals).
func NewLocals(p *program.Program) *Models { return &Models{live: locals.New(p)} }

// LiveLocals is the set of locals of operation op that the models hold
// may still be read at label pc, a bit per local.
func (ms *Models) LiveLocals(op, pc int) uint8 { return ms.live.At(op, pc) }

// CheckLocals is Check against the model of the locals alone, for models
// LearnLocals returned.
func (ms *Models) CheckLocals(child, m *sim.Machine, t int) bool {
	c, op, pc, ok := stepAt(m, t)
	if !ok {
		return true
	}
	return ms.live.Check(locals.StepFact(child, c, op, pc, child.LastAccess().Locals))
}

package statekey

import (
	"lockstep/sim/statekey/locals"
	"math/rand/v2"

	"lockstep/sim"
)

// Models are what a search learns of a program's steps and checks at every
// step it performs: which locals are live (see the locals package), and how the
// program synchronizes (see syncModel). A key computed with them is sound
// while every step of the search agrees with them: a search whose step
// shows a model wrong (Step returns false) must start again, with the
// models as the step corrected them. The models only grow, so this ends.
type Models struct {
	live *locals.Live
	sync *syncModel
	doom *doomedModel
}

// Learn returns models of p seeded with the steps of a few random runs, so
// that searches seldom have to start again.
func Learn(p *sim.Program) *Models {
	ms := &Models{live: locals.New(p), sync: newSyncModel(p), doom: newDoomedModel(p)}
	rng := rand.New(rand.NewPCG(1, 2))
	m, child := sim.New(p, sim.Options{}), sim.New(p, sim.Options{})
	var en []int
	for range 64 {
		m.CopyFrom(sim.New(p, sim.Options{}))
		for !m.Finished() {
			en = m.Enabled(en[:0])
			ms.Step(child, m, en[rng.IntN(len(en))])
			m, child = child, m
		}
	}
	return ms
}

// Freeze fixes the synchronization claims keys use to those learned so
// far (see syncModel): a search calls it when it starts, so that all its
// states are keyed alike.
func (ms *Models) Freeze() {
	ms.sync.freeze()
	ms.doom.freeze()
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
	stack := m.Stack(t)
	if len(stack) == 0 {
		return true
	}
	c := int(stack[len(stack)-1])
	co := m.Coroutine(c)
	op, pc := co.Op(), co.PC()
	a := child.LastAccess()
	f := locals.StepFact(child, c, op, pc, a.Locals)
	synced := ms.sync.check(t, op, pc, a, int(f.To))
	lived := ms.live.Check(f)
	return ms.doom.check(child, m, t, c, op, pc, a, ms.live) && lived && synced
}

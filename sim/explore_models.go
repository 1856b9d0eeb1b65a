package sim

import "math/rand/v2"

// models are what the explorer learns of a program's steps and checks at
// every step it performs: which locals are live (see liveness), and how
// the program synchronizes (see syncModel). A search whose step shows a
// model wrong stops (relearn) and starts again with the corrected model.
type models struct {
	live *liveness
	sync *syncModel
}

// relearn is the stop reason of a search whose models a step showed wrong:
// it must start again with the corrected models.
const relearn = "relearn"

// learnModels seeds the models with the steps of a few random runs, so
// that searches seldom have to start again.
func learnModels(p *Program) *models {
	ms := &models{live: newLiveness(p), sync: newSyncModel(p)}
	e := &dfs{p: p, k: &keyer{live: ms.live, sync: ms.sync}}
	rng := rand.New(rand.NewPCG(1, 2))
	m, child := New(p, Options{}), New(p, Options{})
	var en []int
	for range 64 {
		m.CopyFrom(New(p, Options{}))
		for !m.Finished() {
			en = m.Enabled(en[:0])
			e.step(child, m, en[rng.IntN(len(en))])
			m, child = child, m
		}
	}
	return ms
}

// step performs thread t's step from m into child and checks it against
// the models; false means a model was wrong (and is corrected).
func (e *dfs) step(child, m *Machine, t int) bool {
	child.CopyFrom(m)
	th := &m.threads[t]
	if len(th.stack) == 0 || e.k.live == nil {
		child.QuietStep(t)
		return true
	}
	c := int(th.stack[len(th.stack)-1])
	op, pc := m.coros[c].op, m.coros[c].pc
	child.QuietStep(t)
	a := child.LastAccess()
	synced := e.k.sync == nil || e.k.sync.check(t, op, pc, a.Op, a.Addr, a.Acquired)
	return e.k.live.check(stepFact(child, c, op, pc)) && synced
}

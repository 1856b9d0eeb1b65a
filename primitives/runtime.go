package primitives

// registerWait is context::register_wait(): num_wait.fetch_add(1, acq_rel).
// It keeps the awaiter's context from declaring itself idle while the
// coroutine is parked.
func registerWait(m Mem) { m.FetchAdd(m.Context()+NumWait, 1, AcqRel) }

// unregisterWait is context::unregister_wait(): num_wait.fetch_sub(1,
// acq_rel), on the context the awaiter captured (m_ctx).
func unregisterWait(m Mem) { m.FetchAdd(m.Context()+NumWait, neg(1), AcqRel) }

// SpawnOperation is "spawn target": one step (SP1) that starts the first of
// the n coroutines from index first that has not started (Mem.Spawn).
func SpawnOperation(target string, first, n int) Operation {
	s := &spawner{first: first, n: n}
	return Operation{Name: "spawn " + target, Entry: SP1, Step: s.step, Lines: Lines(nil, SP1)}
}

// spawner is one spawn statement's target.
type spawner struct{ first, n int }

func (s *spawner) step(m Mem) {
	m.Spawn(s.first, s.n) // SP1
	m.Return()
}

// Locals of the operations (slots of Mem.Local).
const (
	LocalHead = 0 // a list head or a loaded state
	LocalCur  = 1 // the node being visited
	LocalPrev = 2 // the node visited before (list reversal)
	LocalNext = 3 // a saved m_next
)

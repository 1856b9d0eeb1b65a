package sim

import "lockstep/sim/outcome"

// Blocked says why thread t cannot move.
func (m *Machine) Blocked(t int) outcome.Blocked {
	if m.fatal != nil || m.limitHit {
		return outcome.Blocked{Over: true}
	}
	if m.canMove(t) {
		return outcome.Blocked{CanMove: true}
	}
	var b outcome.Blocked
	for i, spec := range m.prog.Coroutines {
		if spec.Thread != t {
			continue
		}
		co := &m.coros[i]
		bc := outcome.BlockedCoroutine{Name: spec.Name, Status: co.status}
		switch co.status {
		case outcome.Parked:
			bc.Op = m.prog.Ops[co.op].Name
		case outcome.Running, outcome.Runnable:
			bc.On = m.prog.Threads[co.thread].Name
		}
		if co.status == outcome.Running && co.spinAddr != 0 {
			bc.Spins = m.prog.CellName(co.spinAddr)
		}
		b.Coroutines = append(b.Coroutines, bc)
	}
	return b
}

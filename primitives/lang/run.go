package lang

import (
	"fmt"

	"lockstep/primitives"
)

// run performs the step at m.PC(): from the step point's node it runs
// nodes until it has made its one access and reaches the next access node
// (the next step starts there), a suspend, or the end of the operation.
// A step that runs MaxLocalSteps nodes without getting there is a loop
// that never touches shared memory: it ends the run with a panic that
// says where.
func (in *Instance) run(nodes []node, m primitives.Mem) {
	i := m.PC() - pcBase
	if i <= 0 || i >= len(in.points) {
		m.Panic(fmt.Sprintf("lang: no step %d", m.PC()))
		return
	}
	n := in.points[i].node
	accessed := false
	for range MaxLocalSteps {
		nd := &nodes[n]
		if nd.access {
			if accessed {
				m.Goto(nd.pc)
				return
			}
			accessed = true
		}
		switch nd.kind {
		case nExec:
			nd.do(m)
			n = nd.next
		case nBranch:
			if nd.cond(m) != 0 {
				n = nd.next
			} else {
				n = nd.alt
			}
		case nJump:
			n = nd.next
		case nSuspend:
			m.Suspend(nd.resume)
			return
		case nSem:
			if m.SemAcquire(nd.addr(m)) {
				m.Suspend(nd.resume)
				return
			}
			n = nd.next
		case nReturn:
			m.Return()
			return
		case nPanic:
			m.Panic(nd.msg)
			return
		}
	}
	at := nodes[n].loop
	if at == (Pos{}) {
		at = nodes[n].pos
	}
	m.Panic(fmt.Sprintf("%s: a loop ran %d statements without touching shared memory; a step is one access, so this loop never ends",
		at, MaxLocalSteps))
}

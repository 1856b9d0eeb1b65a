package graph

import (
	"fmt"

	"lockstep/primitives"
	"lockstep/primitives/lang/syntax"
)

// RunStep performs one step, from node n: it runs nodes until it has
// made its one access and reaches the next access node (the next step
// starts there), a suspend, or the end of the operation. A step that runs
// limit nodes without getting there is a loop that never touches shared
// memory: it ends the run with a panic that says where.
func RunStep(nodes []Node, n, limit int, m primitives.Mem) {
	accessed := false
	for range limit {
		nd := &nodes[n]
		if nd.Access {
			if accessed {
				m.Goto(nd.PC)
				return
			}
			accessed = true
		}
		switch nd.Kind {
		case Exec:
			nd.Do(m)
			n = nd.Next
		case Branch:
			if nd.Cond(m) != 0 {
				n = nd.Next
			} else {
				n = nd.Alt
			}
		case Jump:
			n = nd.Next
		case Suspend:
			m.Suspend(nd.Resume)
			return
		case Sem:
			if m.SemAcquire(nd.Addr(m)) {
				m.Suspend(nd.Resume)
				return
			}
			n = nd.Next
		case SpinWait:
			r := &readMem{Mem: m}
			if nd.Cond(r) != 0 {
				m.Spin(nd.Addr(m), r.seen)
				m.Goto(nd.PC)
				return
			}
			n = nd.Next
		case Return:
			m.Return()
			return
		case Panic:
			m.Panic(nd.Msg)
			return
		}
	}
	at := nodes[n].Loop
	if at == (syntax.Pos{}) {
		at = nodes[n].Pos
	}
	m.Panic(fmt.Sprintf("%s: a loop ran %d statements without touching shared memory; a step is one access, so this loop never ends",
		at, limit))
}

// readMem is the memory a spin-wait's condition runs on: it remembers
// the value its one access read (a load's, a failed compare_exchange's).
type readMem struct {
	primitives.Mem
	seen uint64
}

func (r *readMem) Load(addr uint64, o primitives.Order) uint64 {
	r.seen = r.Mem.Load(addr, o)
	return r.seen
}

func (r *readMem) CompareAndSwap(addr, old, v uint64, success, failure primitives.Order) (uint64, bool) {
	seen, ok := r.Mem.CompareAndSwap(addr, old, v, success, failure)
	r.seen = seen
	return seen, ok
}

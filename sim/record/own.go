package record

import "lockstep/sim/program"

// Own reports whether step s of program p touched nothing another thread
// shares: a memory access to a cell of the stepping coroutine's own frame
// or awaiter, with no event but the start of an operation, and no
// finding. A fence is not one: it orders the thread's accesses to shared
// cells. The playground's timeline folds a thread's run of such steps
// into one entry.
func (s Step) Own(p *program.Program) bool {
	if len(s.Findings) > 0 || !(s.Op.Atomic() || s.Op == program.OpRead || s.Op == program.OpWrite) {
		return false
	}
	for _, e := range s.Events {
		if e.Kind != OpStart {
			return false
		}
	}
	o := p.ObjectAt(s.Addr)
	return o != nil && (o.Kind == program.FrameObject || o.Kind == program.AwaiterObject) && o.Coroutine == s.Coroutine
}

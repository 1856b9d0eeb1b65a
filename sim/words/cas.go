package words

import (
	"lockstep/sim/program"
	"lockstep/sim/record"
)

// CAS explains a compare-and-swap: how many times its operation's CAS
// failed so far, and for a failure, who changed the cell. Its JSON names
// are the WebSocket protocol's.
type CAS struct {
	Retry     int      `json:"retry"`
	ChangedBy *StepRef `json:"changed_by"`
	ReadAt    *StepRef `json:"read_at,omitempty"`
}

// StepRef names a step of the history.
type StepRef struct {
	Step      int    `json:"step"`
	Thread    string `json:"thread"`
	Coroutine string `json:"coroutine"`
	Label     string `json:"label"`
}

// CASOf explains the CAS of step i: how many CASes of its operation have
// failed so far (this one included), and for a failure, the step that
// changed the cell after the coroutine last read it (ChangedBy), which is
// why the value it expected was no longer there, and that read (ReadAt).
func CASOf(p *program.Program, recs []record.Step, i int) *CAS {
	r := recs[i]
	ci := &CAS{}
	for j := i; j >= 0; j-- {
		q := recs[j]
		if q.Op == program.OpResume || q.Coroutine != r.Coroutine {
			continue // a resume record names the coroutine resumed, not one that stepped
		}
		if q.Op == program.OpCAS && !q.OK && q.Addr == r.Addr {
			ci.Retry++
		}
		if startsOp(q) {
			break
		}
	}
	if r.OK {
		return ci
	}
	read := lastRead(recs, i)
	if read >= 0 {
		ref := refOf(p, recs[read])
		ci.ReadAt = &ref
	}
	for k := i - 1; k > read; k-- {
		if q := recs[k]; q.Addr == r.Addr && writes(q) {
			ref := refOf(p, q)
			ci.ChangedBy = &ref
			break
		}
	}
	return ci
}

// startsOp reports whether r is the first step of an operation of the
// coroutine that performed it.
func startsOp(r record.Step) bool {
	for _, e := range r.Events {
		if e.Kind == record.OpStart && e.Coroutine == r.Coroutine {
			return true
		}
	}
	return false
}

// lastRead is the last step before i in which the coroutine of step i read
// the cell step i accesses, or -1.
func lastRead(recs []record.Step, i int) int {
	r := recs[i]
	for j := i - 1; j >= 0; j-- {
		q := recs[j]
		if q.Op != program.OpResume && q.Coroutine == r.Coroutine && q.Addr == r.Addr && reads(q.Op) {
			return j
		}
	}
	return -1
}

// reads reports whether an operation reads its cell.
func reads(op program.OpKind) bool {
	switch op {
	case program.OpLoad, program.OpExchange, program.OpCAS, program.OpFetchAdd, program.OpRead:
		return true
	}
	return false
}

// writes reports whether step r changed the cell it accessed.
func writes(r record.Step) bool {
	switch r.Op {
	case program.OpStore, program.OpExchange, program.OpFetchAdd, program.OpWrite:
		return true
	case program.OpCAS, program.OpSemAcquire:
		return r.OK
	case program.OpSemRelease:
		return true
	}
	return false
}

// refOf names step r.
func refOf(p *program.Program, r record.Step) StepRef {
	return StepRef{Step: r.Index, Thread: ThreadName(p, r.Thread), Coroutine: CoroutineName(p, r.Coroutine), Label: LabelName(p, r.Label)}
}

package sim

import (
	"lockstep/sim/hb"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// Read-only views of a machine's state, for searches that hash and compare
// states (see the statekey package). Slices returned here are the
// machine's own: callers must not modify them, and they are valid until m
// next steps or is copied into. The accessors are small enough to inline.

// Memory is the content of every cell, indexed by address.
func (m *Machine) Memory() []program.Word { return m.mem }

// ObjectLive reports whether object o is alive: constructed (an awaiter's
// lifetime starts with the call that creates it) and not ended.
func (m *Machine) ObjectLive(o int) bool { return m.ended[o] == 0 }

// Stack is thread t's stack of running coroutines, bottom first: the top
// one performs t's next step; the ones below were resumed inline.
func (m *Machine) Stack(t int) []int16 { return m.threads[t].stack }

// Queue is thread t's run queue, front first. When t's stack is empty,
// its next step takes the front coroutine off it.
func (m *Machine) Queue(t int) []int16 { return m.threads[t].queue }

// Queued reports whether some coroutine has queued on a semaphore or
// parked in a lock during the run: the order in which they did is then
// part of the state (see CoroutineView.SemSeq and LockSeq).
func (m *Machine) Queued() bool { return m.semSeq != 0 || m.lockSeq != 0 }

// Open reports whether the wait condition (Facts.Open) holds now: false
// in a program without one.
func (m *Machine) Open() bool { return m.open() }

// Raced reports whether the run has had a data race.
func (m *Machine) Raced() bool { return len(m.races) > 0 }

// PeekFunc returns Peek as a Peek function, for Facts and Lists. It is
// made once per machine: a method value allocates.
func (m *Machine) PeekFunc() program.Peek {
	if m.peekFn == nil {
		m.peekFn = m.peek
	}
	return m.peekFn
}

// Clocks returns the machine's happens-before clocks.
func (m *Machine) Clocks() hb.Clocks { return m.hb.Clocks() }

// LastWrites is, per plain cell (by Cell.Slot), the last write the race
// detector keeps.
func (m *Machine) LastWrites() []hb.Epoch { return m.hb.LastWrites() }

// LastReads is, per plain cell and thread (at slot*n + thread, n the
// number of threads), the thread's last read of the cell since its last
// write.
func (m *Machine) LastReads() []hb.Epoch { return m.hb.LastReads() }

// Coroutine returns a view of coroutine c's control state.
func (m *Machine) Coroutine(c int) CoroutineView { return CoroutineView{&m.coros[c]} }

// A CoroutineView is a read-only view of one coroutine's control state.
// It reads the machine as it is now: a step changes what it shows.
type CoroutineView struct{ co *coroutine }

// Status is the coroutine's state.
func (v CoroutineView) Status() outcome.Status { return v.co.status }

// Thread is the thread it runs on or is queued on.
func (v CoroutineView) Thread() int { return int(v.co.thread) }

// Op is the operation in progress (an index into Program.Ops), -1
// between operations and once done.
func (v CoroutineView) Op() int { return int(v.co.op) }

// PC is the label of its next step in Op.
func (v CoroutineView) PC() int { return int(v.co.pc) }

// IP is the index of its next script instruction.
func (v CoroutineView) IP() int { return int(v.co.ip) }

// Started says the first step of Op has run.
func (v CoroutineView) Started() bool { return v.co.started }

// Arg is Op's argument.
func (v CoroutineView) Arg() program.Word { return v.co.arg }

// Loop is the iterations left in script loop slot i (below MaxLoops).
func (v CoroutineView) Loop(i int) program.Word { return v.co.loops[i] }

// Local is Op's local i (below NumLocals).
func (v CoroutineView) Local(i int) program.Word { return v.co.locals[i] }

// LocalKind says what local i holds: 1 + the CellKind of the cell the step
// that last set it accessed before setting it, 0 if that step accessed
// none (an untyped value).
func (v CoroutineView) LocalKind(i int) uint8 { return v.co.localKind[i] }

// Dropped says submit_task dropped its handle.
func (v CoroutineView) Dropped() bool { return v.co.dropped }

// Registered says it is in a wait that has linearized and awaits its
// release (see Exec.Registered).
func (v CoroutineView) Registered() bool { return v.co.registered }

// Opened says the wait condition (Facts.Open) has held at the end of some
// step since its wait registered.
func (v CoroutineView) Opened() bool { return v.co.opened }

// SawOpen says a wait that has not registered saw its condition (Facts.Open)
// hold at the end of one of its own steps that accessed the primitive.
func (v CoroutineView) SawOpen() bool { return v.co.sawOpen }

// Suspending says an await_suspend that has made its awaiter reachable
// goes on (see Exec.Suspending).
func (v CoroutineView) Suspending() bool { return v.co.suspending }

// SpinAddr is the cell it spins on (see Exec.Spin), 0 if it does not
// spin; SpinSeen is the value it last read there.
func (v CoroutineView) SpinAddr() program.Word { return v.co.spinAddr }

// SpinSeen is the value of SpinAddr its last step read.
func (v CoroutineView) SpinSeen() program.Word { return v.co.spinSeen }

// Inlined is the address of the depth counter submit_task incremented
// to run it inline on the thread whose stack it is on (see Engine), 0
// when it does not run inline.
func (v CoroutineView) Inlined() program.Word { return v.co.inlined }

// Holder says it holds the lock.
func (v CoroutineView) Holder() bool { return v.co.holder }

// SemWait is the address of the semaphore it is queued on, 0 if none.
func (v CoroutineView) SemWait() program.Word { return v.co.semWait }

// SemSeq orders the semaphore's waiters: a lower SemSeq queued first.
func (v CoroutineView) SemSeq() int32 { return v.co.semSeq }

// LockSeq orders the parked lock waiters, a lower LockSeq first; 0 when
// it is not one.
func (v CoroutineView) LockSeq() int32 { return v.co.lockSeq }

package outcome

import (
	"lockstep/sim/c11"
	"lockstep/sim/program"
)

// Reason tells apart the situations one outcome kind covers, so that a
// user interface can pick the sentence that explains the outcome in its own
// language. The empty Reason is the kind's only situation.
type Reason string

// The reasons. Kinds with a single situation (ok, lost-wakeup, deadlock,
// dropped-task, double-resume, premature-release, data-race,
// mutual-exclusion, step-limit) use the empty Reason.
const (
	// use-after-free: an access to an awaiter before its constructor ran.
	NotConstructed Reason = "not-constructed"
	// deadlock: coroutines spin (Exec.Spin) on cells no thread will
	// write again (Detail.Spins, Detail.Cells), beside those parked.
	Spinning Reason = "spinning"
	// use-after-free: an access to a frame, or to an awaiter of a
	// coroutine that has finished, after the frame was destroyed.
	FrameDestroyed Reason = "frame-destroyed"
	// use-after-free: an access to a frame another coroutine destroyed
	// (Exec.Destroy) while its own coroutine still ran.
	FrameFreed Reason = "frame-freed"
	// use-after-free: an access to an awaiter after its owner returned
	// from its wait.
	AwaiterEnded Reason = "awaiter-ended"
	// use-after-free: submit_task resumed a coroutine that has finished.
	ResumeFinished Reason = "resume-finished"

	// panic: Go's own message, in Detail.Text (a primitive's panic, or a
	// panic recovered from a step).
	GoPanic Reason = "go-panic"
	// panic: a step dereferenced a pointer to no live cell (Go's message
	// is Message).
	NilPointer Reason = "nil-pointer"
	// panic: submit_task got something that is not a coroutine handle,
	// shown in Detail.Text.
	NotHandle Reason = "not-handle"
	// panic: a step of operation Detail.Op made no memory access (a bug
	// in the primitive's port).
	NoAccess Reason = "no-access"
	// panic: a step of operation Detail.Op did not say where to go next
	// (a bug in the primitive's port).
	NoNext Reason = "no-next"

	// assertion: a lock was granted out of FIFO order.
	NotFIFO Reason = "not-fifo"

	// premature-release: a wait returned though nothing released it and
	// its condition never held at any of its checks (Detail.Op, Label and
	// Condition say which).
	ReturnedUnreleased Reason = "returned-unreleased"

	// assertion: the primitive's own assert() failed; Detail.Text says
	// what (a channel destroyed while open).
	AssertFailed Reason = "assert"
)

// Detail is an outcome's message as data: what was done, to which cell, at
// which label, and why that is wrong. Message says the same in English;
// a user interface that speaks another language builds its sentence from
// these fields. Fields that mean nothing for the outcome's kind and Reason
// are zero. The guilty step, thread and coroutine are the Outcome's own.
type Detail struct {
	Reason Reason
	// Label is the label of the guilty step ("" when there is none).
	Label string
	// Access is what the guilty step did to Cell, as the English verb of
	// Message: "loads", "stores to", "exchanges", "compares-and-swaps",
	// "adds to", "reads", "writes", "acquires", "releases" (use after
	// free), or "reads", "writes" (data race).
	Access string
	// Cell names the cell accessed ("W1.awaiter.m_next").
	Cell string
	// Other is the other coroutine concerned: the one resumed or released
	// (use-after-free by resume, double-resume, premature-release), the
	// one that still holds the lock (mutual-exclusion) or the one that
	// queued first (assertion not-fifo).
	Other string
	// Object is the object whose lifetime was over ("W1.awaiter"), Owner
	// the coroutine it belongs to, EndStep the step its lifetime ended at.
	Object, Owner string
	EndStep       int
	// Status is the state a resumed coroutine was already in
	// (double-resume).
	Status Status
	// Condition is the primitive's wait condition in words
	// ("m_count == 0"), for lost-wakeup, deadlock and premature-release.
	Condition string
	// ParkStep is the step at which the waiter's wait registered: it
	// joined the waiters, by default as it parked (lost-wakeup,
	// premature-release).
	ParkStep int
	// SleepStep is the step at which the waiter then parked, when it is
	// later than ParkStep: its wait registered (it joined the waiters),
	// and its await_suspend went on (lost-wakeup, dropped-task,
	// premature-release).
	SleepStep int
	// CauseBy is the coroutine that performed the Outcome's CauseStep and
	// CauseLabel its label (lost-wakeup, dropped-task). CauseOpened says
	// that CauseStep is the step that made Condition hold (lost-wakeup:
	// it did so without waking the waiter); otherwise Condition already
	// held, and CauseStep was the last step that could have woken the
	// waiter and did not.
	CauseBy, CauseLabel string
	CauseOpened         bool
	// Context is the context that can never go idle and NumWait its
	// num_wait (lost-wakeup, dropped-task).
	Context string
	NumWait int64
	// Parked are the coroutines still waiting (deadlock).
	Parked []string
	// Spins are the coroutines spinning for a write no thread will make,
	// and Cells the cells they spin on, one each (deadlock, Spinning).
	Spins, Cells []string
	// Limit is the step limit (step-limit).
	Limit int
	// Text is Go's panic message (go-panic) or the value handed to
	// submit_task (not-handle).
	Text string
	// Op is the operation whose step misbehaved (no-access, no-next).
	Op string
	// OtherThread, OtherAccess ("wrote" or "read"), OtherStep and
	// OtherLabel are the earlier access of a data race; OtherLabel is ""
	// when the earlier access was the constructor of a fresh object.
	OtherThread, OtherAccess string
	OtherStep                int
	OtherLabel               string
	// Missing explains a data race by the write that lacked a release,
	// when there is one.
	Missing *MissingRelease
	// Stale is the stale read a bad-resume resumed, or the one that
	// ended a wake loop early before a lost wakeup (c11).
	Stale *c11.StaleRead
}

// MissingRelease is the atomic write that would have ordered a data race
// had it been a release: Writer's Op on Cell at Step (Label), with memory
// order Order, after which Reader acquired from Cell.
type MissingRelease struct {
	Writer, Reader string
	Op             program.OpKind
	Cell           string
	Step           int
	Label          string
	Order          string
}

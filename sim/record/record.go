package record

import (
	"lockstep/sim/c11"
	"lockstep/sim/outcome"
	"lockstep/sim/program"
)

// EventKind is something a step caused besides its memory access.
type EventKind uint8

// The events.
const (
	Parked       EventKind = iota // Coroutine suspended
	Queued                        // Coroutine pushed on Thread's run queue
	Inline                        // Coroutine resumed inline on the stepping thread
	Dropped                       // Coroutine's handle dropped by submit_task
	Resumed                       // Coroutine taken off the queue and resumed
	AwaiterEnded                  // Coroutine's awaiter ended its lifetime
	Finished                      // Coroutine finished; its frame is destroyed
	OpStart                       // Coroutine started operation Op
	SemQueued                     // Coroutine queued on a semaphore
)

var eventNames = [...]string{"parked", "queued", "inline", "dropped", "resumed", "awaiter-ended",
	"finished", "op-start", "sem-queued"}

func (e EventKind) String() string { return eventNames[e] }

// An Event is a change of a coroutine's life during a step.
type Event struct {
	Kind      EventKind
	Coroutine int
	Thread    int // the run queue (Queued), else -1
	Op        string
	// Depth is the inline depth counter submit_task read on the full-queue
	// path (Inline, Dropped; see program.Engine).
	Depth int
}

// A Step is the record of what one step did. Every field is derived
// from the running code and the machine; nothing is scripted.
type Step struct {
	Index     int
	Thread    int
	Coroutine int // the coroutine that stepped, or was resumed (OpResume)
	Op        program.OpKind
	// Addr is the cell accessed; for OpSubmit, the awaiter node; for
	// OpSpawn, the new coroutine's frame.
	Addr program.Word
	// Value is the operand: the value stored or exchanged, the CAS's
	// desired value, the fetch_add delta.
	Value program.Word
	// Expected is the CAS's expected value.
	Expected program.Word
	// Result is what the step read: the loaded, observed or old value.
	Result program.Word
	// OK is the CAS's success.
	OK               bool
	Order, FailOrder program.Order
	Label            int
	Loc              program.Location
	Events           []Event
	// Findings are what the detectors found at this step.
	Findings []outcome.Outcome
	// Read is the step's read under the c11 memory model: the writes it
	// could return and the one it did; nil under sc and for steps that
	// read nothing.
	Read *c11.ReadChoice
	// Place is the step's store under c11 when it could take more than
	// one place in its cell's modification order: the places and the one
	// it took; nil otherwise.
	Place *c11.PlaceChoice
}

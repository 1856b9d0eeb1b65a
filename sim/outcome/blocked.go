package outcome

// Status is a coroutine's state.
type Status uint8

// The coroutine states.
const (
	Running   Status = iota // on a thread's stack
	Runnable                // in a run queue
	Parked                  // suspended in a primitive
	Done                    // finished; its frame is destroyed
	Unstarted               // not spawned yet: it has no frame
)

var statusNames = [...]string{"running", "runnable", "parked", "done", "unstarted"}

func (s Status) String() string { return statusNames[s] }

// Blocked says, as data, why a thread cannot move: Machine.Why says the
// same in English, and a user interface builds its own sentence from it.
type Blocked struct {
	// Over is true when the run is over (a fatal finding, the step
	// limit): no thread can move, whatever its coroutines do.
	Over bool
	// CanMove is true when the thread can in fact move.
	CanMove bool
	// Coroutines are the thread's coroutines, in program order; empty
	// when the thread has none (or Over or CanMove is true).
	Coroutines []BlockedCoroutine
}

// BlockedCoroutine is one coroutine of a thread that cannot move.
type BlockedCoroutine struct {
	Name   string
	Status Status
	// Op is the operation a parked coroutine is suspended in.
	Op string
	// On is the thread a running coroutine runs inline on, or the thread
	// whose run queue a runnable one waits in.
	On string
	// Spins names the cell a running coroutine spins on, waiting for
	// another thread to change it.
	Spins string
}

// String says in English why the thread cannot move, as Machine.Why does.
func (b Blocked) String() string {
	switch {
	case b.Over:
		return "the run is over"
	case b.CanMove:
		return "it can move"
	case len(b.Coroutines) == 0:
		return "it has no coroutines"
	}
	s := ""
	for i, c := range b.Coroutines {
		if i > 0 {
			s += "; "
		}
		switch c.Status {
		case Parked:
			s += c.Name + " is parked in " + c.Op
		case Done:
			s += c.Name + " has finished"
		case Unstarted:
			s += c.Name + " has not been spawned"
		case Running:
			if c.Spins != "" {
				s += c.Name + " spins until another thread changes " + c.Spins
				break
			}
			s += c.Name + " runs inline on " + c.On
		case Runnable:
			s += c.Name + " waits in " + c.On + "'s run queue"
		}
	}
	return s
}

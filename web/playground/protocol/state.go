package protocol

import "lockstep/sim/words"

// State is the whole state at the current position.
type State struct {
	Envelope
	Position int            `json:"position"`
	Length   int            `json:"length"`
	Playing  bool           `json:"playing"`
	Speed    float64        `json:"speed,omitempty"`
	Lang     string         `json:"lang"`
	Variant  string         `json:"variant"`
	Schedule string         `json:"schedule"`
	History  []HistoryEntry `json:"history"`
	Step     *Step          `json:"step"`
	Snapshot Snapshot       `json:"snapshot"`
	Pending  []Pending      `json:"pending"`
	Outcome  *Finding       `json:"outcome"`
	Findings []Finding      `json:"findings"`
	Finished bool           `json:"finished"`
	Memory   string         `json:"memory"` // "sc" or "c11"
	// Orders are, under c11, the modification orders of the atomic cells
	// that hold more than one write besides their initial value.
	Orders []ModOrder `json:"orders,omitempty"`
	// Litmus says, when a run of a litmus lesson is over, whether it
	// ended with the outcome the lesson is about, and what allows it.
	Litmus string `json:"litmus,omitempty"`
}

// HistoryEntry is one step of the history, for the timeline.
type HistoryEntry struct {
	Thread string `json:"thread"`
	Label  string `json:"label"`
	Op     string `json:"op"`
	// Finding is the kind of a finding reported at this step, if any.
	Finding string `json:"finding,omitempty"`
	// Own says the step touched nothing another thread shares: it
	// accessed its own coroutine's frame or awaiter, and woke, parked,
	// queued or ended no one. The timeline folds a thread's
	// run of such steps into one entry.
	Own bool `json:"own,omitempty"`
}

// Step is the record of one step, in words and symbols.
type Step struct {
	Index     int    `json:"index"`
	Thread    string `json:"thread"`
	Coroutine string `json:"coroutine"`
	Op        string `json:"op"`
	Label     string `json:"label"`
	Doc       string `json:"doc"`
	words.Values
	OK       bool             `json:"ok"`
	Loc      *Loc             `json:"loc"`
	Events   []CoroutineEvent `json:"events"`
	Changed  []string         `json:"changed"`
	CAS      *words.CAS       `json:"cas"`
	Findings []Finding        `json:"findings"`
	Text     string           `json:"text"`
	// Read is the step's read under c11: its candidates and whether it
	// returned a stale one.
	Read *Read `json:"read,omitempty"`
	// Place is the step's store under c11 when it could take more than
	// one place in its cell's modification order: the places and the one
	// it took.
	Place *Place `json:"place,omitempty"`
}

// CoroutineEvent is a change in a coroutine's life during a step.
type CoroutineEvent struct {
	Kind      string `json:"kind"`
	Coroutine string `json:"coroutine"`
	Thread    string `json:"thread,omitempty"`
	Op        string `json:"op,omitempty"`
}

// Snapshot is the machine's state at the position.
type Snapshot struct {
	Cells      []Cell           `json:"cells"`
	Lists      []List           `json:"lists"`
	Threads    []Thread         `json:"threads"`
	Coroutines []CoroutineState `json:"coroutines"`
}

// Cell is one memory cell.
type Cell struct {
	Addr   uint64 `json:"addr"`
	Name   string `json:"name"`
	Object string `json:"object"`
	Value  string `json:"value"`
	Atomic bool   `json:"atomic"`
	Live   bool   `json:"live"`
}

// List is an intrusive waiter list.
type List struct {
	Name  string `json:"name"`
	Head  string `json:"head"`
	Nodes []Node `json:"nodes"`
	Cycle bool   `json:"cycle"`
	// Coroutine and Local name the local the list hangs from, when an
	// operation's local holds it (done()'s head after it took the stack).
	Coroutine string `json:"coroutine,omitempty"`
	Local     string `json:"local,omitempty"`
}

// Node is one awaiter in a list.
type Node struct {
	Addr      uint64 `json:"addr"`
	Name      string `json:"name"`
	Coroutine string `json:"coroutine"`
	Live      bool   `json:"live"`
}

// Thread is one worker thread.
type Thread struct {
	Name    string   `json:"name"`
	Stack   []string `json:"stack"`
	Queue   []string `json:"queue"`
	NumWait int64    `json:"num_wait"`
}

// CoroutineState is one coroutine's state.
type CoroutineState struct {
	Name        string `json:"name"`
	Thread      string `json:"thread"`
	Status      string `json:"status"`
	Op          string `json:"op"`
	Label       string `json:"label"`
	FrameLive   bool   `json:"frame_live"`
	AwaiterLive bool   `json:"awaiter_live"`
	Dropped     bool   `json:"dropped"`
	Holder      bool   `json:"holder"`
	// Locals are the operation's live locals that point into a waiter
	// list.
	Locals []Local `json:"locals,omitempty"`
}

// Local is a local that points into a waiter list.
type Local struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Addr  uint64 `json:"addr"`
}

// Pending says what a thread would do next, or why it cannot move.
type Pending struct {
	Thread    string `json:"thread"`
	CanMove   bool   `json:"can_move"`
	Why       string `json:"why,omitempty"`
	Coroutine string `json:"coroutine,omitempty"`
	Label     string `json:"label,omitempty"`
	Op        string `json:"op,omitempty"`
	Cell      string `json:"cell,omitempty"`
	Doc       string `json:"doc,omitempty"`
	Text      string `json:"text,omitempty"`
	Loc       *Loc   `json:"loc,omitempty"`
	// Reads is the read the step makes under c11 when it may return
	// more than one write: the user picks one (the latest by default).
	Reads *Read `json:"reads,omitempty"`
	// Places is the store the step makes under c11 when it may take more
	// than one place in its cell's modification order: the user picks
	// one (the end by default).
	Places *Place `json:"places,omitempty"`
}

// Finding is an outcome or a finding.
type Finding struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Step    int    `json:"step"`
	// CauseStep is the step that made a lost wakeup or a dropped task
	// inevitable (Step is then where the waiter parked): the step a page
	// calls guilty. Absent when the finding is its own cause.
	CauseStep *int   `json:"cause_step,omitempty"`
	Thread    string `json:"thread,omitempty"`
	Coroutine string `json:"coroutine,omitempty"`
	// Cell and Label are the cell and the label of the guilty step, when
	// the finding names them.
	Cell  string `json:"cell,omitempty"`
	Label string `json:"label,omitempty"`
	// Related are the other steps a finding names: a data race's earlier
	// access, and the write that lacks a release.
	Related []int `json:"related,omitempty"`
}

// Read is a step's read under c11: the writes it could return, oldest
// first, the one it returned, and whether that one was stale (not the
// latest).
type Read struct {
	Cell       string      `json:"cell"`
	Candidates []Candidate `json:"candidates"`
	Chosen     int         `json:"chosen"`
	Stale      bool        `json:"stale"`
}

// Candidate is one write a read could return. From is how the step
// command and a schedule name it ("init", or the writer's step).
type Candidate struct {
	From   string `json:"from"`
	Value  string `json:"value"`
	Thread string `json:"thread,omitempty"`
	Label  string `json:"label,omitempty"`
	Step   int    `json:"step"`
	Latest bool   `json:"latest"`
}

// Place is a step's store under c11 that may take more than one place in
// its cell's modification order: each place named by the write the store
// would go just before (Candidate.From, as a schedule writes it after
// '^'), oldest first, and last the end (From and Value "", Latest true);
// Chosen is the place taken.
type Place struct {
	Cell   string      `json:"cell"`
	Places []Candidate `json:"places"`
	Chosen int         `json:"chosen"`
}

// ModOrder is an atomic cell's modification order under c11: its last
// writes, oldest first, the latest last, and how many older ones are not
// listed.
type ModOrder struct {
	Cell   string      `json:"cell"`
	Writes []Candidate `json:"writes"`
	Older  int         `json:"older,omitempty"`
}

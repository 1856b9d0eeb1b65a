package protocol

import "math/big"

// ExploreProgress says how far a search has got.
type ExploreProgress struct {
	Envelope
	Strategy   string `json:"strategy"`
	States     int64  `json:"states"`
	Executions int64  `json:"executions"`
	Bound      *int   `json:"bound,omitempty"`
	ElapsedMS  int64  `json:"elapsed_ms"`
	// Queued is how many searches wait ahead of this one: it has not
	// started yet. 0 once it runs.
	Queued int      `json:"queued,omitempty"`
	Found  []string `json:"found"`
}

// ExploreResult is what a search found, and the verdict in words.
type ExploreResult struct {
	Envelope
	Strategy        string              `json:"strategy"`
	Variant         string              `json:"variant"`
	Params          map[string]int      `json:"params"`
	Complete        bool                `json:"complete"`
	Reduced         bool                `json:"reduced"`
	Stopped         string              `json:"stopped,omitempty"`
	Bound           *int                `json:"bound,omitempty"`
	Executions      *big.Int            `json:"executions"` // exact, however large
	States          int64               `json:"states"`
	ElapsedMS       int64               `json:"elapsed_ms"`
	Outcomes        map[string]*big.Int `json:"outcomes"`
	Counterexamples []Counterexample    `json:"counterexamples"`
	// Loaded is the kind of the counterexample now in the history, at
	// step 0 ("" when none was loaded).
	Loaded  string `json:"loaded,omitempty"`
	Verdict string `json:"verdict"`
}

// Counterexample is one execution of a kind other than ok: replaying
// Schedule (with the run command) reaches it.
type Counterexample struct {
	Kind        string `json:"kind"`
	Schedule    string `json:"schedule"`
	Steps       int    `json:"steps"`
	Preemptions int    `json:"preemptions"`
	Message     string `json:"message"`
}

// ReachResult says whether the goal of a reach command can still be
// reached from the position the search began at. Reachable is "yes" (an
// execution from there reaches it), "no" (the search covered every
// execution from there, and none does) or "unknown" (it stopped at a
// bound, Stopped, first).
type ReachResult struct {
	Envelope
	Kind      string `json:"kind"`
	Variant   string `json:"variant"`
	Position  int    `json:"position"`
	Schedule  string `json:"schedule"`
	Reachable string `json:"reachable"`
	Complete  bool   `json:"complete"`
	Stopped   string `json:"stopped,omitempty"`
	States    int64  `json:"states"`
	MaxStates int64  `json:"max_states"`
}

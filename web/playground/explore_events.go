package playground

import (
	"math/big"

	"lockstep/sim/explore"
)

// exploreProgressEvent says how far a search has got.
type exploreProgressEvent struct {
	envelope
	Strategy   explore.Strategy `json:"strategy"`
	States     int64            `json:"states"`
	Executions int64            `json:"executions"`
	Bound      *int             `json:"bound,omitempty"`
	ElapsedMS  int64            `json:"elapsed_ms"`
	// Queued is how many searches wait ahead of this one: it has not
	// started yet. 0 once it runs.
	Queued int      `json:"queued,omitempty"`
	Found  []string `json:"found"`
}

// exploreResultEvent is what a search found, and the verdict in words.
type exploreResultEvent struct {
	envelope
	Strategy        explore.Strategy     `json:"strategy"`
	Variant         string               `json:"variant"`
	Params          map[string]int       `json:"params"`
	Complete        bool                 `json:"complete"`
	Reduced         bool                 `json:"reduced"`
	Stopped         string               `json:"stopped,omitempty"`
	Bound           *int                 `json:"bound,omitempty"`
	Executions      *big.Int             `json:"executions"` // exact, however large
	States          int64                `json:"states"`
	ElapsedMS       int64                `json:"elapsed_ms"`
	Outcomes        map[string]*big.Int  `json:"outcomes"`
	Counterexamples []counterexampleInfo `json:"counterexamples"`
	// Loaded is the kind of the counterexample now in the history, at
	// step 0 ("" when none was loaded).
	Loaded  string `json:"loaded,omitempty"`
	Verdict string `json:"verdict"`
}

// counterexampleInfo is one execution of a kind other than ok: replaying
// Schedule (with the run command) reaches it.
type counterexampleInfo struct {
	Kind        string `json:"kind"`
	Schedule    string `json:"schedule"`
	Steps       int    `json:"steps"`
	Preemptions int    `json:"preemptions"`
	Message     string `json:"message"`
}

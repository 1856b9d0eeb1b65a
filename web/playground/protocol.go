package playground

import (
	"encoding/json"
	"errors"
	"fmt"

	"lockstep/sim/words"
	"lockstep/web/playground/lessonview"
	"lockstep/web/site"
)

// ProtocolVersion is the version of the WebSocket protocol described in
// protocol.md. Every message carries it as "v".
const ProtocolVersion = 1

// Bounds on what a client may send.
const (
	// MaxFrame is the largest frame a client may send; a larger one closes
	// the socket with status 1009.
	MaxFrame = 64 << 10
	// MaxScheduleText bounds a schedule's text form.
	MaxScheduleText = 32 << 10
	// minSpeed and maxSpeed bound autoplay, in steps per second.
	minSpeed, maxSpeed = 0.25, 20.0
)

// The command types of protocol v1.
const (
	cmdLoad    = "load"
	cmdStep    = "step"
	cmdBack    = "back"
	cmdForward = "forward"
	cmdGoto    = "goto"
	cmdReplay  = "replay"
	cmdRun     = "run"
	cmdVariant = "variant"
	cmdPlay    = "play"
	cmdPause   = "pause"
	cmdReset   = "reset"
	cmdLang    = "lang"
)

// command is one message from the client. Which fields matter depends on
// Type; the others are ignored.
type command struct {
	V        int            `json:"v"`
	ID       *int64         `json:"id,omitempty"`
	Type     string         `json:"type"`
	Lesson   string         `json:"lesson,omitempty"`
	Variant  string         `json:"variant,omitempty"`
	Params   map[string]int `json:"params,omitempty"`
	Schedule string         `json:"schedule,omitempty"`
	Step     *int           `json:"step,omitempty"`
	// Exact, in a load, makes the history the schedule alone, not the
	// schedule run on to the end of the run: a page that shows another's
	// history (a room's student, a reconnect) shows no more than it.
	Exact  bool    `json:"exact,omitempty"`
	Lang   string  `json:"lang,omitempty"`
	Thread string  `json:"thread,omitempty"`
	Speed  float64 `json:"speed,omitempty"`
	// Source is a lesson written in the browser, as its link carries it
	// (load only; the encoding is package share's link_source.go).
	Source string `json:"source,omitempty"`
	// Strategy is the explore command's search strategy (explore.go).
	Strategy string `json:"strategy,omitempty"`
	// Memory is the memory model a load runs under: "sc" (the default)
	// or "c11".
	Memory string `json:"memory,omitempty"`
	// From is the write a step's read returns under c11, as a schedule
	// writes it after '<' ("init", or the step that wrote); "" for the
	// latest.
	From string `json:"from,omitempty"`
	// Kind is the outcome a reach command looks for (reach.go).
	Kind string `json:"kind,omitempty"`
}

// ErrBadFrame wraps every reason a frame is not a command.
var ErrBadFrame = errors.New("bad message")

// decodeCommand reads one frame. On an error it still returns what it
// could read of the id and the type, so the error event can name them.
func decodeCommand(data []byte) (command, error) {
	var c command
	if err := json.Unmarshal(data, &c); err != nil {
		return commandHead(data), fmt.Errorf("%w: %v", ErrBadFrame, site.JSONProblem(err))
	}
	if c.V != ProtocolVersion {
		return c, fmt.Errorf("%w: protocol version %d is not supported (want \"v\":%d)", ErrBadFrame, c.V, ProtocolVersion)
	}
	if c.Type == "" {
		return c, fmt.Errorf("%w: no \"type\"", ErrBadFrame)
	}
	return c, nil
}

// commandHead reads what it can of the id and the type of a frame that is
// not a well-formed command.
func commandHead(data []byte) command {
	var head struct {
		ID   json.RawMessage `json:"id"`
		Type json.RawMessage `json:"type"`
	}
	var c command
	if json.Unmarshal(data, &head) != nil {
		return c
	}
	var id int64
	if json.Unmarshal(head.ID, &id) == nil {
		c.ID = &id
	}
	_ = json.Unmarshal(head.Type, &c.Type) // stays "" unless a string
	return c
}

// envelope starts every event: the version, the command's id and the type.
type envelope struct {
	V    int    `json:"v"`
	ID   *int64 `json:"id,omitempty"`
	Type string `json:"type"`
}

// helloEvent is sent once when the socket opens.
type helloEvent struct {
	envelope
	Protocol int `json:"protocol"`
}

// errorEvent answers a command that could not be carried out.
type errorEvent struct {
	envelope
	Command string `json:"command,omitempty"`
	Message string `json:"message"`
	// MessageZH is Message in Chinese, for an error of a schedule
	// (messageZH), which a page in Chinese shows instead; "" otherwise.
	MessageZH string `json:"message_zh,omitempty"`
	// At points into the command's schedule text at the token that does
	// not parse or cannot be followed (schedule_span.go); nil otherwise.
	At *textSpan `json:"at,omitempty"`
}

// loadedEvent describes the lesson as loaded.
type loadedEvent struct {
	envelope
	Lesson lessonInfo `json:"lesson"`
}

// lessonInfo is the static description of a loaded lesson.
type lessonInfo struct {
	ID         string                  `json:"id"`
	Title      string                  `json:"title"`
	Summary    string                  `json:"summary"`
	Narrative  []string                `json:"narrative"`
	Primitive  string                  `json:"primitive"`
	Variant    string                  `json:"variant"`
	Variants   []string                `json:"variants"`
	Params     map[string]int          `json:"params"`
	Bugs       []string                `json:"bugs"`
	Threads    []string                `json:"threads"`
	Coroutines []coroutineInfo         `json:"coroutines"`
	Schedules  []scheduleInfo          `json:"schedules"`
	Source     []lessonview.SourceFile `json:"source"`
	Labels     []lessonview.LabelInfo  `json:"labels"`
	// Algorithms are, for each variant, the algorithms of the operations
	// the lesson calls (lessonview.Algorithms).
	Algorithms map[string][]lessonview.Algorithm `json:"algorithms"`
	// Glossary explains the lesson's bug codes and every outcome kind
	// (lessonview.Glossary).
	Glossary  map[string]lessonview.GlossaryEntry `json:"glossary"`
	Condition string                              `json:"condition"`
	Lang      string                              `json:"lang"`
	Limits    map[string]int64                    `json:"limits"`
	// Fingerprint is the lesson's (scenarios.Scenario.Fingerprint): a
	// link carries it as h, to tell later whether the lesson changed.
	Fingerprint string `json:"fingerprint"`
	// Challenge is the lesson played as a challenge (challenge.go); nil
	// for a lesson that expects no bug.
	Challenge *challengeInfo `json:"challenge,omitempty"`
}

// coroutineInfo is one coroutine of a lesson and its script.
type coroutineInfo struct {
	Name   string `json:"name"`
	Thread string `json:"thread"`
	Script string `json:"script"`
	// Group names the declaration a coroutine was expanded from ("count"
	// in a lesson); members of one group are interchangeable.
	Group string `json:"group,omitempty"`
}

// scheduleInfo is one named schedule and its expected outcomes.
type scheduleInfo struct {
	Name     string            `json:"name"`
	Title    string            `json:"title"`
	Steps    string            `json:"steps"`
	Expect   map[string]string `json:"expect"`
	Captions []captionInfo     `json:"captions,omitempty"`
}

// captionInfo explains one step of a named schedule.
type captionInfo struct {
	Step int    `json:"step"`
	Text string `json:"text"`
}

// stateEvent is the whole state at the current position.
type stateEvent struct {
	envelope
	Position int            `json:"position"`
	Length   int            `json:"length"`
	Playing  bool           `json:"playing"`
	Speed    float64        `json:"speed,omitempty"`
	Lang     string         `json:"lang"`
	Variant  string         `json:"variant"`
	Schedule string         `json:"schedule"`
	History  []historyEntry `json:"history"`
	Step     *stepInfo      `json:"step"`
	Snapshot snapshotInfo   `json:"snapshot"`
	Pending  []pendingInfo  `json:"pending"`
	Outcome  *findingInfo   `json:"outcome"`
	Findings []findingInfo  `json:"findings"`
	Finished bool           `json:"finished"`
	Memory   string         `json:"memory"` // "sc" or "c11"
}

// historyEntry is one step of the history, for the timeline.
type historyEntry struct {
	Thread string `json:"thread"`
	Label  string `json:"label"`
	Op     string `json:"op"`
	// Finding is the kind of a finding reported at this step, if any.
	Finding string `json:"finding,omitempty"`
}

// stepInfo is the record of one step, in words and symbols.
type stepInfo struct {
	Index     int    `json:"index"`
	Thread    string `json:"thread"`
	Coroutine string `json:"coroutine"`
	Op        string `json:"op"`
	Label     string `json:"label"`
	Doc       string `json:"doc"`
	words.Values
	OK       bool            `json:"ok"`
	Loc      *lessonview.Loc `json:"loc"`
	Events   []eventInfo     `json:"events"`
	Changed  []string        `json:"changed"`
	CAS      *words.CAS      `json:"cas"`
	Findings []findingInfo   `json:"findings"`
	Text     string          `json:"text"`
	// Read is the step's read under c11 (memory.go): its candidates and
	// whether it returned a stale one.
	Read *readInfo `json:"read,omitempty"`
}

// eventInfo is a change in a coroutine's life during a step.
type eventInfo struct {
	Kind      string `json:"kind"`
	Coroutine string `json:"coroutine"`
	Thread    string `json:"thread,omitempty"`
	Op        string `json:"op,omitempty"`
}

// snapshotInfo is the machine's state at the position.
type snapshotInfo struct {
	Cells      []cellInfo       `json:"cells"`
	Lists      []listInfo       `json:"lists"`
	Threads    []threadInfo     `json:"threads"`
	Coroutines []coroutineState `json:"coroutines"`
}

// cellInfo is one memory cell.
type cellInfo struct {
	Addr   uint64 `json:"addr"`
	Name   string `json:"name"`
	Object string `json:"object"`
	Value  string `json:"value"`
	Atomic bool   `json:"atomic"`
	Live   bool   `json:"live"`
}

// listInfo is an intrusive waiter list.
type listInfo struct {
	Name  string     `json:"name"`
	Head  string     `json:"head"`
	Nodes []nodeInfo `json:"nodes"`
	Cycle bool       `json:"cycle"`
	// Coroutine and Local name the local the list hangs from, when an
	// operation's local holds it (done()'s head after it took the stack).
	Coroutine string `json:"coroutine,omitempty"`
	Local     string `json:"local,omitempty"`
}

// nodeInfo is one awaiter in a list.
type nodeInfo struct {
	Addr      uint64 `json:"addr"`
	Name      string `json:"name"`
	Coroutine string `json:"coroutine"`
	Live      bool   `json:"live"`
}

// threadInfo is one worker thread.
type threadInfo struct {
	Name    string   `json:"name"`
	Stack   []string `json:"stack"`
	Queue   []string `json:"queue"`
	NumWait int64    `json:"num_wait"`
}

// coroutineState is one coroutine's state.
type coroutineState struct {
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
	Locals []localInfo `json:"locals,omitempty"`
}

// localInfo is a local that points into a waiter list.
type localInfo struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Addr  uint64 `json:"addr"`
}

// pendingInfo says what a thread would do next, or why it cannot move.
type pendingInfo struct {
	Thread    string          `json:"thread"`
	CanMove   bool            `json:"can_move"`
	Why       string          `json:"why,omitempty"`
	Coroutine string          `json:"coroutine,omitempty"`
	Label     string          `json:"label,omitempty"`
	Op        string          `json:"op,omitempty"`
	Cell      string          `json:"cell,omitempty"`
	Doc       string          `json:"doc,omitempty"`
	Text      string          `json:"text,omitempty"`
	Loc       *lessonview.Loc `json:"loc,omitempty"`
	// Reads is the read the step makes under c11 when it may return
	// more than one write: the user picks one (the latest by default).
	Reads *readInfo `json:"reads,omitempty"`
}

// findingInfo is an outcome or a finding.
type findingInfo struct {
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

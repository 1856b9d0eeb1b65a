package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// Version is the version of the WebSocket protocol described in
// protocol.md. Every message carries it as "v".
const Version = 1

// Bounds on what a client may send.
const (
	// MaxFrame is the largest frame a client may send; a larger one closes
	// the socket with status 1009.
	MaxFrame = 64 << 10
	// MaxScheduleText bounds a schedule's text form.
	MaxScheduleText = 32 << 10
	// MinSpeed and MaxSpeed bound autoplay, in steps per second.
	MinSpeed, MaxSpeed = 0.25, 20.0
)

// The command types of protocol v1.
const (
	CmdLoad    = "load"
	CmdStep    = "step"
	CmdBack    = "back"
	CmdForward = "forward"
	CmdGoto    = "goto"
	CmdReplay  = "replay"
	CmdRun     = "run"
	CmdVariant = "variant"
	CmdPlay    = "play"
	CmdPause   = "pause"
	CmdReset   = "reset"
	CmdLang    = "lang"
	// CmdExplore searches the loaded program's executions for a bug, and
	// CmdCancel stops that search.
	CmdExplore = "explore"
	CmdCancel  = "cancel"
	// CmdReach asks whether an outcome can still be reached from the
	// current position: a challenge's goal.
	CmdReach = "reach"
)

// Known reports whether t is a command type of protocol v1.
func Known(t string) bool {
	switch t {
	case CmdLoad, CmdStep, CmdBack, CmdForward, CmdGoto, CmdReplay, CmdRun,
		CmdVariant, CmdPlay, CmdPause, CmdReset, CmdLang, CmdExplore, CmdCancel, CmdReach:
		return true
	}
	return false
}

// Command is one message from the client. Which fields matter depends on
// Type; the others are ignored.
type Command struct {
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
	// Strategy is the explore command's search strategy.
	Strategy string `json:"strategy,omitempty"`
	// Memory is the memory model a load runs under: "sc" (the default)
	// or "c11".
	Memory string `json:"memory,omitempty"`
	// From is the write a step's read returns under c11, as a schedule
	// writes it after '<' ("init", or the step that wrote); "" for the
	// latest.
	From string `json:"from,omitempty"`
	// Before is the write a step's store goes just before in its cell's
	// modification order under c11, as a schedule writes it after '^'
	// (the step that wrote); "" for the end.
	Before string `json:"before,omitempty"`
	// Kind is the outcome a reach command looks for.
	Kind string `json:"kind,omitempty"`
}

// ErrBadFrame wraps every reason a frame is not a command.
var ErrBadFrame = errors.New("bad message")

// Decode reads one frame. On an error it still returns what it could read
// of the id and the type, so the error event can name them.
func Decode(data []byte) (Command, error) {
	var c Command
	if err := json.Unmarshal(data, &c); err != nil {
		en, _ := JSONProblem(err)
		return head(data), fmt.Errorf("%w: %v", ErrBadFrame, en)
	}
	if c.V != Version {
		return c, fmt.Errorf("%w: protocol version %d is not supported (want \"v\":%d)", ErrBadFrame, c.V, Version)
	}
	if c.Type == "" {
		return c, fmt.Errorf("%w: no \"type\"", ErrBadFrame)
	}
	return c, nil
}

// head reads what it can of the id and the type of a frame that is not a
// well-formed command.
func head(data []byte) Command {
	var h struct {
		ID   json.RawMessage `json:"id"`
		Type json.RawMessage `json:"type"`
	}
	var c Command
	if json.Unmarshal(data, &h) != nil {
		return c
	}
	var id int64
	if json.Unmarshal(h.ID, &id) == nil {
		c.ID = &id
	}
	_ = json.Unmarshal(h.Type, &c.Type) // stays "" unless a string
	return c
}

// JSONProblem says, in English and in Chinese, what is wrong with a
// message that did not decode as the JSON object it should be (a frame,
// a form's body), without echoing it.
func JSONProblem(err error) (en, zh string) {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Sprintf("not JSON (at byte %d)", syn.Offset), fmt.Sprintf("不是 JSON（在第 %d 字节）", syn.Offset)
	case errors.As(err, &typ) && typ.Field == "":
		return "a command is a JSON object, not " + article(typ.Value), "命令应是一个 JSON 对象，而不是 " + typ.Value
	case errors.As(err, &typ):
		return fmt.Sprintf("field %q cannot be %s", typ.Field, article(typ.Value)), fmt.Sprintf("字段 %q 不能是 %s", typ.Field, typ.Value)
	}
	return "not a JSON object", "不是一个 JSON 对象"
}

// article puts "a" or "an" before a JSON type name.
func article(what string) string {
	if what != "" && strings.ContainsRune("aeiou", rune(what[0])) {
		return "an " + what
	}
	return "a " + what
}

// Envelope starts every event: the version, the command's id and the type.
type Envelope struct {
	V    int    `json:"v"`
	ID   *int64 `json:"id,omitempty"`
	Type string `json:"type"`
}

// Reply is the envelope of an event of type typ answering the command
// with id (nil for none: hello, autoplay).
func Reply(id *int64, typ string) Envelope {
	return Envelope{V: Version, ID: id, Type: typ}
}

// Hello is sent once when the socket opens.
type Hello struct {
	Envelope
	Protocol int `json:"protocol"`
}

// Error is the error event: it answers a command that could not be
// carried out.
type Error struct {
	Envelope
	Command string `json:"command,omitempty"`
	Message string `json:"message"`
	// MessageZH is Message in Chinese, for an error of a schedule, which
	// a page in Chinese shows instead; "" otherwise.
	MessageZH string `json:"message_zh,omitempty"`
	// At points into the command's schedule text at the token that does
	// not parse or cannot be followed; nil otherwise.
	At *Span `json:"at,omitempty"`
}

// Span is where, in a command's schedule text, the token an error is
// about stands: Start and End count UTF-16 code units, as a page's string
// indexes do, and Step is the step (from 1) that could not be performed,
// 0 for a token that does not parse.
type Span struct {
	Step  int `json:"step,omitempty"`
	Start int `json:"start"`
	End   int `json:"end"`
}

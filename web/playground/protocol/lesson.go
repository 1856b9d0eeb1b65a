package protocol

import "lockstep/sim/words"

// Loaded describes the lesson as loaded.
type Loaded struct {
	Envelope
	Lesson Lesson `json:"lesson"`
}

// Lesson is the static description of a loaded lesson.
type Lesson struct {
	ID         string         `json:"id"`
	Title      string         `json:"title"`
	Summary    string         `json:"summary"`
	Narrative  []string       `json:"narrative"`
	Primitive  string         `json:"primitive"`
	Variant    string         `json:"variant"`
	Variants   []string       `json:"variants"`
	Params     map[string]int `json:"params"`
	Bugs       []string       `json:"bugs"`
	Threads    []string       `json:"threads"`
	Coroutines []Coroutine    `json:"coroutines"`
	Schedules  []Schedule     `json:"schedules"`
	Source     []SourceFile   `json:"source"`
	Labels     []Label        `json:"labels"`
	// Algorithms are, for each variant, the algorithms of the operations
	// the lesson calls.
	Algorithms map[string][]Algorithm `json:"algorithms"`
	// Glossary explains the lesson's bug codes and every outcome kind.
	Glossary  map[string]GlossaryEntry `json:"glossary"`
	Condition string                   `json:"condition"`
	Lang      string                   `json:"lang"`
	Limits    map[string]int64         `json:"limits"`
	// Fingerprint is the lesson's (scenarios.Scenario.Fingerprint): a
	// link carries it as h, to tell later whether the lesson changed.
	Fingerprint string `json:"fingerprint"`
	// Challenge is the lesson played as a challenge; nil for a lesson
	// that expects no bug.
	Challenge *Challenge `json:"challenge,omitempty"`
}

// Coroutine is one coroutine of a lesson and its script.
type Coroutine struct {
	Name   string `json:"name"`
	Thread string `json:"thread"`
	Script string `json:"script"`
	// Group names the declaration a coroutine was expanded from ("count"
	// in a lesson); members of one group are interchangeable.
	Group string `json:"group,omitempty"`
}

// Schedule is one of a lesson's named schedules and its expected
// outcomes.
type Schedule struct {
	Name     string            `json:"name"`
	Title    string            `json:"title"`
	Steps    string            `json:"steps"`
	Expect   map[string]string `json:"expect"`
	Captions []Caption         `json:"captions,omitempty"`
}

// Caption explains one step of a named schedule.
type Caption struct {
	Step int    `json:"step"`
	Text string `json:"text"`
}

// Challenge is a lesson's challenge (scenarios.Challenge) in the
// session's language, as the loaded event carries it: the page plays it
// with the reader's own steps, asks reach whether the goal is still there,
// and proves the fix with explore's exhaustive search on Fix.
type Challenge struct {
	Variant string   `json:"variant"`
	Kind    string   `json:"kind"`
	Thread  string   `json:"thread,omitempty"`
	Fix     string   `json:"fix,omitempty"`
	Goal    string   `json:"goal"`
	Hints   []string `json:"hints"`
}

// SourceFile is one Go file of the primitive variant.
type SourceFile struct {
	File string `json:"file"`
	Text string `json:"text"`
}

// Label says what the step at a label does and where its code is.
type Label struct {
	Label string `json:"label"`
	Doc   string `json:"doc"`
	File  string `json:"file,omitempty"`
	Line  int    `json:"line,omitempty"`
}

// Loc is a place in the primitives' Go source.
type Loc struct {
	File     string `json:"file"`
	Line     int    `json:"line"`
	Function string `json:"function,omitempty"`
}

// Algorithm is one operation's algorithm as the playground shows it:
// one line per label, in reading order.
type Algorithm struct {
	Op    string `json:"op"`
	Lines []Line `json:"lines"`
}

// Line is one line of an algorithm: the label of its step, the step
// as code (C++, or Go for Go's WaitGroup; never translated) and what it
// does, in the page's language.
type Line struct {
	Label string `json:"label"`
	Code  string `json:"code"`
	Doc   string `json:"doc"`
}

// GlossaryEntry explains a bug code or an outcome kind: its name, what it
// means, and the docs page that tells more, if any.
type GlossaryEntry struct {
	words.Term
	Doc string `json:"doc,omitempty"`
}

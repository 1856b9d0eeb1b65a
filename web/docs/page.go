package docs

import "strings"

// The languages of the docs. Every page is written in both; English is
// the original.
const (
	EN = "en"
	ZH = "zh"
)

// langs returns the languages in the order checks visit them.
func langs() []string { return []string{EN, ZH} }

// Group says which part of the table of contents a page belongs to.
type Group int

// The groups, in the order the table of contents lists them.
const (
	Primitives Group = iota
	Bugs
)

// Groups returns every group, in the order the table of contents lists
// them.
func Groups() []Group { return []Group{Primitives, Bugs} }

// Page is one page of the docs in one language, as its file says. A Page
// is read once and never changed: it is safe for concurrent use.
type Page struct {
	Slug  string
	Lang  string
	Group Group
	// Bugs are the digest's bug ids the page is about ("B5"); on a
	// primitive's page, the bugs its code has.
	Bugs []string
	// Order is the page's place in the table of contents, from 1.
	Order   int
	Title   string // plain text
	Summary string // plain text
	// Sections are the page's parts, in order; their IDs are unique
	// within the page.
	Sections []Section
	// File is where the page was read from ("en/event.md"), for messages.
	File string
}

// Section is a headed part of a page: a "## Heading {#id}" and the blocks
// up to the next one. ID is its fragment.
type Section struct {
	ID          string
	Heading     string // the heading as Markdown source
	HeadingHTML string // the heading rendered, inline HTML
	Line        int
	Blocks      []Block
}

// Kind is what a block is.
type Kind string

// The kinds of block. The first five are Markdown; the last two are the
// docs' directives.
const (
	Paragraph   Kind = "paragraph"
	List        Kind = "list"
	CodeBlock   Kind = "code block"
	Table       Kind = "table"
	Note        Kind = "note"
	StepTable   Kind = "step table"
	LiveStepper Kind = "stepper"
)

// Block is one block of a section: Markdown, rendered when the page was
// read, or a directive. Exactly one of HTML, Steps and Stepper is set.
type Block struct {
	Kind Kind
	Line int
	// HTML is a Markdown block rendered: trusted HTML made from the
	// docs' own content.
	HTML    string
	Steps   *Steps
	Stepper *Stepper
	// Texts are the block's pieces of prose, as Markdown source, in
	// order: a paragraph's text, each list item, each table cell, each
	// step's text, a stepper's title and caption.
	Texts []string
	// Links are the targets of the block's links, as written.
	Links []string
	// shape is what the block must have in common with its translation:
	// its kind and structure, its code, its directive's keys, its links.
	shape string
}

// Steps is an interleaving told step by step. With Run set, it is a whole
// run from its first step, step for step, and the docs test checks each
// step's thread and label, and the run's outcome, against the engine.
// Without Run the steps may summarize ("G1 … G6") and are not checked.
type Steps struct {
	Run  *Run
	Rows []Step
}

// Run names the run of a lesson's schedule, as the playground replays it:
// the schedule, then each thread in turn to the end.
type Run struct {
	Lesson   string
	Variant  string // "" for the lesson's first
	Schedule string // the name of one of the lesson's schedules
	// Outcome is the kind of outcome the run ends with ("lost-wakeup");
	// "" if the page does not say.
	Outcome string
}

// Step is one step of an interleaving: the thread that moves, the label
// of the step it makes ("" for a step that resumes a coroutine), and what
// happens.
type Step struct {
	Thread, Label string
	Text          string // Markdown source
	TextHTML      string // Text rendered, inline HTML
}

// Stepper is a live stepper on a page: a lesson, opened at the step that
// shows the point being made. The docs test replays the schedule and
// checks that step number Step is made by Thread at Label, so a lesson
// changing under the page cannot go unnoticed.
type Stepper struct {
	Lesson   string
	Variant  string // "" for the lesson's first
	Schedule string // the name of one of the lesson's schedules
	Step     int    // the key step: 1 is the schedule's first step
	Thread   string // who makes the key step
	Label    string // and at which label
	Title    string // the iframe's title, for screen readers; plain text
	Caption  string // Markdown source
	// CaptionHTML is Caption rendered, inline HTML.
	CaptionHTML string
	Height      int // in CSS pixels
}

// DefaultHeight fits the stepper of a lesson of two or three threads.
const DefaultHeight = 620

// Steppers returns every live stepper of the page, in order.
func (pg *Page) Steppers() []*Stepper {
	var out []*Stepper
	for _, s := range pg.Sections {
		for _, b := range s.Blocks {
			if b.Stepper != nil {
				out = append(out, b.Stepper)
			}
		}
	}
	return out
}

// Runs returns every interleaving of the page told as a whole run.
func (pg *Page) Runs() []*Steps {
	var out []*Steps
	for _, s := range pg.Sections {
		for _, b := range s.Blocks {
			if b.Steps != nil && b.Steps.Run != nil {
				out = append(out, b.Steps)
			}
		}
	}
	return out
}

// Href is where a link's target leads: a path as it is, or the docs page
// of a slug, keeping a #fragment.
func Href(target string) string {
	if strings.HasPrefix(target, "/") {
		return target
	}
	return "/docs/" + target
}

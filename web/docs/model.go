// Package docs holds Lockstep's documentation pages as data: one page per
// primitive (its state word, its algorithm, its step labels) and one per
// bug (the interleaving that shows it, the fix and why the fix holds),
// every text in English and Chinese side by side, so that a translation is
// reviewed next to its original. The web package serves them.
//
// Texts use two bits of inline markup: `code`, and [text](target) for a
// link, where a target without a leading '/' is the slug of another page
// (optionally with a #fragment).
package docs

import "strings"

// Text is a text in English and Chinese.
type Text struct{ EN, ZH string }

// In returns the text in language lang ("en" or "zh"); an empty Chinese
// falls back to the English.
func (t Text) In(lang string) string {
	if lang == "zh" && t.ZH != "" {
		return t.ZH
	}
	return t.EN
}

// Group says which part of the table of contents a page belongs to.
type Group int

// The groups, in the order the table of contents lists them.
const (
	Primitives Group = iota
	Bugs
)

// Page is one page of the docs.
type Page struct {
	Slug  string
	Group Group
	// Bugs are the digest's bug ids the page is about ("B5"); on a
	// primitive's page, the bugs its code has.
	Bugs    []string
	Title   Text
	Summary Text
	// Sections are the page's parts, in order; their IDs are unique
	// within the page.
	Sections []Section
}

// Section is a headed part of a page. ID is its fragment.
type Section struct {
	ID      string
	Heading Text
	Blocks  []Block
}

// Block is one block of a section; exactly one field is set.
type Block struct {
	Para  *Text
	Note  *Text // an aside: a caveat, a correction of a common belief
	List  []Text
	Code  string // pseudocode, the same in both languages
	Table *Table
	Steps []Step
	// Run, with Steps, says that Steps is a whole run from its first
	// step, step for step: the docs test checks each step's thread and
	// label against the engine. Steps without a Run may summarize
	// ("G1 … G6") and are not checked.
	Run   *Run
	Embed *Embed
}

// Table is a small table whose first column names the rows.
type Table struct {
	Head []Text
	Rows [][]Text
}

// Run names the run of a lesson's schedule, as the playground replays it:
// the schedule, then each thread in turn to the end.
type Run struct {
	Lesson   string
	Variant  string // "" for the lesson's first
	Schedule string // the name of one of the lesson's schedules
}

// Step is one step of an interleaving told step by step: the thread that
// moves, the label of the step it makes, and what happens.
type Step struct {
	Thread, Label string
	Text          Text
}

// Embed is a live stepper on a page: a lesson, opened at the step that
// shows the point being made. The docs test replays the schedule and
// checks that step number Step is made by Thread at Label, so a lesson
// changing under the page cannot go unnoticed.
type Embed struct {
	Lesson   string
	Variant  string // "" for the lesson's first
	Schedule string // the name of one of the lesson's schedules
	Step     int    // the key step: 1 is the schedule's first step
	Thread   string // who makes the key step
	Label    string // and at which label
	Title    Text   // the iframe's title, for screen readers
	Caption  Text
	Height   int // in CSS pixels; 0 for DefaultEmbedHeight
}

// DefaultEmbedHeight fits the stepper of a lesson of two or three threads.
const DefaultEmbedHeight = 620

// Runs returns every interleaving of the page told in full, with the run
// it tells.
func (pg *Page) Runs() []Block {
	var out []Block
	for _, s := range pg.Sections {
		for _, b := range s.Blocks {
			if b.Run != nil {
				out = append(out, b)
			}
		}
	}
	return out
}

// Embeds returns every live stepper of the page, in order.
func (pg *Page) Embeds() []Embed {
	var out []Embed
	for _, s := range pg.Sections {
		for _, b := range s.Blocks {
			if b.Embed != nil {
				out = append(out, *b.Embed)
			}
		}
	}
	return out
}

// Texts returns every text of the page, in order: title, summary,
// headings, paragraphs, cells, steps and captions.
func (pg *Page) Texts() []Text {
	out := []Text{pg.Title, pg.Summary}
	for _, s := range pg.Sections {
		out = append(out, s.Heading)
		for _, b := range s.Blocks {
			out = append(out, b.texts()...)
		}
	}
	return out
}

// texts returns the texts of one block.
func (b Block) texts() []Text {
	var out []Text
	switch {
	case b.Para != nil:
		out = append(out, *b.Para)
	case b.Note != nil:
		out = append(out, *b.Note)
	case b.Table != nil:
		out = append(out, b.Table.Head...)
		for _, r := range b.Table.Rows {
			out = append(out, r...)
		}
	case b.Embed != nil:
		out = append(out, b.Embed.Title, b.Embed.Caption)
	}
	out = append(out, b.List...)
	for _, s := range b.Steps {
		out = append(out, s.Text)
	}
	return out
}

// The helpers below keep the pages' source close to the prose.

func p(en, zh string) Block    { return Block{Para: &Text{en, zh}} }
func note(en, zh string) Block { return Block{Note: &Text{en, zh}} }
func list(items ...Text) Block { return Block{List: items} }
func steps(s ...Step) Block    { return Block{Steps: s} }

// stepsOf is an interleaving told in full: every step of the run r, from
// its first, in order. A step that resumes a coroutine has no label.
func stepsOf(r Run, s ...Step) Block { return Block{Steps: s, Run: &r} }
func live(e Embed) Block             { return Block{Embed: &e} }
func item(en, zh string) Text        { return Text{en, zh} }
func same(s string) Text             { return Text{s, s} }

// code is a block of pseudocode; a leading newline is dropped, so that a
// raw string can start on its own line.
func code(text string) Block { return Block{Code: strings.TrimPrefix(text, "\n")} }

// table builds a table from its heading and rows.
func table(head []Text, rows ...[]Text) Block {
	return Block{Table: &Table{Head: head, Rows: rows}}
}

// cells is one row, or the heading, of a table.
func cells(c ...Text) []Text { return c }

// step is one step of an interleaving.
func step(thread, label, en, zh string) Step {
	return Step{Thread: thread, Label: label, Text: Text{en, zh}}
}

// section is a headed part of a page.
func section(id, en, zh string, blocks ...Block) Section {
	return Section{ID: id, Heading: Text{en, zh}, Blocks: blocks}
}

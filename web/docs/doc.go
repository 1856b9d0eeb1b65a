// Package docs owns Lockstep's documentation: the pages as Markdown files,
// one per page and language, and their reading and rendering. One page per
// primitive (its state word, its algorithm, its step labels) and one per
// bug (the interleaving that shows it, the fix and why the fix holds). The
// web package serves them at /docs; this package knows nothing of routes.
//
// # Editing a page
//
// A page is two files, content/en/SLUG.md and content/zh/SLUG.md, the
// English and its Chinese translation. They are embedded in the binary
// and read once, when the server starts. A file starts with front matter,
// one "key: value" line per key (not YAML: the value is the rest of the
// line, as it is):
//
//	---
//	slug: wait-group          the file's name, and the page's URL: /docs/wait-group
//	order: 3                  its place in the table of contents, from 1
//	group: primitives         primitives or bugs
//	bugs: B2 B5 B6 B7         the digest's bugs the page is about; required for bugs
//	title: wait_group         plain text
//	summary: Wait until …     plain text, one line
//	---
//
// The body is sections, each "## Heading {#id}" and what follows up to the
// next; the id is the section's #fragment, the same in both languages.
// A section holds:
//
//   - paragraphs, one per line (a line break inside a Chinese paragraph
//     would show as a space), with `code`, *emphasis* and links;
//   - lists ("- item");
//   - tables, whose first column names the rows;
//   - code blocks (```, no language): pseudocode, shown as written;
//   - notes ("> text"): an aside, a caveat, a correction of a belief;
//   - live steppers and step tables, the two directives below.
//
// A link [text](target) whose target has no leading '/' leads to the page
// of that slug, with an optional #fragment: [B5](b5-lost-wakeup#fix).
// Raw HTML, images and other headings are refused.
//
// # Directives
//
// A directive is a fenced block named stepper or steps. Its lines are
// "key: value" lines, then, for steps, one "thread | label | text" line
// per step. A live stepper opens a lesson in an iframe at its key step,
// which step says and thread and label name:
//
//	```stepper
//	lesson: wg-uaf            the lesson's id
//	variant: fixed            optional; the lesson's first by default
//	schedule: cross-thread    one of the lesson's schedules
//	step: 12                  the key step, from 1
//	thread: D1                who makes it
//	label: D4                 at which label
//	height: 620               optional, in CSS pixels
//	title: Live stepper: done() reads a finished waiter's awaiter
//	caption: D4 reads `m_next` in W1's destroyed frame.
//	```
//
// A step table tells an interleaving step by step. With lesson and
// schedule (and optionally variant and outcome, the kind of outcome the
// run ends with) it is the whole run from its first step, checked against
// the engine; without them it may summarize ("G1 … G6") and is not. An
// empty label is a step that resumes a coroutine:
//
//	```steps
//	lesson: wg-uaf
//	schedule: cross-thread
//	outcome: use-after-free
//
//	W1 | G1 | `m_await_coro = h`.
//	W1 |    | W1's worker takes W1 off its run queue and resumes it.
//	D1 | D4 | Reads `W1.awaiter.m_next`: freed memory.
//	```
//
// A translation changes prose only: the title, the summary, headings,
// paragraphs, list items, cells, step texts, the stepper's title and
// caption. Everything else (front matter but title and summary, section
// ids, the blocks and their order, tables' shape, code, links' targets,
// directives' keys and steps) must be the same as in the English.
//
// # Errors
//
// Load reports every problem as "file:line: what": a file that does not
// read, a page missing in a language, a translation that does not match,
// a link to nothing. The tests fail on any, and replay every stepper and
// step table in the engine. A server still starts: it logs the problems,
// serves the pages that read, and answers a broken one with an error page
// that quotes them.
//
// # Dependencies
//
// The package imports goldmark and templates (the view model) and no other
// package of Lockstep; web imports it, never the other way round. Its
// tests use scenarios, sim and primitives to replay the pages' runs.
package docs

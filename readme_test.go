package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDocTranscripts keeps the examples of the README and of every file
// under docs/ true. Every fenced block whose first line is "$ go run . ..."
// is a transcript: each "$" line is a command, run as the binary would
// run it, and the lines up to the next command are what it must print
// (stdout and stderr together, less explore's progress on stderr), line
// by line. A line "..." stands for any
// number of lines, and times ("in 3ms") may differ. A command may end with
// "> FILE", which writes its stdout to FILE (only its stderr is then
// compared), and with a "# comment". A fenced block whose info string
// says "file=NAME" (```jsonc file=mine.jsonc) is a file the later
// transcripts of its Markdown file may name. Each Markdown file's
// commands run in a directory of their own, which holds those files and
// sees the repository's own (scenarios/, primitives/) under their names.
func TestDocTranscripts(t *testing.T) {
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	repo, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, doc := range append([]string{"README.md"}, docs...) {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		blocks := fencedBlocks(string(text))
		if !slices.ContainsFunc(blocks, func(b fenced) bool { return b.transcript() }) {
			continue
		}
		dir := transcriptDir(t, repo)
		t.Run(doc, func(t *testing.T) {
			t.Chdir(dir)
			for _, b := range blocks {
				if name, ok := b.file(); ok {
					if err := os.WriteFile(name, []byte(strings.Join(b.lines, "\n")+"\n"), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if !b.transcript() {
					continue
				}
				for _, c := range b.commands() {
					n++
					checkTranscript(t, doc, c)
				}
			}
		})
	}
	if n < 10 {
		t.Errorf("the docs have %d commands to check; want at least 10 (is the parser right?)", n)
	}
}

// transcriptDir makes a directory for one Markdown file's commands, with
// the repository's top-level entries linked into it.
func transcriptDir(t *testing.T, repo string) string {
	dir := t.TempDir()
	entries, err := os.ReadDir(repo)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if err := os.Symlink(filepath.Join(repo, e.Name()), filepath.Join(dir, e.Name())); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// checkTranscript runs one command of doc's and compares what it printed.
func checkTranscript(t *testing.T, doc string, c docCommand) {
	t.Helper()
	args, redirect, err := commandWords(c.command)
	if err != nil {
		t.Errorf("%s:%d: %s: %v", doc, c.line, c.command, err)
		return
	}
	var out, errs bytes.Buffer
	status := report(&errs, run(context.Background(), args, func(string) string { return "" }, &out, &errs))
	printed := out.String() + errs.String()
	if redirect != "" {
		if err := os.WriteFile(redirect, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		printed = errs.String()
		if status != 0 {
			t.Errorf("%s:%d: %s: exit status %d", doc, c.line, c.command, status)
		}
	}
	got := withoutProgress(strings.Split(strings.TrimRight(printed, "\n"), "\n"))
	if printed == "" {
		got = nil
	}
	if !linesMatch(c.output, got) {
		hint := ""
		if strings.Contains(c.command, "--memory c11") {
			hint = "\n(this command searches under the c11 memory model: when the model or its search " +
				"changes on purpose, update the transcript to what it prints now)"
		}
		t.Errorf("%s:%d: go run . %s printed:\n%s\n%s shows:\n%s%s",
			doc, c.line, c.command, strings.Join(got, "\n"), doc, strings.Join(c.output, "\n"), hint)
	}
}

// withoutProgress drops the lines explore writes on stderr as it goes
// ("explore: 3s, 1,200 states", "explore: found lost-wakeup in 2ms ..."),
// which come when the machine's pace says and so are not shown.
func withoutProgress(lines []string) []string {
	return slices.DeleteFunc(lines, func(l string) bool { return strings.HasPrefix(l, "explore: ") })
}

// A fenced block of a Markdown file.
type fenced struct {
	line  int    // of its first content line, from 1
	info  string // what follows the opening ```
	lines []string
}

// fencedBlocks returns the fenced blocks of a Markdown text.
func fencedBlocks(text string) []fenced {
	var out []fenced
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		info, ok := strings.CutPrefix(lines[i], "```")
		if !ok {
			continue
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		out = append(out, fenced{line: i + 2, info: strings.TrimSpace(info), lines: lines[i+1 : min(j, len(lines))]})
		i = j
	}
	return out
}

// file reports the name a block gives the file it holds (file=NAME).
func (b fenced) file() (string, bool) {
	for _, f := range strings.Fields(b.info) {
		if name, ok := strings.CutPrefix(f, "file="); ok {
			return name, true
		}
	}
	return "", false
}

// transcript reports whether b is commands and what they printed.
func (b fenced) transcript() bool {
	return len(b.lines) > 0 && strings.HasPrefix(b.lines[0], "$ go run . ")
}

// A docCommand is one command of a transcript and what it printed.
type docCommand struct {
	line    int // of the command, from 1
	command string
	output  []string
}

// commands returns b's commands, each with the lines up to the next one.
func (b fenced) commands() []docCommand {
	var out []docCommand
	for i, l := range b.lines {
		if c, ok := strings.CutPrefix(l, "$ "); ok {
			out = append(out, docCommand{line: b.line + i, command: strings.TrimPrefix(c, "go run . ")})
			if !strings.HasPrefix(c, "go run . ") {
				out[len(out)-1].command = c // commandWords says why it cannot run
			}
			continue
		}
		out[len(out)-1].output = append(out[len(out)-1].output, l)
	}
	return out
}

// commandWords splits a command line as a shell would, for the quoting
// the docs use: words separated by spaces, 'single' and "double" quotes,
// a trailing "> FILE" and a trailing "# comment". Any other shell syntax
// (a pipe, a variable) is an error.
func commandWords(line string) (args []string, redirect string, err error) {
	var words []string
	var w strings.Builder
	inWord, toFile := false, false
	end := func() {
		if !inWord {
			return
		}
		if toFile {
			redirect, toFile = w.String(), false
		} else if redirect != "" {
			err = fmt.Errorf("a word after the redirection")
		} else {
			words = append(words, w.String())
		}
		w.Reset()
		inWord = false
	}
	for i := 0; i < len(line) && err == nil; i++ {
		switch c := line[i]; c {
		case ' ', '\t':
			end()
		case '\'', '"':
			close := strings.IndexByte(line[i+1:], c)
			if close < 0 {
				return nil, "", fmt.Errorf("an unclosed quote")
			}
			w.WriteString(line[i+1 : i+1+close])
			i += close + 1
			inWord = true
		case '#':
			if inWord {
				w.WriteByte(c)
				continue
			}
			i = len(line)
		case '>':
			if inWord || toFile || redirect != "" {
				return nil, "", fmt.Errorf("a redirection the test does not run")
			}
			toFile = true
		case '|', '<', '&', ';', '$', '`', '(', ')', '*', '?':
			return nil, "", fmt.Errorf("shell syntax %q the test does not run", c)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	end()
	if err == nil && toFile {
		err = fmt.Errorf("a redirection without a file")
	}
	if err == nil && len(words) == 0 {
		err = fmt.Errorf("no command")
	}
	return words, redirect, err
}

// elapsed is a time as the CLI prints one.
var elapsed = regexp.MustCompile(`\bin [0-9][0-9.]*(µs|ms|s|m[0-9.]+s)\b`)

// linesMatch reports whether got is what want shows: line by line, times
// aside, a want line "..." standing for any number of got lines.
func linesMatch(want, got []string) bool {
	if len(want) == 0 {
		return len(got) == 0
	}
	if strings.TrimSpace(want[0]) == "..." {
		for k := 0; k <= len(got); k++ {
			if linesMatch(want[1:], got[k:]) {
				return true
			}
		}
		return false
	}
	if len(got) == 0 {
		return false
	}
	norm := func(s string) string { return elapsed.ReplaceAllString(strings.TrimRight(s, " "), "in TIME") }
	return norm(want[0]) == norm(got[0]) && linesMatch(want[1:], got[1:])
}

// TestReadmeGuides keeps the README a guide: at most 250 lines, linking
// every reference file under docs/, each of which opens with a table of
// contents whose entries name its sections.
func TestReadmeGuides(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(readme), "\n"); n > 250 {
		t.Errorf("README.md has %d lines; keep it to 250 and move reference to docs/", n)
	}
	docs, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range docs {
		if !strings.Contains(string(readme), "]("+doc+")") {
			t.Errorf("README.md does not link %s", doc)
		}
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		_, toc, ok := strings.Cut(string(text), "\nContents:\n")
		if !ok {
			t.Errorf("%s has no table of contents (a line \"Contents:\" and its list)", doc)
			continue
		}
		toc, _, _ = strings.Cut(toc, "\n## ")
		for line := range strings.Lines(string(text)) {
			if h, ok := strings.CutPrefix(line, "## "); ok {
				if !strings.Contains(toc, "["+strings.TrimSpace(h)+"](#") {
					t.Errorf("%s: the table of contents misses %q", doc, strings.TrimSpace(h))
				}
			}
		}
	}
}

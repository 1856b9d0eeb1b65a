package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeTranscripts keeps the README's examples true: every fenced
// block that starts with one "$ go run . ..." line and goes on with what
// it printed is run, and must print that, line by line. A line "..."
// stands for any number of lines, and times ("in 3ms") may differ. A
// block whose command names a file the repository does not hold (a
// reader's own mine.jsonc) is an illustration and is skipped.
func TestReadmeTranscripts(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tr := range transcripts(string(readme)) {
		args, ok := shellWords(tr.command)
		if !ok || !filesExist(args) {
			continue
		}
		n++
		out, errs, _ := cli(t, args...)
		got := strings.Split(strings.TrimRight(out+errs, "\n"), "\n")
		if !linesMatch(tr.output, got) {
			t.Errorf("README line %d: go run . %s printed:\n%s\nthe README shows:\n%s",
				tr.line, tr.command, strings.Join(got, "\n"), strings.Join(tr.output, "\n"))
		}
	}
	if n < 4 {
		t.Errorf("the README has %d transcripts to check; want at least 4 (is the parser right?)", n)
	}
}

// A transcript is a command of the README's and what it printed.
type transcript struct {
	line    int // of the command, from 1
	command string
	output  []string
}

// transcripts returns the README's fenced blocks that are one command
// and its output.
func transcripts(readme string) []transcript {
	var out []transcript
	lines := strings.Split(readme, "\n")
	for i := 0; i < len(lines); i++ {
		if !strings.HasPrefix(lines[i], "```") {
			continue
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		block := lines[i+1 : min(j, len(lines))]
		if len(block) >= 2 && strings.HasPrefix(block[0], "$ go run . ") && !strings.HasPrefix(block[1], "$ ") {
			out = append(out, transcript{line: i + 2, command: strings.TrimPrefix(block[0], "$ go run . "), output: block[1:]})
		}
		i = j
	}
	return out
}

// shellWords splits a command line as a shell would, for the quoting the
// README uses: words separated by spaces, 'single' and "double" quotes.
// It reports false for a line it cannot split (a pipe, a redirection, an
// unclosed quote).
func shellWords(line string) ([]string, bool) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(line); i++ {
		switch c := line[i]; c {
		case ' ':
			if inWord {
				words, inWord = append(words, w.String()), false
				w.Reset()
			}
		case '\'', '"':
			end := strings.IndexByte(line[i+1:], c)
			if end < 0 {
				return nil, false
			}
			w.WriteString(line[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case '|', '>', '<', '#', '&', ';':
			return nil, false
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, len(words) > 0
}

// filesExist reports whether every argument that names a lesson or
// primitive file names one the repository holds.
func filesExist(args []string) bool {
	for _, a := range args {
		if strings.HasSuffix(a, ".jsonc") || strings.HasSuffix(a, ".lsp") {
			if _, err := os.Stat(a); err != nil {
				return false
			}
		}
	}
	return true
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

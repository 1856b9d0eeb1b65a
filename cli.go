package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim/program"
)

// A usageError is bad input from the command line: the binary exits with
// status 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usageErrorf returns a usageError with a formatted message.
func usageErrorf(format string, a ...any) error {
	return &usageError{fmt.Errorf(format, a...)}
}

// badInput marks err as bad input, unless it is nil.
func badInput(err error) error {
	if err == nil {
		return nil
	}
	return &usageError{err}
}

// flagSet is a subcommand's flags. It reports errors instead of exiting
// or printing them, and prints its usage only when asked (-h, --help).
type flagSet struct {
	*flag.FlagSet
	e     *env
	usage string
}

// newFlagSet returns the flags of subcommand name, whose synopsis is usage.
func newFlagSet(e *env, name, usage string) *flagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	return &flagSet{FlagSet: fs, e: e, usage: usage}
}

// parse parses args, allowing flags before, between and after the
// positional arguments, which it returns. "--" ends the flags. A bad flag
// is a usageError; -h and --help print the usage to stdout and return
// flag.ErrHelp, which the binary treats as success.
func (fs *flagSet) parse(args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); errors.Is(err, flag.ErrHelp) {
			fs.printUsage()
			return nil, err
		} else if err != nil {
			return nil, usageErrorf("%s\nusage: lockstep %s\n(lockstep help %s lists the flags)", fs.explain(err), fs.usage, fs.Name())
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// explain says a parse error of the flag package in the command line's
// terms: the flag with its two dashes, and the flag meant when one is
// misspelt.
func (fs *flagSet) explain(err error) string {
	msg := err.Error()
	if name, ok := strings.CutPrefix(msg, "flag provided but not defined: -"); ok {
		var names []string
		fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
		return "unknown flag --" + name + didYouMean(strings.TrimLeft(name, "-"), names, "--")
	}
	if name, ok := strings.CutPrefix(msg, "flag needs an argument: -"); ok {
		return "--" + name + " needs a value"
	}
	if m := badFlagValue.FindStringSubmatch(msg); m != nil {
		why := m[3]
		if why == "parse error" || why == "value out of range" {
			why = "not a number this flag takes"
		}
		return fmt.Sprintf("--%s %s: %s", m[2], m[1], why)
	}
	return msg
}

// badFlagValue is the flag package's "invalid value" error.
var badFlagValue = regexp.MustCompile(`^invalid (?:boolean )?value (".*") for flag -([^:]+): (.*)$`)

// given is the names of the flags the command line set.
func (fs *flagSet) given() map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}

// oneLesson is the one positional argument of a command that takes a
// lesson (its id or its file): a missing lesson or an argument after it
// is bad input.
func (fs *flagSet) oneLesson(rest []string) (string, error) {
	switch {
	case len(rest) == 0:
		return "", usageErrorf("%s needs a lesson: its id (lockstep list lists them) or a .jsonc file\nusage: lockstep %s", fs.Name(), fs.usage)
	case len(rest) > 1:
		return "", usageErrorf("unexpected argument %q after the lesson %s\nusage: lockstep %s", rest[1], rest[0], fs.usage)
	}
	return rest[0], nil
}

// inRange checks an integer flag's value against [lo, hi]; a flag not
// given is not checked.
func (fs *flagSet) inRange(name string, v, lo, hi int64) error {
	if !fs.given()[name] || (v >= lo && v <= hi) {
		return nil
	}
	if hi >= math.MaxInt32 {
		return usageErrorf("--%s %d: want at least %d", name, v, lo)
	}
	return usageErrorf("--%s %d: want %d to %d", name, v, lo, hi)
}

// printUsage prints the synopsis and the flags to stdout, each flag with
// its two dashes, its value's name, what it does and its default.
func (fs *flagSet) printUsage() {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: lockstep %s\n", fs.usage)
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		fmt.Fprintf(&b, "  --%s", f.Name)
		if name != "" {
			fmt.Fprintf(&b, " %s", name)
		}
		fmt.Fprintf(&b, "\n      %s", strings.ReplaceAll(usage, "\n", "\n      "))
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			fmt.Fprintf(&b, " (default %s)", f.DefValue)
		}
		b.WriteString("\n")
	})
	io.WriteString(fs.e.stdout, b.String())
}

// params collects repeated --set name=value flags.
type params map[string]int

// String implements flag.Value.
func (p params) String() string {
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + strconv.Itoa(p[k])
	}
	return strings.Join(parts, ",")
}

// Set implements flag.Value: it reads one name=value. A name set twice
// is an error: which of the two was meant?
func (p params) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return fmt.Errorf("want name=value, like waiters=3")
	}
	n, err := strconv.Atoi(value)
	if err != nil {
		return fmt.Errorf("%s: %q is not a whole number", name, value)
	}
	if was, ok := p[name]; ok {
		return fmt.Errorf("%s is set twice (%d, then %d): give it once", name, was, n)
	}
	p[name] = n
	return nil
}

// didYouMean is "; did you mean PREFIX+X?" for the option closest to
// word, when one is close enough to be a slip of the keyboard, else "".
func didYouMean(word string, options []string, prefix string) string {
	if m := closest(word, options); m != "" {
		return fmt.Sprintf("; did you mean %s%s?", prefix, m)
	}
	return ""
}

// closest is the option nearest to word in edit distance, if that is at
// most a third of word's length (and at least 1, at most 3), or one of
// them starts with word; "" when none is.
func closest(word string, options []string) string {
	best, bestD := "", min(3, max(1, len(word)/3))+1
	for _, o := range options {
		d := editDistance(word, o)
		if len(word) >= 3 && strings.HasPrefix(o, word) {
			d = min(d, 1)
		}
		if d < bestD {
			best, bestD = o, d
		}
	}
	return best
}

// editDistance is the number of edits (a byte inserted, deleted or
// changed, two neighbours swapped) that turn a into b.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}

// loadLesson finds a lesson by id in the embedded catalog, or reads it from
// a file when arg names one (a path with a separator or a .jsonc/.json
// extension, or an existing file). Every failure but a broken catalog is a
// usageError.
func loadLesson(arg string) (*scenarios.Scenario, error) {
	if isPath(arg) {
		s, err := scenarios.ReadFile(arg)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, usageErrorf("no lesson file %s", arg)
		}
		return s, badInput(err)
	}
	cat, err := scenarios.Load()
	if err != nil {
		return nil, fmt.Errorf("the embedded catalog: %w", err)
	}
	s, err := cat.Lookup(arg)
	if err != nil {
		ids := make([]string, len(cat.All()))
		for i, l := range cat.All() {
			ids[i] = l.ID
		}
		all := slices.Clone(ids)
		for _, l := range cat.Corpus() {
			all = append(all, l.ID)
		}
		if m := closest(arg, all); m != "" {
			return nil, usageErrorf("unknown lesson %q; did you mean %s? (lockstep list lists the lessons)", arg, m)
		}
		return nil, usageErrorf("unknown lesson %q (lessons: %s)", arg, strings.Join(ids, ", "))
	}
	return s, nil
}

// checkVariant checks that lesson s has variant v, suggesting the one
// meant when v is misspelt.
func checkVariant(s *scenarios.Scenario, v string) error {
	if v == "" || slices.Contains(s.Variants, v) {
		return nil
	}
	return usageErrorf("--variant %q: %s has no such variant (it has %s)%s", v, s.ID, strings.Join(s.Variants, ", "), didYouMean(v, s.Variants, ""))
}

// isPath reports whether a SCENARIO argument names a file rather than a
// lesson id.
func isPath(arg string) bool {
	if strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".jsonc") || strings.HasSuffix(arg, ".json") {
		return true
	}
	st, err := os.Stat(arg)
	return err == nil && st.Mode().IsRegular()
}

// lessonEntry is one lesson as `list --json` prints it.
type lessonEntry struct {
	ID        string   `json:"id"`
	Title     string   `json:"title"`
	Primitive string   `json:"primitive"`
	Variants  []string `json:"variants"`
	Bugs      []string `json:"bugs"`
	Schedules []string `json:"schedules"`
}

// listCmd prints the catalog: an aligned table, or a JSON array with --json.
func listCmd(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "list", "list [--json]")
	asJSON := fs.Bool("json", false, "print a JSON array")
	rest, err := fs.parse(args)
	if err != nil {
		return err
	}
	if len(rest) > 0 {
		return usageErrorf("list takes no arguments, got %q", rest[0])
	}
	cat, err := scenarios.Load()
	if err != nil {
		return fmt.Errorf("the embedded catalog: %w", err)
	}
	entries := make([]lessonEntry, 0, len(cat.All()))
	for _, s := range cat.All() {
		en := lessonEntry{ID: s.ID, Title: s.Title.In("en"), Primitive: s.Primitive,
			Variants: s.Variants, Bugs: s.Bugs, Schedules: []string{}}
		if en.Bugs == nil {
			en.Bugs = []string{}
		}
		for _, sc := range s.Schedules {
			en.Schedules = append(en.Schedules, sc.Name)
		}
		entries = append(entries, en)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		return enc.Encode(entries)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tTITLE\tPRIMITIVE\tVARIANTS")
	for _, en := range entries {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", en.ID, en.Title, en.Primitive, strings.Join(en.Variants, ", "))
	}
	return tw.Flush()
}

// loadPrimitive reads and compiles a written primitive (--primitive FILE).
// A missing file or a source that does not compile is bad input; each
// error is printed as FILE:LINE:COL: message, as compilers do.
func loadPrimitive(path string) (*lang.Def, error) {
	if path == "" {
		return nil, nil
	}
	src, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usageErrorf("no primitive file %s", path)
	}
	if err != nil {
		return nil, badInput(err)
	}
	d, err := lang.Compile(filepath.Base(path), string(src))
	var list lang.ErrorList
	if errors.As(err, &list) {
		lines := make([]string, len(list))
		for i, e := range list {
			lines[i] = fmt.Sprintf("%s:%s", path, e)
		}
		return nil, usageErrorf("%s", strings.Join(lines, "\n"))
	}
	return d, badInput(err)
}

// buildLesson compiles lesson s as variant v, with written primitive d in
// place of the built-in one when d is not nil (the variant then picks
// only the lesson's schedules and expected outcomes).
func buildLesson(s *scenarios.Scenario, d *lang.Def, v string, overrides map[string]int) (*program.Program, error) {
	if d == nil {
		return s.Build(v, overrides)
	}
	if !slices.Contains(s.Variants, v) {
		return nil, fmt.Errorf("%s: no variant %q (it has %s)", s.ID, v, strings.Join(s.Variants, ", "))
	}
	return s.BuildWritten(d, overrides)
}

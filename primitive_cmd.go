package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"lockstep/primitives/lang"
	"lockstep/scenarios"
	"lockstep/sim"
)

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
func buildLesson(s *scenarios.Scenario, d *lang.Def, v string, overrides map[string]int) (*sim.Program, error) {
	if d == nil {
		return s.Build(v, overrides)
	}
	if !slices.Contains(s.Variants, v) {
		return nil, fmt.Errorf("%s: no variant %q (it has %s)", s.ID, v, strings.Join(s.Variants, ", "))
	}
	return s.BuildWritten(d, overrides)
}

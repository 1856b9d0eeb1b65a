package scenarios

import (
	"errors"
	"fmt"
	"io/fs"

	"lockstep/primitives/examples"
	"lockstep/primitives/lang"
)

// compileWritten compiles the lesson's written primitive, if it names one
// (Source or Example).
func (s *Scenario) compileWritten() error {
	if len(s.Sources) > 0 && (s.Source != "" || s.Example != "") {
		return errors.New("sources and a source or example: name one written primitive per variant, or one for all")
	}
	if len(s.Sources) > 0 {
		s.writtenBy = map[string]*lang.Def{}
		var errs []error
		for _, v := range sortedKeys(s.Sources) {
			d, err := lang.Compile(s.Primitive+"."+v+".lsp", s.Sources[v])
			if err != nil {
				errs = append(errs, fmt.Errorf("sources: %s: %v", v, err))
				continue
			}
			s.writtenBy[v] = d
		}
		return errors.Join(errs...)
	}
	switch {
	case s.Source != "" && s.Example != "":
		return errors.New("source and example: name one written primitive, not two")
	case s.Example != "":
		src, err := fs.ReadFile(examples.FS, s.Example)
		if err != nil {
			return fmt.Errorf("example %q is not one of the examples", s.Example)
		}
		d, err := lang.Compile(s.Example, string(src))
		if err != nil {
			return fmt.Errorf("example %s: %v", s.Example, err)
		}
		s.written = d
	case s.Source != "":
		d, err := lang.Compile(s.Primitive+".lsp", s.Source)
		if err != nil {
			return fmt.Errorf("source: %v", err)
		}
		s.written = d
	}
	return nil
}

// Written is the written primitive the lesson runs in place of its
// built-in one, or nil; for a lesson with a source per variant, its
// first variant's.
func (s *Scenario) Written() *lang.Def {
	if s.written == nil && len(s.Variants) > 0 {
		return s.writtenBy[s.Variants[0]]
	}
	return s.written
}

// WrittenFor is the written primitive variant v runs, or nil.
func (s *Scenario) WrittenFor(v string) *lang.Def {
	if d, ok := s.writtenBy[v]; ok {
		return d
	}
	return s.written
}

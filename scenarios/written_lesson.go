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
// built-in one, or nil.
func (s *Scenario) Written() *lang.Def { return s.written }

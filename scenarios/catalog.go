package scenarios

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"
)

//go:embed lessons/*.jsonc
var lessonFiles embed.FS

// ErrNotFound is returned for an unknown lesson id.
var ErrNotFound = errors.New("no such lesson")

// A Catalog is a set of lessons, in a teaching order: by primitive, the
// simplest first and the litmus tests of the memory model last; within a
// primitive, its basic lesson ("…-basic") first and the lessons of Go's
// counterpart ("go-…") last, then by file name. The first lesson is the
// one to start with.
type Catalog struct {
	list   []*Scenario
	corpus []*Scenario // found by Lookup, not listed by All
	byID   map[string]*Scenario
}

// primitiveOrder is the order lessons are listed in; a primitive it does
// not name comes after those it does.
var primitiveOrder = []string{"event", "latch", "wait_group", "mutex", "spinlock", "condition_variable", "channel", "when_all", "go_waitgroup", "litmus"}

// teachingOrder compares two lessons by primitiveOrder, then puts a
// primitive's basic lesson first and Go's counterparts last.
func teachingOrder(a, b *Scenario) int {
	rank := func(s *Scenario) int {
		if i := slices.Index(primitiveOrder, s.Primitive); i >= 0 {
			return i
		}
		return len(primitiveOrder)
	}
	if d := rank(a) - rank(b); d != 0 {
		return d
	}
	// Within a primitive: its basic lesson, its other lessons, then those
	// of Go's counterpart (go-…), basic first.
	within := func(s *Scenario) int {
		k := 1
		if strings.HasSuffix(s.ID, "-basic") {
			k = 0
		}
		if strings.HasPrefix(s.ID, "go-") {
			k += 2
		}
		return k
	}
	return within(a) - within(b)
}

// Load reads the embedded lessons, and builds those of the litmus
// corpus, which Lookup finds and Corpus lists but All does not: the
// catalog is the teaching order, the corpus a reference.
func Load() (*Catalog, error) {
	sub, err := fs.Sub(lessonFiles, "lessons")
	if err != nil {
		return nil, err
	}
	c, err := LoadFS(sub)
	if err != nil {
		return nil, err
	}
	corpus, err := LitmusLessons()
	if err != nil {
		return nil, fmt.Errorf("the litmus corpus: %w", err)
	}
	for _, s := range corpus {
		if _, ok := c.byID[s.ID]; ok {
			return nil, fmt.Errorf("the litmus corpus: %s is a lesson of the catalog too", s.ID)
		}
		c.byID[s.ID] = s
	}
	c.corpus = corpus
	return c, nil
}

// Corpus returns the lessons of the litmus corpus, in the corpus's
// order.
func (c *Catalog) Corpus() []*Scenario { return c.corpus }

// LoadFS reads every *.jsonc file at the root of fsys.
func LoadFS(fsys fs.FS) (*Catalog, error) {
	names, err := fs.Glob(fsys, "*.jsonc")
	if err != nil {
		return nil, err
	}
	c := &Catalog{byID: map[string]*Scenario{}}
	known := knownVariants()
	var errs []error
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		s, err := Decode(name, data, known)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if want := strings.TrimSuffix(name, ".jsonc"); s.ID != want {
			errs = append(errs, fmt.Errorf("%s: id %q does not match the file name", name, s.ID))
			continue
		}
		c.list = append(c.list, s)
		c.byID[s.ID] = s
	}
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	slices.SortStableFunc(c.list, teachingOrder)
	return c, nil
}

// All returns every lesson in catalog order.
func (c *Catalog) All() []*Scenario { return c.list }

// Lookup returns the lesson with the given id.
func (c *Catalog) Lookup(id string) (*Scenario, error) {
	if s, ok := c.byID[id]; ok {
		return s, nil
	}
	return nil, fmt.Errorf("%w: %q", ErrNotFound, id)
}

// ReadFile reads a lesson from a file outside the catalog.
func ReadFile(name string) (*Scenario, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return Decode(path.Base(name), data, knownVariants())
}

// Parse reads a lesson from its text (a lesson written in the browser).
func Parse(name string, data []byte) (*Scenario, error) {
	return Decode(name, data, knownVariants())
}

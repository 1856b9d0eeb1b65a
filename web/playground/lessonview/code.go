package lessonview

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"lockstep/primitives"
	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/program"
	"lockstep/sim/schedule"
	"lockstep/sim/words"
	"lockstep/web/playground/protocol"
)

// Code is the code a lesson variant runs: the Go files its steps
// execute, and where each label's code is.
type Code struct {
	// Source is the files in the order the steps first use them (a
	// written primitive's own source, or the ports' Go files); a cached
	// Code is shared, so callers do not change it.
	Source []protocol.SourceFile
	// Labels is, in label order, each label's doc (in English; see
	// LocalLabels) and the first place its code runs.
	Labels []protocol.Label
}

// LocOf is the place of a step's code, nil when it has none; its file is
// named as primitives.Source holds it.
func LocOf(l program.Location) *protocol.Loc {
	if l.File == "" {
		return nil
	}
	return &protocol.Loc{File: primitives.SourcePath(l.Function, l.File), Line: l.Line, Function: l.Function}
}

// describeSeeds are the seeds of the random runs that find the code a
// variant runs, besides the lesson's named schedules. Fixed, so the
// description is the same every time.
var describeSeeds = [...]uint64{1, 2, 3, 4, 5, 6, 7, 8}

// describeSteps bounds each of the runs that find the code: the catalog's
// take at most 200 steps, while a lesson from a link may spin to its step
// limit in every one of its runs, at every load.
const describeSteps = 1000

// CodeCache computes each lesson variant's code once; it is safe for
// concurrent use.
type CodeCache struct {
	src      fs.FS
	uncached string
	mu       sync.Mutex
	m        map[string]*Code
}

// NewCodeCache reads the ports' files from src (primitives.Source). A
// lesson whose id is uncached (every lesson from a link has the same id)
// is described anew each time.
func NewCodeCache(src fs.FS, uncached string) *CodeCache {
	return &CodeCache{src: src, uncached: uncached, m: map[string]*Code{}}
}

// Describe returns the code of lesson s as variant v.
func (cc *CodeCache) Describe(s *scenarios.Scenario, v string) (*Code, error) {
	if s.ID == cc.uncached {
		return findCode(cc.src, s, v)
	}
	key := s.ID + "\x00" + v
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if c, ok := cc.m[key]; ok {
		return c, nil
	}
	c, err := findCode(cc.src, s, v)
	if err != nil {
		return nil, err
	}
	cc.m[key] = c
	return c, nil
}

// findCode runs lesson s as variant v, along its named schedules and a few
// seeded random runs, and collects the source locations of the steps: the
// files in order of first use and the first location of every label.
func findCode(src fs.FS, s *scenarios.Scenario, v string) (*Code, error) {
	p, err := s.Build(v, nil)
	if err != nil {
		return nil, err
	}
	if p.StepLimit == 0 || p.StepLimit > describeSteps {
		p.StepLimit = describeSteps // p is this description's own
	}
	var files []string
	labels := map[int]protocol.Loc{}
	var order []int
	collect := func(m *sim.Machine) {
		for _, r := range m.Records() {
			loc := LocOf(r.Loc)
			if loc == nil {
				continue
			}
			if !slices.Contains(files, loc.File) {
				files = append(files, loc.File)
			}
			if _, ok := labels[r.Label]; !ok && r.Label >= 0 {
				labels[r.Label] = *loc
				order = append(order, r.Label)
			}
		}
	}
	opts := sim.Options{Record: true, Locations: true}
	for _, sc := range s.Schedules {
		sched, err := schedule.Parse(sc.For(v))
		if err != nil {
			return nil, fmt.Errorf("%s: schedule %s: %w", s.ID, sc.Name, err)
		}
		m, _, _ := sim.ReplaySchedule(p, sched, opts) // a schedule for another variant may stop early
		collect(m)
	}
	for _, seed := range describeSeeds {
		m := sim.New(p, opts)
		_, _ = sim.Run(m, sim.NewRandom(seed)) // Random never fails
		collect(m)
	}
	c := &Code{Source: []protocol.SourceFile{}, Labels: []protocol.Label{}}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if w := s.Written(); w != nil && f == w.File() {
			// A primitive written in Lockstep's language: its own source.
			c.Source = append(c.Source, protocol.SourceFile{File: f, Text: w.Source()})
			continue
		}
		text, err := fs.ReadFile(src, f)
		if err != nil {
			continue // not a file of the primitives package
		}
		c.Source = append(c.Source, protocol.SourceFile{File: f, Text: string(text)})
	}
	slices.Sort(order)
	for _, l := range order {
		loc := labels[l]
		c.Labels = append(c.Labels, protocol.Label{Label: p.Label(l), Doc: p.Doc(l), File: loc.File, Line: loc.Line})
	}
	return c, nil
}

// LocalLabels is labels with every doc in language lang; labels itself,
// which a cache may share, is left as it is.
func LocalLabels(labels []protocol.Label, lang string) []protocol.Label {
	out := make([]protocol.Label, len(labels))
	for i, l := range labels {
		l.Doc = words.LocalDoc(l.Label, l.Doc, lang)
		out[i] = l
	}
	return out
}

package playground

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"lockstep/scenarios"
	"lockstep/sim"
	"lockstep/sim/words"
)

// lessonCode is the code a lesson variant runs: the Go files its steps
// execute, and where each label's code is.
type lessonCode struct {
	source []sourceFile
	labels []labelInfo
}

// describeSeeds are the seeds of the random runs that find the code a
// variant runs, besides the lesson's named schedules. Fixed, so the
// description is the same every time.
var describeSeeds = [...]uint64{1, 2, 3, 4, 5, 6, 7, 8}

// codeCache computes each lesson variant's code once; it is safe for
// concurrent use.
type codeCache struct {
	src fs.FS
	mu  sync.Mutex
	m   map[string]*lessonCode
}

func newCodeCache(src fs.FS) *codeCache {
	return &codeCache{src: src, m: map[string]*lessonCode{}}
}

// describe returns the code of lesson s as variant v.
func (cc *codeCache) describe(s *scenarios.Scenario, v string) (*lessonCode, error) {
	if s.ID == CustomLessonID {
		// Every lesson from a link has this id: none is cached.
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
func findCode(src fs.FS, s *scenarios.Scenario, v string) (*lessonCode, error) {
	p, err := s.Build(v, nil)
	if err != nil {
		return nil, err
	}
	var files []string
	labels := map[int]locInfo{}
	var order []int
	collect := func(m *sim.Machine) {
		for _, r := range m.Records() {
			loc := locOf(r.Loc)
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
		sched, err := sim.ParseSchedule(sc.For(v))
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
	c := &lessonCode{source: []sourceFile{}, labels: []labelInfo{}}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		if w := s.Written(); w != nil && f == w.File() {
			// A primitive written in Lockstep's language: its own source.
			c.source = append(c.source, sourceFile{File: f, Text: w.Source()})
			continue
		}
		text, err := fs.ReadFile(src, f)
		if err != nil {
			continue // not a file of the primitives package
		}
		c.source = append(c.source, sourceFile{File: f, Text: string(text)})
	}
	slices.Sort(order)
	for _, l := range order {
		loc := labels[l]
		c.labels = append(c.labels, labelInfo{Label: p.Label(l), Doc: p.Doc(l), File: loc.File, Line: loc.Line})
	}
	return c, nil
}

// localLabels is labels with every doc in language lang; labels itself,
// which a cache may share, is left as it is.
func localLabels(labels []labelInfo, lang string) []labelInfo {
	out := make([]labelInfo, len(labels))
	for i, l := range labels {
		l.Doc = words.LocalDoc(l.Label, l.Doc, lang)
		out[i] = l
	}
	return out
}

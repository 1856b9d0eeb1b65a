package web

import (
	"fmt"

	"lockstep/scenarios"
)

// lookup finds the lesson a load command names: a lesson of the catalog by
// its id, or the lesson its source carries (a lesson written in the
// browser, whose id is "custom"). Once found, a lesson from a source is
// treated like any other.
func (s *session) lookup(c command) (*scenarios.Scenario, error) {
	if c.Source == "" {
		if c.Lesson == customLessonID {
			return nil, errNoCustomSource
		}
		return s.lessons.Lookup(c.Lesson)
	}
	if c.Lesson != "" && c.Lesson != customLessonID {
		return nil, fmt.Errorf("load: a source is the lesson %q, not %q", customLessonID, c.Lesson)
	}
	return customLesson(c.Source)
}

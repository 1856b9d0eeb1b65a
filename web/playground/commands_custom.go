package playground

import (
	"errors"
	"fmt"

	"lockstep/scenarios"
	"lockstep/web/playground/protocol"
)

// CustomLessonID is the id of every lesson carried by a link, which a
// load command sends as its source, and the path of its playground page:
// /lesson/custom?src=...
const CustomLessonID = "custom"

// errNoCustomSource is the session's answer to a load of the custom
// lesson without its source.
var errNoCustomSource = errors.New(`load: the lesson "custom" comes with its "source"`)

// lookup finds the lesson a load command names: a lesson of the catalog by
// its id, or the lesson its source carries (a lesson written in the
// browser, whose id is "custom"). Once found, a lesson from a source is
// treated like any other.
func (s *session) lookup(c protocol.Command) (*scenarios.Scenario, error) {
	if c.Source == "" {
		if c.Lesson == CustomLessonID {
			return nil, errNoCustomSource
		}
		return s.lessons.lookup(c.Lesson)
	}
	if c.Lesson != "" && c.Lesson != CustomLessonID {
		return nil, fmt.Errorf("load: a source is the lesson %q, not %q", CustomLessonID, c.Lesson)
	}
	return s.lessons.fromLink(c.Source)
}

package playground

import "lockstep/scenarios"

// challengeInfo is a lesson's challenge (scenarios.Challenge) in the
// session's language, as the loaded event carries it: the page plays it
// with the reader's own steps, asks reach whether the goal is still there,
// and proves the fix with explore's exhaustive search on Fix.
type challengeInfo struct {
	Variant string   `json:"variant"`
	Kind    string   `json:"kind"`
	Thread  string   `json:"thread,omitempty"`
	Fix     string   `json:"fix,omitempty"`
	Goal    string   `json:"goal"`
	Hints   []string `json:"hints"`
}

// challenge is the loaded lesson's challenge, or nil when it has none (or
// when it cannot be made, which is logged: the page then offers none).
func (s *session) challenge() *challengeInfo {
	c, err := s.lesson.Challenge()
	if err != nil {
		s.log.Error("the lesson's challenge cannot be made", "lesson", s.lesson.ID, "err", err)
		return nil
	}
	if c == nil {
		return nil
	}
	return challengeOf(c, s.lang)
}

// challengeOf is c's information in language lang.
func challengeOf(c *scenarios.Challenge, lang string) *challengeInfo {
	info := &challengeInfo{Variant: c.Variant, Kind: string(c.Kind), Thread: c.Thread, Fix: c.Fix, Goal: c.Goal.In(lang)}
	for _, h := range c.Hints {
		info.Hints = append(info.Hints, h.In(lang))
	}
	return info
}

package playground

import (
	"lockstep/scenarios"
	"lockstep/web/playground/protocol"
)

// challenge is the loaded lesson's challenge, or nil when it has none (or
// when it cannot be made, which is logged: the page then offers none).
func (s *session) challenge() *protocol.Challenge {
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
func challengeOf(c *scenarios.Challenge, lang string) *protocol.Challenge {
	info := &protocol.Challenge{Variant: c.Variant, Kind: string(c.Kind), Thread: c.Thread, Fix: c.Fix, Goal: c.Goal.In(lang)}
	for _, h := range c.Hints {
		info.Hints = append(info.Hints, h.In(lang))
	}
	return info
}

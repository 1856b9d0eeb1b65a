package main

import "lockstep/scenarios"

// raceSample is all the lessons, or under the race detector every
// stride-th of them from the first: the catalog lists a primitive's
// lessons together, so a sample keeps some of most primitives.
func raceSample(lessons []*scenarios.Scenario, stride int) []*scenarios.Scenario {
	if !raceEnabled {
		return lessons
	}
	var out []*scenarios.Scenario
	for i := 0; i < len(lessons); i += stride {
		out = append(out, lessons[i])
	}
	return out
}

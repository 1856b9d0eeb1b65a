// Package words puts the engine's records into words, in English and
// Chinese: what a step did (Narrate, a sentence; Access and Events, the
// columns of a text trace; OpText, the compact symbolic form a thread's
// next step is shown in), why a CAS failed (CASOf), what an outcome means
// (Outcome, KindName), why a thread cannot move (Blocked), and what the
// code at each label does (LabelDoc).
//
// It is the one place that says these things: the playground, the
// classroom, the explorer's verdicts and the command line's traces all call
// it, so no two renderings of one record can drift.
//
// Languages are the codes "en" and "zh". A function given any other code
// speaks English. The English of an outcome is the engine's own message
// (sim.Outcome.Message); the Chinese is built here from the outcome's data
// (sim.Detail), one form per kind and reason, and a test holds every kind
// to having one.
//
// words imports the standard library and lockstep/sim only. It knows
// nothing of HTTP, lessons or pages.
package words

// The languages words speaks.
const (
	English = "en"
	Chinese = "zh"
)

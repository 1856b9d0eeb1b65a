// Package scenarios holds Lockstep's lessons as data and compiles them into
// programs for the simulator.
//
// A lesson is a JSON file with comments (// to the end of a line), one per
// lesson, embedded in the binary. Decoding is strict: unknown fields, wrong
// types and trailing data are errors that name the file and the line.
//
// A lesson whose schedules expect a bug of some variant is also a
// challenge (challenge.go): a goal and three hints, made by a rule per
// kind of bug (challenge_words.go) from the lesson's first such schedule,
// or said by the lesson itself where the rule would not read well.
//
// It imports primitives (the step functions a lesson calls) and sim (the
// program it compiles into), and nothing of the site: the web packages and
// the command line read lessons through it.
package scenarios

// Package lessonview is what a lesson's page shows beside its steps, as
// the playground sends it when a lesson loads: the code each variant runs
// (its Go files or written source, and where each label's code is), the
// algorithm of each operation its coroutines call, one line per label,
// and the glossary of its bug codes and outcome kinds, in English or
// Chinese, in the protocol's types (package protocol).
//
// It runs lessons (scenarios) on the machine (sim) to find their code,
// and takes its words from sim/words. It knows nothing of sockets or
// sessions: of the web packages it imports web/playground/protocol only.
package lessonview

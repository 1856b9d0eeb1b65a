package explore_test

import "os"

// longChecks reports whether the long cross-checks run at full size:
// with LOCKSTEP_LONG=1, as continuous integration sets it. Without it
// they check a sample of the same programs, chosen the same way every
// time, so that the default `go test ./...` takes minutes.
func longChecks() bool { return os.Getenv("LOCKSTEP_LONG") != "" }

// sample is all of xs under longChecks, else every stride-th of them,
// from the first: a list built kind by kind keeps some of every kind.
func sample[T any](xs []T, stride int) []T {
	if longChecks() || stride <= 1 {
		return xs
	}
	var out []T
	for i := 0; i < len(xs); i += stride {
		out = append(out, xs[i])
	}
	return out
}

// raceShrink reports whether the long cross-checks run smaller still:
// under the race detector, unless LOCKSTEP_LONG asks for full size. The
// big cross-checks are single-threaded searches that the detector slows
// 5 to 10 times and in which it has nothing to find; what it is for, the
// parallel workers and the cancellation, every shrunk check still runs.
func raceShrink() bool { return raceEnabled && !longChecks() }

// underRace is n, or n/div (at least 1) under raceShrink.
func underRace(n, div int) int {
	if !raceShrink() {
		return n
	}
	return max(1, n/div)
}

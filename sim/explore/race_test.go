//go:build race

package explore_test

// raceEnabled: the race detector slows everything down 5 to 10 times
// (see raceShrink).
const raceEnabled = true

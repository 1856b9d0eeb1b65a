//go:build !race

package scenarios_test

// raceEnabled: the race detector slows everything down several times,
// so CPU-time budgets are reported but not enforced.
const raceEnabled = false
